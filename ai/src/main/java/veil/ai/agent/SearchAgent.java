package veil.ai.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.SearchStats;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.sample.HandoffDeterminizer;
import veil.model.Determinizer;
import veil.ai.Seeds;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * Root-parallel driver shared by the search agents. Thread i runs its own trees with a generator seeded from (agent
 * seed, observation length, i); an iteration budget is split evenly between threads; the root visits of the
 * threads are summed and the most-visited move is played (ties go to the earlier legal move). The same seed,
 * iteration budget and thread count therefore give the same move.
 */
public abstract class SearchAgent implements Player {
  protected final String spec;
  protected final double exploration;
  protected Game game;
  protected int role;
  protected long seed;
  private final List<Worker> workers = new ArrayList<>();
  /**
   * Thread i ≥ 1 of the search runs on lane i-1, a thread kept between decisions: samplers keep per-thread
   * analyses of the observation (see CardSampler), which a new thread per decision would redo every move. An idle
   * lane's thread ends after {@link #LANE_IDLE_SECONDS} and a later decision starts a new one.
   */
  private final List<java.util.concurrent.ThreadPoolExecutor> lanes = new ArrayList<>();

  static final long LANE_IDLE_SECONDS = 60;
  private SearchStats last = SearchStats.NONE;

  /** One thread's reusable buffers: its trees and scratch states. */
  protected static final class Worker {
    public veil.ai.search.SearchWorker search;
    public State world;
    public State root;
    public Determinizer sampler;
    Determinizer decisionSampler;
    public SplittableRandom rng;
    long iterations;
    long failures;
    /** Whether a world of this decision came from an approximate belief (see Determinizer#approximate). */
    boolean approximate;
    /** Whether this decision's deadline is on the thread's CPU clock (see {@link Budget#cpuClock()}). */
    boolean cpuClock;
  }

  private static final java.lang.management.ThreadMXBean THREAD_CLOCKS =
      java.lang.management.ManagementFactory.getThreadMXBean();

  /**
   * Now, in nanoseconds, on the clock of {@code w}'s decision: the calling thread's CPU time under a CPU-clock
   * budget, else System.nanoTime(). Deadlines passed to {@link #runThread} are on this clock.
   */
  protected static long now(Worker w) {
    return w.cpuClock ? THREAD_CLOCKS.getCurrentThreadCpuTime() : System.nanoTime();
  }

  /** The CPU clock of the calling thread, or a loud failure where the JVM cannot measure it. */
  private static long threadCpuNanos() {
    if (!THREAD_CLOCKS.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM cannot measure a thread's CPU time; use a wall-clock time budget");
    }
    if (!THREAD_CLOCKS.isThreadCpuTimeEnabled()) {
      THREAD_CLOCKS.setThreadCpuTimeEnabled(true);
    }
    long t = THREAD_CLOCKS.getCurrentThreadCpuTime();
    if (t < 0) {
      throw new IllegalStateException("this JVM did not measure the thread's CPU time; use a wall-clock time budget");
    }
    return t;
  }

  /** Whether the final move is drawn in proportion to root visits rather than the most visited one. */
  private boolean visitDraw;

  /** MAST's exploration probability for the rollouts, or negative for uniformly random rollouts. */
  private double mastEpsilon = -1;
  /** Whether the rollout policy is NST (MAST with pairs of moves). */
  private boolean ngrams;

  /**
   * Rollouts by move-average sampling ({@code rollout=mast}, see {@link veil.ai.search.Mast}) with exploration
   * {@code epsilon}, with pairs of moves when {@code ngrams} ({@code rollout=nst}); each search thread keeps its
   * own statistics, emptied at the start of every decision.
   */
  public void setMast(double epsilon, boolean ngrams) {
    this.ngrams = ngrams;
    if (!(epsilon >= 0 && epsilon <= 1)) {
      throw new IllegalArgumentException("MAST's epsilon must be in 0..1, was " + epsilon);
    }
    this.mastEpsilon = epsilon;
  }

  /** Rollout moves before a cut valued by the game's running score ({@code leaf=K}); -1: rollouts play to the end. */
  private int leafSteps = -1;

  /**
   * Cuts every rollout after {@code steps} joint moves and credits the game's running score there ({@link
   * veil.model.Game#heuristic}; {@code leaf=K} in {@link veil.ai.Agents}); negative: rollouts play to the end.
   */
  public void setLeaf(int steps) {
    this.leafSteps = steps < 0 ? -1 : steps;
  }

  /** The rollout moves before a cut ({@link #setLeaf}), or -1 when rollouts play to the end. */
  public int leaf() {
    return leafSteps;
  }

  /** Draws the final move in proportion to its root visits (see {@code final=visits} in {@link veil.ai.Agents}). */
  public void setVisitDraw(boolean on) {
    this.visitDraw = on;
  }

  protected SearchAgent(String spec, double exploration) {
    this.spec = spec;
    this.exploration = exploration;
  }

  @Override
  public String name() {
    return spec;
  }

  @Override
  public void start(Game game, int role, long seed) {
    this.game = game;
    this.role = role;
    this.seed = seed;
    if (leafSteps >= 0 && game.heuristic() == null) {
      throw new IllegalArgumentException("agent '" + spec + "': leaf=" + leafSteps + " cuts rollouts at the game's "
          + "running score, and " + game.name() + " has none (its end rule does not score: byScore, ranking, byTeam "
          + "or payoff)");
    }
    workers.clear();
    onStart();
  }

  protected void onStart() {}

  protected abstract Worker newWorker(int thread);

  /**
   * Runs one thread's share of the search and adds its root visits per legal move into {@code votes}.
   *
   * @param iterations this thread's iteration share (Long.MAX_VALUE under a time budget)
   * @param deadline {@link #now(Worker)} to stop at (Long.MAX_VALUE under an iteration budget): System.nanoTime(),
   *     or this thread's CPU time under a CPU-clock budget
   */
  protected abstract void runThread(Worker w, int thread, int threads, Observation obs, State trueState,
      MoveList legal, Budget budget, long iterations, long deadline, long[] votes);

  @Override
  public SearchStats lastStats() {
    return last;
  }

  protected final int search(Observation obs, State trueState, MoveList legal, Budget budget) {
    long start = System.nanoTime();
    if (legal.size() == 1) {
      last = new SearchStats(0, System.nanoTime() - start, 1, 0, false, false);
      return legal.get(0);
    }
    int threads = budget.threads();
    while (workers.size() < threads) {
      workers.add(workers.isEmpty() ? newWorker(0) : newWorkerOnItsLane(workers.size()));
    }
    long deadline = budget.timed() ? start + budget.millis() * 1_000_000L : Long.MAX_VALUE;
    long[][] votes = new long[threads][legal.size()];
    RuntimeException[] errors = new RuntimeException[threads];
    Runnable[] jobs = new Runnable[threads];
    for (int t = 0; t < threads; t++) {
      final int thread = t;
      Worker w = workers.get(t);
      w.iterations = 0;
      w.failures = 0;
      w.approximate = false;
      w.decisionSampler = null;
      w.cpuClock = budget.timed() && budget.cpuClock();
      long rngSeed = Seeds.derive(seed, obs.length(), t);
      long share = budget.timed()
          ? Long.MAX_VALUE
          : budget.iterations() / threads + (t < budget.iterations() % threads ? 1 : 0);
      jobs[t] = () -> {
        try {
          // Made by the thread that uses it, like the worker: objects two threads write must not share a cache line.
          w.rng = new SplittableRandom(rngSeed);
          // A CPU-clock deadline is this thread's own: each search thread gets the budget's CPU time.
          long due = w.cpuClock ? threadCpuNanos() + budget.millis() * 1_000_000L : deadline;
          if (mastEpsilon >= 0 && w.search.mast() == null) {
            w.search.setMast(mastEpsilon, ngrams); // made by the thread that uses it
          }
          if (leafSteps >= 0 && w.search.leaf() < 0) {
            w.search.setLeaf(leafSteps); // its scratch state made by the thread that uses it
          }
          w.search.startDecision();
          runThread(w, thread, threads, obs, trueState, legal, budget, share, due, votes[thread]);
        } catch (RuntimeException e) {
          errors[thread] = e;
        }
      };
    }
    java.util.concurrent.Future<?>[] helpers = new java.util.concurrent.Future<?>[threads];
    for (int t = 1; t < threads; t++) {
      helpers[t] = lane(t - 1).submit(jobs[t]);
    }
    jobs[0].run(); // the calling thread does share 0
    for (int t = 1; t < threads; t++) {
      try {
        helpers[t].get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while searching", e);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException("search thread failed", e.getCause()); // jobs catch their own errors
      }
    }
    for (RuntimeException e : errors) {
      if (e != null) {
        throw e;
      }
    }
    long[] total = new long[legal.size()];
    long iterations = 0;
    long failures = 0;
    boolean approximate = false;
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < total.length; i++) {
        total[i] += votes[t][i];
      }
      iterations += workers.get(t).iterations;
      failures += workers.get(t).failures;
      approximate |= workers.get(t).approximate;
    }
    int best = -1;
    for (int i = 0; i < total.length; i++) {
      if (total[i] > 0 && (best < 0 || total[i] > total[best])) {
        best = i;
      }
    }
    if (visitDraw && best >= 0) {
      // a mixed strategy: move i with probability total[i] / sum, from a generator that depends only on the agent's
      // seed and the observation's length, so two states of one information set still give one move
      long sum = 0;
      for (long v : total) {
        sum += v;
      }
      long pick = new SplittableRandom(Seeds.derive(seed, obs.length(), -2)).nextLong(sum);
      for (int i = 0; i < total.length; i++) {
        pick -= total[i];
        if (pick < 0) {
          best = i;
          break;
        }
      }
    }
    boolean fallback = best < 0;
    if (fallback) {
      // Not one iteration could run (the sampler found no consistent state): play uniformly, and say so.
      best = new SplittableRandom(Seeds.derive(seed, obs.length(), -1)).nextInt(legal.size());
    }
    last = new SearchStats(iterations, System.nanoTime() - start, threads, failures, fallback, approximate);
    return legal.get(best);
  }

  /**
   * A worker for search thread t ≥ 1, allocated by that thread's lane: its states, buffers and trees then lie in
   * that thread's allocation buffer, not next to thread 0's, where writes by both would share cache lines.
   */
  private Worker newWorkerOnItsLane(int t) {
    try {
      return lane(t - 1).submit(() -> newWorker(t)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting a search thread", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("could not start a search thread", e.getCause());
    }
  }

  private java.util.concurrent.ThreadPoolExecutor lane(int i) {
    while (lanes.size() <= i) {
      String name = spec + "-search-" + (lanes.size() + 1);
      java.util.concurrent.ThreadPoolExecutor lane = new java.util.concurrent.ThreadPoolExecutor(1, 1,
          LANE_IDLE_SECONDS, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(),
          job -> {
            Thread th = new Thread(job, name);
            th.setDaemon(true);
            return th;
          });
      lane.allowCoreThreadTimeOut(true);
      lanes.add(lane);
    }
    return lanes.get(i);
  }

  /** Adds the worker's root visits of each legal move to {@code votes}. */
  protected static void addRootVisits(Worker w, MoveList legal, long[] votes) {
    for (int i = 0; i < votes.length; i++) {
      votes[i] += w.search.rootVisits(legal.get(i));
    }
  }

  /**
   * Draws a determinization into {@code out}; counts a failure when the sampler gives up. The general sampler
   * can be slow to give up, so a search stops sampling after a few failures without any success.
   */
  protected static boolean sample(Worker w, Observation obs, State out) {
    if (w.failures >= 3 && w.failures > 2 * w.iterations) {
      return false;
    }
    if (w.decisionSampler == null) {
      w.decisionSampler = w.sampler instanceof GeneralDeterminizer g ? g.forObservation(obs) : w.sampler;
      w.approximate |= w.sampler.approximate(obs);
    }
    if (w.decisionSampler.sample(obs, w.rng, out)) {
      if (!w.approximate && w.sampler instanceof HandoffDeterminizer h && h.handedOff(obs)) {
        // the game's own sampler handed this decision to the general one, whose belief may be the particle bag
        w.approximate = h.approximate(obs);
      }
      return true;
    }
    w.failures++;
    return false;
  }

  /** Notes that a world of this decision was drawn from {@code sampler}'s belief about {@code obs}. */
  protected static void noteBelief(Worker w, Determinizer sampler, Observation obs) {
    w.approximate |= sampler.approximate(obs);
  }

  /** Notes that a world of this decision came from an approximate belief (an opponent's, in HP_ISMCTS). */
  protected static void noteApproximate(Worker w) {
    w.approximate = true;
  }

  /** Counts a sampler failure of an iteration that drew its world some other way than {@link #sample}. */
  protected static void countFailure(Worker w) {
    w.failures++;
  }

  /** True once sampling has failed so often that the search should stop. */
  protected static boolean samplerExhausted(Worker w) {
    return w.failures >= 3 && w.failures > 2 * w.iterations;
  }
}
