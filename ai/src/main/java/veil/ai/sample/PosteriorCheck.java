package veil.ai.sample;

import java.util.SplittableRandom;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.Observation;
import veil.model.State;

/**
 * Compares any sampler (a game's own determinizer, or the general one) with the exact posterior over an
 * information set small enough to enumerate: draws {@code samples} states and runs a chi-square goodness-of-fit
 * test. A drawn state outside the information set is counted in {@link Result#outside} (it should be 0).
 */
public final class PosteriorCheck {
  private PosteriorCheck() {}

  public record Result(int informationSetSize, long samples, long outside, long failures, ChiSquare.Result test) {
    /** True when every sample was in the information set and the test does not reject at level {@code alpha}. */
    public boolean passes(double alpha) {
      return outside == 0 && failures == 0 && test.pValue() >= alpha;
    }
  }

  public static Result check(Game game, Observation obs, Determinizer sampler, int samples, long seed) {
    Belief exact = Belief.build(game, obs, Belief.Limits.EXACT);
    if (!exact.isExact()) {
      throw new IllegalArgumentException(exact.isImpossible()
          ? "the observation is impossible"
          : "the information set is too large to enumerate");
    }
    int n = exact.size();
    long[] counts = new long[n];
    double[] probs = new double[n];
    for (int i = 0; i < n; i++) {
      probs[i] = exact.probability(i);
    }
    SplittableRandom rng = new SplittableRandom(seed);
    State out = game.initialState();
    long outside = 0;
    long failures = 0;
    for (int k = 0; k < samples; k++) {
      if (!sampler.sample(obs, rng, out)) {
        failures++;
        continue;
      }
      int i = exact.indexOf(out);
      if (i < 0) {
        outside++;
      } else {
        counts[i]++;
      }
    }
    return new Result(n, samples, outside, failures, ChiSquare.test(counts, probs));
  }
}
