package veil.ai.search;

import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
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
    MO_ISMCTS
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
    if (mode == Mode.MO_ISMCTS) {
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
    if (mode == Mode.SO_ISMCTS) {
      percepts.listenOnly(searcher); // one tree, keyed by the searcher's percepts only
    }
  }

  public void setMaxNodes(int maxNodes) {
    this.maxNodes = Math.max(1, maxNodes);
  }

  public void setRandom(SplittableRandom rng) {
    this.rng = rng;
  }

  public void clear() {
    for (SearchTree t : trees) {
      t.clear();
    }
  }

  /** The tree the searcher's own decisions live in. */
  public SearchTree searcherTree() {
    return trees[treeOf[searcher]];
  }

  /** Visits of the searcher's move at the root. */
  public int rootVisits(int move) {
    return searcherTree().visits(SearchTree.ROOT, searcher, move);
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
    pathLen = 0;
    java.util.Arrays.fill(node, SearchTree.ROOT);
    boolean inTree = true;
    int remaining = game.stepBound() - stepsPlayed;
    int steps = 0;
    while (!game.isTerminal(world)) {
      if (++steps > remaining) {
        throw new IllegalStateException(
            "rule failure: no terminal state within the step bound " + game.stepBound() + " of " + game.name());
      }
      if (!inTree) {
        // The rollout: the engine's own random playout loop, within what is left of the step bound.
        steps += game.playout(world, rng, remaining - steps + 1, joint, legal[0]) - 1;
        continue;
      }
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
        } else {
          int t = treeOf[r];
          joint[r] = select(t, node[t], r, ml);
        }
      }
      game.apply(world, joint, mode == Mode.UCT ? null : percepts);
      for (int t = 0; t < trees.length; t++) {
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
    game.scores(world, reward);
    for (int i = 0; i < pathLen; i++) {
      SearchTree tree = trees[pathTree[i]];
      int a = pathArm[i];
      tree.visits[a]++;
      tree.reward[a] += reward[pathRole[i]];
    }
  }

  private IllegalStateException noLegalMove(int role) {
    return new IllegalStateException(
        "rule failure: role " + game.roleName(role) + " has no legal move in a non-terminal state of " + game.name());
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
    }
    pathTree[pathLen] = t;
    pathArm[pathLen] = pickArm;
    pathRole[pathLen] = role;
    pathLen++;
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
