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
 * The card sampler on decks of identical copies and of more than 64 cards. Exactness: on tiny decks with copies,
 * the samples' distribution against the exact posterior over whole states (which copy is where, and when each
 * moved), by a chi-square test at the 0.05% level; a sampler broken on purpose (copies seen face up always given
 * the lowest copies) fails the same test, and so does one that relabels the copies of hidden plays to the copy the
 * rules move without the weights that keep it exact. Consistency: on decks of 80 and 104 cards (copies or not),
 * every sampled history replays to the observation, and the sampler never fails.
 */
class CopiesTest {
  /** Two players, two copies of four cards, two each, two tricks. */
  static final String TRICKS = """
      (game "Tiny Copies"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3} copies:2)
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 2 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 2) (byScore (count (pile "Won" Player)))))))
      """;

  /** Three players, three copies of three cards: hands that hold two or three copies of one card. */
  static final String THREE = """
      (game "Three Copies"
        (players 3)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts Spades} ranks:{2} copies:3)
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 2 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 2) (byScore (count (pile "Won" Player)))))))
      """;

  /** Two players, four copies of two cards (as Pinochle's four copies), three each, three tricks. */
  static final String FOUR = """
      (game "Four Copies"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2} copies:4)
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 3 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 3) (byScore (count (pile "Won" Player)))))))
      """;

  /**
   * A stock left undealt and a discard pile: play a card of the top card's suit or rank, or draw. Copies stay in
   * the stock, unseen, while others are seen.
   */
  static final String MATCH = """
      (game "Match Copies"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3} copies:2)
          (hand Each)
          (pile "Discard" visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 2 to:(hand Each)) (draw from:"Deck" to:(pile "Discard"))})
          (play (priority {(move to:"Discard" name:play cards:(cards (hand Mover) if:(or
                (= (suit Card) (suit (top (pile "Discard")))) (= (rank Card) (rank (top (pile "Discard")))))))
              (if (not (empty "Deck")) (pass name:draw then:(draw from:"Deck" to:(hand Mover))))
              (pass)}))
          (end (if (or (empty (hand Mover)) (>= (turns) 8)) (byScore (count (hand Player)) misere:True)))))
      """;

  static final int MAX_STATES = 400;

  @Test
  void copiesAreDrawnAsTheExactPosterior() {
    int tested = 0;
    relabelled = 0;
    tested += chiSquares(Play.compile("copies", TRICKS), EXACT, 8, 4);
    tested += chiSquares(Play.compile("copies", THREE), EXACT, 8, 6);
    tested += chiSquares(Play.compile("copies", MATCH), EXACT, 8, 5);
    tested += chiSquares(Play.compile("copies", FOUR), EXACT, 4, 6);
    System.out.println("copies: " + tested + " observations tested against enumeration, " + relabelled
        + " copies relabelled in the samples");
    assertThat(tested).isGreaterThanOrEqualTo(20);
    assertThat(relabelled).as("samples whose copies were relabelled to the rules' copy").isPositive();
  }

  @Test
  void withoutTheFaceWeightsTheTestFails() {
    // The same test on a sampler that relabels the copies of hidden plays to the copy the rules move but leaves out
    // the weights 1/k that keep it exact: some observation must fail it.
    int failed = 0;
    failed += chiSquares(Play.compile("copies", TRICKS), BROKEN_WEIGHTS, 8, 4);
    failed += chiSquares(Play.compile("copies", THREE), BROKEN_WEIGHTS, 8, 6);
    failed += chiSquares(Play.compile("copies", MATCH), BROKEN_WEIGHTS, 8, 5);
    failed += chiSquares(Play.compile("copies", FOUR), BROKEN_WEIGHTS, 4, 6);
    System.out.println("copies without face weights: " + failed + " observations fail");
    assertThat(failed).as("observations whose chi-square test the broken sampler fails").isGreaterThan(0);
  }

  static final int EXACT = 0;
  static final int BROKEN_COPIES = 1;
  static final int BROKEN_WEIGHTS = 2;
  /** Copies relabelled at replay in the exact runs (the test must exercise the relabelling). */
  static long relabelled;

  @Test
  void withoutThePermutationOfCopiesTheTestFails() {
    // The same test on a sampler that gives the copies seen face up the lowest copies of their face: some
    // observation must fail it.
    int failed = 0;
    failed += chiSquares(Play.compile("copies", TRICKS), BROKEN_COPIES, 8, 4);
    failed += chiSquares(Play.compile("copies", THREE), BROKEN_COPIES, 8, 6);
    failed += chiSquares(Play.compile("copies", MATCH), BROKEN_COPIES, 8, 5);
    assertThat(failed).as("observations whose chi-square test the broken sampler fails").isGreaterThan(0);
  }

  /**
   * Plays games at random; at every other step after the deal ({@code dealSteps}: during the deal every posterior
   * is a uniform draw of hidden cards, which the sampler makes without copies playing a part), every player's samples
   * against the exact posterior when it has 2..MAX_STATES states. Returns how many observations were tested, or with
   * {@code broken} how many failed.
   */
  private static int chiSquares(CompiledGame g, int mode, int games, int dealSteps) {
    boolean broken = mode != EXACT;
    assertThat(g.cards.hasCopies()).isTrue();
    assertThat(CardSampler.unsupported(g)).isNull();
    int count = 0;
    for (int game = 0; game < games; game++) {
      SplittableRandom rng = new SplittableRandom(100 + game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(rng);
        if (play.steps() <= dealSteps || play.steps() % 2 != game % 2) {
          continue;
        }
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2 || posterior.size() > MAX_STATES) {
            continue;
          }
          int n = 200 * posterior.size();
          CardSampler sampler = new CardSampler(g, mode == BROKEN_COPIES, mode == BROKEN_WEIGHTS);
          SplittableRandom srng = new SplittableRandom(game * 31L + p + play.steps() * 7L);
          Map<LudState, Integer> counts = new HashMap<>();
          for (int i = 0; i < n; i++) {
            LudState out = g.initialState();
            assertThat(sampler.sample(obs, srng, out)).as("%s p%d step %d: %s", g.name, p + 1, obs.length(),
                sampler.stats()).isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          if (mode == EXACT) {
            relabelled += sampler.stats().relabelled.sum();
          }
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          int df = posterior.size() - 1;
          boolean fits = chi < Posterior.critical(df);
          if (broken) {
            count += fits ? 0 : 1;
          } else {
            System.out.printf("%s game %d p%d step %d: %d states, chi-square %.1f (critical %.1f)%n", g.name, game,
                p + 1, obs.length(), posterior.size(), chi, Posterior.critical(df));
            assertThat(chi).as("%s game %d p%d step %d", g.name, game, p + 1, obs.length())
                .isLessThan(Posterior.critical(df));
            count++;
          }
        }
      }
    }
    return count;
  }

  /** Four players, two standard decks (104 cards, two copies of each), thirteen tricks. */
  static final String TWO_DECKS = """
      (game "Two Decks"
        (players 4)
        (bound 200)
        (equipment {
          (deck "Deck" suits:{Clubs Diamonds Hearts Spades} ranks:{2 3 4 5 6 7 8 9 10 Jack Queen King Ace} copies:2)
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 13 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 13) (byScore (count (pile "Won" Player)))))))
      """;

  /** Four players, 104 distinct cards in eight suits, a stock of 56 cards left: draw after each play. */
  static final String EIGHT_SUITS = """
      (game "Eight Suits Draw"
        (players 4)
        (bound 200)
        (equipment {
          (deck "Deck" suits:{Red Orange Yellow Green Blue Indigo Violet Black})
          (hand Each)
          (pile "Discard" visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 12 to:(hand Each))})
          (play (move to:"Discard" name:play then:(draw from:"Deck" to:(hand Mover))))
          (end (if (>= (turns) 40) (byScore (count (hand Player)))))))
      """;

  @Test
  void bigDecksReplayToTheObservation() {
    for (String text : List.of(TWO_DECKS, EIGHT_SUITS)) {
      CompiledGame g = Play.compile("big", text);
      assertThat(g.cards.count()).isEqualTo(104);
      assertThat(g.cards.words()).isEqualTo(2);
      consistent(g, 2);
    }
  }

  static void consistent(CompiledGame g, int games) {
    CardSampler sampler = new CardSampler(g);
    for (int game = 0; game < games; game++) {
      SplittableRandom playRng = new SplittableRandom(7 + game);
      SplittableRandom rng = new SplittableRandom(70 + game);
      Play.Game play = new Play.Game(g);
      int points = 0;
      while (!play.over()) {
        play.step(playRng);
        if (playRng.nextInt(8) != 0) {
          continue;
        }
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          for (int k = 0; k < 2; k++) {
            int[][] history = sampler.sampleHistory(obs, rng);
            assertThat(history).as("%s p%d step %d: %s", g.name, p + 1, obs.length(), sampler.stats()).isNotNull();
            Play.replayChecked(g, history, obs);
          }
          points++;
        }
      }
      assertThat(points).isPositive();
    }
    System.out.println(g.name + ": " + sampler.stats());
    assertThat(sampler.stats().failures.sum()).isZero();
    assertThat(sampler.stats().structureMismatches.sum()).isZero();
  }
}
