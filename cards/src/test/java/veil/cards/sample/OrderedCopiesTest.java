package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * Copies of a face in a place whose top the rules read (a stock drawn from the top): the rules move its top card, not
 * the lowest copy of the face as a play from a hand does, so such moves are not relabelled nor weighted for copies
 * ({@code HistoryBuilder#brokenOrderedRelabel}). Relabelled, a witness moved the lowest copy out of the stock where
 * the rules drew the top one, the replay failed, and the analysis of generated game 37441 ran out of its redraws.
 */
class OrderedCopiesTest {
  /** A stock drawn from the top, two copies of each card, eight cards; match the top of the discard pile or draw. */
  static final String STOCK = """
      (game "Stock"
        (players 2)
        (bound 400)
        (equipment {
          (deck "Deck" suits:{Hearts Spades} ranks:{4 King} copies:2)
          (hand Each visible:Owner)
          (pile "Discard" visible:All)
          (pile "Stock" visible:None)
        })
        (rules
          (start {(shuffle "Deck") (deal 1 to:(hand Each)) (deal 5 to:(pile "Stock")) (draw from:"Deck" to:(pile "Discard"))})
          (play (priority {(move to:"Discard" name:play cards:(cards (hand Mover) if:(or (= (suit Card) (suit (top (pile "Discard")))) (= (rank Card) (rank (top (pile "Discard")))))))
            (if (not (empty (pile "Stock"))) (pass name:draw then:(put (top (pile "Stock")) (hand Mover))))
            (pass)}))
          (end (if (or (empty (hand Mover)) (>= (turns) 16)) (byScore (count (hand Player)) misere:True)))))
      """;

  /** The generated game left out (CI property, seed 20261123) at p2's step 41: fresh samplers, one call each. */
  @Test
  void theGeneratedGameAnalysesAtTheStepItFailed() {
    RandomCardGamesTest.Spec spec = new RandomCardGamesTest.Spec(2, 3, 4, 1, false, "Owner", "Owner", "Owner", "None",
        false, false, false, true, false, 37441);
    assertThat(Integer.toHexString(spec.text().hashCode())).isEqualTo("709bf2b9");
    CompiledGame g = Play.compile("generated", spec.text());
    Observation obs = ExactBoundTest.generatorObservation(g, spec.seed(), 1, 41);
    assertThat(freshCallsFailing(g, obs, false)).isZero();
    assertThat(freshCallsFailing(g, obs, true)).as("relabelled as before").isPositive();
  }

  private static int freshCallsFailing(CompiledGame g, Observation obs, boolean old) {
    int failing = 0;
    for (int k = 0; k < 20; k++) {
      CardSampler sampler = new CardSampler(g);
      sampler.options.brokenOrderedRelabel = old;
      int[][] history = sampler.sampleHistory(obs, new SplittableRandom(k));
      if (history == null) {
        failing++;
      } else {
        Play.replayChecked(g, history, obs);
      }
    }
    return failing;
  }

  /**
   * At every point of a few random games of the eight-card game with at most {@link #MAX_STATES} states: the
   * samples against the exact posterior (chi-square at the 0.05% level), no call failing.
   */
  @Test
  void samplesAreTheExactPosterior() {
    assertThat(pointsTested(false)).as("points tested").isGreaterThanOrEqualTo(10);
  }

  /**
   * The old code (plays out of the stock relabelled to the lowest copy and weighted as a hand's) is biased, not only
   * slow: game 3, p2 step 13, 96 states, chi-square 19,296 against 147.1.
   */
  @Test
  void relabelledAsBeforeTheChiSquareFails() {
    assertThat(pointsTested(true)).isNegative();
  }

  /** The points tested; with {@code old} (the old code), -1 at the first whose chi-square fails. */
  private static int pointsTested(boolean old) {
    CompiledGame g = Play.compile("small", STOCK);
    int tested = 0;
    for (long game = 0; game < 4; game++) {
      SplittableRandom playRng = new SplittableRandom(game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(playRng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2 || posterior.size() > MAX_STATES) {
            continue;
          }
          int n = 200 * posterior.size();
          CardSampler sampler = new CardSampler(g);
          sampler.options.brokenOrderedRelabel = old;
          SplittableRandom rng = new SplittableRandom(game * 1000L + play.steps() * 10L + p);
          Map<LudState, Integer> counts = new HashMap<>();
          int failed = 0;
          for (int i = 0; i < n; i++) {
            LudState out = g.initialState();
            if (!sampler.sample(obs, rng, out)) {
              failed++;
              continue;
            }
            counts.merge(out, 1, Integer::sum);
          }
          double chi = Posterior.chiSquare(posterior, 0, counts, n - failed);
          if (old && (failed > 0 || chi >= Posterior.critical(posterior.size() - 1))) {
            return -1;
          }
          assertThat(failed).as("game %d p%d step %d: %s", game, p + 1, obs.length(), sampler.stats()).isZero();
          assertThat(chi).as("game %d p%d step %d, %d states", game, p + 1, obs.length(), posterior.size())
              .isLessThan(Posterior.critical(posterior.size() - 1));
          tested++;
        }
      }
    }
    return tested;
  }

  static final int MAX_STATES = 150;
}
