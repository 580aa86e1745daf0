package veil.ai;

/**
 * What the last decision of an agent cost: iterations (summed over threads), wall time, threads used, and how
 * often the information-set sampler gave up. {@code fallback} is true when the search could not run a single
 * iteration (every sample failed) and the agent played a uniformly random legal move instead. {@code approximate}
 * is true when some of the decision's worlds were drawn from an approximation of the posterior (the general
 * sampler's particle bag, see {@link veil.model.Determinizer#approximate}) rather than the exact posterior.
 */
public record SearchStats(long iterations, long nanos, int threads, long samplerFailures, boolean fallback,
    boolean approximate) {
  public static final SearchStats NONE = new SearchStats(0, 0, 1, 0, false, false);

  public double iterationsPerSecond() {
    return nanos == 0 ? 0 : iterations * 1e9 / nanos;
  }

  public double millis() {
    return nanos / 1e6;
  }
}
