package veil.ai;

/**
 * What the last decision of an agent cost: iterations (summed over threads), wall time, threads used, and how
 * often the information-set sampler gave up. {@code fallback} is true when the search could not run a single
 * iteration (every sample failed) and the agent played a uniformly random legal move instead.
 */
public record SearchStats(long iterations, long nanos, int threads, long samplerFailures, boolean fallback) {
  public static final SearchStats NONE = new SearchStats(0, 0, 1, 0, false);

  public double iterationsPerSecond() {
    return nanos == 0 ? 0 : iterations * 1e9 / nanos;
  }

  public double millis() {
    return nanos / 1e6;
  }
}
