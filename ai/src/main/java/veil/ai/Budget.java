package veil.ai;

/**
 * How much a search agent may think per decision: a number of iterations (reproducible: same seed, same
 * iterations, same thread count give the same move) or a number of milliseconds (not reproducible), and the number
 * of threads for root-parallel search. An iteration budget is the total over all threads.
 */
public record Budget(long iterations, long millis, int threads) {
  public Budget {
    if ((iterations > 0) == (millis > 0)) {
      throw new IllegalArgumentException("a budget is either iterations or milliseconds per move, not both/neither");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, was " + threads);
    }
  }

  public static Budget iterations(long n) {
    return new Budget(n, 0, 1);
  }

  public static Budget millis(long ms) {
    return new Budget(0, ms, 1);
  }

  public Budget withThreads(int t) {
    return new Budget(iterations, millis, t);
  }

  /** True for a time budget. */
  public boolean timed() {
    return iterations <= 0;
  }

  @Override
  public String toString() {
    return (timed() ? millis + " ms" : iterations + " iterations") + (threads > 1 ? " x" + threads + " threads" : "");
  }
}
