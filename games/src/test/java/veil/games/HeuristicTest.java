package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.model.Game;
import veil.model.Heuristic;
import veil.model.MoveList;
import veil.model.State;

/**
 * A ludeme game's running score ({@link Game#heuristic}) is what its end rule would give if the game ended now. The
 * oracle is the game's own rules with the end moved earlier: the same text with "(= (tricks) N)" replaced by
 * "(= (tricks) K)" ends after K tricks, and its scores there must equal the full game's heuristic at the same moves.
 */
class HeuristicTest {
  static String text(String game) throws IOException {
    try (InputStream in = HeuristicTest.class.getClassLoader().getResourceAsStream("veil/games/lud/" + game + ".lud")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theRunningScoreIsWhatTheEndRuleWouldGiveIfTheGameEndedNow() throws Exception {
    // hearts: byScore misere with before: effects (points summed, shooting the moon); bottle-imp: byScore of an
    // expression over the won piles and a variable; agram: ranking by the last trick's cards.
    Object[][] games = {{"hearts-simple", 13}, {"hearts", 13}, {"bottle-imp", 9}, {"agram", 6}};
    for (Object[] g : games) {
      String name = (String) g[0];
      int tricks = (Integer) g[1];
      String full = text(name);
      CompiledGame game = LudLoader.compile(name + ".lud", full, Map.of());
      Heuristic h = game.heuristic();
      assertThat(h).as(name).isNotNull();
      State scratch = game.initialState();
      int roles = game.roleCount();
      int[] joint = new int[roles];
      MoveList ml = new MoveList();
      int distinct = 0;
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (int k = 1; k < tricks; k++) {
        String cut = full.replace("(= (tricks) " + tricks + ")", "(= (tricks) " + k + ")");
        assertThat(cut).as(name).isNotEqualTo(full);
        CompiledGame early = LudLoader.compile(name + "-" + k + ".lud", cut, Map.of());
        for (long seed = 0; seed < 4; seed++) {
          State a = game.initialState();
          State b = early.initialState();
          SplittableRandom rng = new SplittableRandom(seed * 31 + k);
          while (!early.isTerminal(b)) {
            assertThat(game.randomJointMove(a, rng, joint, ml)).isEqualTo(-1);
            game.apply(a, joint, null);
            early.apply(b, joint, null);
          }
          assertThat(game.isTerminal(a)).as(name + " after " + k + " tricks").isFalse();
          State before = a.copy();
          double[] got = new double[roles];
          assertThat(h.values(a, scratch, got)).isTrue();
          double[] want = early.scores(b);
          assertThat(got).as(name + " after " + k + " tricks, seed " + seed).containsExactly(want, within(1e-12));
          assertThat(a.sameAs(before)).as("the state is left as it was").isTrue();
          if (seen.add(java.util.Arrays.toString(want))) {
            distinct++;
          }
        }
      }
      // the positions compared are not all alike (a heuristic that ties everyone would not pass)
      assertThat(distinct).as(name).isGreaterThan(3);
    }
  }

  @Test
  void aGameThatOnlyNamesItsWinnerHasNone() throws Exception {
    GameRegistry registry = GameRegistry.standard();
    assertThat(registry.load("blind-tic-tac-toe", Map.of()).heuristic()).isNull();
    assertThat(registry.load("kuhn-poker", Map.of()).heuristic()).isNotNull(); // a payoff is a score
  }

  @Test
  void whereTheScoringRuleHasNoValueYetTheSearchPlaysOnToTheEnd() throws Exception {
    // Euchre's payoff reads the maker's side, which is no player until trump is made: no value while bidding.
    Game game = GameRegistry.standard().load("euchre", Map.of());
    State s = game.initialState();
    SplittableRandom rng = new SplittableRandom(5);
    int[] joint = new int[game.roleCount()];
    MoveList ml = new MoveList();
    double[] out = new double[game.roleCount()];
    State scratch = game.initialState();
    int mover = -1;
    int played = 0;
    while (mover < 0 && !game.isTerminal(s)) {
      if (!game.heuristic().values(s, scratch, out)) {
        for (int r = 0; r < game.roleCount() && mover < 0; r++) {
          game.legalMoves(s, r, ml);
          if (r != game.randomRole() && ml.size() > 1) {
            mover = r;
          }
        }
      }
      if (mover < 0) {
        game.randomJointMove(s, rng, joint, ml);
        game.apply(s, joint, null);
        played++;
      }
    }
    assertThat(game.isTerminal(s)).isFalse();
    assertThat(mover).isNotNegative();
    veil.ai.search.SearchWorker w = new veil.ai.search.SearchWorker(game, mover, veil.ai.search.SearchWorker.Mode.UCT,
        0.7);
    w.setRandom(new SplittableRandom(1));
    w.setLeaf(0);
    int toTheEnd = 0;
    for (int i = 0; i < 30; i++) {
      State world = s.copy();
      w.iterate(world, played);
      // cut after one move in the tree where the score has a value, else played on to the end
      boolean valued = game.heuristic().values(world, scratch, out);
      assertThat(game.isTerminal(world) || valued).as("a rollout cut where there is no value").isTrue();
      toTheEnd += game.isTerminal(world) ? 1 : 0;
    }
    assertThat(toTheEnd).isPositive();
  }

  @Test
  void everyBundledHeuristicAllocatesNothing() throws Exception {
    GameRegistry registry = GameRegistry.standard();
    int measured = 0;
    int noValue = 0;
    for (BundledGame b : registry.bundled()) {
      if (!b.extension().equals("lud")) {
        continue;
      }
      Game game = registry.load(b.name(), Map.of());
      Heuristic h = game.heuristic();
      if (h == null) {
        continue;
      }
      List<State> states = new ArrayList<>();
      State scratch = game.initialState();
      double[] out = new double[game.roleCount()];
      SplittableRandom rng = new SplittableRandom(3);
      int[] joint = new int[game.roleCount()];
      MoveList ml = new MoveList();
      for (int i = 0; i < 40; i++) {
        State s = game.initialState();
        game.playout(s, rng, 1 + rng.nextInt(i % 2 == 0 ? 4 : 60), joint, ml); // short games too
        // states where the scoring rule has no value yet (Euchre before trump is made) say so, and are timed too
        if (!game.isTerminal(s)) {
          states.add(s);
          noValue += h.values(s, scratch, out) ? 0 : 1;
        }
      }
      assertThat(states).as(b.name()).isNotEmpty();
      for (int i = 0; i < 20_000; i++) {
        h.values(states.get(i % states.size()), scratch, out);
      }
      com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      long id = Thread.currentThread().getId();
      long before = mx.getThreadAllocatedBytes(id);
      int calls = 10_000;
      for (int i = 0; i < calls; i++) {
        h.values(states.get(i % states.size()), scratch, out);
      }
      // per call, as PlayoutAllocationTest counts: the JVM's own work on the thread (a compilation) may show as a few
      // hundred bytes in all, an allocation per call as at least 16 bytes a call
      long bytes = mx.getThreadAllocatedBytes(id) - before;
      assertThat(bytes / calls).as("bytes allocated per call of %s's heuristic (%d in %d calls)", b.name(), bytes,
          calls).isZero();
      measured++;
    }
    assertThat(measured).isGreaterThan(5);
    // the path without a value was timed as well (Euchre while bidding: its exception was allocated per call)
    assertThat(noValue).isPositive();
  }

  /**
   * Before the end a payoff may lie outside the range the game declares for the final one; it has no place on the
   * 0..1 scale, so the running score has no value there (the search plays on to the end) rather than a clamped one.
   */
  @Test
  void aPayoffOutsideItsRangeBeforeTheEndHasNoValue() throws Exception {
    // P1 would be paid 2 after no turn (outside -1..1), 1 after one turn, and the game ends after two
    CompiledGame g = new veil.cards.LudLoader().load("overpay.lud", "(game \"Overpay early\" (players 2)\n"
        + "  (equipment {(deck \"Deck\") (hand Each)})\n"
        + "  (rules (play (choose go)) (end (if (= (turns) 2)\n"
        + "    (payoff (if (= Player P1) (if (< (turns) 1) 2 1) -1) range:-1..1)))))", Map.of());
    Heuristic h = g.heuristic();
    State s = g.initialState();
    State scratch = g.initialState();
    double[] out = {-7, -7, -7};
    assertThat(h.values(s, scratch, out)).as("P1's payoff 2 of -1..1").isFalse();
    assertThat(out[0]).as("nothing written").isEqualTo(-7);
    int[] joint = new int[g.roleCount()];
    MoveList ml = new MoveList();
    g.randomJointMove(s, new SplittableRandom(1), joint, ml);
    g.apply(s, joint, null);
    assertThat(g.isTerminal(s)).isFalse();
    assertThat(h.values(s, scratch, out)).as("P1's payoff 1 of -1..1").isTrue();
    assertThat(out[0]).isGreaterThan(out[1]); // P1 paid 1, P2 -1
    g.randomJointMove(s, new SplittableRandom(1), joint, ml);
    g.apply(s, joint, null);
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.scores(s)[0]).isEqualTo(out[0], within(1e-12)); // the same value at the end
  }
}
