package veil.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import veil.ai.Budget;

/** How long agents think: {@code --iterations K} or {@code --time-ms T} per move, and {@code --threads N}. */
final class BudgetArgs {
  static final long DEFAULT_ITERATIONS = 1000;
  /** At most a billion iterations per move (hours at today's 100,000 iterations/s; trees stop growing at a cap). */
  static final long MAX_ITERATIONS = 1_000_000_000L;
  /** At most a day per move. */
  static final long MAX_MILLIS = 86_400_000L;
  /** At most 256 search threads (each keeps its own trees and scratch states). */
  static final int MAX_THREADS = 256;

  @Option(names = "--iterations", paramLabel = "K",
      description = "Search iterations per move, over all threads (default: " + DEFAULT_ITERATIONS
          + "). Reproducible: the same seed gives the same games.")
  Long iterations;

  @Option(names = "--time-ms", paramLabel = "T",
      description = "Thinking time per move in milliseconds, instead of --iterations (not reproducible).")
  Long millis;

  @Option(names = "--clock", paramLabel = "CLOCK",
      description = "The clock of --time-ms: wall (default) or cpu, each search thread's own CPU time, so agents"
          + " compared at equal time get equal work on a loaded machine.")
  String clock;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
      description = "Threads per search, 1.." + MAX_THREADS + " (root parallel; default: ${DEFAULT-VALUE}).")
  int threads;

  /** The budget the options describe; a usage error when they contradict each other or are out of range. */
  Budget budget(CommandLine cmd) {
    if (iterations != null && millis != null) {
      throw new ParameterException(cmd, "give either --iterations or --time-ms, not both");
    }
    if (threads < 1 || threads > MAX_THREADS) {
      throw new ParameterException(cmd, "--threads must be in 1.." + MAX_THREADS + ", got " + threads);
    }
    if (clock != null && !clock.equals("wall") && !clock.equals("cpu")) {
      throw new ParameterException(cmd, "--clock must be wall or cpu, got " + clock);
    }
    if (millis != null) {
      if (millis < 1 || millis > MAX_MILLIS) {
        throw new ParameterException(cmd, "--time-ms must be in 1.." + MAX_MILLIS + " (a day), got " + millis);
      }
      return (("cpu".equals(clock)) ? Budget.cpuMillis(millis) : Budget.millis(millis)).withThreads(threads);
    }
    if (clock != null) {
      throw new ParameterException(cmd, "--clock is the clock of --time-ms; give --time-ms too");
    }
    long k = iterations == null ? DEFAULT_ITERATIONS : iterations;
    if (k < 1 || k > MAX_ITERATIONS) {
      throw new ParameterException(cmd, "--iterations must be in 1.." + MAX_ITERATIONS + ", got " + k);
    }
    return Budget.iterations(k).withThreads(threads);
  }

  /** The budget as options to type again, e.g. {@code --iterations 1000 --threads 2}. */
  static String args(Budget b) {
    return (b.timed() ? " --time-ms " + b.millis() + (b.cpuClock() ? " --clock cpu" : "")
        : " --iterations " + b.iterations())
        + (b.threads() > 1 ? " --threads " + b.threads() : "");
  }

  /** The budget for humans, e.g. {@code 1000 iterations per move}. */
  static String text(Budget b) {
    return (b.timed() ? b.millis() + (b.cpuClock() ? " ms of CPU time" : " ms") : b.iterations() + " iterations")
        + " per move"
        + (b.threads() > 1 ? " on " + b.threads() + " threads" : "");
  }
}
