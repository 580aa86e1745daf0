package veil.ai.sample;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/**
 * The exact posterior over an observer's information set, computed by forward filtering, and an exact sampler of
 * whole histories from it (forward filtering, backward sampling).
 *
 * <p><b>The model.</b> The observer's moves are the ones it observed. Every other role moves uniformly at random
 * among its legal moves: for {@code random} that is the GDL-II definition; for the other players it is a
 * <em>uniform opponent model</em> (we know nothing of their policy, so every legal move is equally likely). A
 * history's probability is the product of these move probabilities, and the posterior given the observation is
 * that probability restricted to the histories that reproduce the observation (each own move legal and played,
 * each step's percepts equal, no terminal state before the end), renormalised. Under this model Monty Hall gives
 * the switching door 2/3 whether the host is {@code random} or a player choosing uniformly.
 *
 * <p><b>Layers.</b> Layer t holds the distinct states (by {@link State#sameAs}) reachable in t steps consistently
 * with the first t observed steps, with their posterior probability given those steps, and the transitions
 * (predecessor, joint move, weight) that reach them. A layer is built by trying every joint move of the other
 * roles from every state of the previous one. When a layer would exceed {@link Limits#maxLayerStates} states or
 * {@link Limits#maxLayerExpansions} tried joint moves, filtering stops there (the <em>frontier</em>); the remaining
 * steps are sampled by rejection: draw a frontier state from its exact posterior, simulate the remaining steps
 * with the model's move probabilities, and start again from a fresh frontier draw whenever a step contradicts the
 * observation. Because the frontier draw is exact given the steps before it, this rejection is exact too; it only
 * gets slow (and gives up after {@link Limits#maxRejectionSteps} simulated steps) when the observation after the
 * frontier is improbable.
 *
 * <p>A Belief is immutable once built and may be sampled from several threads, each with its own {@link Scratch}.
 */
public final class Belief {
  /**
   * Effort bounds: filtering stops before a layer would exceed {@code maxLayerStates} states or {@code
   * maxLayerExpansions} tried joint moves, and after {@code maxExactSteps} steps; rejection gives up after {@code
   * maxRejectionSteps} simulated steps per sample. {@code maxExactSteps = 0} means pure rejection from the initial
   * state (still exact, slower).
   *
   * <p>{@code particles > 0} replaces the per-sample rejection after the frontier by a bag of that many particles
   * (see {@link Bag}), extended step by step and kept from one observation to the next: much faster, but an
   * approximation of the posterior whose error shrinks as 1/particles ({@link #isApproximate}). The four-argument
   * constructor keeps the exact rejection ({@code particles = 0}).
   */
  public record Limits(int maxLayerStates, long maxLayerExpansions, long maxRejectionSteps, int maxExactSteps,
      int particles) {
    /** The bag size agents use by default. */
    public static final int DEFAULT_PARTICLES = 2_000;

    /**
     * What agents use: exact filtering while layers stay small (a larger layer costs more than the search it
     * serves: on Krieg-Tic-Tac-Toe 5x5 a 20,000-state layer takes seconds), then a bag of {@link
     * #DEFAULT_PARTICLES}.
     */
    public static final Limits DEFAULT = new Limits(2_000, 20_000, 200_000, Integer.MAX_VALUE, DEFAULT_PARTICLES);

    /** Exact limits for checks against enumeration: larger layers, then per-sample rejection (no bag). */
    public static final Limits EXACT = new Limits(20_000, 200_000, 200_000, Integer.MAX_VALUE);

    /** Exact limits: filtering, then per-sample rejection (no bag). */
    public Limits(int maxLayerStates, long maxLayerExpansions, long maxRejectionSteps, int maxExactSteps) {
      this(maxLayerStates, maxLayerExpansions, maxRejectionSteps, maxExactSteps, 0);
    }

    public Limits {
      if (particles < 0) {
        throw new IllegalArgumentException("particles must be >= 0, was " + particles);
      }
    }

    public static Limits rejectionOnly(long maxRejectionSteps) {
      return new Limits(0, 0, maxRejectionSteps, 0);
    }

    /** These limits, filtering at most {@code steps} steps. */
    public Limits exactSteps(int steps) {
      return new Limits(maxLayerStates, maxLayerExpansions, maxRejectionSteps, steps, particles);
    }

    /** These limits with a bag of {@code k} particles after the frontier (0: exact rejection). */
    public Limits withParticles(int k) {
      return new Limits(maxLayerStates, maxLayerExpansions, maxRejectionSteps, maxExactSteps, k);
    }
  }

  /** Per-thread buffers for sampling. */
  public static final class Scratch {
    final State state;
    final MoveList[] legal;
    final int[] joint;
    final Percepts percepts;
    int[][] suffix = new int[0][];

    public Scratch(Game game) {
      state = game.initialState();
      legal = new MoveList[game.roleCount()];
      for (int r = 0; r < legal.length; r++) {
        legal[r] = new MoveList();
      }
      joint = new int[game.roleCount()];
      percepts = new Percepts(game.roleCount());
    }
  }

  static final class Layer {
    final State[] states;
    final double[] prob; // posterior probabilities, summing to 1
    final double[] cumulative; // running sums of prob
    // Transitions into this layer (empty for layer 0), grouped by target: inStart[k]..inStart[k+1]-1.
    final int[] from;
    final double[] weight;
    final int[] joints; // roleCount entries per transition
    final int[] inStart;

    Layer(State[] states, double[] prob, int[] from, double[] weight, int[] joints, int[] inStart) {
      this.states = states;
      double total = 0;
      for (double p : prob) {
        total += p;
      }
      this.prob = new double[prob.length];
      this.cumulative = new double[prob.length];
      double sum = 0;
      for (int i = 0; i < prob.length; i++) {
        this.prob[i] = prob[i] / total;
        sum += this.prob[i];
        cumulative[i] = sum;
      }
      this.from = from;
      this.weight = weight;
      this.joints = joints;
      this.inStart = inStart;
    }

    int size() {
      return states.length;
    }

    double probability(int i) {
      return prob[i];
    }

    int pick(SplittableRandom rng) {
      double u = rng.nextDouble() * cumulative[cumulative.length - 1];
      int lo = 0;
      int hi = cumulative.length - 1;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (cumulative[mid] > u) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      return lo;
    }
  }

  private final Game game;
  private final Observation obs;
  private final Limits limits;
  private final List<Layer> layers;
  private final boolean capped;
  private final boolean impossible;
  private final Bag bag; // non-null when capped and limits.particles() > 0

  private Belief(Game game, Observation obs, Limits limits, List<Layer> layers, boolean capped, Bag previous) {
    this.game = game;
    this.obs = obs;
    this.limits = limits;
    this.layers = layers;
    this.capped = capped;
    this.impossible = layers.get(layers.size() - 1).size() == 0;
    if (capped && !impossible && limits.particles() > 0) {
      this.bag = previous != null && previous.frontier == exactSteps() && previous.steps <= obs.length()
          ? previous.extendTo(this)
          : Bag.build(this);
    } else {
      this.bag = null;
    }
  }

  /** Filters {@code obs} from the initial state, as far as the limits allow. */
  public static Belief build(Game game, Observation obs, Limits limits) {
    State init = game.initialState();
    Layer first = new Layer(new State[] {init}, new double[] {1}, new int[0], new double[0], new int[0], new int[] {0, 0});
    List<Layer> layers = new ArrayList<>();
    layers.add(first);
    return grow(game, obs.copy(), limits, layers);
  }

  private static Belief grow(Game game, Observation obs, Limits limits, List<Layer> layers) {
    boolean capped = false;
    while (layers.size() - 1 < obs.length()) {
      Layer last = layers.get(layers.size() - 1);
      if (last.size() == 0) {
        break;
      }
      Layer next = layers.size() - 1 >= limits.maxExactSteps() ? null : advance(game, obs, layers.size() - 1, last, limits);
      if (next == null) {
        capped = true;
        break;
      }
      layers.add(next);
    }
    return new Belief(game, obs, limits, layers, capped, null);
  }

  /**
   * A belief for {@code newer}, reusing this one's layers for the leading steps the two observations share (the
   * usual case: the same role, a few steps later).
   */
  public Belief reuseFor(Observation newer) {
    if (newer.role() != obs.role()) {
      return build(game, newer, limits);
    }
    int agree = 0;
    int max = Math.min(newer.length(), obs.length());
    while (agree < max
        && newer.move(agree) == obs.move(agree)
        && Arrays.equals(newer.percepts(agree), obs.percepts(agree))) {
      agree++;
    }
    int exact = exactSteps();
    int keep = Math.min(agree, exact);
    List<Layer> reused = new ArrayList<>(layers.subList(0, keep + 1));
    if (capped && agree > exact) {
      // The step that overflowed the limits is the same in both observations: it would overflow again.
      // A bag built for an observation that newer extends is extended by the new steps only.
      return new Belief(game, newer.copy(), limits, reused, true, agree == obs.length() ? bag : null);
    }
    return grow(game, newer.copy(), limits, reused);
  }

  private static Layer advance(Game game, Observation obs, int step, Layer cur, Limits limits) {
    int roles = game.roleCount();
    int observer = obs.role();
    int ownMove = obs.move(step);
    int[] seen = obs.percepts(step);
    MoveList[] legal = new MoveList[roles];
    for (int r = 0; r < roles; r++) {
      legal[r] = new MoveList();
    }
    int[] joint = new int[roles];
    int[] idx = new int[roles];
    Percepts percepts = new Percepts(roles);
    State scratch = game.initialState();
    StateIndex next = new StateIndex();
    double[] prob = new double[16];
    IntBuf from = new IntBuf();
    IntBuf to = new IntBuf();
    IntBuf joints = new IntBuf();
    DoubleBuf weight = new DoubleBuf();
    long expansions = 0;
    for (int i = 0; i < cur.size(); i++) {
      State s = cur.states[i];
      double p = cur.probability(i);
      if (p == 0 || game.isTerminal(s)) {
        continue;
      }
      game.legalMoves(s, observer, legal[observer]);
      if (!legal[observer].contains(ownMove)) {
        continue;
      }
      for (int r = 0; r < roles; r++) {
        if (r != observer) {
          game.legalMoves(s, r, legal[r]);
          if (legal[r].isEmpty()) {
            throw new IllegalStateException("rule failure: role " + game.roleName(r)
                + " has no legal move in a non-terminal state of " + game.name());
          }
          p /= legal[r].size();
        }
        idx[r] = 0;
      }
      joint[observer] = ownMove;
      // Odometer over the other roles' legal moves.
      while (true) {
        for (int r = 0; r < roles; r++) {
          if (r != observer) {
            joint[r] = legal[r].get(idx[r]);
          }
        }
        if (++expansions > limits.maxLayerExpansions()) {
          return null;
        }
        scratch.copyFrom(s);
        game.apply(scratch, joint, percepts);
        if (percepts.sameAs(observer, seen)) {
          int k = next.intern(scratch);
          if (next.size() > limits.maxLayerStates()) {
            return null;
          }
          if (k == prob.length) {
            prob = Arrays.copyOf(prob, k * 2);
          }
          prob[k] += p;
          from.add(i);
          to.add(k);
          weight.add(p);
          for (int r = 0; r < roles; r++) {
            joints.add(joint[r]);
          }
        }
        int r = 0;
        for (; r < roles; r++) {
          if (r == observer) {
            continue;
          }
          if (++idx[r] < legal[r].size()) {
            break;
          }
          idx[r] = 0;
        }
        if (r == roles) {
          break;
        }
      }
    }
    int n = next.size();
    // Group transitions by target (counting sort) so that backward sampling scans only a state's predecessors.
    int[] inStart = new int[n + 1];
    for (int t = 0; t < to.size; t++) {
      inStart[to.a[t] + 1]++;
    }
    for (int k = 0; k < n; k++) {
      inStart[k + 1] += inStart[k];
    }
    int[] fill = Arrays.copyOf(inStart, n);
    int m = to.size;
    int[] gFrom = new int[m];
    double[] gWeight = new double[m];
    int[] gJoints = new int[m * roles];
    for (int t = 0; t < m; t++) {
      int at = fill[to.a[t]]++;
      gFrom[at] = from.a[t];
      gWeight[at] = weight.a[t];
      System.arraycopy(joints.a, t * roles, gJoints, at * roles, roles);
    }
    return new Layer(next.states().toArray(new State[0]), Arrays.copyOf(prob, n), gFrom, gWeight, gJoints, inStart);
  }

  public Game game() {
    return game;
  }

  public int observer() {
    return obs.role();
  }

  /** The observation this belief is for (a copy: do not modify). */
  public Observation observation() {
    return obs;
  }

  /** Number of steps filtered exactly (the frontier); equal to the observation's length when {@link #isExact}. */
  public int exactSteps() {
    return layers.size() - 1;
  }

  /** True when the whole observation was filtered: {@link #size}, {@link #state} and {@link #probability} are the
   * exact posterior over the information set. */
  public boolean isExact() {
    return !impossible && exactSteps() == obs.length();
  }

  /**
   * True when the steps after the frontier are sampled from a bag of particles ({@link Limits#particles}): the
   * samples are consistent with the observation but their distribution only approximates the posterior.
   */
  public boolean isApproximate() {
    return bag != null;
  }

  /** Number of particles in the bag (distinct or not), 0 without a bag or when every particle died. */
  public int particles() {
    return bag == null ? 0 : bag.size();
  }

  /** True when no history reproduces the observation (found while filtering). */
  public boolean isImpossible() {
    return impossible;
  }

  /** Number of distinct states in the last filtered layer. */
  public int size() {
    return layers.get(layers.size() - 1).size();
  }

  /** State {@code i} of the last filtered layer (do not modify). */
  public State state(int i) {
    return layers.get(layers.size() - 1).states[i];
  }

  /** Posterior probability of state {@code i} of the last filtered layer. */
  public double probability(int i) {
    return layers.get(layers.size() - 1).probability(i);
  }

  /** Index of a state equal to {@code s} in the last filtered layer, or -1. */
  public int indexOf(State s) {
    State[] st = layers.get(layers.size() - 1).states;
    for (int i = 0; i < st.length; i++) {
      if (st[i].sameAs(s)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Draws a state of the information set from the posterior into {@code out}, and when {@code history} is non-null
   * (length = observation length) also the joint moves of a history reaching it, drawn from the posterior over
   * histories. Returns false when the observation is impossible or rejection exceeded its effort bound.
   */
  public boolean sample(SplittableRandom rng, State out, int[][] history, Scratch sc) {
    if (impossible) {
      return false;
    }
    int frontier = exactSteps();
    Layer lf = layers.get(frontier);
    int total = obs.length();
    if (frontier == total) {
      int i = lf.pick(rng);
      out.copyFrom(lf.states[i]);
      if (history != null) {
        backward(frontier, i, history, rng);
      }
      return true;
    }
    if (bag != null) {
      return bag.sample(rng, out, history);
    }
    int roles = game.roleCount();
    int observer = obs.role();
    if (history != null && sc.suffix.length < total - frontier) {
      sc.suffix = new int[total - frontier][roles];
    }
    long budget = limits.maxRejectionSteps();
    while (budget > 0) {
      int i = lf.pick(rng);
      State s = sc.state;
      s.copyFrom(lf.states[i]);
      boolean ok = true;
      for (int t = frontier; t < total && ok; t++) {
        budget--;
        if (game.isTerminal(s)) {
          ok = false;
          break;
        }
        game.legalMoves(s, observer, sc.legal[observer]);
        if (!sc.legal[observer].contains(obs.move(t))) {
          ok = false;
          break;
        }
        for (int r = 0; r < roles; r++) {
          if (r == observer) {
            sc.joint[r] = obs.move(t);
            continue;
          }
          MoveList ml = sc.legal[r];
          game.legalMoves(s, r, ml);
          if (ml.isEmpty()) {
            throw new IllegalStateException("rule failure: role " + game.roleName(r)
                + " has no legal move in a non-terminal state of " + game.name());
          }
          sc.joint[r] = ml.get(rng.nextInt(ml.size()));
        }
        game.apply(s, sc.joint, sc.percepts);
        ok = sc.percepts.sameAs(observer, obs.percepts(t));
        if (ok && history != null) {
          System.arraycopy(sc.joint, 0, sc.suffix[t - frontier], 0, roles);
        }
      }
      if (ok) {
        out.copyFrom(s);
        if (history != null) {
          backward(frontier, i, history, rng);
          for (int t = frontier; t < total; t++) {
            history[t] = sc.suffix[t - frontier].clone();
          }
        }
        return true;
      }
    }
    return false;
  }

  /** Fills history[0..step-1] with a posterior draw of the joint moves that reached state i of layer step. */
  private void backward(int step, int i, int[][] history, SplittableRandom rng) {
    int roles = game.roleCount();
    for (int t = step; t >= 1; t--) {
      Layer l = layers.get(t);
      int lo = l.inStart[i];
      int hi = l.inStart[i + 1];
      double sum = 0;
      for (int k = lo; k < hi; k++) {
        sum += l.weight[k];
      }
      double u = rng.nextDouble() * sum;
      int k = lo;
      for (; k < hi - 1; k++) {
        u -= l.weight[k];
        if (u < 0) {
          break;
        }
      }
      history[t - 1] = Arrays.copyOfRange(l.joints, k * roles, k * roles + roles);
      i = l.from[k];
    }
  }

  /**
   * HyperPlay's bag of models, with the weights of sequential importance resampling: K particles (states of the
   * frontier layer drawn from its exact posterior, then histories extended step by step). A step draws a parent
   * uniformly from the previous generation, simulates one step with the model's move probabilities (the observer's
   * own move, the others uniform among their legal moves) and keeps the child only when its percepts equal the
   * observed ones, until K children are kept. Proposal and model coincide, so every kept child has the same
   * importance weight: the bag is an unweighted sample, and each generation targets the exact posterior given the
   * steps so far. It is not an exact sampler: resampling from K particles biases the distribution by O(1/K) and
   * repeated parents thin out its diversity (path degeneracy); {@link Belief#isApproximate} says so, and the
   * tests measure the distance to exact enumeration.
   *
   * <p>When a step keeps no child (the observation contradicts every particle), the bag is rebuilt from the
   * frontier with fresh randomness (HyperPlay's backtracking, done from the exact frontier), at most {@link
   * #REBUILDS} times; after that it is empty and sampling fails, which agents report as a fallback.
   *
   * <p>The bag's randomness is seeded from the observation, so the same observation gives the same bag.
   */
  static final class Bag {
    static final int REBUILDS = 3;

    final int frontier; // the exact layer the particles start from
    final int steps; // the observation length the last generation is for
    final int[] origin; // generation 0: frontier layer index of each particle
    final int[][] parents; // generation g >= 1: index in generation g-1 of each particle
    final int[][] joints; // generation g >= 1: the joint move (roleCount ints per particle) that led to it
    final State[] states; // the last generation's states
    final Belief owner;

    private Bag(Belief owner, int frontier, int steps, int[] origin, int[][] parents, int[][] joints,
        State[] states) {
      this.owner = owner;
      this.frontier = frontier;
      this.steps = steps;
      this.origin = origin;
      this.parents = parents;
      this.joints = joints;
      this.states = states;
    }

    int size() {
      return states.length;
    }

    static Bag build(Belief b) {
      for (int attempt = 0; attempt <= REBUILDS; attempt++) {
        Bag bag = fresh(b, attempt);
        bag = bag.advance(b, new SplittableRandom(seed(b.obs, b.obs.length(), attempt)));
        if (bag.size() > 0) {
          return bag;
        }
      }
      return empty(b);
    }

    private static Bag empty(Belief b) {
      return new Bag(b, b.exactSteps(), b.obs.length(), new int[0], new int[0][], new int[0][], new State[0]);
    }

    /** Generation 0: K draws from the frontier layer's exact posterior. */
    private static Bag fresh(Belief b, int attempt) {
      int f = b.exactSteps();
      Layer lf = b.layers.get(f);
      int k = b.limits.particles();
      SplittableRandom rng = new SplittableRandom(seed(b.obs, f, attempt));
      int[] origin = new int[k];
      State[] states = new State[k];
      for (int i = 0; i < k; i++) {
        origin[i] = lf.pick(rng);
        states[i] = lf.states[origin[i]];
      }
      return new Bag(b, f, f, origin, new int[0][], new int[0][], states);
    }

    /** This bag (built for a prefix of b's observation) extended to b's whole observation, or rebuilt. */
    Bag extendTo(Belief b) {
      if (size() == 0) {
        return this.steps == b.obs.length() ? this : build(b);
      }
      Bag next = advance(b, new SplittableRandom(seed(b.obs, b.obs.length(), 0)));
      return next.size() > 0 ? next : build(b);
    }

    /** Extends the particles from {@link #steps} to the end of b's observation; an empty bag if all die. */
    private Bag advance(Belief b, SplittableRandom rng) {
      Game game = b.game;
      Observation obs = b.obs;
      int roles = game.roleCount();
      int observer = obs.role();
      int k = b.limits.particles();
      long maxAttempts = Math.max(b.limits.maxRejectionSteps(), 1);
      Scratch sc = new Scratch(game);
      int[][] par = Arrays.copyOf(parents, obs.length() - frontier);
      int[][] jts = Arrays.copyOf(joints, obs.length() - frontier);
      State[] cur = states;
      for (int t = steps; t < obs.length(); t++) {
        State[] next = new State[k];
        int[] p = new int[k];
        int[] j = new int[k * roles];
        int kept = 0;
        int own = obs.move(t);
        int[] seen = obs.percepts(t);
        for (long attempts = 0; kept < k && attempts < maxAttempts; attempts++) {
          int from = rng.nextInt(cur.length);
          State s = sc.state;
          s.copyFrom(cur[from]);
          if (game.isTerminal(s)) {
            continue;
          }
          game.legalMoves(s, observer, sc.legal[observer]);
          if (!sc.legal[observer].contains(own)) {
            continue;
          }
          for (int r = 0; r < roles; r++) {
            if (r == observer) {
              sc.joint[r] = own;
              continue;
            }
            MoveList ml = sc.legal[r];
            game.legalMoves(s, r, ml);
            if (ml.isEmpty()) {
              throw new IllegalStateException("rule failure: role " + game.roleName(r)
                  + " has no legal move in a non-terminal state of " + game.name());
            }
            sc.joint[r] = ml.get(rng.nextInt(ml.size()));
          }
          game.apply(s, sc.joint, sc.percepts);
          if (sc.percepts.sameAs(observer, seen)) {
            next[kept] = s.copy();
            p[kept] = from;
            System.arraycopy(sc.joint, 0, j, kept * roles, roles);
            kept++;
          }
        }
        if (kept == 0) {
          return empty(b);
        }
        if (kept < k) {
          next = Arrays.copyOf(next, kept);
          p = Arrays.copyOf(p, kept);
          j = Arrays.copyOf(j, kept * roles);
        }
        par[t - frontier] = p;
        jts[t - frontier] = j;
        cur = next;
      }
      return new Bag(b, frontier, obs.length(), origin, par, jts, cur);
    }

    boolean sample(SplittableRandom rng, State out, int[][] history) {
      if (states.length == 0) {
        return false;
      }
      int i = rng.nextInt(states.length);
      out.copyFrom(states[i]);
      if (history != null) {
        int roles = owner.game.roleCount();
        for (int g = steps - frontier; g >= 1; g--) {
          history[frontier + g - 1] = Arrays.copyOfRange(joints[g - 1], i * roles, i * roles + roles);
          i = parents[g - 1][i];
        }
        owner.backward(frontier, origin[i], history, rng);
      }
      return true;
    }

    /** A seed from the observation's first {@code length} steps and the attempt number. */
    private static long seed(Observation obs, int length, int attempt) {
      long h = 0x9E3779B97F4A7C15L * (obs.role() + 1) + attempt;
      for (int t = 0; t < length; t++) {
        h = h * 31 + obs.move(t);
        for (int v : obs.percepts(t)) {
          h = h * 31 + v;
        }
        h ^= h >>> 29;
      }
      return h * 0xBF58476D1CE4E5B9L + length;
    }
  }

  /** Growable int array. */
  static final class IntBuf {
    int[] a = new int[64];
    int size;

    void add(int v) {
      if (size == a.length) {
        a = Arrays.copyOf(a, size * 2);
      }
      a[size++] = v;
    }
  }

  /** Growable double array. */
  static final class DoubleBuf {
    double[] a = new double[64];
    int size;

    void add(double v) {
      if (size == a.length) {
        a = Arrays.copyOf(a, size * 2);
      }
      a[size++] = v;
    }
  }
}
