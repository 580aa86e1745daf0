package veil.cards.sample;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Counts exactly, and draws uniformly, the bijections between unknown cards and anonymous tokens that respect each
 * token's allowed cards AND a list of at-least-one constraints ({@link HandFacts#SOME} facts): constraint i holds
 * when some token of a set T_i takes a card of a set M_i. It replaces the walk's designation of one (token, card)
 * pair per SOME fact and the measured bound that designation needed ({@link DesignationBound}): the sampler weighs a
 * draw by this count, which is exact, so nothing is declined for a bound that was only measured.
 *
 * <p>Tokens form classes by (allowed cards, the constraints whose set holds them): {@link Worker} builds them. Cards
 * form types by (the classes allowing them, the constraints whose set holds them): cards of one type are
 * interchangeable for everything. The method applies when every constraint's cards are ONE type (every Go Fish ask:
 * the unknown cards of the rank asked); then a constraint is decided where its type is placed, and a dynamic program
 * over the types, keyed by the capacities the classes have left (as {@link UniformAssignment}'s), counts every
 * table k[type][class] by its multinomials n_type! / prod k!, keeping only the splits of each type that give every
 * one of its constraints at least one card in a class inside T_i. Times prod capacity! (seating each class's cards
 * on its tokens, done by the caller) that is the number of bijections. The draw walks the program back with
 * probabilities proportional to the counts, splits each type's cards at random into the amounts drawn: every
 * allowed bijection that meets every constraint has the same probability.
 *
 * <p>Counts are doubles, as {@link UniformAssignment}'s: at most 170 unknown cards (170! is the largest factorial a
 * double holds); every term is a product of factorials and a sum of positive terms, so the relative error stays
 * within a few hundred ulps (about 1e-13), far below what any acceptance test or chi-square can see. A double keeps
 * the program allocation-free per draw; BigInteger would be exact but allocate on every state.
 *
 * <p>{@link #NOT_APPLICABLE}: a constraint whose cards span several types, more than 63 classes or 64 constraints,
 * or a program larger than {@link #MAX_TABLE} entries. The caller then keeps its other path.
 */
final class FactAssignment {
  static final int INFEASIBLE = 0;
  static final int OK = 1;
  static final int NOT_APPLICABLE = 2;
  /** Entries of the memo at most (doubles: 16 MB). */
  static final int MAX_TABLE = 1 << 21;
  private static final int MAX_FACT = 170;
  private static final double[] FACT = new double[MAX_FACT + 1];

  static {
    FACT[0] = 1;
    for (int i = 1; i < FACT.length; i++) {
      FACT[i] = FACT[i - 1] * i;
    }
  }

  /**
   * Mutation switch for tests only: true weighs each split of a type by n! instead of n! / prod k! (the wrong
   * multinomial: a biased sampler the chi-square tests must catch).
   */
  static volatile boolean brokenMultinomial;

  private int k;
  private int[] cap = new int[0];
  private int[] stride = new int[0];
  private int types;
  private int states;
  /** Per type, the classes allowing it. */
  private long[] typeClasses = new long[0];
  /** Per type, its constraints' classes (each within the type's classes). */
  private long[][] typeCons = new long[0][];
  private int[][] typeCards = new int[0][];
  private int[] typeSize = new int[0];
  private double[] memo = new double[0];

  private final int[] amount = new int[64];
  private double cum;
  private double target;
  private int[] shuffled = new int[64];

  /**
   * @param keys class j's allowed unknown cards, {@code words} longs from {@code j * words}
   * @param caps class j's tokens
   * @param unknown the unknown cards (the caps sum to their number)
   * @param consCards constraint i's unknown cards, {@code words} longs from {@code i * words} (not empty)
   * @param consClasses constraint i's classes: those whose tokens are in T_i (a class is inside T_i or outside it)
   * @return {@link #OK}, {@link #INFEASIBLE} (no bijection meets them) or {@link #NOT_APPLICABLE}
   */
  int prepare(long[] keys, int[] caps, int classes, long[] unknown, int words, long[] consCards, long[] consClasses,
      int cons) {
    if (classes > 63 || cons > 64) {
      return NOT_APPLICABLE;
    }
    k = classes;
    int n = CardSets.count(unknown, 0, words);
    int total = 0;
    for (int j = 0; j < k; j++) {
      total += caps[j];
    }
    if (total != n) {
      return INFEASIBLE;
    }
    if (n > MAX_FACT) {
      return NOT_APPLICABLE;
    }
    cap = Arrays.copyOf(caps, k);
    if (shuffled.length < n) {
      shuffled = new int[n];
    }
    long[] tClasses = new long[n];
    long[] tCons = new long[n];
    int[] tCount = new int[n];
    int[][] tCards = new int[n][n];
    int[] typeOfCard = new int[words * 64];
    types = 0;
    for (int c = CardSets.first(unknown, 0, words); c >= 0; c = CardSets.next(unknown, 0, words, c)) {
      long cl = 0;
      for (int j = 0; j < k; j++) {
        if (CardSets.has(keys, j * words, c)) {
          cl |= 1L << j;
        }
      }
      if (cl == 0) {
        return INFEASIBLE;
      }
      long co = 0;
      for (int i = 0; i < cons; i++) {
        if (CardSets.has(consCards, i * words, c)) {
          co |= 1L << i;
        }
      }
      int idx = 0;
      while (idx < types && (tClasses[idx] != cl || tCons[idx] != co)) {
        idx++;
      }
      if (idx == types) {
        tClasses[idx] = cl;
        tCons[idx] = co;
        tCount[idx] = 0;
        types++;
      }
      tCards[idx][tCount[idx]++] = c;
      typeOfCard[c] = idx;
    }
    // Each constraint's cards must be one type; its classes there must not be none.
    int[] consType = new int[cons];
    for (int i = 0; i < cons; i++) {
      int first = CardSets.first(consCards, i * words, words);
      if (first < 0) {
        return INFEASIBLE;
      }
      consType[i] = typeOfCard[first];
      for (int c = first; c >= 0; c = CardSets.next(consCards, i * words, words, c)) {
        if (typeOfCard[c] != consType[i]) {
          return NOT_APPLICABLE;
        }
      }
      if ((consClasses[i] & tClasses[consType[i]]) == 0) {
        return INFEASIBLE;
      }
    }
    typeClasses = Arrays.copyOf(tClasses, types);
    typeSize = Arrays.copyOf(tCount, types);
    typeCards = new int[types][];
    typeCons = new long[types][];
    for (int t = 0; t < types; t++) {
      typeCards[t] = Arrays.copyOf(tCards[t], tCount[t]);
      int m = 0;
      long[] list = new long[Long.bitCount(tCons[t])];
      for (int i = 0; i < cons; i++) {
        if (consType[i] == t) {
          list[m++] = consClasses[i] & tClasses[t];
        }
      }
      typeCons[t] = Arrays.copyOf(list, m);
    }
    stride = new int[k];
    long size = 1;
    for (int j = 0; j < k; j++) {
      stride[j] = (int) size;
      size *= cap[j] + 1;
      if (size * (types + 1) > MAX_TABLE) {
        return NOT_APPLICABLE;
      }
    }
    states = (int) size;
    int entries = (types + 1) * states;
    if (memo.length < entries) {
      memo = new double[entries];
    }
    Arrays.fill(memo, 0, entries, -1);
    return count(0, fullIndex()) > 0 ? OK : INFEASIBLE;
  }

  /** The number of tables, each weighted by its multinomials (times prod caps! = the bijections). */
  double count() {
    return count(0, fullIndex());
  }

  private int fullIndex() {
    int idx = 0;
    for (int j = 0; j < k; j++) {
      idx += cap[j] * stride[j];
    }
    return idx;
  }

  private double count(int i, int idx) {
    if (i == types) {
      return idx == 0 ? 1 : 0;
    }
    int at = i * states + idx;
    double v = memo[at];
    if (v >= 0) {
      return v;
    }
    v = splits(i, typeClasses[i], typeSize[i], idx, 1.0, 0, false);
    memo[at] = v;
    return v;
  }

  /**
   * Sums (or, picking, walks until the running sum passes the target) over the splits of type i's remaining cards
   * among {@code classes}; {@code got} holds the classes given at least one card so far.
   */
  private double splits(int i, long classes, int remaining, int idx, double denom, long got, boolean pick) {
    if (classes == 0) {
      if (remaining != 0) {
        return 0;
      }
      for (long cm : typeCons[i]) {
        if ((got & cm) == 0) {
          return 0;
        }
      }
      double w = FACT[typeSize[i]] / denom * count(i + 1, idx);
      if (pick && w > 0) {
        cum += w;
        if (cum >= target) {
          target = Double.NaN;
          return -1;
        }
      }
      return w;
    }
    int j = Long.numberOfTrailingZeros(classes);
    long rest = classes & classes - 1;
    int free = idx / stride[j] % (cap[j] + 1);
    int lo = rest == 0 ? remaining : 0;
    int hi = Math.min(remaining, free);
    double sum = 0;
    for (int a = lo; a <= hi; a++) {
      double d = brokenMultinomial ? denom : denom * FACT[a];
      double w = splits(i, rest, remaining - a, idx - a * stride[j], d, a > 0 ? got | 1L << j : got, pick);
      if (pick && w < 0) {
        amount[j] = a;
        return -1;
      }
      sum += w;
    }
    return sum;
  }

  /** Draws a table and splits each type's cards at random: classOfCard[c] for each unknown card c. */
  boolean sample(SplittableRandom rng, int[] classOfCard) {
    int idx = fullIndex();
    for (int i = 0; i < types; i++) {
      double total = count(i, idx);
      if (total <= 0) {
        return false;
      }
      cum = 0;
      target = rng.nextDouble() * total;
      Arrays.fill(amount, 0, k, 0);
      if (splits(i, typeClasses[i], typeSize[i], idx, 1.0, 0, true) >= 0) {
        // Rounding left the target just above the sum: take the last split with weight.
        target = cum * (1 - 1e-12);
        cum = 0;
        Arrays.fill(amount, 0, k, 0);
        if (splits(i, typeClasses[i], typeSize[i], idx, 1.0, 0, true) >= 0) {
          return false;
        }
      }
      int n = typeSize[i];
      System.arraycopy(typeCards[i], 0, shuffled, 0, n);
      UniformAssignment.shuffle(shuffled, n, rng);
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
}
