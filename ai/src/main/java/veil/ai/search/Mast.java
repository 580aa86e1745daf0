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
 * <p>With {@code ngrams} (NST, the N-gram selection technique of the same paper, with N ≤ 2) each role also keeps
 * the mean reward of each pair (previous move, move), where the previous move is the move recorded just before in
 * the iteration (by any role that had a choice: in a card game, usually the card the previous player played); a
 * move's value in the rollout is then the average of its MAST mean and, once the pair was seen {@link
 * #NGRAM_MIN_COUNT} times, the pair's mean.
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

  /** Times a pair must have been seen before NST uses its mean (Tak, Winands and Björnsson 2012 used 7). */
  public static final int NGRAM_MIN_COUNT = 7;

  private static final int EMPTY = Game.NO_MOVE; // the one int no game uses as a move
  /** The "previous move" of the first move of an iteration. */
  private static final int START = Game.NO_MOVE;

  private final int randomRole;
  private final double epsilon;
  private final int[][] keys;
  private final double[][] sum;
  private final int[][] count;
  private final int[] size;
  private int[] trailRole = new int[256];
  private int[] trailMove = new int[256];
  private int trailLen;
  // NST: per role, pairs (previous, move) as one long key; a slot is empty while its count is 0.
  private final boolean ngrams;
  private final long[][] pairKeys;
  private final double[][] pairSum;
  private final int[][] pairCount;
  private final int[] pairSize;

  public Mast(int roles, int randomRole, double epsilon) {
    this(roles, randomRole, epsilon, false);
  }

  /** As {@link #Mast(int, int, double)}; with {@code ngrams}, NST's pairs too. */
  public Mast(int roles, int randomRole, double epsilon, boolean ngrams) {
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
    this.ngrams = ngrams;
    int pr = ngrams ? roles : 0;
    pairKeys = new long[pr][];
    pairSum = new double[pr][];
    pairCount = new int[pr][];
    pairSize = new int[pr];
    for (int r = 0; r < pr; r++) {
      pairKeys[r] = new long[256];
      pairSum[r] = new double[256];
      pairCount[r] = new int[256];
    }
  }

  public boolean ngrams() {
    return ngrams;
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
    for (int r = 0; r < pairKeys.length; r++) {
      if (pairSize[r] > 0) {
        Arrays.fill(pairSum[r], 0);
        Arrays.fill(pairCount[r], 0);
        pairSize[r] = 0;
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
      if (ngrams) {
        int p = pairSlotFor(r, pairKey(i == 0 ? START : trailMove[i - 1], trailMove[i]));
        pairSum[r][p] += reward[r];
        pairCount[r][p]++;
      }
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

  /** NST: the mean reward of {@code role}'s pair (previous, move), or NaN when it was never seen. */
  public double pairMean(int role, int previous, int move) {
    int p = findPair(role, pairKey(previous, move));
    return p < 0 ? Double.NaN : pairSum[role][p] / pairCount[role][p];
  }

  /** NST: how often {@code role}'s pair (previous, move) was credited so far. */
  public int pairCount(int role, int previous, int move) {
    int p = findPair(role, pairKey(previous, move));
    return p < 0 ? 0 : pairCount[role][p];
  }

  /**
   * The rollout's choice for {@code role} among {@code ml} (two or more moves; {@code role} is not chance), after
   * the moves recorded so far in this iteration.
   */
  int choose(int role, MoveList ml, SplittableRandom rng) {
    int n = ml.size();
    if (epsilon > 0 && rng.nextDouble() < epsilon) {
      return ml.get(Uniform.below(rng, n));
    }
    int previous = trailLen == 0 ? START : trailMove[trailLen - 1];
    int best = ml.get(0);
    double bestValue = Double.NEGATIVE_INFINITY;
    int ties = 0;
    for (int i = 0; i < n; i++) {
      int m = ml.get(i);
      int slot = find(role, m);
      double v = slot < 0 ? 1.0 : sum[role][slot] / count[role][slot];
      if (ngrams) {
        int p = findPair(role, pairKey(previous, m));
        if (p >= 0 && pairCount[role][p] >= NGRAM_MIN_COUNT) {
          v = (v + pairSum[role][p] / pairCount[role][p]) / 2;
        }
      }
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

  private static long pairKey(int previous, int move) {
    return ((long) previous << 32) | (move & 0xFFFFFFFFL);
  }

  private static int pairHash(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private int findPair(int role, long key) {
    long[] k = pairKeys[role];
    int[] c = pairCount[role];
    int mask = k.length - 1;
    for (int i = pairHash(key, mask); ; i = (i + 1) & mask) {
      if (c[i] == 0) {
        return -1;
      }
      if (k[i] == key) {
        return i;
      }
    }
  }

  // A slot is taken once its count is positive: the caller credits the slot it gets at once.
  private int pairSlotFor(int role, long key) {
    long[] k = pairKeys[role];
    int[] c = pairCount[role];
    int mask = k.length - 1;
    int i = pairHash(key, mask);
    while (c[i] != 0) {
      if (k[i] == key) {
        return i;
      }
      i = (i + 1) & mask;
    }
    if (2 * (pairSize[role] + 1) > k.length) {
      growPairs(role);
      return pairSlotFor(role, key);
    }
    k[i] = key;
    pairSize[role]++;
    return i;
  }

  private void growPairs(int role) {
    long[] oldKeys = pairKeys[role];
    double[] oldSum = pairSum[role];
    int[] oldCount = pairCount[role];
    int cap = oldKeys.length * 2;
    long[] k = new long[cap];
    double[] s = new double[cap];
    int[] c = new int[cap];
    int mask = cap - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldCount[j] != 0) {
        int i = pairHash(oldKeys[j], mask);
        while (c[i] != 0) {
          i = (i + 1) & mask;
        }
        k[i] = oldKeys[j];
        s[i] = oldSum[j];
        c[i] = oldCount[j];
      }
    }
    pairKeys[role] = k;
    pairSum[role] = s;
    pairCount[role] = c;
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
