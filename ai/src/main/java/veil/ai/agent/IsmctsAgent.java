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
    inference.clear();
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

  private final java.util.Map<Worker, Views> views = new java.util.concurrent.ConcurrentHashMap<>();

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
