package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * The "no pair" facts met by the assignment ({@link PairAssignment}) on a small Old Maid ({@code old-maid-small.lud}:
 * three players, eleven cards): at every point of random games where the sampler drew with it, the samples fit the
 * exact posterior (chi-square against {@link Posterior#enumerate}); with the assignment's weight left out
 * ({@code brokenPairWeights}) they do not.
 */
class PairAssignmentTest {

  static CompiledGame smallOldMaid() {
    try (InputStream in = PairAssignmentTest.class.getResourceAsStream("old-maid-small.lud")) {
      return Play.compile("old-maid-small.lud", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Points with more states are left out (100 samples a state: the test's time). */
  static final int MAX_STATES = 800;
  static final int SEEDS = Integer.getInteger("pairs.seeds", 2);

  /** Per point tested: how many, how many drew with the pair assignment, how many failed the chi-square. */
  record Result(int points, int assigned, int failed, double worst) {}

  @Test
  void samplesFitTheExactPosteriorWhereThePairsAreAssigned() {
    Result r = chiSquareAtEveryPoint(o -> {}, SEEDS, 30, false);
    System.out.println("PairAssignmentTest exact: " + r);
    assertThat(r.failed()).as("points whose samples failed the chi-square").isZero();
    assertThat(r.points()).as("points drawn with the pair assignment").isGreaterThanOrEqualTo(10);
  }

  @Test
  void withoutThePairWeightsTheSamplesDoNotFit() {
    Result r = chiSquareAtEveryPoint(o -> o.brokenPairWeights = true, SEEDS, 30, true);
    System.out.println("PairAssignmentTest broken: " + r);
    assertThat(r.failed()).as("points whose samples failed the chi-square").isPositive();
  }

  /**
   * Plays seeds 1..seeds at random (at most maxSteps steps) and tests every point with at least two states, the
   * sampler set up by {@code options}; with {@code stopAtFirstFailure} returns at the first point that fails.
   */
  static Result chiSquareAtEveryPoint(Consumer<SamplerOptions> options, int seeds, int maxSteps,
      boolean stopAtFirstFailure) {
    CompiledGame g = smallOldMaid();
    int points = 0;
    int assigned = 0;
    int failed = 0;
    double worst = 0;
    for (long seed = 1; seed <= seeds; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      Play.Game play = new Play.Game(g);
      while (!play.over() && play.steps() < maxSteps) {
        play.step(rng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          CardSampler sampler = new CardSampler(g);
          options.accept(sampler.options);
          SplittableRandom draws = new SplittableRandom(seed * 100 + p);
          if (!sampler.sample(obs, draws, g.initialState()) || sampler.stats().pairAssigned.sum() == 0) {
            continue; // the points this test is about: the pair assignment draws there (a failure is a point too)
          }
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2 || posterior.size() > MAX_STATES) {
            continue;
          }
          int n = 100 * posterior.size();
          Map<LudState, Integer> counts = new HashMap<>();
          for (int i = 0; i < n; i++) {
            LudState out = g.initialState();
            assertThat(sampler.sample(obs, draws, out)).as("seed %d p%d step %d: %s", seed, p + 1, obs.length(),
                sampler.stats()).isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          Play.replayChecked(g, sampler.sampleHistory(obs, draws), obs);
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          double critical = Posterior.critical(posterior.size() - 1);
          boolean pairs = true;
          points++;
          assigned++;
          worst = Math.max(worst, chi / critical);
          if (Boolean.getBoolean("pairs.verbose")) {
            System.out.printf("PairAssignmentTest point: seed %d p%d step %d: %d states, chi-square %.1f (critical %.1f), %s%n",
                seed, p + 1, obs.length(), posterior.size(), chi, critical, sampler.stats());
          }
          if (chi >= critical) {
            failed++;
            System.out.printf("PairAssignmentTest: seed %d p%d step %d: %d states, chi-square %.1f >= %.1f%n", seed,
                p + 1, obs.length(), posterior.size(), chi, critical);
            if (stopAtFirstFailure) {
              return new Result(points, assigned, failed, worst);
            }
          }
        }
      }
    }
    return new Result(points, assigned, failed, worst);
  }
}
