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
 * interchangeable for everything, and each constraint's cards are whole types. Types sharing a constraint form a
 * group (in Go Fish the unknown cards of the rank asked: one type, or a few when a void or fact narrowed some hands
 * for some of its cards only); a group's constraints are decided where the group is placed. A dynamic program over
 * the groups, keyed by the capacities the classes have left (as {@link UniformAssignment}'s over types), counts every
 * table k[type][class] by its multinomials n_type! / prod k!, keeping only the joint splits of a group's types that
 * give every one of its constraints at least one card in a class inside T_i. Within a group the split is walked one
 * type and one class at a time, memoised on (type, class, cards left, constraints met, capacities): the whole
 * compositions of a type over a dozen classes, enumerated per state, made the first version hit its work cap on most
 * three-player Go Fish positions. Times prod capacity! (seating each
 * class's cards on its tokens, done by the caller) that is the number of bijections. The draw walks the program back
 * with probabilities proportional to the counts and splits each type's cards at random into the amounts drawn: every
 * allowed bijection that meets every constraint has the same probability.
 *
 * <p>Counts are doubles, as {@link UniformAssignment}'s: at most 170 unknown cards (170! is the largest factorial a
 * double holds); every term is a product of factorials and a sum of positive terms, so the relative error stays
 * within a few hundred ulps (about 1e-13), far below what any acceptance test or chi-square can see. A double keeps
 * the program allocation-free per draw; BigInteger would be exact but allocate on every state.
 *
 * <p>{@link #NOT_APPLICABLE}: a group of more than {@link #MAX_GROUP} types, more than 63 classes or 64
 * constraints, more than 170 unknown cards, or a program larger than {@link #MAX_TABLE} entries. The caller then
 * keeps its other path.
 */
final class FactAssignment {
  static final int INFEASIBLE = 0;
  static final int OK = 1;
  static final int NOT_APPLICABLE = 2;
  /**
   * States the memo keeps at most (a key and a double each, in a table at most four times as large: 16 MB); also
   * bounds the time of one count (about 0.1 s at the limit).
   */
  static final int MAX_TABLE = 1 << 18;
  /** Split steps one count may take at most (the time of a draw: a few milliseconds). */
  static final int MAX_WORK = 1 << 20;
  private int work;
  /** Factorials up to 170, shared with {@link UniformAssignment}. */
  private static final int MAX_FACT = UniformAssignment.MAX_FACT;
  private static final double[] FACT = UniformAssignment.FACT;

  /** Where {@link #NOT_APPLICABLE}'s causes are counted. */
  private final CardSampler.Stats stats;

  /** The Worker's options (brokenMultinomial, lastFirstFree). */
  private final SamplerOptions options;

  FactAssignment(CardSampler.Stats stats, SamplerOptions options) {
    this.stats = stats;
    this.options = options;
  }

  private int k;
  private int[] cap = new int[0];
  private long[] stride = new long[0];
  private int types;
  private long states;
  /** Per type, the classes allowing it. */
  private long[] typeClasses = new long[0];
  /** Per type, the constraints whose cards it is. */
  private long[] typeConsBits = new long[0];
  /** Per class, the constraints whose tokens hold it. */
  private long[] classCons = new long[0];
  /** Types sharing a constraint, placed together: per group its types and its constraints. */
  private int groups;
  private int[][] groupTypes = new int[0][];
  private long[] groupMask = new long[0];
  /** Types in one group at most (part of the memo's key). */
  static final int MAX_GROUP = 8;
  private int[][] typeCards = new int[0][];
  private int[] typeSize = new int[0];

  /** Per type of the group being drawn (p) and class (j), the cards drawn: {@code amount[p * k + j]}. */
  private int[] amount = new int[64];
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
      stats.countTooManyClasses.increment();
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
    }
    // Each constraint's cards are whole types (types split by constraint membership); types sharing a constraint
    // form a group, placed together (a constraint is decided within its group).
    int[] groupOf = new int[types];
    for (int t = 0; t < types; t++) {
      groupOf[t] = t;
    }
    for (int t = 0; t < types; t++) {
      for (int u = 0; u < t; u++) {
        if ((tCons[t] & tCons[u]) != 0) {
          int a = root(groupOf, t);
          int b = root(groupOf, u);
          groupOf[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
    long[] reach = new long[cons];
    for (int t = 0; t < types; t++) {
      for (long b = tCons[t]; b != 0; b &= b - 1) {
        reach[Long.numberOfTrailingZeros(b)] |= tClasses[t];
      }
    }
    for (int i = 0; i < cons; i++) {
      if (CardSets.isEmpty(consCards, i * words, words)) {
        return INFEASIBLE;
      }
      if ((consClasses[i] & reach[i]) == 0) {
        return INFEASIBLE;
      }
    }
    classCons = new long[k];
    for (int i = 0; i < cons; i++) {
      for (long b = consClasses[i]; b != 0; b &= b - 1) {
        classCons[Long.numberOfTrailingZeros(b)] |= 1L << i;
      }
    }
    typeClasses = Arrays.copyOf(tClasses, types);
    typeConsBits = Arrays.copyOf(tCons, types);
    typeSize = Arrays.copyOf(tCount, types);
    typeCards = new int[types][];
    for (int t = 0; t < types; t++) {
      typeCards[t] = Arrays.copyOf(tCards[t], tCount[t]);
    }
    groups = 0;
    int[] groupIndex = new int[types];
    Arrays.fill(groupIndex, -1);
    int[][] gTypes = new int[types][];
    int[] gSize = new int[types];
    for (int t = 0; t < types; t++) {
      int r = root(groupOf, t);
      if (groupIndex[r] < 0) {
        groupIndex[r] = groups;
        gTypes[groups] = new int[types];
        groups++;
      }
      int g = groupIndex[r];
      gTypes[g][gSize[g]++] = t;
    }
    groupTypes = new int[groups][];
    groupMask = new long[groups];
    int widest = 1;
    for (int g = 0; g < groups; g++) {
      groupTypes[g] = Arrays.copyOf(gTypes[g], gSize[g]);
      for (int t : groupTypes[g]) {
        groupMask[g] |= tCons[t];
      }
      widest = Math.max(widest, gSize[g]);
    }
    if (widest > MAX_GROUP) {
      stats.countGroupTooWide.increment();
      return NOT_APPLICABLE;
    }
    // The largest type no constraint holds goes last, where its split is forced (every class's capacity left): no
    // enumeration of its compositions (the stock's cards, allowed almost everywhere, made the count too slow).
    lastFree = false;
    int free = -1;
    for (int g = 0; g < groups; g++) {
      if (groupTypes[g].length == 1 && groupMask[g] == 0
          && (free < 0 || typeSize[groupTypes[g][0]] > typeSize[groupTypes[free][0]])) {
        free = g;
      }
    }
    if (free >= 0 && options.lastFirstFree) {
      int[] types0 = groupTypes[free];
      long mask0 = groupMask[free];
      for (int g = free; g + 1 < groups; g++) {
        groupTypes[g] = groupTypes[g + 1];
        groupMask[g] = groupMask[g + 1];
      }
      groupTypes[groups - 1] = types0;
      groupMask[groups - 1] = mask0;
      lastFree = true;
    }
    if (amount.length < widest * k) {
      amount = new int[widest * k];
    }
    stride = new long[k];
    long size = 1;
    for (int j = 0; j < k; j++) {
      stride[j] = size;
      size *= cap[j] + 1;
      if (size > 1L << 40) {
        stats.countTooLarge.increment();
        return NOT_APPLICABLE;
      }
    }
    states = size;
    // Local constraint bits per group (the memo keys the constraints a group met so far by them).
    groupBit = new int[groups][cons];
    groupFull = new int[groups];
    maxLocal = 0;
    maxType = 0;
    for (int t = 0; t < types; t++) {
      maxType = Math.max(maxType, typeSize[t]);
    }
    for (int g = 0; g < groups; g++) {
      int local = 0;
      for (long b = groupMask[g]; b != 0; b &= b - 1) {
        groupBit[g][Long.numberOfTrailingZeros(b)] = 1 << local++;
      }
      groupFull[g] = (1 << local) - 1;
      maxLocal = Math.max(maxLocal, local);
    }
    if (maxLocal > MAX_LOCAL) {
      stats.countGroupTooWide.increment();
      return NOT_APPLICABLE;
    }
    layerSpace = layerCode(groups, 0, 0, 0, 0);
    if (layerSpace + groups + 1 > Long.MAX_VALUE / states) {
      stats.countTooLarge.increment();
      return NOT_APPLICABLE;
    }
    clearMemo();
    work = 0;
    try {
      return count(0, fullIndex()) > 0 ? OK : INFEASIBLE;
    } catch (TooBig e) {
      stats.countTooLarge.increment();
      return NOT_APPLICABLE;
    }
  }

  /** The program reached more than {@link #MAX_TABLE} states. */
  private static final class TooBig extends RuntimeException {
    TooBig() {
      super(null, null, false, false);
    }
  }

  private static final TooBig TOO_BIG = new TooBig();

  // The memo: the states the program reaches (a small part of every capacity vector), open addressing.
  private long[] memoKey = new long[1 << 12];
  private double[] memoValue = new double[1 << 12];
  private int memoUsed;

  private void clearMemo() {
    Arrays.fill(memoKey, -1);
    memoUsed = 0;
  }

  private int slot(long key) {
    int mask = memoKey.length - 1;
    int h = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
    while (memoKey[h] != -1 && memoKey[h] != key) {
      h = h + 1 & mask;
    }
    return h;
  }

  private void store(long key, double v) {
    if (++memoUsed * 2 > memoKey.length) {
      if (memoUsed > MAX_TABLE) {
        throw TOO_BIG;
      }
      long[] oldKey = memoKey;
      double[] oldValue = memoValue;
      memoKey = new long[oldKey.length * 2];
      memoValue = new double[oldKey.length * 2];
      Arrays.fill(memoKey, -1);
      for (int i = 0; i < oldKey.length; i++) {
        if (oldKey[i] != -1) {
          int h = slot(oldKey[i]);
          memoKey[h] = oldKey[i];
          memoValue[h] = oldValue[i];
        }
      }
    }
    int h = slot(key);
    memoKey[h] = key;
    memoValue[h] = v;
  }

  private static int root(int[] parent, int t) {
    while (parent[t] != t) {
      t = parent[t];
    }
    return t;
  }

  /** The number of tables, each weighted by its multinomials (times prod caps! = the bijections). */
  double count() {
    return count(0, fullIndex());
  }

  private long fullIndex() {
    long idx = 0;
    for (int j = 0; j < k; j++) {
      idx += cap[j] * stride[j];
    }
    return idx;
  }

  /** The last group is one type no constraint holds ({@link #forced}). */
  private boolean lastFree;

  /**
   * The last group when {@link #lastFree}: its type's cards fill every class's capacity left (they are the cards
   * left), so its only split is forced; its weight n! / prod a!, or 0 when a class left is not allowed to it. With
   * {@code into}, the amounts are written there (per class).
   */
  private double forced(long idx, int[] into) {
    int t = groupTypes[groups - 1][0];
    double d = 1;
    for (int j = 0; j < k; j++) {
      int free = (int) (idx / stride[j] % (cap[j] + 1));
      if (free > 0 && (typeClasses[t] >>> j & 1) == 0) {
        return 0;
      }
      d *= options.brokenMultinomial ? 1 : FACT[free];
      if (into != null) {
        into[j] = free;
      }
    }
    return FACT[typeSize[t]] / d;
  }

  private double count(int g, long idx) {
    if (g == groups) {
      return idx == 0 ? 1 : 0;
    }
    if (lastFree && g == groups - 1) {
      return forced(idx, null);
    }
    long key = layerSpace * states + g * states + idx;
    int h = slot(key);
    if (memoKey[h] == key) {
      return memoValue[h];
    }
    int t = groupTypes[g][0];
    double v = FACT[typeSize[t]] * layer(g, 0, 0, typeSize[t], 0, idx);
    store(key, v);
    return v;
  }

  /**
   * The splits of group g from its p-th type on, that type's first {@code j} classes done with {@code remaining} of its
   * cards left, {@code sat} the group's constraints met so far (local bits, {@link #groupBit}), summed with the
   * groups after: each class's amount a weighs 1 / a!, each later type's n!, and the groups after by {@link
   * #count(int, long)}. Memoised on all six: a type's split is a walk over its classes one at a time, so states reached
   * by different splits of the classes before are shared (enumerating whole compositions per state, as the first
   * version did, multiplied the work by every class's range and by every type of a group).
   */
  private double layer(int g, int p, int j, int remaining, int sat, long idx) {
    int t = groupTypes[g][p];
    long classes = j >= 64 || remaining == 0 ? 0 : typeClasses[t] >>> j << j;
    // Classes with no room left take none of the type's cards (a jump, not a memo entry); the last class allowed
    // takes all that remain, so it is kept.
    while (classes != 0 && (classes & classes - 1) != 0) {
      int c = Long.numberOfTrailingZeros(classes);
      if (idx / stride[c] % (cap[c] + 1) != 0) {
        break;
      }
      classes &= classes - 1;
    }
    if (classes == 0) {
      if (remaining != 0) {
        return 0;
      }
      if (p + 1 < groupTypes[g].length) {
        int u = groupTypes[g][p + 1];
        return FACT[typeSize[u]] * layer(g, p + 1, 0, typeSize[u], sat, idx);
      }
      return sat == groupFull[g] ? count(g + 1, idx) : 0;
    }
    long key = layerCode(g, p, Long.numberOfTrailingZeros(classes), remaining, sat) * states + idx;
    int h = slot(key);
    if (memoKey[h] == key) {
      return memoValue[h];
    }
    if (++work > MAX_WORK) {
      throw TOO_BIG;
    }
    int c = Long.numberOfTrailingZeros(classes);
    long rest = classes & classes - 1;
    int free = (int) (idx / stride[c] % (cap[c] + 1));
    int lo = rest == 0 ? remaining : 0;
    int hi = Math.min(remaining, free);
    int met = sat | meets(g, t, c);
    double sum = 0;
    for (int a = lo; a <= hi; a++) {
      double w = layer(g, p, c + 1, remaining - a, a > 0 ? met : sat, idx - a * stride[c]);
      sum += options.brokenMultinomial ? w : w / FACT[a];
    }
    store(key, sum);
    return sum;
  }

  /** The group's constraints (local bits) a card of type t in class c meets. */
  private int meets(int g, int t, int c) {
    long m = typeConsBits[t] & classCons[c];
    int bits = 0;
    for (; m != 0; m &= m - 1) {
      bits |= groupBit[g][Long.numberOfTrailingZeros(m)];
    }
    return bits;
  }

  /** A code for (group, type within it, class, cards left, constraints met), below {@link #layerSpace}. */
  private long layerCode(int g, int p, int j, int remaining, int sat) {
    return (((((long) g * MAX_GROUP + p) * (k + 1) + j) * (maxType + 1) + remaining) << maxLocal) + sat;
  }

  /** Per group, constraint i's local bit (0 for constraints outside it), and the local bits all met. */
  private int[][] groupBit = new int[0][];
  private int[] groupFull = new int[0];
  /** Constraints in one group at most (their local bits are part of the memo's key). */
  static final int MAX_LOCAL = 12;
  private int maxLocal;
  private int maxType;
  /** Layer codes are below this; group totals are keyed above it. */
  private long layerSpace;

  /** Draws a table and splits each type's cards at random: classOfCard[c] for each unknown card c. */
  boolean sample(SplittableRandom rng, int[] classOfCard) {
    long idx = fullIndex();
    for (int g = 0; g < groups; g++) {
      if (count(g, idx) <= 0) {
        return false;
      }
      int width = groupTypes[g].length * k;
      Arrays.fill(amount, 0, width, 0);
      if (lastFree && g == groups - 1) {
        forced(idx, amount);
      } else {
        // Walk the layers of count(g, idx) down, each class's amount drawn in proportion to what it leaves.
        int sat = 0;
        for (int p = 0; p < groupTypes[g].length; p++) {
          int t = groupTypes[g][p];
          int remaining = typeSize[t];
          for (int j = 0; j < 64; ) {
            long classes = typeClasses[t] >>> j << j;
            if (classes == 0) {
              break;
            }
            int c = Long.numberOfTrailingZeros(classes);
            long rest = classes & classes - 1;
            int free = (int) (idx / stride[c] % (cap[c] + 1));
            int lo = rest == 0 ? remaining : 0;
            int hi = Math.min(remaining, free);
            int met = sat | meets(g, t, c);
            double total = 0;
            for (int a = lo; a <= hi; a++) {
              total += weight(g, p, c + 1, remaining - a, a > 0 ? met : sat, idx - a * stride[c], a);
            }
            double target = rng.nextDouble() * total;
            int chosen = -1;
            for (int a = lo; a <= hi; a++) {
              double w = weight(g, p, c + 1, remaining - a, a > 0 ? met : sat, idx - a * stride[c], a);
              if (w > 0) {
                chosen = a;
                target -= w;
                if (target < 0) {
                  break;
                }
              }
            }
            if (chosen < 0) {
              return false;
            }
            amount[p * k + c] = chosen;
            remaining -= chosen;
            sat = chosen > 0 ? met : sat;
            idx -= chosen * stride[c];
            j = c + 1;
          }
          if (remaining != 0) {
            return false;
          }
        }
        if (sat != groupFull[g]) {
          return false;
        }
      }
      for (int p = 0; p < groupTypes[g].length; p++) {
        int t = groupTypes[g][p];
        int n = typeSize[t];
        System.arraycopy(typeCards[t], 0, shuffled, 0, n);
        UniformAssignment.shuffle(shuffled, n, rng);
        int at = 0;
        for (int j = 0; j < k; j++) {
          for (int a = 0; a < amount[p * k + j]; a++) {
            classOfCard[shuffled[at++]] = j;
          }
        }
      }
      if (lastFree && g == groups - 1) {
        idx = 0;
      }
    }
    return idx == 0;
  }

  /** One amount's weight in {@link #sample}'s walk: what the layer after it counts, over a!. */
  private double weight(int g, int p, int j, int remaining, int sat, long idx, int a) {
    double w = layer(g, p, j, remaining, sat, idx);
    return options.brokenMultinomial ? w : w / FACT[a];
  }
}
