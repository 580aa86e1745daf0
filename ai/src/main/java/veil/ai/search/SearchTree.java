package veil.ai.search;

import java.util.Arrays;

/**
 * One search tree, stored flat. A node is an int; its children are found by (node, edge key) where the edge key is
 * a 64-bit hash of what distinguishes the child (a joint move for perfect-information UCT, or one role's own move
 * and percepts for ISMCTS). Every node holds decoupled statistics, one "arm" per (role, move) that was legal there:
 * visits, total reward of that role, and availability (iterations in which the move was legal at the node).
 *
 * <p>Edge keys are hashes: two different (move, percepts) pairs colliding in 64 bits would share a child. The
 * chance is about n²/2⁶⁵ for n children of one node, which we accept.
 */
public final class SearchTree {
  private final KeyTable children = new KeyTable(1 << 12);
  private final KeyTable arms = new KeyTable(1 << 12);
  private int nodeCount = 1;
  private int armCount;
  int[] visits = new int[1 << 10];
  int[] avail = new int[1 << 10];
  double[] reward = new double[1 << 10];

  public static final int ROOT = 0;

  public void clear() {
    children.clear();
    arms.clear();
    nodeCount = 1;
    armCount = 0;
  }

  public int nodeCount() {
    return nodeCount;
  }

  public int armCount() {
    return armCount;
  }

  /** The child of {@code node} along {@code key}, or -1. */
  int child(int node, long key) {
    return children.get(node, key);
  }

  int addChild(int node, long key) {
    int c = nodeCount++;
    children.put(node, key, c);
    return c;
  }

  private static long armKey(int role, int move) {
    return ((long) role << 32) | (move & 0xFFFFFFFFL);
  }

  /** The arm of (role, move) at {@code node}, created with zero statistics if absent. */
  int arm(int node, int role, int move) {
    long k = armKey(role, move);
    int a = arms.get(node, k);
    if (a < 0) {
      a = armCount++;
      if (a == visits.length) {
        int n = a * 2;
        visits = Arrays.copyOf(visits, n);
        avail = Arrays.copyOf(avail, n);
        reward = Arrays.copyOf(reward, n);
      }
      visits[a] = 0;
      avail[a] = 0;
      reward[a] = 0;
      arms.put(node, k, a);
    }
    return a;
  }

  /** Visits of (role, move) at {@code node}; 0 when never tried. */
  public int visits(int node, int role, int move) {
    int a = arms.get(node, armKey(role, move));
    return a < 0 ? 0 : visits[a];
  }

  /** Mean reward of (role, move) at {@code node}; 0 when never tried. */
  public double meanReward(int node, int role, int move) {
    int a = arms.get(node, armKey(role, move));
    return a < 0 || visits[a] == 0 ? 0 : reward[a] / visits[a];
  }
}
