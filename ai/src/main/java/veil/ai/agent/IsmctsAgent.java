package veil.ai.agent;

import veil.ai.Agent;
import veil.ai.Budget;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.search.SearchWorker;
import veil.model.Determinizer;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/**
 * Information-set MCTS (Cowling, Powley, Whitehouse 2012) over the model contract: a fresh determinization of the
 * searcher's information set every iteration, UCB with availability counts, trees keyed by a role's own (move,
 * percepts) sequence.
 *
 * <ul>
 *   <li>single-observer ({@code so-ismcts}): one tree over the searcher's information sets; the other roles choose
 *       from statistics kept at the searcher's nodes, so they are modelled as not knowing more than the searcher
 *       about the past but as seeing the sampled world's future;
 *   <li>multiple-observer ({@code mo-ismcts}): one tree per role keyed by that role's own moves and percepts; each
 *       role chooses from its own tree, so a move that reveals information to an opponent is valued as such;
 *   <li>{@code hp-ismcts}: as {@code mo-ismcts}, but each iteration draws a whole history from the searcher's
 *       information set, derives every opponent's observation from it, and credits an opponent's choices in the
 *       tree with playouts from worlds drawn from <em>that opponent's</em> information set (HyperPlay-II's point:
 *       the opponent decides on what it knows, so a secret kept from it is worth something). It costs a replay of
 *       the history and one extra sample and playout per opponent decision in the tree. Its rollouts are played
 *       from the searcher's information set ({@code particles} further states of it, advanced with the world):
 *       where every move ends the game, the searcher guesses from what it knows instead of at random.
 * </ul>
 */
public final class IsmctsAgent extends SearchAgent implements Agent {
  private final SearchWorker.Mode mode;
  private Determinizer shared;

  /** HP_ISMCTS: further states of the searcher's information set drawn per iteration for its rollouts. */
  private final int rolloutParticles;
  /** Inference: worlds per decision weighted by the opponents' moves (0: none); see {@link Inference}. */
  private int inferWorlds;
  private final java.util.Map<Worker, Inference> inference = new java.util.concurrent.ConcurrentHashMap<>();

  /** Playouts per opponent move and softmax temperature of {@link Inference}'s opponent model. */
  static final int INFER_PLAYOUTS = 2;
  static final double INFER_TEMPERATURE = 0.1;

  /** Iterations per sampled world (1: a fresh world every iteration); see {@link #withReuse}. */
  private int reuse = 1;

  /** The most iterations one sampled world may serve. */
  public static final int MAX_REUSE = 1000;

  /** Worlds per decision drawn once and revisited at random (0: a fresh world every iteration); see {@link #withPool}. */
  private int pool;

  /** The largest world pool. */
  public static final int MAX_POOL = 10_000;

  /** Each search thread's pool of worlds (states allocated once per thread, refilled at every decision). */
  private final java.util.Map<Worker, State[]> pools = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * This agent over a pool of {@code w} worlds per decision ({@code so-ismcts:pool=w}): the first {@code w} iterations
   * of a search thread each draw a fresh world from the information set and keep it; every later iteration starts
   * from a copy of a pooled world picked uniformly at random. Drawing a world costs about as much as an iteration in
   * the card games, and copying one next to nothing, so at equal time the search runs nearly as many iterations as
   * {@code pimc} does, over {@code w} distinct worlds (pimc's default is 10) that are visited in random order, unlike
   * {@code reuse}, whose K consecutive iterations share one world. Still one information-set tree, and still the
   * observation only (the honesty check runs on it).
   */
  public IsmctsAgent withPool(int w) {
    if (w < 0 || w > MAX_POOL) {
      throw new IllegalArgumentException("pool must be in 0.." + MAX_POOL + ", was " + w);
    }
    if (w > 0 && (mode == SearchWorker.Mode.HP_ISMCTS || reuse > 1 || inferWorlds > 0 || smoothEta > 0)) {
      throw new IllegalArgumentException("pool is for so-ismcts and mo-ismcts, without reuse or infer");
    }
    this.pool = w;
    return this;
  }

  /**
   * This agent with each sampled world serving {@code k} consecutive iterations ({@code so-ismcts:reuse=k}), instead
   * of one: drawing a world from the information set costs about as much as an iteration in the card games, so at
   * equal time more iterations run, over fewer distinct worlds. The worlds are still drawn from the observation
   * alone, so the agent stays honest.
   */
  public IsmctsAgent withReuse(int k) {
    if (k < 1 || k > MAX_REUSE) {
      throw new IllegalArgumentException("reuse must be in 1.." + MAX_REUSE + ", was " + k);
    }
    if (k > 1 && mode == SearchWorker.Mode.HP_ISMCTS) {
      throw new IllegalArgumentException("reuse is for so-ismcts and mo-ismcts");
    }
    if (k > 1 && inferWorlds > 0) {
      throw new IllegalArgumentException("reuse and infer do not combine: infer draws its own pool of worlds");
    }
    this.reuse = k;
    return this;
  }

  /**
   * This agent with MAST rollouts of exploration {@code epsilon} ({@code rollout=mast}; with {@code ngrams},
   * {@code rollout=nst}); negative: random ones.
   */
  public IsmctsAgent withMast(double epsilon, boolean ngrams) {
    if (epsilon >= 0) {
      setMast(epsilon, ngrams);
    }
    return this;
  }

  /** Smooth UCT's largest UCB probability (0: plain UCT); see {@link #withSmooth}. */
  private double smoothEta;
  /** Smooth UCT: the share of iterations whose world is drawn from the searcher's own information set. */
  private double target;

  /** Smooth UCT: whether the other iterations are self-play from the start of the game ({@code root=start}). */
  private boolean fromStart;

  public static final double DEFAULT_ETA = 0.9;
  public static final String DEFAULT_ROOT = "now";
  public static final double DEFAULT_TARGET = 0.5;

  /**
   * This agent as smooth ISMCTS ({@code smooth-ismcts}): a mixed strategy for the searcher and every opponent, one
   * tree per role keyed by its observation of the whole game (so an opponent's statistics are per information set,
   * say per card it holds), smooth UCT at every choice ({@link SearchWorker#setSmooth}), and the final move drawn
   * from the searcher's average strategy (its visits) with the agent's seeded generator. A share {@code target} of
   * the iterations draw their world from the searcher's information set (only the searcher learns in them); the
   * others draw a world from the information set of a random opponent, given that opponent's view of a world of the
   * searcher's information set: there the searcher holds what the opponent cannot rule out (its other cards), so
   * the opponent learns against the searcher's whole range, and a bluff can pay. Needs MO_ISMCTS.
   */
  public IsmctsAgent withSmooth(double eta, double target, boolean fromStart) {
    this.fromStart = fromStart;
    if (mode != SearchWorker.Mode.MO_ISMCTS) {
      throw new IllegalArgumentException("smooth UCT is built on mo-ismcts");
    }
    if (!(eta > 0 && eta <= 1)) {
      throw new IllegalArgumentException("eta must be a number in (0,1], was " + eta);
    }
    if (!(target > 0 && target < 1)) {
      throw new IllegalArgumentException("target must be a number strictly between 0 and 1, was " + target);
    }
    if (inferWorlds > 0 || reuse > 1) {
      throw new IllegalArgumentException("smooth UCT draws its own worlds: no infer, no reuse");
    }
    this.smoothEta = eta;
    this.target = target;
    setVisitDraw(true);
    return this;
  }

  /** Draws the final move in proportion to root visits when {@code on} (final=visits). */
  public IsmctsAgent withVisitDraw(boolean on) {
    setVisitDraw(on);
    return this;
  }

  /** This agent with inference from the opponents' moves over {@code worlds} weighted worlds per decision. */
  public IsmctsAgent withInference(int worlds) {
    if (worlds < 0) {
      throw new IllegalArgumentException("infer must be >= 0, was " + worlds);
    }
    this.inferWorlds = worlds;
    return this;
  }

  public IsmctsAgent(String spec, SearchWorker.Mode mode, double exploration) {
    this(spec, mode, exploration, 0);
  }

  public IsmctsAgent(String spec, SearchWorker.Mode mode, double exploration, int rolloutParticles) {
    super(spec, exploration);
    if (rolloutParticles < 0 || rolloutParticles > 0 && mode != SearchWorker.Mode.HP_ISMCTS) {
      throw new IllegalArgumentException("rollout particles are for hp-ismcts, and at least 0");
    }
    this.rolloutParticles = rolloutParticles;
    if (mode == SearchWorker.Mode.UCT) {
      throw new IllegalArgumentException("ISMCTS needs an information-set mode");
    }
    this.mode = mode;
  }

  @Override
  protected void onStart() {
    views.clear();
    smooth.clear();
    inference.clear();
    pools.clear();
    shared = GeneralDeterminizer.forGame(game);
  }

  /** HP_ISMCTS per-thread state: every opponent's view of the sampled history, and a sampler per opponent. */
  private static final class Views {
    Observation[] views;
    Determinizer[] samplers;
    State replay;
    Percepts percepts;
    State[] others;
  }

  @Override
  protected Worker newWorker(int thread) {
    Worker w = new Worker();
    w.search = new SearchWorker(game, role, mode, exploration);
    if (smoothEta > 0) {
      w.search.setSmooth(smoothEta);
    }
    w.world = game.initialState();
    w.root = game.initialState();
    // Both samplers are thread-safe: the general one caches its filtering, a game's own keeps a worker per thread.
    w.sampler = shared;
    return w;
  }

  @Override
  public int choose(Observation obs, MoveList legal, Budget budget) {
    return search(obs, null, legal, budget);
  }

  @Override
  protected void runThread(Worker w, int thread, int threads, Observation obs, State trueState, MoveList legal,
      Budget budget, long iterations, long deadline, long[] votes) {
    w.search.setRandom(w.rng);
    w.search.clear();
    if (mode == SearchWorker.Mode.HP_ISMCTS) {
      runViews(w, obs, iterations, deadline);
      if (w.search.viewsApproximate()) {
        noteApproximate(w);
      }
      addRootVisits(w, legal, votes);
      return;
    }
    if (smoothEta > 0) {
      long key = runSmooth(w, obs, iterations, deadline);
      for (int i = 0; i < votes.length; i++) {
        votes[i] += w.search.visitsAt(key, legal.get(i));
      }
      return;
    }
    if (inferWorlds > 0) {
      Inference inf = inference.computeIfAbsent(w,
          k -> new Inference(game, role, inferWorlds, INFER_PLAYOUTS, INFER_TEMPERATURE));
      for (int f = inf.build(obs, w.sampler, w.rng, deadline, w.cpuClock); f > 0; f--) {
        countFailure(w);
      }
      noteBelief(w, w.sampler, obs);
      // At least one iteration once the pool has a world, even if building it used up a time budget.
      for (long k = 0; k < iterations && (k == 0 || now(w) < deadline) && inf.size() > 0; k++) {
        inf.pick(w.rng, w.world);
        w.search.iterate(w.world, obs.length());
        w.iterations++;
      }
      addRootVisits(w, legal, votes);
      return;
    }
    if (pool > 0) {
      runPool(w, obs, iterations, deadline);
      addRootVisits(w, legal, votes);
      return;
    }
    // Under a time budget, the search runs until one iteration succeeds even past the deadline (a thread that
    // starts late on a loaded machine would otherwise play at random).
    int left = 0; // iterations the world in w.root may still serve (reuse > 1)
    for (long k = 0; k < iterations && (w.iterations == 0 || now(w) < deadline) && !samplerExhausted(w);
        k++) {
      if (reuse > 1) {
        if (left == 0) {
          if (!sample(w, obs, w.root)) {
            continue;
          }
          left = reuse;
        }
        left--;
        w.world.copyFrom(w.root);
        w.search.iterate(w.world, obs.length());
        w.iterations++;
      } else if (sample(w, obs, w.world)) {
        w.search.iterate(w.world, obs.length());
        w.iterations++;
      }
    }
    addRootVisits(w, legal, votes);
  }

  /** The iterations of one thread over its pool of worlds (see {@link #withPool}). */
  private void runPool(Worker w, Observation obs, long iterations, long deadline) {
    State[] worlds = pools.computeIfAbsent(w, k -> {
      State[] a = new State[pool];
      for (int i = 0; i < pool; i++) {
        a[i] = game.initialState();
      }
      return a;
    });
    int filled = 0;
    for (long k = 0; k < iterations && (w.iterations == 0 || now(w) < deadline) && !samplerExhausted(w); k++) {
      if (filled < pool) {
        if (!sample(w, obs, worlds[filled])) {
          continue;
        }
        w.world.copyFrom(worlds[filled++]);
      } else {
        w.world.copyFrom(worlds[veil.model.Uniform.below(w.rng, pool)]);
      }
      w.search.iterate(w.world, obs.length());
      w.iterations++;
    }
  }

  private final java.util.Map<Worker, Views> views = new java.util.concurrent.ConcurrentHashMap<>();

  /** Smooth UCT per-thread state: a sampler per opponent, a replay state and the observation keys per tree. */
  private static final class SmoothViews {
    Determinizer[] samplers;
    int[] opponents;
    State replay;
    Percepts percepts;
    long[] keys;
    int[] buf = new int[16];
    MoveList legal;
    int[][][] candidates = new int[RESAMPLE_CANDIDATES][][];
    double[] weights = new double[RESAMPLE_CANDIDATES];
  }

  private final java.util.Map<Worker, SmoothViews> smooth = new java.util.concurrent.ConcurrentHashMap<>();

  /** Runs the smooth-UCT iterations of one thread; returns the key of the searcher's observation. */
  private long runSmooth(Worker w, Observation obs, long iterations, long deadline) {
    SmoothViews v = smooth.computeIfAbsent(w, k -> {
      SmoothViews n = new SmoothViews();
      n.samplers = new Determinizer[game.roleCount()];
      int count = 0;
      int[] opp = new int[game.roleCount()];
      for (int r = 0; r < n.samplers.length; r++) {
        if (r != role && r != game.randomRole()) {
          n.samplers[r] = GeneralDeterminizer.forGame(game);
          opp[count++] = r;
        }
      }
      n.opponents = java.util.Arrays.copyOf(opp, count);
      n.replay = game.initialState();
      n.percepts = new Percepts(game.roleCount());
      n.keys = new long[game.roleCount()];
      n.legal = new MoveList();
      return n;
    });
    long mine = SearchWorker.observationKey(obs);
    int searcherTree = w.search.treeIndexOf(role);
    for (long k = 0; k < iterations && (w.iterations == 0 || now(w) < deadline) && !samplerExhausted(w);
        k++) {
      boolean targeted = v.opponents.length == 0 || w.rng.nextDouble() < target;
      if (!targeted && fromStart) {
        // Self-play over the whole game: the rules' own chance, every role at its information set.
        State s = v.replay;
        s.copyFrom(game.initialState());
        java.util.Arrays.fill(v.keys, SearchWorker.OBSERVATION_SEED);
        w.search.iterateSmooth(s, 0, v.keys, false);
        w.iterations++;
        continue;
      }
      int[][] history = targeted && fromStart ? resample(w, v, obs) : w.sampler.sampleHistory(obs, w.rng);
      if (history == null) {
        countFailure(w);
        continue;
      }
      if (k == 0) {
        noteBelief(w, w.sampler, obs);
      }
      if (!targeted) {
        // The world of an opponent's information set, given its view of the searcher's world.
        int r = v.opponents[w.rng.nextInt(v.opponents.length)];
        Observation view = new Observation(r);
        State s = v.replay;
        s.copyFrom(game.initialState());
        for (int[] joint : history) {
          game.apply(s, joint, v.percepts);
          view.add(joint[r], v.percepts.sorted(r));
        }
        history = v.samplers[r].sampleHistory(view, w.rng);
        if (history == null) {
          countFailure(w);
          continue;
        }
        if (v.samplers[r].approximate(view)) {
          noteApproximate(w);
        }
      }
      replay(v, history, w.search, -1);
      if (targeted && v.keys[searcherTree] != mine) {
        throw new IllegalStateException("a world of the searcher's information set gives it another observation");
      }
      w.search.iterateSmooth(v.replay, obs.length(), v.keys, targeted);
      w.iterations++;
    }
    return mine;
  }

  /** Histories of the searcher's information set drawn per targeted iteration of {@code root=start}. */
  static final int RESAMPLE_CANDIDATES = 16;

  /**
   * A history of the searcher's information set drawn in proportion to how likely the opponents' average strategies
   * (in their trees, learned by the self-play iterations) make their moves in it: {@link #RESAMPLE_CANDIDATES}
   * histories drawn by the sampler, one of them picked with probability proportional to that weight (sampling
   * importance resampling). So the searcher weighs the opponents' hands by what their moves say, e.g. a bet by the
   * Jack only as often as the Jack bets. When no candidate has weight (the opponents' strategies cannot explain what
   * they did), one is picked uniformly. Null when the sampler found none.
   */
  private int[][] resample(Worker w, SmoothViews v, Observation obs) {
    int[][][] candidates = v.candidates;
    double[] weights = v.weights;
    int n = 0;
    double sum = 0;
    for (int i = 0; i < RESAMPLE_CANDIDATES; i++) {
      int[][] h = w.sampler.sampleHistory(obs, w.rng);
      if (h == null) {
        countFailure(w);
        continue;
      }
      candidates[n] = h;
      weights[n] = replay(v, h, w.search, role);
      sum += weights[n];
      n++;
    }
    if (n == 0) {
      return null;
    }
    if (!(sum > 0)) {
      return candidates[w.rng.nextInt(n)];
    }
    double u = w.rng.nextDouble() * sum;
    for (int i = 0; i < n; i++) {
      u -= weights[i];
      if (u < 0) {
        return candidates[i];
      }
    }
    return candidates[n - 1];
  }

  /**
   * Replays {@code history} into {@code v.replay}, leaving every tree's observation key in {@code v.keys}. With
   * {@code searcher} ≥ 0, returns the probability of the other roles' moves under their average strategies (1 for
   * a role with one legal move); otherwise 1.
   */
  private double replay(SmoothViews v, int[][] history, SearchWorker search, int searcher) {
    State s = v.replay;
    s.copyFrom(game.initialState());
    long[] keys = v.keys;
    java.util.Arrays.fill(keys, SearchWorker.OBSERVATION_SEED);
    double weight = 1;
    for (int[] joint : history) {
      if (searcher >= 0) {
        for (int r = 0; r < keys.length && weight > 0; r++) {
          int t = search.treeIndexOf(r);
          if (r != searcher && t >= 0) {
            game.legalMoves(s, r, v.legal);
            if (v.legal.size() > 1) {
              weight *= search.averageProbability(r, keys[t], joint[r], v.legal);
            }
          }
        }
      }
      game.apply(s, joint, v.percepts);
      for (int r = 0; r < keys.length; r++) {
        int t = search.treeIndexOf(r);
        if (t >= 0) {
          int size = v.percepts.size(r);
          if (v.buf.length < size) {
            v.buf = new int[Math.max(size, 2 * v.buf.length)];
          }
          keys[t] = SearchWorker.observationStep(keys[t], joint[r], v.percepts, r, v.buf);
        }
      }
    }
    return weight;
  }

  private void runViews(Worker w, Observation obs, long iterations, long deadline) {
    Views v = views.computeIfAbsent(w, k -> {
      Views n = new Views();
      n.views = new Observation[game.roleCount()];
      n.samplers = new Determinizer[game.roleCount()];
      for (int r = 0; r < n.samplers.length; r++) {
        if (r != role && r != game.randomRole()) {
          // One general sampler per opponent, so that each keeps (and extends) the belief of its own view.
          n.samplers[r] = GeneralDeterminizer.forGame(game);
        }
      }
      n.replay = game.initialState();
      n.others = new State[rolloutParticles];
      for (int i = 0; i < rolloutParticles; i++) {
        n.others[i] = game.initialState();
      }
      n.percepts = new Percepts(game.roleCount());
      return n;
    });
    for (long k = 0; k < iterations && (w.iterations == 0 || now(w) < deadline) && !samplerExhausted(w);
        k++) {
      int[][] history = w.sampler.sampleHistory(obs, w.rng);
      if (history == null) {
        countFailure(w);
        continue;
      }
      if (k == 0) {
        noteBelief(w, w.sampler, obs);
      }
      State s = v.replay;
      s.copyFrom(game.initialState());
      for (int r = 0; r < v.views.length; r++) {
        v.views[r] = v.samplers[r] == null ? null : new Observation(r);
      }
      for (int[] joint : history) {
        game.apply(s, joint, v.percepts);
        for (int r = 0; r < v.views.length; r++) {
          if (v.views[r] != null) {
            v.views[r].add(joint[r], v.percepts.sorted(r));
          }
        }
      }
      int count = 0;
      while (count < rolloutParticles && sample(w, obs, v.others[count])) {
        count++;
      }
      w.search.iterate(s, obs.length(), v.views, v.samplers, v.others, count);
      w.iterations++;
    }
  }
}
