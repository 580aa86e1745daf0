package veil.cards.sample;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws uniformly a bijection between unknown cards and anonymous tokens, where each token may only be some of the
 * cards. Tokens with the same allowed set form a class (capacity = how many); cards allowed by the same classes
 * form a type. The number of bijections is the sum, over tables k[type][class] with row sums = type sizes and
 * column sums = capacities, of the product of multinomials n_type! / prod k!, times prod capacity! (the ways to
 * seat each class's cards on its tokens). A dynamic program over types, keyed by the capacities still free,
 * counts every table's weight exactly; the table is then drawn with probability proportional to its weight, each
 * type's cards are split into the classes at random, and each class's cards are seated in random order. Every
 * bijection thus has the same probability (exact uniform sampling, no rejection).
 *
 * <p>When the state space of the program would be too large (or the counts too large for a double: more than 170
 * unknown cards) it falls back to rejection: a random permutation, kept when every card is allowed where it lands.
 * That is also exact, only slower.
 *
 * <p>Card sets are {@code words} longs each ({@link CardSets}); class j's set is {@code masks[j * words ..]}.
 */
final class UniformAssignment {
  private static final int MAX_TABLE = 1 << 20;
  private static final int FALLBACK_TRIES = 100_000;
  /** Factorials up to 170 (171! is beyond a double). */
  static final int MAX_FACT = 170;
  static final double[] FACT = new double[MAX_FACT + 1];

  static {
    FACT[0] = 1;
    for (int i = 1; i < FACT.length; i++) {
      FACT[i] = FACT[i - 1] * i;
    }
  }

  // The prepared structure.
  private long[] classMask = new long[0];
  private int[] cap = new int[0];
  private int k;
  private int words;
  private long[] unknown = new long[0];
  private boolean prepared;
  private boolean feasible;
  private boolean fallback;
  private int types;
  private int[] typeClasses = new int[0];
  private int[][] typeCards = new int[0][];
  private int[] typeSize = new int[0];
  private int[] stride = new int[0];
  private int states;
  private double[] memo;

  // Scratch for sampling.
  private int[] amount = new int[64];
  private double cum;
  private double target;
  private int[] shuffled = new int[64];
  private int[] slots = new int[64];

  /** {@link #prepare(long[], int[], int, long[], int)} for cards of one word. */
  boolean prepare(long[] masks, int[] caps, int classes, long unknownCards) {
    return prepare(masks, caps, classes, new long[] {unknownCards}, 1);
  }

  /** Sets up the class structure; reuses the previous tables when it is the same. False when no bijection exists. */
  boolean prepare(long[] masks, int[] caps, int classes, long[] unknownCards, int words) {
    return prepare(masks, caps, classes, unknownCards, words, null, null, 0);
  }

  /**
   * With weights: a card of face {@code faceOf[c]} (cards of one face then form types of their own), and class j,
   * unless {@code weights[j]} is null, multiplies a table's weight by {@code weights[j][f * (copyCap + 1) + a]} for
   * the a cards of face f it takes. The draw is then proportional to that product (see Worker's face weights).
   */
  boolean prepare(long[] masks, int[] caps, int classes, long[] unknownCards, int words, int[] faceOf,
      double[][] weights, int copyCap) {
    if (prepared && classes == k && words == this.words && equalPrefix(unknownCards, unknown, words)
        && equalPrefix(masks, classMask, classes * words) && equalPrefix(caps, cap, classes)
        && sameWeights(faceOf, weights, classes)) {
      return feasible;
    }
    prepared = true;
    this.faceOf = faceOf;
    this.copyCap = copyCap;
    this.weights = weights == null ? null : Arrays.copyOf(weights, classes);
    k = classes;
    this.words = words;
    classMask = Arrays.copyOf(masks, classes * words);
    cap = Arrays.copyOf(caps, classes);
    unknown = Arrays.copyOf(unknownCards, words);
    if (amount.length < k) {
      amount = new int[k];
    }
    int n = CardSets.count(unknown, 0, words);
    if (shuffled.length < n) {
      shuffled = new int[n];
      slots = new int[n];
    }
    // Card types: the set of classes allowing the card.
    types = 0;
    int total = 0;
    for (int j = 0; j < k; j++) {
      total += cap[j];
    }
    if (total != n) {
      feasible = false;
      return false;
    }
    if (k > 30 || n > MAX_FACT) {
      fallback = true;
      memo = null;
      feasible = true; // decided per draw
      return true;
    }
    int[] tmpType = new int[n];
    int[] tmpCount = new int[n];
    int[][] tmpCards = new int[n][n];
    for (int c = CardSets.first(unknown, 0, words); c >= 0; c = CardSets.next(unknown, 0, words, c)) {
      int t = 0;
      for (int j = 0; j < k; j++) {
        if (CardSets.has(classMask, j * words, c)) {
          t |= 1 << j;
        }
      }
      if (t == 0) {
        feasible = false;
        return false;
      }
      int idx = -1;
      for (int i = 0; i < types; i++) {
        if (tmpType[i] == t && (faceOf == null || faceOf[tmpCards[i][0]] == faceOf[c])) {
          idx = i;
          break;
        }
      }
      if (idx < 0) {
        idx = types++;
        tmpType[idx] = t;
        tmpCount[idx] = 0;
      }
      tmpCards[idx][tmpCount[idx]++] = c;
    }
    typeFace = new int[types];
    for (int i = 0; i < types; i++) {
      typeFace[i] = faceOf == null ? -1 : faceOf[tmpCards[i][0]];
    }
    typeClasses = Arrays.copyOf(tmpType, types);
    typeSize = Arrays.copyOf(tmpCount, types);
    typeCards = new int[types][];
    for (int i = 0; i < types; i++) {
      typeCards[i] = Arrays.copyOf(tmpCards[i], tmpCount[i]);
    }
    stride = new int[k];
    long size = 1;
    for (int j = 0; j < k; j++) {
      stride[j] = (int) size;
      size *= cap[j] + 1;
      if (size * (types + 1) > MAX_TABLE) {
        break;
      }
    }
    fallback = size * (types + 1) > MAX_TABLE;
    if (fallback) {
      memo = null;
      feasible = true; // decided per draw
      return true;
    }
    states = (int) size;
    memo = new double[(types + 1) * states];
    Arrays.fill(memo, -1);
    feasible = count(0, fullIndex()) > 0;
    return feasible;
  }
  /** How many tables (weighted) are left; for tests. */
  double weightedCount() {
    return fallback ? Double.NaN : count(0, fullIndex());
  }

  private int fullIndex() {
    int idx = 0;
    for (int j = 0; j < k; j++) {
      idx += cap[j] * stride[j];
    }
    return idx;
  }

  private static boolean equalPrefix(long[] a, long[] b, int n) {
    if (b.length < n || a.length < n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean equalPrefix(int[] a, int[] b, int n) {
    if (b.length < n || a.length < n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  /** Weighted number of ways to place types i.. into the free capacities encoded by idx. */
  private double count(int i, int idx) {
    if (i == types) {
      return idx == 0 ? 1 : 0;
    }
    int at = i * states + idx;
    double v = memo[at];
    if (v >= 0) {
      return v;
    }
    v = splits(i, typeClasses[i], typeSize[i], idx, 1.0, false);
    memo[at] = v;
    return v;
  }

  /**
   * Sums (or, when picking, walks until the running sum passes the target) over the ways to split the remaining
   * cards of type i among the classes in {@code classes}.
   */
  private double splits(int i, int classes, int remaining, int idx, double denom, boolean pick) {
    if (classes == 0) {
      if (remaining != 0) {
        return 0;
      }
      double w = FACT[typeSize[i]] / denom * count(i + 1, idx);
      if (pick && w > 0) {
        cum += w;
        if (cum >= target) {
          target = Double.NaN; // found: stop every later step
          return -1;
        }
      }
      return w;
    }
    int j = Integer.numberOfTrailingZeros(classes);
    int rest = classes & classes - 1;
    int free = idx / stride[j] % (cap[j] + 1);
    int lo = rest == 0 ? remaining : 0;
    int hi = Math.min(remaining, free);
    double[] wj = weights == null ? null : weights[j];
    double sum = 0;
    for (int a = lo; a <= hi; a++) {
      double d = wj == null ? denom * FACT[a] : denom * FACT[a] / wj[typeFace[i] * (copyCap + 1) + a];
      double w = splits(i, rest, remaining - a, idx - a * stride[j], d, pick);
      if (pick && w < 0) {
        amount[j] = a;
        return -1;
      }
      sum += w;
    }
    return sum;
  }

  /** Draws a bijection: classOfCard[c] is the class of each unknown card c (others untouched). */
  boolean sample(SplittableRandom rng, int[] classOfCard) {
    if (!feasible) {
      return false;
    }
    if (fallback) {
      return sampleByRejection(rng, classOfCard);
    }
    int idx = fullIndex();
    for (int i = 0; i < types; i++) {
      double total = count(i, idx);
      if (total <= 0) {
        return false;
      }
      cum = 0;
      target = rng.nextDouble() * total;
      Arrays.fill(amount, 0, k, 0);
      if (splits(i, typeClasses[i], typeSize[i], idx, 1.0, true) >= 0) {
        // Rounding left the target just above the sum: take the last split with weight.
        target = cum * (1 - 1e-12);
        cum = 0;
        Arrays.fill(amount, 0, k, 0);
        if (splits(i, typeClasses[i], typeSize[i], idx, 1.0, true) >= 0) {
          return false;
        }
      }
      // Split this type's cards at random into the chosen amounts.
      int n = typeSize[i];
      System.arraycopy(typeCards[i], 0, shuffled, 0, n);
      shuffle(shuffled, n, rng);
      int at = 0;
      for (int j = 0; j < k; j++) {
        for (int a = 0; a < amount[j]; a++) {
          classOfCard[shuffled[at++]] = j;
        }
        idx -= amount[j] * stride[j];
      }
    }
    return true;
  }

  private boolean sampleByRejection(SplittableRandom rng, int[] classOfCard) {
    if (weights != null) {
      // Weighted (every weight is at most 1): a uniform bijection kept with probability its weight.
      for (int tries = 0; tries < FALLBACK_TRIES; tries++) {
        if (!uniformByRejection(rng, classOfCard)) {
          return false;
        }
        if (rng.nextDouble() < weightOf(classOfCard)) {
          return true;
        }
      }
      return false;
    }
    return uniformByRejection(rng, classOfCard);
  }

  /** The weight of an assignment (the product over classes and faces of the weights of their counts). */
  private double weightOf(int[] classOfCard) {
    double w = 1;
    for (int j = 0; j < k; j++) {
      double[] wj = weights[j];
      if (wj == null) {
        continue;
      }
      // Count per face the cards class j took.
      for (int c = 0; c < faceOf.length; c++) {
        if (faceOf[c] != c) {
          continue;
        }
        int a = 0;
        for (int d = c; d < faceOf.length && faceOf[d] == c; d++) {
          if (CardSets.has(unknown, 0, d) && classOfCard[d] == j) {
            a++;
          }
        }
        w *= wj[c * (copyCap + 1) + a];
      }
    }
    return w;
  }

  private boolean sameWeights(int[] faceOf, double[][] weights, int classes) {
    if (faceOf != this.faceOf || (weights == null) != (this.weights == null)) {
      return false;
    }
    if (weights == null) {
      return true;
    }
    for (int j = 0; j < classes; j++) {
      if (!Arrays.equals(weights[j], this.weights[j])) {
        return false;
      }
    }
    return true;
  }

  private int[] faceOf;
  private double[][] weights;
  private int copyCap;
  private int[] typeFace = new int[0];

  private boolean uniformByRejection(SplittableRandom rng, int[] classOfCard) {
    int n = CardSets.count(unknown, 0, words);
    int at = 0;
    for (int j = 0; j < k; j++) {
      for (int a = 0; a < cap[j]; a++) {
        slots[at++] = j;
      }
    }
    for (int tries = 0; tries < FALLBACK_TRIES; tries++) {
      shuffle(slots, n, rng);
      boolean ok = true;
      int i = 0;
      for (int c = CardSets.first(unknown, 0, words); c >= 0; c = CardSets.next(unknown, 0, words, c), i++) {
        if (!CardSets.has(classMask, slots[i] * words, c)) {
          ok = false;
          break;
        }
        classOfCard[c] = slots[i];
      }
      if (ok) {
        return true;
      }
    }
    return false;
  }

  static void shuffle(int[] a, int n, SplittableRandom rng) {
    for (int i = n - 1; i > 0; i--) {
      int j = veil.model.Uniform.below(rng, i + 1);
      int x = a[i];
      a[i] = a[j];
      a[j] = x;
    }
  }
}
