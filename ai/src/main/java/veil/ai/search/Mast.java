package veil.ai.search;

import java.util.Arrays;
import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Uniform;

/**
 * Move-average sampling (MAST, Finnsson and Björnsson 2008), game-independent: per role and move id, the mean
 * reward that role received in the iterations of this search in which it played the move (in the tree or in the
 * rollout). In the rollout a role with two or more legal moves plays, with probability ε, a uniformly random one,
 * else the one with the highest mean (ε-greedy, as Tak, Winands and Björnsson 2012 found best; a move not seen yet
 * counts as the best reward, 1, so every move is tried; ties at random). Chance ({@code random}) always moves
 * uniformly.
 *
 * <p>The statistics are the worker's own: they are filled only by the iterations this worker runs, over the worlds
 * its agent drew, and cleared at the start of every decision ({@link #clear}). An honest agent's MAST therefore
 * knows nothing its observation does not.
 *
 * <p>Moves are ints of the game's own meaning, so each role has an open-addressing table (linear probing) of
 * primitive arrays: no boxing and no allocation on the playout path, except when a table doubles because a role
 * played a move id it had not played before in this game (at most log₂ of the number of distinct moves times).
 */
public final class Mast {
  /** The default probability of a uniformly random move in a MAST rollout. */
  public static final double DEFAULT_EPSILON = 0.4;

  private static final int EMPTY = Game.NO_MOVE; // the one int no game uses as a move

  private final int randomRole;
  private final double epsilon;
  private final int[][] keys;
  private final double[][] sum;
  private final int[][] count;
  private final int[] size;
  private int[] trailRole = new int[256];
  private int[] trailMove = new int[256];
  private int trailLen;

  public Mast(int roles, int randomRole, double epsilon) {
    if (!(epsilon >= 0 && epsilon <= 1)) {
      throw new IllegalArgumentException("MAST's epsilon must be in 0..1, was " + epsilon);
    }
    this.randomRole = randomRole;
    this.epsilon = epsilon;
    keys = new int[roles][];
    sum = new double[roles][];
    count = new int[roles][];
    size = new int[roles];
    for (int r = 0; r < roles; r++) {
      keys[r] = new int[64];
      Arrays.fill(keys[r], EMPTY);
      sum[r] = new double[64];
      count[r] = new int[64];
    }
  }

  public double epsilon() {
    return epsilon;
  }

  /** Forgets every statistic (a new decision). */
  public void clear() {
    for (int r = 0; r < keys.length; r++) {
      if (size[r] > 0) {
        Arrays.fill(keys[r], EMPTY);
        Arrays.fill(sum[r], 0);
        Arrays.fill(count[r], 0);
        size[r] = 0;
      }
    }
    trailLen = 0;
  }

  /** Starts an iteration's trail of (role, move). */
  void startIteration() {
    trailLen = 0;
  }

  /** Notes that {@code role} played {@code move} in this iteration (credited by {@link #endIteration}). */
  void record(int role, int move) {
    if (role == randomRole) {
      return;
    }
    if (trailLen == trailMove.length) {
      trailMove = Arrays.copyOf(trailMove, trailLen * 2);
      trailRole = Arrays.copyOf(trailRole, trailLen * 2);
    }
    trailRole[trailLen] = role;
    trailMove[trailLen] = move;
    trailLen++;
  }

  /** Credits every recorded move of this iteration with its role's reward. */
  void endIteration(double[] reward) {
    for (int i = 0; i < trailLen; i++) {
      int r = trailRole[i];
      int slot = slotFor(r, trailMove[i]);
      sum[r][slot] += reward[r];
      count[r][slot]++;
    }
    trailLen = 0;
  }

  /** The mean reward of {@code role}'s {@code move} so far, or NaN when it was never played. */
  public double mean(int role, int move) {
    int slot = find(role, move);
    return slot < 0 ? Double.NaN : sum[role][slot] / count[role][slot];
  }

  /** How often {@code role}'s {@code move} was credited so far. */
  public int count(int role, int move) {
    int slot = find(role, move);
    return slot < 0 ? 0 : count[role][slot];
  }

  /** The rollout's choice for {@code role} among {@code ml} (two or more moves; {@code role} is not chance). */
  int choose(int role, MoveList ml, SplittableRandom rng) {
    int n = ml.size();
    if (epsilon > 0 && rng.nextDouble() < epsilon) {
      return ml.get(Uniform.below(rng, n));
    }
    int best = ml.get(0);
    double bestValue = Double.NEGATIVE_INFINITY;
    int ties = 0;
    for (int i = 0; i < n; i++) {
      int m = ml.get(i);
      int slot = find(role, m);
      double v = slot < 0 ? 1.0 : sum[role][slot] / count[role][slot];
      if (v > bestValue) {
        bestValue = v;
        best = m;
        ties = 1;
      } else if (v == bestValue && Uniform.below(rng, ++ties) == 0) {
        best = m;
      }
    }
    return best;
  }

  private static int hash(int move, int mask) {
    int h = move * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }

  private int find(int role, int move) {
    int[] k = keys[role];
    int mask = k.length - 1;
    for (int i = hash(move, mask); ; i = (i + 1) & mask) {
      if (k[i] == move) {
        return i;
      }
      if (k[i] == EMPTY) {
        return -1;
      }
    }
  }

  private int slotFor(int role, int move) {
    int[] k = keys[role];
    int mask = k.length - 1;
    int i = hash(move, mask);
    while (k[i] != EMPTY) {
      if (k[i] == move) {
        return i;
      }
      i = (i + 1) & mask;
    }
    if (2 * (size[role] + 1) > k.length) {
      grow(role);
      return slotFor(role, move);
    }
    k[i] = move;
    size[role]++;
    return i;
  }

  private void grow(int role) {
    int[] oldKeys = keys[role];
    double[] oldSum = sum[role];
    int[] oldCount = count[role];
    int cap = oldKeys.length * 2;
    int[] k = new int[cap];
    Arrays.fill(k, EMPTY);
    double[] s = new double[cap];
    int[] c = new int[cap];
    int mask = cap - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldKeys[j] != EMPTY) {
        int i = hash(oldKeys[j], mask);
        while (k[i] != EMPTY) {
          i = (i + 1) & mask;
        }
        k[i] = oldKeys[j];
        s[i] = oldSum[j];
        c[i] = oldCount[j];
      }
    }
    keys[role] = k;
    sum[role] = s;
    count[role] = c;
  }
}
