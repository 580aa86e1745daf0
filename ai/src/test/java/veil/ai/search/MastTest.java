package veil.ai.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.games.IntState;
import veil.ai.games.TestGame;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/** Move-average sampling: its table, its ε-greedy choice, and that the search's rollouts follow it. */
class MastTest {
  /**
   * A solitaire of {@link #STEPS} turns: each turn the player picks one of four moves and only {@link #GOOD} scores
   * a point; chance flips a coin every turn (noise the player cannot use). Goal: 100 × points / turns. A random
   * rollout scores a quarter on average, whatever the tree chose; a rollout that learned the good move scores more.
   */
  static final class Solitaire extends TestGame {
    static final int STEPS = 20;
    static final int GOOD = 13;
    static final int PLAYER = 0;
    static final int CHANCE = 1;

    @Override
    public String name() {
      return "Solitaire";
    }

    @Override
    public int roleCount() {
      return 2;
    }

    @Override
    public String roleName(int role) {
      return role == PLAYER ? "p1" : "random";
    }

    @Override
    public int randomRole() {
      return CHANCE;
    }

    @Override
    public int stepBound() {
      return STEPS;
    }

    @Override
    public State initialState() {
      return new IntState(0, 0); // turn, points
    }

    @Override
    public boolean isTerminal(State s) {
      return a(s)[0] == STEPS;
    }

    @Override
    public void legalMoves(State s, int role, MoveList out) {
      out.clear();
      if (role == PLAYER) {
        for (int m = 10; m <= GOOD; m++) {
          out.add(m);
        }
      } else {
        out.add(-7);
        out.add(-8);
      }
    }

    @Override
    public void apply(State s, int[] joint, Percepts percepts) {
      if (percepts != null) {
        percepts.clear();
      }
      a(s)[0]++;
      if (joint[PLAYER] == GOOD) {
        a(s)[1]++;
      }
    }

    @Override
    public int goal(State s, int role) {
      return role == PLAYER ? 100 * a(s)[1] / STEPS : 0;
    }
  }

  /**
   * As {@link Solitaire}, but a move scores when it follows the player's previous move in the cycle 10, 11, 12, 13,
   * 10 (the first move always scores): every move is as good as another on average, so MAST learns nothing, while the
   * pairs (previous, move) of NST tell the good move.
   */
  static final class Echo extends TestGame {
    static final int STEPS = 20;

    @Override
    public String name() {
      return "Echo";
    }

    @Override
    public int roleCount() {
      return 1;
    }

    @Override
    public String roleName(int role) {
      return "p1";
    }

    @Override
    public int randomRole() {
      return -1;
    }

    @Override
    public int stepBound() {
      return STEPS;
    }

    @Override
    public State initialState() {
      return new IntState(0, 0, -1); // turn, points, previous move
    }

    @Override
    public boolean isTerminal(State s) {
      return a(s)[0] == STEPS;
    }

    @Override
    public void legalMoves(State s, int role, MoveList out) {
      out.clear();
      for (int m = 10; m <= 13; m++) {
        out.add(m);
      }
    }

    @Override
    public void apply(State s, int[] joint, Percepts percepts) {
      if (percepts != null) {
        percepts.clear();
      }
      int[] v = a(s);
      int prev = v[2];
      if (prev < 0 || joint[0] == (prev == 13 ? 10 : prev + 1)) {
        v[1]++;
      }
      v[0]++;
      v[2] = joint[0];
    }

    @Override
    public int goal(State s, int role) {
      return 100 * a(s)[1] / STEPS;
    }
  }

  /** The searcher's mean reward per iteration over {@code iterations} UCT iterations on Echo, from the start. */
  private static double echo(double epsilon, boolean ngrams, int iterations) {
    Echo game = new Echo();
    SearchWorker w = new SearchWorker(game, 0, SearchWorker.Mode.UCT, 0.7);
    w.setRandom(new SplittableRandom(9));
    w.setMast(epsilon, ngrams);
    w.startDecision();
    State root = game.initialState();
    State world = game.initialState();
    for (int i = 0; i < iterations; i++) {
      world.copyFrom(root);
      w.iterate(world, 0);
    }
    if (ngrams) {
      Mast mast = w.mast();
      assertThat(mast.pairMean(0, 10, 11)).isGreaterThan(mast.pairMean(0, 10, 12));
      assertThat(mast.pairCount(0, 13, 10)).isGreaterThan(Mast.NGRAM_MIN_COUNT);
    }
    SearchTree t = w.searcherTree();
    double sum = 0;
    long visits = 0;
    for (int m = 10; m <= 13; m++) {
      sum += t.meanReward(SearchTree.ROOT, 0, m) * t.visits(SearchTree.ROOT, 0, m);
      visits += t.visits(SearchTree.ROOT, 0, m);
    }
    return sum / visits;
  }

  @Test
  void pairsOfMovesTellWhatSingleMovesCannot() {
    double mast = echo(0.1, false, 3000);
    double nst = echo(0.1, true, 3000);
    // MAST: every move has the same mean, so its rollouts score about a quarter a turn; NST's follow the cycle.
    // (NST's figure is its mean over every iteration, learning included: a pair counts once seen 7 times.)
    assertThat(mast).as("MAST").isLessThan(0.4);
    assertThat(nst).as("NST").isGreaterThan(0.5);
  }

  @Test
  void pairsAreKeptPerRoleAndPreviousMove() {
    Mast mast = new Mast(2, -1, 0.4, true);
    mast.startIteration();
    mast.record(0, 5);
    mast.record(1, 6);
    mast.record(0, 7);
    mast.endIteration(new double[] {1.0, 0.0});
    assertThat(mast.pairCount(1, 5, 6)).isEqualTo(1);
    assertThat(mast.pairMean(1, 5, 6)).isEqualTo(0.0);
    assertThat(mast.pairMean(0, 6, 7)).isEqualTo(1.0);
    assertThat(mast.pairCount(0, 5, 7)).isZero();
    // The first move of an iteration follows no move; 0 and the smallest int are moves like any other.
    mast.startIteration();
    mast.record(0, 0);
    mast.record(0, Integer.MIN_VALUE + 1);
    mast.endIteration(new double[] {0.5, 0.0});
    assertThat(mast.pairMean(0, 0, Integer.MIN_VALUE + 1)).isEqualTo(0.5);
    for (int i = 0; i < 5000; i++) {
      mast.startIteration();
      mast.record(0, i);
      mast.record(0, -i);
      mast.endIteration(new double[] {i % 2, 0.0});
    }
    for (int i = 1; i < 5000; i++) {
      assertThat(mast.pairMean(0, i, -i)).isEqualTo(i % 2);
    }
    mast.clear();
    assertThat(mast.pairCount(0, 6, 7)).isZero();
    assertThat(new Mast(2, -1, 0.4).ngrams()).isFalse();
  }

  /** Bytes the calling thread allocates over {@code n} iterations after a warm-up, with the tree at its cap. */
  private static long bytesPerIteration(double epsilon, boolean ngrams, int n) {
    Echo game = new Echo();
    SearchWorker w = new SearchWorker(game, 0, SearchWorker.Mode.UCT, 0.7);
    w.setRandom(new SplittableRandom(4));
    w.setMaxNodes(1); // the tree stops growing at once: what is left is selection at the root and the rollout
    w.setMast(epsilon, ngrams);
    w.startDecision();
    State root = game.initialState();
    State world = game.initialState();
    for (int i = 0; i < 20_000; i++) {
      world.copyFrom(root);
      w.iterate(world, 0);
    }
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long before = mx.getThreadAllocatedBytes(id);
    for (int i = 0; i < n; i++) {
      world.copyFrom(root);
      w.iterate(world, 0);
    }
    return (mx.getThreadAllocatedBytes(id) - before) / n;
  }

  @Test
  void theRolloutAllocatesNothing() {
    assertThat(bytesPerIteration(-1, false, 2000)).as("random rollouts").isZero();
    assertThat(bytesPerIteration(0.4, false, 2000)).as("MAST").isZero();
    assertThat(bytesPerIteration(0.4, true, 2000)).as("NST").isZero();
  }

  private static void credit(Mast mast, int role, int move, double reward) {
    mast.startIteration();
    mast.record(role, move);
    double[] r = new double[3];
    r[role] = reward;
    mast.endIteration(r);
  }

  @Test
  void keepsTheMeanRewardPerRoleAndMoveOfAnyIntAndForgetsOnClear() {
    Mast mast = new Mast(3, 2, 0.4);
    // Many distinct ids, negative and large ones too, so that the tables grow several times.
    for (int i = 0; i < 3000; i++) {
      int move = (i % 2 == 0 ? -1 : 1) * i * 7919;
      credit(mast, 0, move, (i % 10) / 10.0);
      credit(mast, 0, move, 1.0);
    }
    for (int i = 0; i < 3000; i++) {
      int move = (i % 2 == 0 ? -1 : 1) * i * 7919;
      assertThat(mast.count(0, move)).isEqualTo(2);
      assertThat(mast.mean(0, move)).isCloseTo(((i % 10) / 10.0 + 1.0) / 2, within(1e-12));
      assertThat(mast.count(1, move)).isZero(); // roles have their own statistics
    }
    assertThat(mast.mean(0, 123_456_789)).isNaN();
    // Chance's moves are not statistics: it always moves uniformly.
    credit(mast, 2, 5, 1.0);
    assertThat(mast.count(2, 5)).isZero();
    mast.clear();
    assertThat(mast.count(0, 7919)).isZero();
    assertThat(mast.mean(0, 0)).isNaN();
  }

  @Test
  void choosesTheBestMeanExceptWithProbabilityEpsilonAndTriesUnseenMovesFirst() {
    MoveList ml = new MoveList();
    ml.add(5);
    ml.add(6);
    ml.add(7);
    Mast greedy = new Mast(2, -1, 0.0);
    for (int i = 0; i < 10; i++) {
      credit(greedy, 1, 5, 0.2);
      credit(greedy, 1, 6, 0.9);
    }
    SplittableRandom rng = new SplittableRandom(3);
    // 7 was never played: it counts as the best reward, so it is tried.
    assertThat(greedy.choose(1, ml, rng)).isEqualTo(7);
    credit(greedy, 1, 7, 0.1);
    for (int i = 0; i < 200; i++) {
      assertThat(greedy.choose(1, ml, rng)).isEqualTo(6);
    }
    // Role 0 has no statistics: every move is unseen, so the choice is uniform among them.
    int[] seen = new int[8];
    for (int i = 0; i < 3000; i++) {
      seen[greedy.choose(0, ml, rng)]++;
    }
    for (int m = 5; m <= 7; m++) {
      assertThat(seen[m]).isBetween(850, 1150);
    }
    // With ε = 0.4 the best move is played 0.6 + 0.4/3 of the time.
    Mast mast = new Mast(2, -1, 0.4);
    for (int m = 5; m <= 7; m++) {
      credit(mast, 1, m, m == 6 ? 0.9 : 0.1);
    }
    int best = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      best += mast.choose(1, ml, rng) == 6 ? 1 : 0;
    }
    assertThat(best / (double) n).isCloseTo(0.6 + 0.4 / 3, within(0.015));
    assertThatThrownBy(() -> new Mast(2, -1, 1.5)).hasMessageContaining("epsilon");
  }

  private static SearchTree search(double epsilon, int iterations) {
    Solitaire game = new Solitaire();
    SearchWorker w = new SearchWorker(game, Solitaire.PLAYER, SearchWorker.Mode.UCT, 0.7);
    w.setRandom(new SplittableRandom(5));
    w.setMast(epsilon);
    w.startDecision();
    State root = game.initialState();
    State world = game.initialState();
    for (int i = 0; i < iterations; i++) {
      world.copyFrom(root);
      w.iterate(world, 0);
    }
    if (epsilon >= 0) {
      Mast mast = w.mast();
      // Every turn's move is credited, in the tree and in the rollout: 20 per iteration.
      long credited = 0;
      for (int m = 10; m <= Solitaire.GOOD; m++) {
        credited += mast.count(Solitaire.PLAYER, m);
      }
      assertThat(credited).isEqualTo((long) Solitaire.STEPS * iterations);
      assertThat(mast.count(Solitaire.CHANCE, -7) + mast.count(Solitaire.CHANCE, -8)).isZero();
      assertThat(mast.mean(Solitaire.PLAYER, Solitaire.GOOD)).isGreaterThan(mast.mean(Solitaire.PLAYER, 10));
      w.startDecision();
      assertThat(mast.count(Solitaire.PLAYER, Solitaire.GOOD)).isZero();
    } else {
      assertThat(w.mast()).isNull();
    }
    return w.searcherTree();
  }

  @Test
  void theRolloutsFollowTheStatistics() {
    int iterations = 2000;
    double random = search(-1, iterations).meanReward(SearchTree.ROOT, Solitaire.PLAYER, Solitaire.GOOD);
    double mast = search(0.1, iterations).meanReward(SearchTree.ROOT, Solitaire.PLAYER, Solitaire.GOOD);
    // Random rollouts: the good first move plus a quarter of the other 19 turns, about 0.29 (the tree adds a few
    // good moves near the root). MAST at ε = 0.1 plays the good move in about 0.93 of the rollout's turns.
    assertThat(random).isLessThan(0.45);
    assertThat(mast).isGreaterThan(0.75);
  }
}
