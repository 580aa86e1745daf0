package veil.ai.agent;

import java.util.SplittableRandom;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * Inference from the opponents' moves: a pool of worlds drawn from the searcher's information set (under the
 * samplers' uniform opponent model), each weighted by how likely the opponents' moves of its history are under an
 * opponent model, relative to the uniform one. The model is a cheap search: at each step where an opponent had two
 * or more legal moves, each of its moves is valued by {@code playouts} random playouts in the sampled world (from
 * that step, the others' moves of the history kept where legal), and the opponent plays a move with probability
 * proportional to exp(value / temperature). A world's weight is the product over those steps of (that probability
 * of the move the history has) × (number of legal moves): 1 for every world under a uniform opponent. The search
 * then draws its worlds from the pool in proportion to the weights (self-normalised importance sampling, as
 * policy-based inference does in Skat).
 *
 * <p>Its values are clairvoyant within the sampled world (the modelled opponent is scored as if it saw that world),
 * which is the cheap approximation: a model that knew only the opponent's information set would need a search per
 * step per world.
 */
final class Inference {
  private final Game game;
  private final int searcher;
  private final int worlds;
  private final int playouts;
  private final double temperature;
  private final State[] pool;
  private final double[] cumulative;
  private final double[] logWeight;
  private int size;
  private final State replay;
  private final State probe;
  private final MoveList legal = new MoveList();
  private final MoveList scratch = new MoveList();
  private final int[] joint;
  private final int[] probeJoint;
  private final double[] scores;
  private double[] values = new double[16];
  private double effective;

  Inference(Game game, int searcher, int worlds, int playouts, double temperature) {
    this.game = game;
    this.searcher = searcher;
    this.worlds = worlds;
    this.playouts = playouts;
    this.temperature = temperature;
    pool = new State[worlds];
    for (int i = 0; i < worlds; i++) {
      pool[i] = game.initialState();
    }
    cumulative = new double[worlds];
    logWeight = new double[worlds];
    replay = game.initialState();
    probe = game.initialState();
    joint = new int[game.roleCount()];
    probeJoint = new int[game.roleCount()];
    scores = new double[game.roleCount()];
  }

  /** Fills the pool for {@code obs}; returns the number of sampler failures (histories not found). */
  int build(Observation obs, Determinizer sampler, SplittableRandom rng) {
    return build(obs, sampler, rng, Long.MAX_VALUE, false);
  }

  /**
   * As {@link #build(Observation, Determinizer, SplittableRandom)}, stopping early (with fewer worlds, at least one
   * when the sampler finds one) once the clock passes {@code deadline}: a time budget is not overrun. The clock is
   * System.nanoTime(), or with {@code cpuClock} the calling thread's CPU time.
   */
  int build(Observation obs, Determinizer sampler, SplittableRandom rng, long deadline, boolean cpuClock) {
    size = 0;
    int failures = 0;
    for (int k = 0; k < worlds && (size == 0 || now(cpuClock) < deadline); k++) {
      int[][] history = sampler.sampleHistory(obs, rng);
      if (history == null) {
        failures++;
        continue;
      }
      State s = replay;
      s.copyFrom(game.initialState());
      double lw = 0;
      for (int t = 0; t < history.length; t++) {
        for (int r = 0; r < joint.length; r++) {
          if (r == searcher || r == game.randomRole()) {
            continue;
          }
          game.legalMoves(s, r, legal);
          if (legal.size() >= 2) {
            lw += logLikelihoodRatio(s, history[t], r, t, rng);
          }
        }
        game.apply(s, history[t], null);
      }
      pool[size].copyFrom(s);
      logWeight[size] = lw;
      size++;
    }
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < size; i++) {
      max = Math.max(max, logWeight[i]);
    }
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < size; i++) {
      double w = Math.exp(logWeight[i] - max);
      sum += w;
      sumSq += w * w;
      cumulative[i] = sum;
    }
    effective = size == 0 ? 0 : sum * sum / sumSq;
    return failures;
  }

  private static final java.lang.management.ThreadMXBean CLOCKS =
      java.lang.management.ManagementFactory.getThreadMXBean();

  private static long now(boolean cpuClock) {
    return cpuClock ? CLOCKS.getCurrentThreadCpuTime() : System.nanoTime();
  }

  /** log(π(move of r in joint) · n) at state s under the softmax-of-playouts model; legal holds r's moves. */
  private double logLikelihoodRatio(State s, int[] histJoint, int r, int step, SplittableRandom rng) {
    int n = legal.size();
    if (values.length < n) {
      values = new double[n * 2];
    }
    int played = -1;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      int m = legal.get(i);
      if (m == histJoint[r]) {
        played = i;
      }
      double v = 0;
      for (int p = 0; p < playouts; p++) {
        probe.copyFrom(s);
        for (int q = 0; q < probeJoint.length; q++) {
          if (q == r) {
            probeJoint[q] = m;
          } else {
            game.legalMoves(probe, q, scratch);
            probeJoint[q] = scratch.contains(histJoint[q]) ? histJoint[q] : scratch.get(rng.nextInt(scratch.size()));
          }
        }
        game.apply(probe, probeJoint, null);
        if (!game.isTerminal(probe)) {
          game.playout(probe, rng, game.stepBound() - step - 1, probeJoint, scratch);
        }
        game.scores(probe, scores);
        v += scores[r];
      }
      values[i] = v / playouts / temperature;
      max = Math.max(max, values[i]);
    }
    if (played < 0) {
      throw new IllegalStateException("a sampled history has a move its state does not allow");
    }
    double z = 0;
    for (int i = 0; i < n; i++) {
      z += Math.exp(values[i] - max);
    }
    return values[played] - max - Math.log(z) + Math.log(n);
  }

  int size() {
    return size;
  }

  /** Effective sample size of the last pool's weights (size when all equal, 1 when one dominates). */
  double effectiveSize() {
    return effective;
  }

  /** The pool's weighted probability of the worlds that satisfy {@code test}. */
  double probability(java.util.function.Predicate<State> test) {
    double in = 0;
    for (int i = 0; i < size; i++) {
      if (test.test(pool[i])) {
        in += cumulative[i] - (i == 0 ? 0 : cumulative[i - 1]);
      }
    }
    return size == 0 ? 0 : in / cumulative[size - 1];
  }

  /** Copies a world drawn in proportion to its weight into {@code out}. */
  void pick(SplittableRandom rng, State out) {
    double u = rng.nextDouble() * cumulative[size - 1];
    int lo = 0;
    int hi = size - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    out.copyFrom(pool[lo]);
  }
}
