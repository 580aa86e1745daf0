package veil.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import veil.ai.Agent;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.SearchStats;
import veil.bench.Position;

/**
 * ISMCTS iterations per second: one operation is one decision of {@code so-ismcts} with a budget of {@link
 * #ITERATIONS} iterations (split between {@code threads} root-parallel threads) at a fixed position; the {@code
 * iterations} counter counts the iterations the searches really ran (fewer when the sampler gives up), so its rate
 * is the figure to read. Every decision starts from an empty tree, as a real decision does.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class IsmctsBenchmarks {
  public static final int ITERATIONS = 2000;

  @State(Scope.Thread)
  public static class Search {
    @Param({"hearts/trick1", "hearts/trick10"})
    public String position;

    @Param({"1", "2"})
    public int threads;

    @Param({"so-ismcts"})
    public String agent;

    Position at;
    Agent searcher;
    Budget budget;

    @Setup(Level.Trial)
    public void start() {
      at = Position.of(position, 1);
      searcher = (Agent) Agents.create(agent);
      searcher.start(at.game(), at.role(), 7);
      budget = Budget.iterations(ITERATIONS).withThreads(threads);
    }
  }

  /**
   * Iterations run, decisions that found no consistent state at all, and the process's CPU time in nanoseconds,
   * all reported per second: CPU nanoseconds per second over 10⁹ is the number of cores the process really had,
   * which says whether a second search thread found a free core on a busy machine.
   */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Counted {
    public long iterations;
    public long fallbacks;
    public long cpuNanos;

    @Setup(Level.Iteration)
    public void reset() {
      iterations = 0;
      fallbacks = 0;
      cpuNanos = 0;
    }
  }

  private static final java.lang.management.OperatingSystemMXBean OS =
      java.lang.management.ManagementFactory.getOperatingSystemMXBean();

  /** CPU time of the whole process (every thread), or 0 where the JVM does not tell. */
  static long processCpuNanos() {
    return OS instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : 0;
  }

  @Benchmark
  public int decide(Search s, Counted counted) {
    long cpu = processCpuNanos();
    int move = s.searcher.choose(s.at.observation(), s.at.legal(), s.budget);
    counted.cpuNanos += processCpuNanos() - cpu;
    SearchStats stats = s.searcher.lastStats();
    counted.iterations += stats.iterations();
    if (stats.fallback()) {
      counted.fallbacks++;
    }
    return move;
  }
}
