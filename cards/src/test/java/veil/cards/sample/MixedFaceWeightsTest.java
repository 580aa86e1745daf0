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
 * Face weights inside weighted draws ({@link MixedFaceWeights}): on a tiny two-copy game where a hand draws after it
 * played (so tokens of different allowed sets share it and the draws are weighted), a draw that played another copy
 * of a face than the one the rules move is relabelled, weighted by 1/k per such play, instead of rejected. Exactness:
 * the samples' distribution against the exact posterior over whole states, by a chi-square test at the 0.05% level,
 * on every observation whose draws were weighed so and relabelled at least once. Relabelling without the weights
 * (the sampler's brokenFaceWeights option) fails the same test, and so do weights that ignore when the cards came
 * into the hand (brokenArrivals: the weights of a hand that draws no card after it plays).
 */
class MixedFaceWeightsTest {
  static final String GAME = LaterPlaysTest.DRAW_MATCH;
  static final int GAMES = 30;
  static final int MAX_STATES = 300;

  @Test
  void weighedAndRelabelledDrawsAreTheExactPosterior() {
    int tested = chiSquares(false);
    System.out.println("mixed face weights: " + tested + " weighed and relabelled observations tested");
    assertThat(tested).as("observations whose draws were weighed and relabelled").isGreaterThanOrEqualTo(5);
  }

  @Test
  void relabellingWithoutTheWeightsFailsTheTest() {
    int failed = chiSquares(true);
    System.out.println("mixed face weights left out: " + failed + " observations fail the chi-square test");
    assertThat(failed).as("observations whose chi-square test the broken sampler fails").isGreaterThan(0);
  }

  @Test
  void weighingAsIfEveryCardHadBeenThereAtEveryPlayFailsTheTest() {
    int failed = chiSquares(false, true);
    System.out.println("mixed face weights without arrivals: " + failed + " observations fail the chi-square test");
    assertThat(failed).as("observations whose chi-square test the broken sampler fails").isGreaterThan(0);
  }

  private static int chiSquares(boolean broken) {
    return chiSquares(broken, false);
  }

  /**
   * Plays games at random; at every step, every player's samples against the exact posterior when the sampler
   * weighed copies in weighted draws and relabelled some, and the posterior has 2..MAX_STATES states. Returns how
   * many observations were tested, or with a broken sampler how many failed the chi-square test.
   */
  private static int chiSquares(boolean brokenWeights, boolean brokenArrivals) {
    boolean broken = brokenWeights || brokenArrivals;
    CompiledGame g = Play.compile("mixed-face-weights", GAME);
    assertThat(g.cards.hasCopies()).isTrue();
    int count = 0;
    for (int game = 0; game < GAMES; game++) {
      SplittableRandom rng = new SplittableRandom(500 + game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(rng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          CardSampler sampler = new CardSampler(g, false, brokenWeights);
          sampler.brokenArrivals = brokenArrivals;
          SplittableRandom srng = new SplittableRandom(game * 31L + p + play.steps() * 7L);
          boolean ok = true;
          for (int i = 0; i < 20 && ok; i++) {
            ok = sampler.sample(obs, srng, g.initialState());
          }
          assertThat(ok || broken).as("game %d p%d step %d: %s", game, p + 1, obs.length(), sampler.stats())
              .isTrue();
          if (!ok || sampler.stats().mixedWeighed.sum() == 0) {
            continue; // most observations draw no weighted walk with copies played from a hidden hand
          }
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2 || posterior.size() > MAX_STATES) {
            continue;
          }
          int n = 200 * posterior.size();
          Map<LudState, Integer> counts = new HashMap<>();
          long relabelled = sampler.stats().relabelled.sum();
          for (int i = 0; i < n && ok; i++) {
            LudState out = g.initialState();
            ok = sampler.sample(obs, srng, out);
            assertThat(ok || broken).as("game %d p%d step %d: %s", game, p + 1, obs.length(), sampler.stats())
                .isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          if (!ok || sampler.stats().relabelled.sum() == relabelled) {
            continue; // nothing relabelled: the weights were not needed
          }
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          int df = posterior.size() - 1;
          boolean fits = chi < Posterior.critical(df);
          System.out.printf("%sgame %d p%d step %d: %d states, chi-square %.1f (critical %.1f), relabelled %d, %s%n",
              broken ? "broken " : "", game, p + 1, obs.length(), posterior.size(), chi, Posterior.critical(df),
              sampler.stats().relabelled.sum() - relabelled, sampler.stats());
          if (broken) {
            count += fits ? 0 : 1;
          } else {
            assertThat(chi).as("game %d p%d step %d", game, p + 1, obs.length()).isLessThan(Posterior.critical(df));
            count++;
          }
        }
      }
    }
    return count;
  }
}
