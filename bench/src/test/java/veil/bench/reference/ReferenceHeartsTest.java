package veil.bench.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static veil.bench.reference.ReferenceHearts.ALL_POINTS;
import static veil.bench.reference.ReferenceHearts.PLAYERS;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.bench.BenchGames;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.State;

/**
 * The reference Hearts keeps the rules of the bundled hearts.lud: its step-by-step game agrees with the compiled
 * ludeme engine on every legal move set and every result, and its fast playout plays exactly the game the
 * step-by-step rules give for the same random draws.
 */
class ReferenceHeartsTest {
  private static final String[] RANKS = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"};
  private static final String[] SUITS = {"clubs", "diamonds", "spades", "hearts"};

  /** The card of a move text such as {@code (play (card queen spades))}; -1 for noop. */
  private static int card(String moveText) {
    int at = moveText.indexOf("(card ");
    if (at < 0) {
      return -1;
    }
    String[] parts = moveText.substring(at + 6, moveText.indexOf(')', at)).split(" ");
    return java.util.Arrays.asList(SUITS).indexOf(parts[1]) * 13 + java.util.Arrays.asList(RANKS).indexOf(parts[0]);
  }

  /**
   * Random games of the ludeme engine, mirrored card by card in the reference: at every step the mover's legal
   * cards are the same set in both, and at the end both give the same goals.
   */
  @Test
  void agreesWithTheLudemeEngineMoveByMove() {
    Game game = BenchGames.lud("hearts");
    int roles = game.roleCount();
    int random = game.randomRole();
    assertThat(roles).isEqualTo(PLAYERS + 1);
    Map<Integer, Integer> cardOf = new HashMap<>();
    MoveList moves = new MoveList();
    int[] joint = new int[roles];
    int[] passes = new int[PLAYERS];
    ReferenceHearts ref = new ReferenceHearts(0);
    SplittableRandom rng = new SplittableRandom(42);
    int moons = 0;
    for (int g = 0; g < 150; g++) {
      State s = game.initialState();
      ref.reset();
      int dealtCards = 0;
      int steps = 0;
      while (!game.isTerminal(s)) {
        for (int r = 0; r < roles; r++) {
          int role = r;
          game.legalMoves(s, r, moves);
          long engineCards = 0;
          for (int i = 0; i < moves.size(); i++) {
            int m = moves.get(i);
            int c = cardOf.computeIfAbsent(m << 3 | r, k -> card(game.moveText(role, m)));
            if (c >= 0) {
              engineCards |= 1L << c;
            }
          }
          if (r != random) {
            assertThat(engineCards).as("game %d step %d legal cards of p%d", g, steps, r + 1)
                .isEqualTo(ref.legalMoves(r));
          }
          joint[r] = moves.get(rng.nextInt(moves.size()));
        }
        int dealt = cardOf.get(joint[random] << 3 | random);
        if (dealt >= 0) {
          // The engine deals round the table, p1 first.
          ref.give(dealtCards++ % PLAYERS, dealt);
        } else if (ref.phase() == ReferenceHearts.Phase.PASS) {
          for (int p = 0; p < PLAYERS; p++) {
            passes[p] = cardOf.get(joint[p] << 3 | p);
          }
          ref.pass(passes);
        } else {
          int p = ref.toPlay();
          ref.play(cardOf.get(joint[p] << 3 | p));
        }
        game.apply(s, joint, null);
        steps++;
      }
      assertThat(ref.phase()).isEqualTo(ReferenceHearts.Phase.OVER);
      assertThat(steps).isEqualTo(52 + 3 + 52);
      for (int p = 0; p < PLAYERS; p++) {
        assertThat(ref.goal(p)).as("game %d goal of p%d", g, p + 1).isEqualTo(game.goal(s, p));
      }
      if (ref.points(0) + ref.points(1) + ref.points(2) + ref.points(3) != ALL_POINTS) {
        moons++;
      }
    }
    assertThat(moons).isLessThan(150);
  }

  /**
   * The fast playout draws its randomness in a fixed order (shuffle, each player's three passes, each card); the
   * step-by-step game fed the same draws must end with the same points and goals.
   */
  @Test
  void playoutIsTheSteppedGameForTheSameDraws() {
    for (long seed = 0; seed < 2000; seed++) {
      ReferenceHearts fast = new ReferenceHearts(seed);
      fast.randomPlayout();
      ReferenceHearts draws = new ReferenceHearts(seed);
      ReferenceHearts stepped = new ReferenceHearts(-1);
      playSteppedWithDraws(stepped, draws);
      for (int p = 0; p < PLAYERS; p++) {
        assertThat(fast.points(p)).as("seed %d points of p%d", seed, p + 1).isEqualTo(stepped.points(p));
        assertThat(fast.goal(p)).as("seed %d goal of p%d", seed, p + 1).isEqualTo(stepped.goal(p));
      }
    }
  }

  /** Plays {@code game} by its step methods with the choices the playout would draw from {@code draws}. */
  private static void playSteppedWithDraws(ReferenceHearts game, ReferenceHearts draws) {
    game.reset();
    int[] deck = new int[52];
    for (int c = 0; c < 52; c++) {
      deck[c] = c;
    }
    for (int i = 51; i > 0; i--) {
      int j = draws.nextInt(i + 1);
      int t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    for (int i = 0; i < 52; i++) {
      game.give(i / 13, deck[i]);
    }
    int[][] passed = new int[PLAYERS][3];
    for (int p = 0; p < PLAYERS; p++) {
      long hand = game.hand(p);
      for (int k = 0; k < 3; k++) {
        passed[p][k] = kthCard(hand, draws.nextInt(Long.bitCount(hand)));
        hand &= ~(1L << passed[p][k]);
      }
    }
    for (int k = 0; k < 3; k++) {
      game.pass(new int[] {passed[0][k], passed[1][k], passed[2][k], passed[3][k]});
    }
    while (game.phase() == ReferenceHearts.Phase.PLAY) {
      long legal = game.legalMoves(game.toPlay());
      game.play(kthCard(legal, draws.nextInt(Long.bitCount(legal))));
    }
  }

  /** The k-th lowest card of a set, found the slow way. */
  private static int kthCard(long cards, int k) {
    for (int c = 0; c < 52; c++) {
      if ((cards & 1L << c) != 0 && k-- == 0) {
        return c;
      }
    }
    throw new AssertionError("fewer cards than " + k);
  }

  /** Many playouts: 26 points in all, or a moon (one player 0, the others 26); goals are the rank goals. */
  @Test
  void playoutsHandOutTwentySixPointsAndRankGoals() {
    ReferenceHearts ref = new ReferenceHearts(7);
    long[] goalSums = new long[PLAYERS];
    int moons = 0;
    int games = 100_000;
    for (int g = 0; g < games; g++) {
      assertThat(ref.randomPlayout()).isEqualTo(13);
      int sum = 0;
      int zeros = 0;
      int goalSum = 0;
      for (int p = 0; p < PLAYERS; p++) {
        int pts = ref.points(p);
        assertThat(pts).isBetween(0, ALL_POINTS);
        sum += pts;
        zeros += pts == 0 ? 1 : 0;
        int goal = ref.goal(p);
        assertThat(goal).isIn(0, 17, 33, 50, 67, 83, 100);
        goalSum += goal;
        goalSums[p] += goal;
      }
      if (sum != ALL_POINTS) {
        assertThat(sum).isEqualTo(3 * ALL_POINTS);
        assertThat(zeros).isEqualTo(1);
        moons++;
      }
      // Average ranks always add up to 1+2+3+4, so the goals add up to 200 up to rounding.
      assertThat(goalSum).isBetween(198, 202);
    }
    // Seats are symmetric under a random deal: every seat's mean goal is near 50.
    for (int p = 0; p < PLAYERS; p++) {
      assertThat(goalSums[p] / (double) games).as("mean goal of p%d", p + 1).isBetween(48.5, 51.5);
    }
    // Random play shoots the moon in about 1% of games (the engine agrees game by game, see above).
    assertThat(moons).isBetween(1, games / 20);
  }
}
