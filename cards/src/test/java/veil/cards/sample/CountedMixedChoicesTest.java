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
 * Weighted draws whose mixed choices are drawn in proportion to their completions ({@link TokenWalk#countMixed}), on
 * the tiny two-copy game of {@link LaterPlaysTest} (a hand that draws when it cannot follow holds tokens dealt before
 * the void and tokens drawn after it, so which one a later face-up play was is a mixed choice). Exactness: the
 * samples' distribution against the exact posterior over whole states, by a chi-square test at the 0.05% level, on
 * every observation whose draws counted a mixed choice. A sampler that draws the choices by their counts but weighs
 * them as if drawn uniformly (brokenMixedCounts) fails the same test.
 */
class CountedMixedChoicesTest {
  static final int GAMES = 15;
  static final int MAX_STATES = 300;

  @Test
  void countedMixedChoicesAreTheExactPosterior() {
    int tested = chiSquares(false);
    System.out.println("counted mixed choices: " + tested + " observations tested against enumeration");
    assertThat(tested).as("observations whose draws counted a mixed choice").isGreaterThanOrEqualTo(5);
  }

  /**
   * The default order, every observation's draws uniform first and counted after a number of them found nothing, made
   * to switch after one draw: the samples are still the exact posterior (a rejection sampler stopped before it
   * accepted returned nothing, so what the counted one returns is drawn from the posterior alone).
   */
  @Test
  void countingAfterTheUniformDrawsFoundNothingIsExact() {
    switched = 0;
    int tested = chiSquares(false, 1);
    System.out.println("counted after one uniform draw: " + tested + " observations tested, " + switched
        + " of them switched to counted draws");
    assertThat(switched).as("observations tested whose draws switched to counted ones").isGreaterThanOrEqualTo(5);
  }

  /** Tested observations whose sampler switched from uniform to counted draws at least once. */
  private static int switched;

  @Test
  void countsWithoutTheirWeightFailTheTest() {
    int failed = chiSquares(true);
    System.out.println("counted mixed choices weighed as uniform: " + failed + " observations fail the chi-square test");
    assertThat(failed).as("observations whose chi-square test the broken sampler fails").isGreaterThan(0);
  }

  /**
   * Plays games at random; at every step, every player's samples against the exact posterior when the sampler counted
   * a mixed choice and the posterior has 2..MAX_STATES states. Returns how many observations were tested, or with
   * {@code broken} how many failed the chi-square test.
   */
  private static int chiSquares(boolean broken) {
    return chiSquares(broken, 0);
  }

  private static int chiSquares(boolean broken, int uniformAttempts) {
    CompiledGame g = Play.compile("counted-mixed-choices", LaterPlaysTest.DRAW_MATCH);
    assertThat(g.cards.hasCopies()).isTrue();
    int count = 0;
    for (int game = 0; game < GAMES; game++) {
      SplittableRandom rng = new SplittableRandom(700 + game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(rng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          CardSampler sampler = new CardSampler(g);
          sampler.brokenMixedCounts = broken;
          sampler.uniformAttempts = uniformAttempts; // 0: every draw counts (by default after 100 uniform ones)
          SplittableRandom srng = new SplittableRandom(game * 31L + p + play.steps() * 7L);
          boolean ok = true;
          for (int i = 0; i < 20 && ok; i++) {
            ok = sampler.sample(obs, srng, g.initialState());
          }
          assertThat(ok || broken).as("game %d p%d step %d: %s", game, p + 1, obs.length(), sampler.stats())
              .isTrue();
          if (!ok || sampler.stats().mixedCounted.sum() == 0) {
            continue; // most observations make no mixed choice
          }
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2 || posterior.size() > MAX_STATES) {
            continue;
          }
          int n = 200 * posterior.size();
          Map<LudState, Integer> counts = new HashMap<>();
          for (int i = 0; i < n && ok; i++) {
            LudState out = g.initialState();
            ok = sampler.sample(obs, srng, out);
            assertThat(ok || broken).as("game %d p%d step %d: %s", game, p + 1, obs.length(), sampler.stats())
                .isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          if (!ok) {
            continue;
          }
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          int df = posterior.size() - 1;
          boolean fits = chi < Posterior.critical(df);
          System.out.printf("%sgame %d p%d step %d: %d states, chi-square %.1f (critical %.1f), %s%n",
              broken ? "broken " : "", game, p + 1, obs.length(), posterior.size(), chi, Posterior.critical(df),
              sampler.stats());
          if (sampler.stats().countedMixedDraws.sum() > 0) {
            switched++;
          }
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
