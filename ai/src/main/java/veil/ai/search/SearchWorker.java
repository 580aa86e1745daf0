package veil.ai.search;

import java.util.SplittableRandom;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;
import veil.model.Uniform;

/**
 * Runs MCTS iterations from a given world (a true state or a determinization) on one thread, with decoupled UCB:
 * in each step every role with two or more legal moves picks from its own statistics at its current node, the
 * {@code random} role moves uniformly, and a role with a single legal move costs nothing. Rewards are the vector
 * {@link Game#scores}; each role's statistics use its own component.
 *
 * <p>The {@link Mode} says how the trees are keyed:
 *
 * <ul>
 *   <li>{@code UCT}: one tree keyed by joint moves (perfect information: the history of joint moves determines the
 *       state), for clairvoyant UCT and for each world of PIMC;
 *   <li>{@code SO_ISMCTS}: one tree over the searcher's information sets, a child keyed by the searcher's own move
 *       and percepts; every role's arms live in it;
 *   <li>{@code MO_ISMCTS}: one tree per non-random role, each keyed by that role's own move and percepts; each role
 *       chooses from its own tree, and all trees descend together on each world.
 * </ul>
 *
 * UCB uses availability counts (Cowling, Powley, Whitehouse 2012): a move's exploration term is
 * {@code c·sqrt(ln(avail)/visits)} where avail counts the visits of the node in which the move was legal; with a
 * fixed legal set (perfect information) this is plain UCB1. Each iteration adds at most one node to each tree,
 * then plays uniformly at random to the end.
 */
public final class SearchWorker {
  public enum Mode {
    UCT,
    SO_ISMCTS,
    MO_ISMCTS,
    /**
     * MO_ISMCTS whose opponents learn from their own information sets: when another player chooses in the tree,
     * the reward credited to its choice comes from a playout of that choice in a world drawn from <em>its</em>
     * information set (given its observation along the sampled history), not from the searcher's world. See {@link
     * #iterate(State, int, Observation[], Determinizer[])}.
     */
    HP_ISMCTS
  }

  private final Game game;
  private final int searcher;
  private final Mode mode;
  private final double c;
  private final int roles;
  private final int randomRole;
  private final SearchTree[] trees;
  private final int[] treeOf;
  private final int[] roleOfTree;
  private final int[] node;
  private final MoveList[] legal;
  private final int[] joint;
  private final Percepts percepts;
  private final double[] reward;
  private int[] keyBuf = new int[16];
  private int[] pathTree = new int[64];
  private int[] pathArm = new int[64];
  private int[] pathRole = new int[64];
  private int pathLen;
  private SplittableRandom rng = new SplittableRandom(0);
  private int maxNodes = DEFAULT_MAX_NODES;
  // HP_ISMCTS: the other players' observations along the current iteration, their samplers, and the reward each
  // path entry is credited with when it differs from the world's (NaN: the world's).
  private Observation[] views;
  private Determinizer[] viewSamplers;
  private double[] pathReward = new double[64];
  private final State shadow;
  private final int[] shadowJoint;
  private final MoveList shadowLegal = new MoveList();
  private final double[] shadowScores;
  private final int[] learned; // HP_ISMCTS: the move each opponent learns with this step (it may act otherwise)
  // HP_ISMCTS information-set rollouts: other worlds of the searcher's information set, advanced with the world and
  // dropped when the searcher's percepts there differ from the world's.
  private State[] particles = new State[0];
  private boolean[] alive = new boolean[0];
  private int particleCount;
  private int aliveCount;
  private final Percepts particlePercepts;
  private final int[] particleJoint;
  private final MoveList particleLegal = new MoveList();
  private long shadowFailures;
  /** The rollout policy: null for uniformly random rollouts (the engine's own playout), else MAST. */
  private Mast mast;
  /** Rollout moves before the rollout is cut and valued by {@link #heuristic}; -1: rollouts play to the end. */
  private int leaf = -1;
  private veil.model.Heuristic heuristic;
  private State leafScratch;
  // Smooth UCT (see iterateSmooth): eta > 0 turns it on; the node of each tree this iteration starts from is the
  // child of ROOT keyed by its role's observation of the world's history; in a targeted iteration only the searcher
  // learns (the opponents act from their average strategies).
  private double eta;
  private long[] rootKeys;
  private boolean targeted;

  /** Smooth UCT's floor γ and decay d of the UCB probability max(γ, η / (1 + d·sqrt(N))) at a node of N visits. */
  static final double SMOOTH_FLOOR = 0.1;
  static final double SMOOTH_DECAY = 0.002;

  /** HP_ISMCTS: the temperature of the opponents' Boltzmann choice over mean rewards in [0,1]. */
  static final double OPPONENT_TEMPERATURE = 0.1;

  /** Nodes per tree before it stops growing (about 50 bytes a node with its statistics): bounds memory. */
  public static final int DEFAULT_MAX_NODES = 1 << 22;

  public SearchWorker(Game game, int searcher, Mode mode, double c) {
    this.game = game;
    this.searcher = searcher;
    this.mode = mode;
    this.c = c;
    this.roles = game.roleCount();
    this.randomRole = game.randomRole();
    this.treeOf = new int[roles];
    if (mode == Mode.MO_ISMCTS || mode == Mode.HP_ISMCTS) {
      int n = 0;
      int[] rot = new int[roles];
      for (int r = 0; r < roles; r++) {
        if (r == randomRole) {
          treeOf[r] = -1;
        } else {
          rot[n] = r;
          treeOf[r] = n++;
        }
      }
      roleOfTree = java.util.Arrays.copyOf(rot, n);
      trees = new SearchTree[n];
    } else {
      for (int r = 0; r < roles; r++) {
        treeOf[r] = r == randomRole ? -1 : 0;
      }
      roleOfTree = new int[] {searcher};
      trees = new SearchTree[1];
    }
    for (int t = 0; t < trees.length; t++) {
      trees[t] = new SearchTree();
    }
    node = new int[trees.length];
    legal = new MoveList[roles];
    for (int r = 0; r < roles; r++) {
      legal[r] = new MoveList();
    }
    joint = new int[roles];
    percepts = new Percepts(roles);
    reward = new double[roles];
    shadow = game.initialState();
    shadowJoint = new int[roles];
    shadowScores = new double[roles];
    learned = new int[roles];
    particlePercepts = new Percepts(roles);
    particleJoint = new int[roles];
    if (mode == Mode.SO_ISMCTS) {
      percepts.listenOnly(searcher); // one tree, keyed by the searcher's percepts only
    }
  }

  public void setMaxNodes(int maxNodes) {
    this.maxNodes = Math.max(1, maxNodes);
  }

  /**
   * Rollouts by move-average sampling with exploration {@code epsilon} (see {@link Mast}), or uniformly random ones
   * when {@code epsilon} is negative; with {@code ngrams}, NST (pairs of moves too). The statistics start empty;
   * {@link #startDecision} empties them.
   */
  public void setMast(double epsilon, boolean ngrams) {
    mast = epsilon < 0 ? null : new Mast(roles, randomRole, epsilon, ngrams);
  }

  /**
   * Cuts every rollout after {@code steps} joint moves (0: right where the iteration leaves the tree) and credits
   * the game's {@link Game#heuristic} of the world there instead of playing to the end; a rollout that ends the game
   * sooner is scored as usual, and one cut where the heuristic has no value plays on to the end. Negative: rollouts play to the end (the default). Not applied to HP_ISMCTS's
   * information-set rollouts.
   *
   * @throws IllegalArgumentException when {@code steps >= 0} and the game has no heuristic
   */
  public void setLeaf(int steps) {
    if (steps < 0) {
      leaf = -1;
      return;
    }
    veil.model.Heuristic h = game.heuristic();
    if (h == null) {
      throw new IllegalArgumentException(game.name() + " has no running score to cut rollouts at (its end rule does"
          + " not score: byScore, ranking, byTeam or payoff)");
    }
    heuristic = h;
    leafScratch = game.initialState();
    leaf = steps;
  }

  /** The rollout moves before a cut ({@link #setLeaf}), or -1 when rollouts play to the end. */
  public int leaf() {
    return leaf;
  }

  /** MAST rollouts ({@link #setMast(double, boolean)} without pairs). */
  public void setMast(double epsilon) {
    setMast(epsilon, false);
  }

  /** The MAST statistics of this worker, or null when its rollouts are random. */
  public Mast mast() {
    return mast;
  }

  /** A new decision: the rollout policy's statistics (MAST) start empty. The trees are cleared by {@link #clear}. */
  public void startDecision() {
    if (mast != null) {
      mast.clear();
    }
  }

  public void setRandom(SplittableRandom rng) {
    this.rng = rng;
  }

  public void clear() {
    for (SearchTree t : trees) {
      t.clear();
    }
    viewsApproximate = false;
  }

  /**
   * True when, since {@link #clear}, an opponent's world was drawn from an approximate belief about its view
   * (HP_ISMCTS; see {@link veil.model.Determinizer#approximate}).
   */
  public boolean viewsApproximate() {
    return viewsApproximate;
  }

  private boolean viewsApproximate;

  /** The tree the searcher's own decisions live in. */
  public SearchTree searcherTree() {
    return trees[treeOf[searcher]];
  }

  /** The tree role r's decisions live in (MO_ISMCTS, HP_ISMCTS: its own; otherwise the searcher's). */
  public SearchTree treeOf(int role) {
    return trees[treeOf[role]];
  }

  /** Visits of the searcher's move at the root. */
  public int rootVisits(int move) {
    return searcherTree().visits(SearchTree.ROOT, searcher, move);
  }

  /**
   * Smooth UCT (see {@link #iterateSmooth}): the visits of the searcher's move at the node of its observation whose
   * {@link #observationKey} is {@code key}, 0 when that node was never reached.
   */
  public int visitsAt(long key, int move) {
    SearchTree t = searcherTree();
    int nd = t.child(SearchTree.ROOT, key);
    return nd < 0 ? 0 : t.visits(nd, searcher, move);
  }

  /**
   * Smooth UCT (Heinrich and Silver 2015, after Lanctot et al.'s ISMCTS for poker) with a UCB probability of at most
   * {@code eta} in (0,1]: at each choice of a role in the tree, UCB with probability max(γ, η / (1 + d·sqrt(N)))
   * at a node of N visits, else a move drawn from the node's average strategy (its visits); both are counted. The
   * visits then converge to a mixed strategy where UCT's would converge to a pure one. Needs MO_ISMCTS.
   */
  public void setSmooth(double eta) {
    if (mode != Mode.MO_ISMCTS || !(eta > 0 && eta <= 1)) {
      throw new IllegalArgumentException("smooth UCT needs MO_ISMCTS and an eta in (0,1], was " + mode + ", " + eta);
    }
    this.eta = eta;
  }

  /** A 64-bit key of an observation (its moves and percept sets), as {@link #observationStep} builds it. */
  public static long observationKey(Observation o) {
    long h = OBSERVATION_SEED;
    for (int i = 0; i < o.length(); i++) {
      h = observationStep(h, o.move(i), o.percepts(i));
    }
    return h;
  }

  /** The start of an observation key (no step observed). */
  public static final long OBSERVATION_SEED = 0x7A3C5E19B2D4F681L;

  /** The observation key {@code h} extended by one step: the role's move and its sorted percepts. */
  public static long observationStep(long h, int move, int[] sortedPercepts) {
    return observationStep(h, move, sortedPercepts, sortedPercepts.length);
  }

  /**
   * The observation key {@code h} extended by one step: the role's move and its percepts, the first {@code n} of
   * {@code sorted} (sorted, without duplicates).
   */
  public static long observationStep(long h, int move, int[] sorted, int n) {
    h = mix(h ^ (move & 0xFFFFFFFFL) ^ 0x300000000L);
    for (int i = 0; i < n; i++) {
      h = mix(h ^ (sorted[i] & 0xFFFFFFFFL) ^ 0x500000000L);
    }
    return mix(h ^ 0x700000000L);
  }

  /**
   * The observation key {@code h} extended by one step: {@code role}'s move and its percepts in {@code percepts}
   * (any order, duplicates allowed), sorted into {@code buf} (at least as long as the percepts); allocates nothing.
   */
  public static long observationStep(long h, int move, Percepts percepts, int role, int[] buf) {
    int n = percepts.size(role);
    int len = 0;
    for (int i = 0; i < n; i++) {
      int v = percepts.get(role, i);
      int j = len - 1;
      while (j >= 0 && buf[j] > v) {
        j--;
      }
      if (j >= 0 && buf[j] == v) {
        continue; // a duplicate
      }
      System.arraycopy(buf, j + 1, buf, j + 2, len - j - 1);
      buf[j + 1] = v;
      len++;
    }
    return observationStep(h, move, buf, len);
  }

  /**
   * One smooth-UCT iteration from {@code world}, {@code stepsPlayed} joint moves after the initial state, where
   * {@code keys[t]} is the {@link #observationKey} of tree t's role's observation of the history that reached the
   * world (tree t: the t-th role other than random). Each tree starts at the child of its root for that key, so a
   * role's statistics are kept per information set of the whole game, not merged over the worlds sampled here.
   * When {@code targeted}, only the searcher's statistics are updated and the other roles choose from their average
   * strategies (the world was drawn from the searcher's information set, which would bias what they learn).
   */
  public void iterateSmooth(State world, int stepsPlayed, long[] keys, boolean targeted) {
    if (eta <= 0) {
      throw new IllegalStateException("iterateSmooth needs setSmooth");
    }
    views = null;
    viewSamplers = null;
    rootKeys = keys;
    this.targeted = targeted;
    try {
      run(world, stepsPlayed);
    } finally {
      rootKeys = null;
      this.targeted = false;
    }
  }

  /** The index of role r's tree (-1 for random). */
  public int treeIndexOf(int role) {
    return treeOf[role];
  }

  public int nodeCount() {
    int n = 0;
    for (SearchTree t : trees) {
      n += t.nodeCount();
    }
    return n;
  }

  /**
   * One iteration from {@code world} (consumed: it is played to the end), which is {@code stepsPlayed} joint moves
   * after the initial state.
   *
   * @throws IllegalStateException on a rule failure (no legal move, or no terminal state within the step bound)
   */
  public void iterate(State world, int stepsPlayed) {
    views = null;
    viewSamplers = null;
    run(world, stepsPlayed);
  }

  /**
   * One HP_ISMCTS iteration: as {@link #iterate(State, int)}, where {@code views[r]} is player r's observation of
   * the history that reached {@code world} (null for the searcher and {@code random}); it is extended in place by
   * the steps played in the tree. When player r chooses in the tree, a state is drawn from r's information set
   * with {@code samplers[r]}, r's chosen move is played there (the others' moves kept where legal, else random)
   * and played out at random, and r's choice is credited with r's reward in that world. So r's statistics only
   * know what r knows: a secret of the searcher does not leak into them.
   */
  public void iterate(State world, int stepsPlayed, Observation[] views, Determinizer[] samplers) {
    iterate(world, stepsPlayed, views, samplers, null, 0);
  }

  /**
   * As {@link #iterate(State, int, Observation[], Determinizer[])}, with the rollout played from the searcher's
   * information set: {@code others[0..count-1]} are further states of the searcher's information set (consumed),
   * advanced step by step with the world (the searcher's move, the others' at random) and dropped when the
   * searcher would perceive something else there. In the rollout, where every legal move of the searcher ends the
   * game in one of the remaining states (drawn at random), the searcher plays the move that scores best there
   * instead of a random one: it guesses from what it knows, so a question that narrows its information set is
   * worth asking (Number Guessing, Exploding Bomb). Otherwise the rollout is random.
   */
  public void iterate(State world, int stepsPlayed, Observation[] views, Determinizer[] samplers, State[] others,
      int count) {
    if (mode != Mode.HP_ISMCTS) {
      throw new IllegalStateException("views are for HP_ISMCTS, not " + mode);
    }
    this.views = views;
    this.viewSamplers = samplers;
    if (particles.length < count) {
      particles = new State[count];
      alive = new boolean[count];
      for (int i = 0; i < count; i++) {
        particles[i] = game.initialState();
      }
    }
    for (int i = 0; i < count; i++) {
      particles[i].copyFrom(others[i]);
      alive[i] = true;
    }
    particleCount = count;
    aliveCount = count;
    run(world, stepsPlayed);
    particleCount = 0;
    aliveCount = 0;
  }

  /** Times a player's information set yielded no state (its choice then learned from the searcher's world). */
  public long shadowFailures() {
    return shadowFailures;
  }

  /** HP_ISMCTS: one step of the rollout played from the searcher's information set (see {@link #iterate}). */
  private void informedRolloutStep(State world) {
    for (int r = 0; r < roles; r++) {
      MoveList ml = legal[r];
      game.legalMoves(world, r, ml);
      int n = ml.size();
      if (n == 0) {
        throw noLegalMove(r);
      }
      int m = n > 1 && r == searcher && aliveCount > 0 ? informedChoice(ml) : -1;
      if (n > 1 && m < 0 && mast != null && r != randomRole) {
        m = mast.choose(r, ml, rng);
      }
      joint[r] = n == 1 ? ml.get(0) : m >= 0 ? m : ml.get(Uniform.below(rng, n));
      if (mast != null && n > 1) {
        mast.record(r, joint[r]);
      }
    }
    game.apply(world, joint, percepts);
    advanceParticles(world);
  }

  /** HP_ISMCTS: the opponents' choices of this step are credited with playouts from their own views. */
  private void creditOpponentViews(int stepStart, int step) {
    for (int i = stepStart; i < pathLen; i++) {
      int r = pathRole[i];
      if (r != searcher && views[r] != null) {
        pathReward[i] = shadowValue(r, step);
      }
    }
  }

  /** HP_ISMCTS: every opponent's view grows by the step just played. */
  private void extendViews() {
    for (int r = 0; r < roles; r++) {
      if (views[r] != null) {
        views[r].add(joint[r], percepts.sorted(r));
      }
    }
  }

  // The hot loop of every ISMCTS iteration: HP_ISMCTS's extra work lives in the methods above, so that this method
  // stays small enough for the JIT to compile it as it compiled the plain loop.
  private void run(State world, int stepsPlayed) {
    pathLen = 0;
    java.util.Arrays.fill(node, SearchTree.ROOT);
    if (rootKeys != null) {
      startAtObservations();
    }
    boolean inTree = true;
    boolean cut = false;
    int cutAfter = leaf;
    int remaining = game.stepBound() - stepsPlayed;
    int steps = 0;
    Mast mast = this.mast;
    if (mast != null) {
      mast.startIteration();
    }
    while (!game.isTerminal(world)) {
      if (++steps > remaining) {
        throw new IllegalStateException(
            "rule failure: no terminal state within the step bound " + game.stepBound() + " of " + game.name());
      }
      if (!inTree) {
        if (particleCount > 0) {
          informedRolloutStep(world); // HP_ISMCTS: the information-set rollout, one step at a time
          continue;
        }
        int room = remaining - steps + 1;
        int max = cutAfter >= 0 && cutAfter < room ? cutAfter : room;
        if (mast != null) {
          steps += mastRollout(world, max) - 1;
        } else {
          // The rollout: the engine's own random playout loop, within what is left of the step bound.
          steps += game.playout(world, rng, max, joint, legal[0]) - 1;
        }
        if (max < room && !game.isTerminal(world)) {
          if (heuristic.values(world, leafScratch, reward)) {
            cut = true; // leaf=K: valued by the running score
            break;
          }
          cutAfter = -1; // the running score has no value here: the rollout plays on to the end
        }
        continue;
      }
      int stepStart = pathLen;
      for (int r = 0; r < roles; r++) {
        MoveList ml = legal[r];
        game.legalMoves(world, r, ml);
        int n = ml.size();
        if (n == 0) {
          throw noLegalMove(r);
        }
        if (n == 1) {
          joint[r] = ml.get(0);
        } else if (r == randomRole) {
          joint[r] = ml.get(Uniform.below(rng, n));
        } else if (r == searcher && aliveCount > 0 && node[treeOf[r]] != SearchTree.ROOT
            && (joint[r] = informedChoice(ml)) >= 0) {
          // Below the root, a choice between moves that all end the game is the informed guess of the rollouts:
          // exploring every guess in the tree would make the move that leads to it (ready, in Number Guessing)
          // look worse than it is. No statistics are kept for it; at the root the choice is searched as usual.
          continue;
        } else if (targeted && r != searcher) {
          int t = treeOf[r];
          joint[r] = averageMove(trees[t], node[t], r, ml);
        } else {
          int t = treeOf[r];
          joint[r] = select(t, node[t], r, ml);
        }
      }
      if (mast != null) {
        for (int r = 0; r < roles; r++) {
          if (legal[r].size() > 1) {
            mast.record(r, joint[r]);
          }
        }
      }
      if (views != null) {
        creditOpponentViews(stepStart, stepsPlayed + steps - 1);
      }
      game.apply(world, joint, mode == Mode.UCT ? null : percepts);
      if (particleCount > 0) {
        advanceParticles(world);
      }
      if (views != null) {
        extendViews();
      }
      for (int t = 0; t < trees.length; t++) {
        if (rootKeys != null) {
          int child = smoothStep(t);
          inTree &= child >= 0;
          node[t] = child >= 0 ? child : -child - 1;
          continue;
        }
        long key =
            mode == Mode.UCT ? jointKey() : perceptKey(roleOfTree[t], joint[roleOfTree[t]]);
        int child = trees[t].child(node[t], key);
        if (child < 0) {
          // A tree that reached the node cap stops growing; its statistics keep improving.
          child = trees[t].nodeCount() < maxNodes ? trees[t].addChild(node[t], key) : SearchTree.ROOT;
          inTree = false;
        }
        node[t] = child;
      }
    }
    double[] reward = this.reward;
    if (!cut) {
      game.scores(world, reward);
    }
    if (mast != null) {
      mast.endIteration(reward);
    }
    for (int i = 0; i < pathLen; i++) {
      SearchTree tree = trees[pathTree[i]];
      int a = pathArm[i];
      tree.visits[a]++;
      double own = pathReward[i];
      tree.reward[a] += own == own ? own : reward[pathRole[i]];
    }
  }

  /**
   * A MAST rollout from {@code world} (in place) until it is terminal or {@code maxSteps} joint moves were played:
   * chance draws uniformly (as in the engine's playout), a role with one legal move plays it, any other role plays
   * {@link Mast#choose}'s move, which is recorded for the iteration's credit.
   *
   * @return the number of joint moves played
   */
  private int mastRollout(State world, int maxSteps) {
    int steps = 0;
    int[] joint = this.joint;
    while (steps < maxSteps && !game.isTerminal(world)) {
      for (int r = 0; r < roles; r++) {
        MoveList ml = legal[r];
        int m;
        if (r == randomRole) {
          m = game.randomLegalMove(world, r, rng, ml);
          if (m == Game.NO_MOVE) {
            throw noLegalMove(r);
          }
        } else {
          game.legalMoves(world, r, ml);
          int n = ml.size();
          if (n == 0) {
            throw noLegalMove(r);
          }
          if (n == 1) {
            m = ml.get(0);
          } else {
            m = mast.choose(r, ml, rng);
            mast.record(r, m);
          }
        }
        joint[r] = m;
      }
      game.apply(world, joint, null);
      steps++;
    }
    return steps;
  }

  /** Advances the live particles by the step just played in the world (percepts holds the world's). */
  private void advanceParticles(State world) {
    int[] seen = percepts.sorted(searcher);
    for (int i = 0; i < particleCount; i++) {
      if (!alive[i]) {
        continue;
      }
      State p = particles[i];
      boolean ok = !game.isTerminal(p);
      for (int r = 0; r < roles && ok; r++) {
        game.legalMoves(p, r, particleLegal);
        if (r == searcher) {
          ok = particleLegal.contains(joint[r]);
          particleJoint[r] = joint[r];
        } else if (particleLegal.isEmpty()) {
          throw noLegalMove(r);
        } else {
          particleJoint[r] = particleLegal.get(Uniform.below(rng, particleLegal.size()));
        }
      }
      if (ok) {
        game.apply(p, particleJoint, particlePercepts);
        // The game ends in the particle exactly when it ends in the world, as in the samplers.
        ok = particlePercepts.sameAs(searcher, seen) && game.isTerminal(p) == game.isTerminal(world);
      }
      if (!ok) {
        alive[i] = false;
        aliveCount--;
      }
    }
  }

  /**
   * The searcher's informed move: in a live particle drawn at random, if its first legal move ends the game, the
   * legal move that scores best for the searcher there (ties at random; every move is tried); otherwise -1.
   */
  private int informedChoice(MoveList ml) {
    int k = Uniform.below(rng, aliveCount);
    int pick = 0;
    for (int i = 0; i < particleCount; i++) {
      if (alive[i] && k-- == 0) {
        pick = i;
        break;
      }
    }
    State p = particles[pick];
    int n = ml.size();
    int best = -1;
    double bestValue = Double.NEGATIVE_INFINITY;
    int ties = 0;
    for (int i = 0; i < n; i++) {
      int m = ml.get(i);
      double v = terminalValue(p, m);
      if (v != v) {
        if (i == 0) {
          return -1; // the first move does not end the game: not a guess
        }
        continue;
      }
      if (v > bestValue) {
        bestValue = v;
        best = m;
        ties = 1;
      } else if (v == bestValue && Uniform.below(rng, ++ties) == 0) {
        best = m;
      }
    }
    return best >= 0 ? best : ml.get(Uniform.below(rng, n));
  }

  /** The searcher's score when it plays m in p (the others at random) and the game ends; NaN otherwise. */
  private double terminalValue(State p, int m) {
    shadow.copyFrom(p);
    for (int r = 0; r < roles; r++) {
      game.legalMoves(shadow, r, shadowLegal);
      if (r == searcher) {
        if (!shadowLegal.contains(m)) {
          return Double.NaN;
        }
        shadowJoint[r] = m;
      } else {
        if (shadowLegal.isEmpty()) {
          throw noLegalMove(r);
        }
        shadowJoint[r] = shadowLegal.get(Uniform.below(rng, shadowLegal.size()));
      }
    }
    game.apply(shadow, shadowJoint, null);
    if (!game.isTerminal(shadow)) {
      return Double.NaN;
    }
    game.scores(shadow, shadowScores);
    return shadowScores[searcher];
  }

  /**
   * Role r's reward for the move it learns with ({@code learned[r]}) in a world drawn from r's information set
   * ({@code views[r]} after {@code step} steps), played out at random; NaN when r's sampler finds no state.
   */
  private double shadowValue(int r, int step) {
    if (!viewSamplers[r].sample(views[r], rng, shadow)) {
      shadowFailures++;
      return Double.NaN;
    }
    viewsApproximate = viewsApproximate || viewSamplers[r].approximate(views[r]);
    if (game.isTerminal(shadow)) {
      // A world of r's information set where the game is already over (r cannot always tell): its move changes
      // nothing there.
      game.scores(shadow, shadowScores);
      return shadowScores[r];
    }
    for (int q = 0; q < roles; q++) {
      game.legalMoves(shadow, q, shadowLegal);
      if (shadowLegal.isEmpty()) {
        throw noLegalMove(q);
      }
      int m = q == r ? learned[r] : joint[q];
      shadowJoint[q] = shadowLegal.contains(m) ? m : shadowLegal.get(Uniform.below(rng, shadowLegal.size()));
    }
    game.apply(shadow, shadowJoint, null);
    if (!game.isTerminal(shadow)) {
      game.playout(shadow, rng, game.stepBound() - step - 1, shadowJoint, shadowLegal);
      if (!game.isTerminal(shadow)) {
        throw new IllegalStateException(
            "rule failure: no terminal state within the step bound " + game.stepBound() + " of " + game.name());
      }
    }
    game.scores(shadow, shadowScores);
    return shadowScores[r];
  }

  private IllegalStateException noLegalMove(int role) {
    return new IllegalStateException(
        "rule failure: role " + game.roleName(role) + " has no legal move in a non-terminal state of " + game.name());
  }

  /**
   * Smooth UCT: each tree starts at the node of its role's observation; a tree's nodes are all children of its root,
   * keyed by the role's whole observation, so one information set has one node however the iteration reached it
   * (from the start of the game or from a world of the current step).
   */
  private void startAtObservations() {
    if (smoothKeys.length < trees.length) {
      smoothKeys = new long[trees.length];
    }
    for (int t = 0; t < trees.length; t++) {
      smoothKeys[t] = rootKeys[t];
      int c = trees[t].child(SearchTree.ROOT, rootKeys[t]);
      if (c < 0) {
        c = trees[t].nodeCount() < maxNodes ? trees[t].addChild(SearchTree.ROOT, rootKeys[t]) : SearchTree.ROOT;
      }
      node[t] = c;
    }
  }

  /**
   * Smooth UCT: tree t's role's observation grows by the step just played; its node (the child of the root for the
   * new key), or -(node + 1) when the node is new (or the tree is full: the root), which ends the tree part.
   */
  private int smoothStep(int t) {
    int r = roleOfTree[t];
    if (smoothBuf.length < percepts.size(r)) {
      smoothBuf = new int[Math.max(percepts.size(r), 2 * smoothBuf.length)];
    }
    long key = smoothKeys[t] = observationStep(smoothKeys[t], joint[r], percepts, r, smoothBuf);
    int child = trees[t].child(SearchTree.ROOT, key);
    if (child >= 0) {
      return child;
    }
    return -(trees[t].nodeCount() < maxNodes ? trees[t].addChild(SearchTree.ROOT, key) : SearchTree.ROOT) - 1;
  }

  private long[] smoothKeys = new long[0];
  private int[] smoothBuf = new int[16];

  /**
   * Smooth UCT: role's average strategy at the node of its observation key {@code key} (in its own tree): the share
   * of the visits of {@code move} among the moves in {@code legal}; 1/|legal| when the node has no visits.
   */
  public double averageProbability(int role, long key, int move, MoveList legal) {
    SearchTree tree = trees[treeOf[role]];
    int nd = tree.child(SearchTree.ROOT, key);
    long total = 0;
    if (nd >= 0) {
      for (int i = 0; i < legal.size(); i++) {
        total += tree.visits(nd, role, legal.get(i));
      }
    }
    return total == 0 ? 1.0 / legal.size() : tree.visits(nd, role, move) / (double) total;
  }

  /** A move drawn in proportion to role's visits at node {@code nd} (uniformly when none); statistics untouched. */
  private int averageMove(SearchTree tree, int nd, int role, MoveList ml) {
    int n = ml.size();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += tree.visits(nd, role, ml.get(i));
    }
    if (total == 0) {
      return ml.get(Uniform.below(rng, n));
    }
    long u = (long) (rng.nextDouble() * total);
    for (int i = 0; i < n; i++) {
      u -= tree.visits(nd, role, ml.get(i));
      if (u < 0) {
        return ml.get(i);
      }
    }
    return ml.get(n - 1);
  }

  /** Decoupled UCB with availability counts; an untried move is tried first (uniformly among untried ones). */
  private int select(int t, int nd, int role, MoveList ml) {
    SearchTree tree = trees[t];
    int n = ml.size();
    int untried = 0;
    int pickArm = -1;
    int pickMove = 0;
    double best = Double.NEGATIVE_INFINITY;
    int ties = 0;
    for (int i = 0; i < n; i++) {
      int m = ml.get(i);
      int a = tree.arm(nd, role, m);
      int av = ++tree.avail[a];
      int v = tree.visits[a];
      if (v == 0) {
        // Reservoir sampling among untried moves keeps the choice uniform without a second pass.
        if (Uniform.below(rng, ++untried) == 0) {
          pickArm = a;
          pickMove = m;
        }
      } else if (untried == 0) {
        double value = tree.reward[a] / v + c * Math.sqrt(Math.log(av) / v);
        // Ties are broken at random: with several roles choosing from deterministic statistics in the same step,
        // a fixed tie-break can lock their choices into a correlated cycle (seen in Spy vs Spy).
        if (value > best) {
          best = value;
          ties = 1;
          pickArm = a;
          pickMove = m;
        } else if (value == best && Uniform.below(rng, ++ties) == 0) {
          pickArm = a;
          pickMove = m;
        }
      }
    }
    if (pathLen == pathArm.length) {
      int cap = pathLen * 2;
      pathArm = java.util.Arrays.copyOf(pathArm, cap);
      pathTree = java.util.Arrays.copyOf(pathTree, cap);
      pathRole = java.util.Arrays.copyOf(pathRole, cap);
      pathReward = java.util.Arrays.copyOf(pathReward, cap);
    }
    if (eta > 0 && untried == 0) {
      // Smooth UCT: with probability 1 - max(γ, η / (1 + d·sqrt(N))), the move comes from the average strategy.
      long total = 0;
      for (int i = 0; i < n; i++) {
        total += tree.visits[tree.arm(nd, role, ml.get(i))];
      }
      double p = Math.max(SMOOTH_FLOOR, eta / (1 + SMOOTH_DECAY * Math.sqrt(total)));
      if (rng.nextDouble() >= p) {
        long u = (long) (rng.nextDouble() * total);
        for (int i = 0; i < n; i++) {
          int a = tree.arm(nd, role, ml.get(i));
          u -= tree.visits[a];
          if (u < 0) {
            pickArm = a;
            pickMove = ml.get(i);
            break;
          }
        }
      }
    }
    pathReward[pathLen] = Double.NaN;
    pathTree[pathLen] = t;
    pathArm[pathLen] = pickArm;
    pathRole[pathLen] = role;
    pathLen++;
    if (mode == Mode.HP_ISMCTS && role != searcher && views != null) {
      // The opponent learns with the move UCB picked (valued in a world of its own information set, see
      // shadowValue) but acts in the searcher's world with its average strategy so far: a move drawn in proportion
      // to its visits. Acting with UCB's argmax would let noise lock it into one of two equally good moves for a
      // whole search, and the searcher would best-respond to that accident (in Spy vs Spy: a defuser that happens
      // to cut the armed wire after a hide).
      learned[role] = pickMove;
      long total = 0;
      for (int i = 0; i < n; i++) {
        total += tree.visits[tree.arm(nd, role, ml.get(i))];
      }
      if (total > 0) {
        long u = (long) (rng.nextDouble() * total);
        for (int i = 0; i < n; i++) {
          u -= tree.visits[tree.arm(nd, role, ml.get(i))];
          if (u < 0) {
            return ml.get(i);
          }
        }
      }
    }
    return pickMove;
  }

  private long jointKey() {
    long h = 0x5DEECE66DL;
    for (int r = 0; r < roles; r++) {
      h = mix(h ^ (joint[r] & 0xFFFFFFFFL));
    }
    return h;
  }

  /** A hash of (move, set of percepts of role), independent of the order percepts were written in. */
  private long perceptKey(int role, int move) {
    int n = percepts.size(role);
    if (keyBuf.length < n) {
      keyBuf = new int[Math.max(n, keyBuf.length * 2)];
    }
    int[] b = keyBuf;
    for (int i = 0; i < n; i++) {
      int v = percepts.get(role, i);
      int j = i - 1;
      while (j >= 0 && b[j] > v) {
        b[j + 1] = b[j];
        j--;
      }
      b[j + 1] = v;
    }
    long h = mix(0x2545F4914F6CDD1DL ^ (move & 0xFFFFFFFFL));
    for (int i = 0; i < n; i++) {
      if (i > 0 && b[i] == b[i - 1]) {
        continue;
      }
      h = mix(h ^ (b[i] & 0xFFFFFFFFL) ^ 0x100000000L);
    }
    return h;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }
}
