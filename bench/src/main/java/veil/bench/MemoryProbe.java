package veil.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import veil.ai.Agent;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.SearchStats;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.search.SearchWorker;
import veil.model.Determinizer;
import veil.model.State;

/**
 * What a search costs in memory, measured in this JVM: the bytes a search tree holds per node (heap retained by a
 * {@link SearchWorker} after its iterations, over its node count; arms and hash-table slack included, as they are
 * part of what a node costs), and the peak heap of a whole {@code so-ismcts} decision (polled while it runs, so
 * garbage not yet collected counts too) against the heap it keeps afterwards.
 */
final class MemoryProbe {
  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private MemoryProbe() {}

  /** The figures at {@code at} for {@code iterations} iterations, or an explanation why there are none. */
  static Map<String, Object> measure(Position at, int iterations) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("position", describe(at));
    out.put("iterations", iterations);
    treeBytes(at, iterations, out);
    decisionPeak(at, iterations, out);
    return out;
  }

  static String describe(Position at) {
    return at.game().name() + " step " + at.step() + ", " + at.game().roleName(at.role()) + " to choose among "
        + at.legal().size();
  }

  private static void treeBytes(Position at, int iterations, Map<String, Object> out) {
    Determinizer sampler = at.game().determinizer() != null
        ? at.game().determinizer()
        : new GeneralDeterminizer(at.game()).forObservation(at.observation());
    State world = at.game().initialState();
    SplittableRandom rng = new SplittableRandom(3);
    long before = usedAfterGc();
    SearchWorker worker = new SearchWorker(at.game(), at.role(), SearchWorker.Mode.SO_ISMCTS,
        Agents.DEFAULT_EXPLORATION);
    worker.setRandom(rng);
    long done = 0;
    for (long tries = 0; done < iterations && tries < 3L * iterations; tries++) {
      if (sampler.sample(at.observation(), rng, world)) {
        worker.iterate(world, at.observation().length());
        done++;
      }
    }
    long after = usedAfterGc();
    int nodes = worker.nodeCount();
    out.put("tree_iterations_run", done);
    out.put("tree_nodes", nodes);
    out.put("tree_arms", worker.searcherTree().armCount());
    out.put("tree_retained_bytes", after - before);
    out.put("bytes_per_node", nodes == 0 ? null : (double) (after - before) / nodes);
    java.lang.ref.Reference.reachabilityFence(worker);
  }

  private static void decisionPeak(Position at, int iterations, Map<String, Object> out) {
    Agent agent = (Agent) Agents.create("so-ismcts");
    agent.start(at.game(), at.role(), 7);
    long before = usedAfterGc();
    long[] peak = {MEMORY.getHeapMemoryUsage().getUsed()};
    Thread poller = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        peak[0] = Math.max(peak[0], MEMORY.getHeapMemoryUsage().getUsed());
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "heap-poller");
    poller.setDaemon(true);
    poller.start();
    agent.choose(at.observation(), at.legal(), Budget.iterations(iterations));
    poller.interrupt();
    try {
      poller.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    SearchStats stats = agent.lastStats();
    long after = usedAfterGc();
    out.put("decision_iterations_run", stats.iterations());
    out.put("decision_seconds", stats.nanos() / 1e9);
    out.put("decision_iterations_per_s", stats.iterationsPerSecond());
    out.put("heap_before_bytes", before);
    out.put("heap_peak_bytes", peak[0]);
    out.put("heap_peak_growth_bytes", peak[0] - before);
    out.put("heap_retained_bytes", after - before);
    out.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
    java.lang.ref.Reference.reachabilityFence(agent);
  }

  /** Heap in use after the collector has had a few chances to free what is unreachable. */
  static long usedAfterGc() {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
