package veil.bench;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs one JMH benchmark method with given parameters, silently, and turns its result into a {@link
 * Measurement}: the mean and standard deviation over the measured iterations of either the primary score or a
 * named secondary one (an {@code @AuxCounters} counter).
 */
final class JmhRunner {
  /** How long JMH measures: forks, warm-up and measured iterations, and their length. */
  record Plan(int forks, int warmups, long warmupMillis, int iterations, long iterationMillis) {
    static final Plan NORMAL = new Plan(1, 3, 600, 4, 600);
    static final Plan QUICK = new Plan(1, 2, 400, 3, 300);

    /** In the JVM that runs the tests: no fork, a token of time. */
    static final Plan SMOKE = new Plan(0, 0, 10, 1, 50);

    /**
     * For a search: one more warm-up iteration and every iteration twice as long, since a decision takes tens of
     * milliseconds and the JIT needs a few dozen of them.
     */
    Plan forSearch() {
      return forks == 0 ? this : new Plan(forks, warmups + 1, 2 * warmupMillis, iterations, 2 * iterationMillis);
    }

    String describe() {
      return (forks == 0 ? "no fork" : forks + " fork" + (forks > 1 ? "s" : "")) + ", " + warmups + "×" + warmupMillis
          + " ms warm-up, " + iterations + "×" + iterationMillis + " ms measured";
    }
  }

  private final Plan plan;

  JmhRunner(Plan plan) {
    this.plan = plan;
  }

  Plan plan() {
    return plan;
  }

  /**
   * Runs {@code benchmark} (e.g. {@code PlayoutBenchmarks.ludeme}) with {@code params}.
   *
   * @param counter the secondary result to report (an aux counter such as {@code iterations}), or null for the
   *     primary score
   * @param allocation also measure allocation per operation (JMH's GC profiler)
   */
  Measurement run(String key, String label, String unit, String benchmark, Map<String, String> params,
      String counter, boolean allocation) {
    return run(plan, key, label, unit, benchmark, params, counter, allocation);
  }

  /** As {@link #run(String, String, String, String, Map, String, boolean)}, measured as {@code plan} says. */
  Measurement run(Plan plan, String key, String label, String unit, String benchmark, Map<String, String> params,
      String counter, boolean allocation) {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include("^veil\\.bench\\.jmh\\." + benchmark.replace(".", "\\.") + "$")
        .forks(plan.forks)
        .warmupIterations(plan.warmups)
        .warmupTime(TimeValue.milliseconds(plan.warmupMillis))
        .measurementIterations(plan.iterations)
        .measurementTime(TimeValue.milliseconds(plan.iterationMillis))
        .timeUnit(TimeUnit.SECONDS)
        .jvmArgsAppend("-Xss8m")
        .shouldFailOnError(true)
        .verbosity(VerboseMode.SILENT);
    params.forEach(options::param);
    if (allocation) {
      options.addProfiler(GCProfiler.class);
    }
    if (plan.forks == 0) {
      // A smoke run (the tests, in their own JVM) measures nothing, so it need not wait for JMH's machine-wide lock
      // (/tmp/jmh.lock): without this, a test fails while anyone on the machine runs `veil bench`. JMH reads the
      // property once, when its Runner class is first used; in a test JVM every run is a smoke run.
      System.setProperty("jmh.ignoreLock", "true");
    }
    Collection<RunResult> results;
    try {
      results = new Runner(options.build()).run();
    } catch (RunnerException e) {
      return Measurement.skipped(key, label, unit, "failed: " + rootMessage(e));
    }
    if (results.size() != 1) {
      return Measurement.skipped(key, label, unit, "failed: JMH gave " + results.size() + " results");
    }
    RunResult result = results.iterator().next();
    Result<?> score = counter == null ? result.getPrimaryResult() : result.getSecondaryResults().get(counter);
    if (score == null) {
      return Measurement.skipped(key, label, unit, "failed: no " + counter + " in the results");
    }
    Map<String, Double> extra = new LinkedHashMap<>();
    if (counter != null) {
      extra.put("calls_per_s", result.getPrimaryResult().getScore());
    }
    result.getSecondaryResults().forEach((name, r) -> {
      if (name.endsWith("gc.alloc.rate.norm")) {
        extra.put("alloc_bytes_per_op", r.getScore());
      } else if (name.equals("cpuNanos") && r.getScore() > 0) {
        extra.put("cores_used", r.getScore() / 1e9);
      }
    });
    var stats = score.getStatistics();
    double sd = stats.getN() > 1 ? stats.getStandardDeviation() : 0;
    return new Measurement(key, label, stats.getMean(), sd, stats.getN(), unit, extra, null);
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return m == null ? t.toString() : m.lines().findFirst().orElse(m);
  }
}
