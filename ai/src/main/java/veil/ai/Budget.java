package veil.ai;

/**
 * How much a search agent may think per decision: a number of iterations (reproducible: same seed, same
 * iterations, same thread count give the same move) or a number of milliseconds (not reproducible), and the number
 * of threads for root-parallel search. An iteration budget is the total over all threads.
 *
 * <p>A time budget is measured on one of two clocks: the wall clock (the default; what a match clock means) or,
 * with {@code cpuClock}, each search thread's own CPU time ({@link java.lang.management.ThreadMXBean}). On a loaded
 * machine the wall clock gives an agent whatever share of a core the scheduler happens to grant it, so agents
 * compared at "equal time" do not get equal work; the CPU clock gives each search thread the same CPU time per
 * move whatever the load.
 */
public record Budget(long iterations, long millis, int threads, boolean cpuClock) {
  public Budget {
    if ((iterations > 0) == (millis > 0)) {
      throw new IllegalArgumentException("a budget is either iterations or milliseconds per move, not both/neither");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, was " + threads);
    }
    if (cpuClock && millis <= 0) {
      throw new IllegalArgumentException("the CPU clock is for a time budget");
    }
  }

  /** A budget on the wall clock (for a time budget). */
  public Budget(long iterations, long millis, int threads) {
    this(iterations, millis, threads, false);
  }

  public static Budget iterations(long n) {
    return new Budget(n, 0, 1);
  }

  public static Budget millis(long ms) {
    return new Budget(0, ms, 1);
  }

  /** {@code ms} of each search thread's CPU time per move. */
  public static Budget cpuMillis(long ms) {
    return new Budget(0, ms, 1, true);
  }

  public Budget withThreads(int t) {
    return new Budget(iterations, millis, t, cpuClock);
  }

  /** True for a time budget. */
  public boolean timed() {
    return iterations <= 0;
  }

  @Override
  public String toString() {
    return (timed() ? millis + " ms" + (cpuClock ? " of CPU" : "") : iterations + " iterations")
        + (threads > 1 ? " x" + threads + " threads" : "");
  }
}
