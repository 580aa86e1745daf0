package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * The card sampler's distribution against the exact posterior, enumerated on tiny games. States are compared whole
 * (cards, registers, and each card's stamp, which records when it last moved, so the order of the deal matters
 * too). The posterior is the one the sampler promises: chance probabilities, other players unweighted.
 */
class DistributionTest {
  /** Two players, ten cards, three each, three tricks, follow suit. */
  static final String TRICKS = """
      (game "Tiny Tricks"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3 4 5 6})
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 3 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 3) (byScore (count (pile "Won" Player)))))))
      """;

  /** The same with two cards each from eight, for random playouts. */
  static final String SMALL = TRICKS.replace("{2 3 4 5 6}", "{2 3 4 5}").replace("deal 3", "deal 2")
      .replace("(tricks) 3", "(tricks) 2");

  /** Like Hearts: each passes one card to the other at once, then tricks. */
  static final String PASSING = """
      (game "Tiny Passing"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3 4 5 6})
          (hand Each)
          (pile "Passing" Each visible:Owner)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 3 to:(hand Each))})
          (phases {
            (phase "Pass" (play (move to:(pile "Passing" Mover) name:pass) simultaneous:True)
              (nextPhase (= (count (pile "Passing" P1)) 1) "Play"
                then:(forEach Player (moveAll from:(pile "Passing" Player) to:(hand (left Player))))))
            (phase "Play" (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1)))
          })
          (end (if (= (tricks) 3) (byScore (count (pile "Won" Player)))))))
      """;

  /** Three players, nine cards of three suits, two each, three left in the deck: voids in different hands. */
  static final String THREE = """
      (game "Three Tricks"
        (players 3)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts Spades} ranks:{2 3 4})
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 2 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 2) (byScore (count (pile "Won" Player)))))))
      """;

  /**
   * Each player announces a bid before the tricks (choose, seen by both): 0 or 1 with a heart in hand, only 0
   * without. The bid is no card move, and it tells something about the hand it was made from.
   */
  static final String BIDDING = """
      (game "Tiny Bidding"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3 4 5 6})
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (vars {(var "Bid" Each)})
        (rules
          (start {(shuffle "Deck") (deal 3 to:(hand Each))})
          (phases {
            (phase "Bid"
              (play (if (empty (cards (hand Mover) suit:Hearts)) (choose bid 0..0 then:(set "Bid" Mover Choice))
                        (choose bid 0..1 then:(set "Bid" Mover Choice))))
              (nextPhase (= (turns) 2) "Play"))
            (phase "Play" (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1)))
          })
          (end (if (= (tricks) 3) (byScore (+ (var "Bid" Player) (count (pile "Won" Player))))))))
      """;

  /** Plays a step in which the one role with a choice plays the move of this text. */
  private static void play(Play.Game play, String text) {
    CompiledGame g = play.game;
    int[] joint = new int[g.roleCount()];
    boolean found = false;
    for (int r = 0; r < joint.length; r++) {
      g.legalMoves(play.state, r, play.moves);
      for (int i = 0; i < play.moves.size(); i++) {
        if (g.moveText(r, play.moves.get(i)).equals(text)) {
          joint[r] = play.moves.get(i);
          found = true;
        }
      }
    }
    assertThat(found).as(text).isTrue();
    play.step(joint);
  }

  @Test
  void announcedBidsAreReplayedAndConditionTheHands() {
    CompiledGame g = Play.compile("tiny-bidding", BIDDING);
    assertThat(CardSampler.unsupported(g)).isNull();
    // p1: 2C 3C 4C (no heart, so it must bid 0); p2: 5C 2H 6H bids 1.
    Play.Game play = new Play.Game(g);
    for (String c : List.of("2 clubs", "5 clubs", "3 clubs", "2 hearts", "4 clubs", "6 hearts")) {
      play(play, "(deal (card " + c + "))");
    }
    play(play, "(bid 0)");
    play(play, "(bid 1)");
    int hand1 = java.util.Arrays.asList(g.places.text()).indexOf("(hand p1)");
    int hand2 = java.util.Arrays.asList(g.places.text()).indexOf("(hand p2)");
    long hearts = g.cards.suitMask()[1]; // suits:{Clubs Hearts}
    // p2 saw p1 bid 0 while able to bid 1 itself: p1 might hold a heart or not (bidding 0 is always allowed).
    // p1 saw p2 bid 1: p2 holds a heart in every consistent state, and the sampler draws them as the posterior.
    Observation obs = play.observations[0];
    Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
    for (LudState s : posterior.keySet()) {
      assertThat(s.places[hand2] & hearts).isNotZero();
    }
    int n = 100 * posterior.size();
    Map<LudState, Integer> counts = draw(g, obs, n, 11);
    for (LudState s : counts.keySet()) {
      assertThat(s.places[hand2] & hearts).isNotZero();
    }
    assertFits(posterior, 0, counts, n, "p1 after p2's bid of 1");
    // After the bids and p1's lead of 2C, p2's view: p1's hand may hold hearts or not.
    play(play, "(play (card 2 clubs))");
    Observation obs2 = play.observations[1];
    Map<LudState, double[]> posterior2 = Posterior.enumerate(g, obs2);
    assertThat(posterior2.keySet().stream().anyMatch(s -> (s.places[hand1] & hearts) != 0)).isTrue();
    int n2 = 100 * posterior2.size();
    assertFits(posterior2, 0, draw(g, obs2, n2, 12), n2, "p2 after the bids and the lead");
  }

  @Test
  void threePlayersWithVoidsInDifferentHands() {
    // Where the cards are (stamps left out, so that categories stay few), against the projected posterior.
    CompiledGame g = Play.compile("three-tricks", THREE);
    SplittableRandom rng = new SplittableRandom(8);
    int tested = 0;
    for (int game = 0; game < 12; game++) {
      Play.Game play = new Play.Game(g);
      int stop = 8 + game % 4;
      while (play.steps() < stop && !play.over()) {
        play.step(rng);
      }
      for (int p = 0; p < 3; p++) {
        Observation obs = play.observations[p];
        Map<List<Long>, double[]> posterior = new HashMap<>();
        Posterior.enumerate(g, obs).forEach((s, w) -> posterior.computeIfAbsent(places(s), k -> new double[2])[0] +=
            w[0]);
        if (posterior.size() < 3) {
          continue;
        }
        int n = 400 * posterior.size();
        Map<List<Long>, Integer> counts = new HashMap<>();
        draw(g, obs, n, game * 3 + p).forEach((s, c) -> counts.merge(places(s), c, Integer::sum));
        double chi = 0;
        for (Map.Entry<List<Long>, double[]> e : posterior.entrySet()) {
          double expected = e.getValue()[0] * n;
          double d = counts.getOrDefault(e.getKey(), 0) - expected;
          chi += d * d / expected;
        }
        assertThat(posterior.keySet()).containsAll(counts.keySet());
        int df = posterior.size() - 1;
        System.out.printf("three players, game %d p%d step %d: %d placements, chi-square %.1f (critical %.1f)%n",
            game, p + 1, obs.length(), posterior.size(), chi, Posterior.critical(df));
        assertThat(chi).isLessThan(Posterior.critical(df));
        tested++;
      }
    }
    assertThat(tested).isGreaterThanOrEqualTo(12);
  }

  private static List<Long> places(LudState s) {
    List<Long> out = new java.util.ArrayList<>();
    for (long m : s.places) {
      out.add(m);
    }
    return out;
  }

  private static Map<LudState, Integer> draw(CompiledGame g, Observation obs, int n, long seed) {
    CardSampler sampler = new CardSampler(g);
    SplittableRandom rng = new SplittableRandom(seed);
    Map<LudState, Integer> counts = new HashMap<>();
    for (int i = 0; i < n; i++) {
      LudState out = g.initialState();
      assertThat(sampler.sample(obs, rng, out)).isTrue();
      counts.merge(out, 1, Integer::sum);
    }
    assertThat(sampler.stats().structureMismatches.sum()).isZero();
    return counts;
  }

  private static void assertFits(Map<LudState, double[]> posterior, int weight, Map<LudState, Integer> counts, int n,
      String what) {
    double chi = Posterior.chiSquare(posterior, weight, counts, n);
    int df = posterior.size() - 1;
    System.out.printf("%s: %d states, chi-square %.1f (df %d, 0.05%% critical %.1f)%n", what, posterior.size(), chi,
        df, Posterior.critical(df));
    assertThat(chi).as(what).isLessThan(Posterior.critical(df));
  }

  @Test
  void aVoidShownInTheFirstTrick() {
    CompiledGame g = Play.compile("tiny-tricks", TRICKS);
    // p1: 2C 3C 2H; p2: 3H 4H 5H; p1 leads 2C and p2, void in clubs, plays 3H.
    Play.Game play = Posterior.script(g, List.of("2 clubs", "3 hearts", "3 clubs", "4 hearts", "2 hearts",
        "5 hearts"), List.of("2 clubs", "3 hearts"), 8);
    Observation obs = play.observations[0];
    Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
    int hand2 = java.util.Arrays.asList(g.places.text()).indexOf("(hand p2)");
    long clubs = g.cards.suitMask()[g.cards.suit()[0]];
    for (LudState s : posterior.keySet()) {
      assertThat(s.places[hand2] & clubs).isZero();
    }
    // p2's two hearts of {4H 5H 6H}, times the deal steps they came at: 3 x 6.
    assertThat(posterior).hasSize(18);
    int n = 20_000;
    assertFits(posterior, 0, draw(g, obs, n, 1), n, "void in the first trick");
  }

  @Test
  void laterInTheGame() {
    CompiledGame g = Play.compile("tiny-tricks", TRICKS);
    SplittableRandom rng = new SplittableRandom(21);
    int tested = 0;
    for (int game = 0; game < 6; game++) {
      Play.Game play = new Play.Game(g);
      int stop = 7 + game % 5; // from the first trick to the last
      for (int t = 0; t < stop && !play.over(); t++) {
        play.step(rng);
      }
      for (int p = 0; p < 2; p++) {
        Observation obs = play.observations[p];
        Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
        if (posterior.size() < 4) {
          continue;
        }
        int n = 300 * posterior.size();
        assertFits(posterior, 0, draw(g, obs, n, game * 2 + p), n, "random game " + game + " p" + (p + 1) + " step "
            + obs.length());
        tested++;
      }
    }
    assertThat(tested).isGreaterThanOrEqualTo(6);
  }

  @Test
  void passingOneCardEach() {
    CompiledGame g = Play.compile("tiny-passing", PASSING);
    // p1: 2C 3C 2H; p2: 3H 4H 4C; p1 passes 3C, p2 passes 4C; p1 leads 2C, p2 follows with 3C.
    Play.Game play = Posterior.script(g, List.of("2 clubs", "3 hearts", "3 clubs", "4 hearts", "2 hearts",
        "4 clubs"), List.of("3 clubs", "4 clubs", "2 clubs", "3 clubs"), 9);
    Observation obs = play.observations[0];
    Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
    assertThat(posterior.size()).isGreaterThan(10);
    int n = 300 * posterior.size();
    assertFits(posterior, 0, draw(g, obs, n, 2), n, "passing, p1");
    // p2's view: it passed 4C and received 3C, which p2 then played; p1's hand is among 7 unknown cards.
    Observation obs2 = play.observations[1];
    Map<LudState, double[]> posterior2 = Posterior.enumerate(g, obs2);
    int n2 = 300 * posterior2.size();
    assertFits(posterior2, 0, draw(g, obs2, n2, 3), n2, "passing, p2");
  }

  @Test
  void sameAsRandomPlayoutsWhenOpponentsHaveNoChoiceThatDepends() {
    // p2 observes p1's lead: p1 had two legal moves in every history, so weighting p1 uniformly changes nothing
    // and random playouts with rejection sample the same posterior as the card sampler.
    CompiledGame g = Play.compile("small-tricks", SMALL);
    Play.Game play = Posterior.script(g, List.of("2 clubs", "3 hearts", "4 clubs", "2 hearts"), List.of("4 clubs"),
        5);
    Observation obs = play.observations[1];
    Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
    for (double[] w : posterior.values()) {
      assertThat(w[0]).isCloseTo(w[1], org.assertj.core.data.Offset.offset(1e-12));
    }
    int n = 500 * posterior.size();
    assertFits(posterior, 0, draw(g, obs, n, 4), n, "card sampler, p2 after the lead");
    SplittableRandom rng = new SplittableRandom(5);
    Map<LudState, Integer> counts = new HashMap<>();
    for (int i = 0; i < n; i++) {
      counts.merge(Posterior.byRejection(g, obs, rng).copy(), 1, Integer::sum);
    }
    assertFits(posterior, 1, counts, n, "random playouts, p2 after the lead");
  }

  @Test
  void whenOpponentChoicesDependOnTheirHandTheModelsDiffer() {
    // p1 leads 2C, p2 follows with 3C: p2 had one legal move if 3C was its only club, two or three otherwise.
    // Random playouts weight those histories 1, 1/2, 1/3; the card sampler counts each once (no opponent model).
    CompiledGame g = Play.compile("tiny-tricks", TRICKS);
    Play.Game play = Posterior.script(g, List.of("2 clubs", "3 clubs", "2 hearts", "4 hearts", "3 hearts",
        "5 hearts"), List.of("2 clubs", "3 clubs"), 8);
    Observation obs = play.observations[0];
    Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
    double distance = 0;
    for (double[] w : posterior.values()) {
      distance += Math.abs(w[0] - w[1]) / 2;
    }
    System.out.printf("unweighted vs uniform-opponent posterior: total variation %.3f%n", distance);
    assertThat(distance).isGreaterThan(0.05);
    int n = 200 * posterior.size();
    assertFits(posterior, 0, draw(g, obs, n, 6), n, "card sampler, p2 followed suit");
  }
}
