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
 * group (in Go Fish the unknown cards of the rank asked); a group's constraints are decided where it is placed.
 *
 * <p>The program counts labellings (which tokens take a card of which type; a type's n cards then go to its tokens in
 * n! ways) one group after another: a state is the number of free tokens per class, a type's split is walked one
 * class at a time (memoised), and taking a of a class's f free tokens weighs C(f, a). What keeps it small is that
 * <b>classes merge as types are placed</b>: two classes whose tokens allow the same types among those still to place,
 * and lie in the same constraints among those still to decide, are alike for all that follows, so from there on the
 * state keeps only their summed free tokens (exact: the completions of a set of free tokens depend only on what each
 * token still allows). In Go Fish a "lacks r" fact forbids r on the tokens a hand held before it, a prefix of its
 * tokens by arrival, so a hand's classes are nested segments plus single fished cards that exclude one rank; placing
 * first the rank whose exclusions split classes most, each placed rank merges its segment boundary and its single
 * cards back, and the state stays about one number per hand (it was a capacity per segment and per single card: a
 * count of 12 classes hit the work cap on most three-player positions). The order minimises an estimate of the
 * states summed over the levels (per level, the vectors of tokens taken from the merged classes a placed type reached
 * whose sum is the cards placed), by a program over the sets of groups placed (the last {@link #MAX_SEARCHED_GROUPS}; the
 * ones before greedily); the largest group with no constraint is kept last, where its split is forced (every free token
 * takes it). Measured on Go Fish (three players, seed 7, first 110 steps): a search over all (up to 12) groups took
 * 57,000 split steps a count on average, the greedy order alone 101,000; but that search cost about as much time
 * as the counts, hence the greedy prefix.
 *
 * <p>The draw walks the program back with probabilities proportional to the counts; a merged class's amount is split
 * over its original classes as a uniform subset of its free tokens (hypergeometric), and each type's cards are
 * shuffled into the amounts: every allowed bijection that meets every constraint has the same probability (the
 * caller seats each class's cards on its tokens at random).
 *
 * <p>Counts are doubles, as {@link UniformAssignment}'s: at most 170 unknown cards (170! is the largest factorial a
 * double holds); every term is a product of binomials and a sum of positive terms, so the relative error stays
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
  /** Types in one group at most (part of the memo's key). */
  static final int MAX_GROUP = 8;
  /** Constraints in one group at most (their local bits are part of the memo's key). */
  static final int MAX_LOCAL = 12;
  /** Groups above which the order is not searched (the greedy order costs groups^2 partitions). */
  static final int MAX_ORDERED_GROUPS = 40;
  private static final int MAX_FACT = UniformAssignment.MAX_FACT;
  private static final double[] FACT = UniformAssignment.FACT;
  /** C(n, a) for n up to 170. */
  private static final double[][] CHOOSE = new double[MAX_FACT + 1][];

  static {
    for (int n = 0; n <= MAX_FACT; n++) {
      CHOOSE[n] = new double[n + 1];
      CHOOSE[n][0] = 1;
      CHOOSE[n][n] = 1;
      for (int a = 1; a < n; a++) {
        CHOOSE[n][a] = CHOOSE[n - 1][a - 1] + CHOOSE[n - 1][a];
      }
    }
  }

  private int work;

  /** Where {@link #NOT_APPLICABLE}'s causes are counted. */
  private final CardSampler.Stats stats;

  /** The Worker's options (brokenMultinomial, lastFirstFree). */
  private final SamplerOptions options;

  FactAssignment(CardSampler.Stats stats, SamplerOptions options) {
    this.stats = stats;
    this.options = options;
  }

  /** Classes (as the caller gave them) and their tokens. */
  private int k;
  private int[] cap = new int[0];
  private int types;
  /** Per type, the classes allowing it. */
  private long[] typeClasses = new long[0];
  /** Per type, the constraints whose cards it is. */
  private long[] typeConsBits = new long[0];
  /** Per class, the constraints whose tokens hold it. */
  private long[] classCons = new long[0];
  private int[][] typeCards = new int[0][];
  private int[] typeSize = new int[0];
  /** Groups in the order placed: per group its types and its constraints. */
  private int groups;
  private int[][] groupTypes = new int[0][];
  private long[] groupMask = new long[0];

  /**
   * Level g (before group g is placed; level {@link #groups} after all): the merged classes. {@code mergedOf[g][j]}
   * is class j's merged class, {@code members[g][c]} merged class c's classes, {@code mergedCap}, {@code stride} the
   * mixed radix of the state (free tokens per merged class), {@code up[g][c]} merged class c's class at level g+1.
   */
  private int[] merged = new int[0];
  private int[][] mergedOf = new int[0][];
  private int[][][] members = new int[0][][];
  private int[][] mergedCap = new int[0][];
  private long[][] stride = new long[0][];
  private int[][] up = new int[0][];
  /** Per group and type within it, the merged classes (of the group's level) allowing it. */
  private long[][] typeMerged = new long[0][];
  /** Per group and merged class of its level, the constraints its tokens lie in. */
  private long[][] mergedCons = new long[0][];
  /** The largest state index of any level plus one (the memo's keys are laid out by it). */
  private long states;

  /** Per group, constraint i's local bit (0 for constraints outside it), and the local bits all met. */
  private int[][] groupBit = new int[0][];
  private int[] groupFull = new int[0];
  private int maxLocal;
  private int maxType;
  /** Layer codes are below this; group totals are keyed above it. */
  private long layerSpace;

  /** Draw scratch: per type of the group drawn (p) and class (j), the cards drawn {@code amount[p * k + j]}. */
  private int[] amount = new int[64];
  private int[] shuffled = new int[64];
  private int[] freeOfClass = new int[0];

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
    maxType = 0;
    for (int t = 0; t < types; t++) {
      typeCards[t] = Arrays.copyOf(tCards[t], tCount[t]);
      maxType = Math.max(maxType, tCount[t]);
    }
    int found = 0;
    int[] groupIndex = new int[types];
    Arrays.fill(groupIndex, -1);
    int[][] gTypes = new int[types][];
    int[] gSize = new int[types];
    for (int t = 0; t < types; t++) {
      int r = root(groupOf, t);
      if (groupIndex[r] < 0) {
        groupIndex[r] = found;
        gTypes[found] = new int[types];
        found++;
      }
      int g = groupIndex[r];
      gTypes[g][gSize[g]++] = t;
    }
    int[][] byCard = new int[found][];
    long[] maskByCard = new long[found];
    int widest = 1;
    for (int g = 0; g < found; g++) {
      byCard[g] = Arrays.copyOf(gTypes[g], gSize[g]);
      for (int t : byCard[g]) {
        maskByCard[g] |= tCons[t];
      }
      widest = Math.max(widest, gSize[g]);
    }
    if (widest > MAX_GROUP) {
      stats.countGroupTooWide.increment();
      return NOT_APPLICABLE;
    }
    groups = found;
    int[] order = order(byCard, maskByCard);
    groupTypes = new int[groups][];
    groupMask = new long[groups];
    for (int g = 0; g < groups; g++) {
      groupTypes[g] = byCard[order[g]];
      groupMask[g] = maskByCard[order[g]];
    }
    if (amount.length < widest * k) {
      amount = new int[widest * k];
    }
    if (!buildLevels()) {
      stats.countTooLarge.increment();
      return NOT_APPLICABLE;
    }
    // Local constraint bits per group (the memo keys the constraints a group met so far by them).
    groupBit = new int[groups][cons];
    groupFull = new int[groups];
    maxLocal = 0;
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

  /**
   * The order of the groups: greedily the one whose placing leaves the smallest state space (the product of (free +
   * 1) over the merged classes that a placed type reached; the others are still full), the largest group with no
   * constraint last (its split is then forced). With {@code lastFirstFree} off (a test switch), card order.
   */
  private int[] order(int[][] byCard, long[] maskByCard) {
    int[] order = new int[groups];
    for (int g = 0; g < groups; g++) {
      order[g] = g;
    }
    if (!options.lastFirstFree || groups > MAX_ORDERED_GROUPS) {
      return order;
    }
    int free = -1;
    for (int g = 0; g < groups; g++) {
      if (byCard[g].length == 1 && maskByCard[g] == 0
          && (free < 0 || typeSize[byCard[g][0]] > typeSize[byCard[free][0]])) {
        free = g;
      }
    }
    boolean[] placed = new boolean[groups];
    int open = groups - (free >= 0 ? 1 : 0);
    for (int step = 0; step < groups; step++) {
      if (open - step <= MAX_SEARCHED_GROUPS) {
        // The rest in the best order after the greedy prefix.
        return searched(byCard, maskByCard, free, placed, order, step);
      }
      int best = -1;
      double bestCost = Double.POSITIVE_INFINITY;
      for (int x = 0; x < groups; x++) {
        if (placed[x] || x == free && step < groups - 1) {
          continue;
        }
        placed[x] = true;
        double cost = states(byCard, maskByCard, placed);
        placed[x] = false;
        if (cost < bestCost) {
          bestCost = cost;
          best = x;
        }
      }
      placed[best] = true;
      order[step] = best;
    }
    return order;
  }

  /**
   * Groups whose order is the best by {@link #states} summed over the levels (2^groups partitions); those before them
   * are placed greedily (the search of 12 groups took about as long as the count).
   */
  static final int MAX_SEARCHED_GROUPS = 9;

  /**
   * The order, from step {@code from} on, minimising the states summed over the levels ({@link #states}), by a
   * program over the sets of groups placed after {@code prefix}; {@code free} (if any) last.
   */
  private int[] searched(int[][] byCard, long[] maskByCard, int free, boolean[] prefix, int[] order, int from) {
    int[] ids = new int[groups];
    int n = 0;
    for (int g = 0; g < groups; g++) {
      if (g != free && !prefix[g]) {
        ids[n++] = g;
      }
    }
    double[] best = new double[1 << n];
    int[] last = new int[1 << n];
    boolean[] placed = new boolean[groups];
    best[0] = 0;
    for (int set = 1; set < 1 << n; set++) {
      System.arraycopy(prefix, 0, placed, 0, groups);
      for (int i = 0; i < n; i++) {
        placed[ids[i]] = (set >>> i & 1) != 0;
      }
      double here = states(byCard, maskByCard, placed);
      best[set] = Double.POSITIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        if ((set >>> i & 1) != 0 && best[set & ~(1 << i)] + here < best[set]) {
          best[set] = best[set & ~(1 << i)] + here;
          last[set] = i;
        }
      }
    }
    int set = (1 << n) - 1;
    for (int step = n - 1; step >= 0; step--) {
      order[from + step] = ids[last[set]];
      set &= ~(1 << last[set]);
    }
    if (free >= 0) {
      order[groups - 1] = free;
    }
    return order;
  }

  /**
   * An estimate of the states of the level where the groups {@code placed} are placed: the vectors of tokens taken
   * per merged class, over the merged classes some placed type reaches, whose sum is the cards placed.
   */
  private double states(int[][] byCard, long[] maskByCard, boolean[] placed) {
    boolean[] rest = new boolean[groups];
    long reached = 0;
    int cards = 0;
    for (int g = 0; g < groups; g++) {
      rest[g] = !placed[g];
      if (placed[g]) {
        for (int t : byCard[g]) {
          reached |= typeClasses[t];
          cards += typeSize[t];
        }
      }
    }
    int[] of = new int[k];
    int m = partition(byCard, maskByCard, rest, of);
    double[] poly = new double[cards + 1];
    double[] next = new double[cards + 1];
    poly[0] = 1;
    for (int c = 0; c < m; c++) {
      int capSum = 0;
      boolean hit = false;
      for (int j = 0; j < k; j++) {
        if (of[j] == c) {
          capSum += cap[j];
          hit |= (reached >>> j & 1) != 0;
        }
      }
      if (!hit) {
        continue;
      }
      // Multiply by 1 + x + ... + x^capSum (a sliding sum).
      double window = 0;
      for (int d = 0; d <= cards; d++) {
        window += poly[d];
        if (d - capSum - 1 >= 0) {
          window -= poly[d - capSum - 1];
        }
        next[d] = window;
      }
      double[] swap = poly;
      poly = next;
      next = swap;
    }
    return Math.max(1, poly[cards]);
  }

  /**
   * Merges the classes alike for the groups {@code rest} (the same allowed types among theirs, the same membership
   * in their constraints): {@code of[j]} class j's merged class; returns their number.
   */
  private int partition(int[][] groupTypesOf, long[] masks, boolean[] rest, int[] of) {
    long consLeft = 0;
    int restTypes = 0;
    for (int g = 0; g < rest.length; g++) {
      if (rest[g]) {
        consLeft |= masks[g];
        restTypes += groupTypesOf[g].length;
      }
    }
    int sigWords = (restTypes + 63) / 64;
    long[] sig = new long[k * sigWords];
    for (int j = 0; j < k; j++) {
      int bit = 0;
      for (int g = 0; g < rest.length; g++) {
        if (rest[g]) {
          for (int t : groupTypesOf[g]) {
            if ((typeClasses[t] >>> j & 1) != 0) {
              sig[j * sigWords + (bit >>> 6)] |= 1L << bit;
            }
            bit++;
          }
        }
      }
    }
    int m = 0;
    int[] first = new int[k];
    for (int j = 0; j < k; j++) {
      of[j] = -1;
      for (int c = 0; c < m && of[j] < 0; c++) {
        int i = first[c];
        if (((classCons[i] ^ classCons[j]) & consLeft) == 0
            && Arrays.equals(sig, i * sigWords, (i + 1) * sigWords, sig, j * sigWords, (j + 1) * sigWords)) {
          of[j] = c;
        }
      }
      if (of[j] < 0) {
        first[m] = j;
        of[j] = m++;
      }
    }
    return m;
  }

  /** The merged classes of every level; false when a level's state space exceeds 2^40. */
  private boolean buildLevels() {
    merged = new int[groups + 1];
    mergedOf = new int[groups + 1][k];
    members = new int[groups + 1][][];
    mergedCap = new int[groups + 1][];
    stride = new long[groups + 1][];
    up = new int[groups][];
    typeMerged = new long[groups][];
    mergedCons = new long[groups][];
    boolean[] rest = new boolean[groups];
    long largest = 1;
    for (int g = 0; g <= groups; g++) {
      for (int h = 0; h < groups; h++) {
        rest[h] = h >= g;
      }
      int m = partition(groupTypes, groupMask, rest, mergedOf[g]);
      merged[g] = m;
      mergedCap[g] = new int[m];
      int[] size = new int[m];
      for (int j = 0; j < k; j++) {
        mergedCap[g][mergedOf[g][j]] += cap[j];
        size[mergedOf[g][j]]++;
      }
      members[g] = new int[m][];
      for (int c = 0; c < m; c++) {
        members[g][c] = new int[size[c]];
        size[c] = 0;
      }
      for (int j = 0; j < k; j++) {
        int c = mergedOf[g][j];
        members[g][c][size[c]++] = j;
      }
      stride[g] = new long[m];
      long s = 1;
      for (int c = 0; c < m; c++) {
        stride[g][c] = s;
        s *= mergedCap[g][c] + 1;
        if (s > 1L << 40) {
          return false;
        }
      }
      largest = Math.max(largest, s);
    }
    for (int g = 0; g < groups; g++) {
      up[g] = new int[merged[g]];
      for (int j = 0; j < k; j++) {
        up[g][mergedOf[g][j]] = mergedOf[g + 1][j];
      }
      typeMerged[g] = new long[groupTypes[g].length];
      for (int p = 0; p < groupTypes[g].length; p++) {
        for (long b = typeClasses[groupTypes[g][p]]; b != 0; b &= b - 1) {
          typeMerged[g][p] |= 1L << mergedOf[g][Long.numberOfTrailingZeros(b)];
        }
      }
      mergedCons[g] = new long[merged[g]];
      for (int j = 0; j < k; j++) {
        mergedCons[g][mergedOf[g][j]] = classCons[j] & groupMask[g];
      }
    }
    states = largest;
    return true;
  }

  /** The program reached more than {@link #MAX_TABLE} states. */
  private static final class TooBig extends RuntimeException {
    TooBig() {
      super(null, null, false, false);
    }
  }

  private static final TooBig TOO_BIG = new TooBig();

  // The memo: the states the program reaches (a small part of every capacity vector), open addressing. An entry
  // counts only when its stamp is the current count's: a new count starts without clearing a table a large count
  // grew (clearing it cost each of the many small counts after it as much as the count).
  private long[] memoKey = new long[1 << 12];
  private double[] memoValue = new double[1 << 12];
  private int[] memoStamp = new int[1 << 12];
  private int stamp = 1;
  private int memoUsed;

  private void clearMemo() {
    if (++stamp == 0) {
      Arrays.fill(memoStamp, 0);
      stamp = 1;
    }
    memoUsed = 0;
  }

  private int slot(long key) {
    int mask = memoKey.length - 1;
    int h = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
    while (memoStamp[h] == stamp && memoKey[h] != key) {
      h = h + 1 & mask;
    }
    return h;
  }

  /** Whether slot h (from {@link #slot}) holds the key's value. */
  private boolean known(int h, long key) {
    return memoStamp[h] == stamp && memoKey[h] == key;
  }

  private void store(long key, double v) {
    if (++memoUsed * 2 > memoKey.length) {
      if (memoUsed > MAX_TABLE) {
        throw TOO_BIG;
      }
      long[] oldKey = memoKey;
      double[] oldValue = memoValue;
      int[] oldStamp = memoStamp;
      memoKey = new long[oldKey.length * 2];
      memoValue = new double[oldKey.length * 2];
      memoStamp = new int[oldKey.length * 2];
      for (int i = 0; i < oldKey.length; i++) {
        if (oldStamp[i] == stamp) {
          int h = slot(oldKey[i]);
          memoKey[h] = oldKey[i];
          memoValue[h] = oldValue[i];
          memoStamp[h] = stamp;
        }
      }
    }
    int h = slot(key);
    memoKey[h] = key;
    memoValue[h] = v;
    memoStamp[h] = stamp;
  }

  private static int root(int[] parent, int t) {
    while (parent[t] != t) {
      t = parent[t];
    }
    return t;
  }

  /**
   * The number of bijections over prod capacity! (the caller multiplies that back: seating each class's cards on its
   * tokens): the labellings times prod over types of n!, over prod capacity!.
   */
  double count() {
    double num = 1;
    for (int t = 0; t < types; t++) {
      num *= FACT[typeSize[t]];
    }
    double den = 1;
    for (int j = 0; j < k; j++) {
      den *= FACT[cap[j]];
    }
    return count(0, fullIndex()) * (num / den);
  }

  /** Level 0's state with every token free. */
  private long fullIndex() {
    long idx = 0;
    for (int c = 0; c < merged[0]; c++) {
      idx += mergedCap[0][c] * stride[0][c];
    }
    return idx;
  }

  private int free(int g, long idx, int c) {
    return (int) (idx / stride[g][c] % (mergedCap[g][c] + 1));
  }

  /** Level g's state as level g+1's (merged classes' free tokens summed). */
  private long lift(int g, long idx) {
    long out = 0;
    for (int c = 0; c < merged[g]; c++) {
      out += free(g, idx, c) * stride[g + 1][up[g][c]];
    }
    return out;
  }

  /** The labellings of the free tokens of state idx at level g by the groups from g on. */
  private double count(int g, long idx) {
    if (g == groups) {
      return idx == 0 ? 1 : 0;
    }
    if (g == groups - 1 && groupTypes[g].length == 1) {
      return forced(g, idx, null);
    }
    long key = layerSpace * states + g * states + idx;
    int h = slot(key);
    if (known(h, key)) {
      return memoValue[h];
    }
    int t = groupTypes[g][0];
    double v = layer(g, 0, 0, typeSize[t], 0, idx);
    store(key, v);
    return v;
  }

  /**
   * The last group when it is one type: its cards are the cards left, so every free token takes one (one labelling),
   * or none when a class with free tokens does not allow it or a constraint of the group is left without a token.
   * With {@code into}, the amounts per class are written there and the classes' free tokens taken.
   */
  private double forced(int g, long idx, int[] into) {
    int t = groupTypes[g][0];
    int sat = 0;
    for (int c = 0; c < merged[g]; c++) {
      int free = free(g, idx, c);
      if (free > 0) {
        if ((typeMerged[g][0] >>> c & 1) == 0) {
          return 0;
        }
        sat |= meets(g, t, c);
      }
    }
    if (sat != groupFull[g]) {
      return 0;
    }
    if (into != null) {
      for (int j = 0; j < k; j++) {
        into[j] = freeOfClass[j];
        freeOfClass[j] = 0;
      }
    }
    return 1;
  }

  /**
   * The splits of group g from its p-th type on, that type's merged classes before {@code j} done with {@code
   * remaining} of its cards left, {@code sat} the group's constraints met so far (local bits, {@link #groupBit}),
   * summed with the groups after: taking a of a class's f free tokens weighs C(f, a), and the groups after count by
   * {@link #count(int, long)}. Memoised on all six.
   */
  private double layer(int g, int p, int j, int remaining, int sat, long idx) {
    long classes = j >= 64 || remaining == 0 ? 0 : typeMerged[g][p] >>> j << j;
    // Classes with no free token take none of the type's cards (a jump, not a memo entry); the last class allowed
    // takes all that remain, so it is kept.
    while (classes != 0 && (classes & classes - 1) != 0) {
      int c = Long.numberOfTrailingZeros(classes);
      if (free(g, idx, c) != 0) {
        break;
      }
      classes &= classes - 1;
    }
    if (classes == 0) {
      if (remaining != 0) {
        return 0;
      }
      if (p + 1 < groupTypes[g].length) {
        return layer(g, p + 1, 0, typeSize[groupTypes[g][p + 1]], sat, idx);
      }
      return sat == groupFull[g] ? count(g + 1, lift(g, idx)) : 0;
    }
    int c = Long.numberOfTrailingZeros(classes);
    long key = layerCode(g, p, c, remaining, sat) * states + idx;
    int h = slot(key);
    if (known(h, key)) {
      return memoValue[h];
    }
    if (++work > MAX_WORK) {
      throw TOO_BIG;
    }
    long rest = classes & classes - 1;
    int free = free(g, idx, c);
    int lo = rest == 0 ? remaining : 0;
    int hi = Math.min(remaining, free);
    int met = sat | meets(g, groupTypes[g][p], c);
    double sum = 0;
    for (int a = lo; a <= hi; a++) {
      sum += weight(g, p, c, remaining, a > 0 ? met : sat, idx, free, a);
    }
    store(key, sum);
    return sum;
  }

  /** Taking a of merged class c's free tokens for the group's p-th type: C(free, a) times what the rest counts. */
  private double weight(int g, int p, int c, int remaining, int sat, long idx, int free, int a) {
    double w = layer(g, p, c + 1, remaining - a, sat, idx - a * stride[g][c]);
    return options.brokenMultinomial ? w : w * CHOOSE[free][a];
  }

  /** The group's constraints (local bits) a card of type t in merged class c meets. */
  private int meets(int g, int t, int c) {
    long m = typeConsBits[t] & mergedCons[g][c];
    int bits = 0;
    for (; m != 0; m &= m - 1) {
      bits |= groupBit[g][Long.numberOfTrailingZeros(m)];
    }
    return bits;
  }

  /** A code for (group, type within it, merged class, cards left, constraints met), below {@link #layerSpace}. */
  private long layerCode(int g, int p, int j, int remaining, int sat) {
    return (((((long) g * MAX_GROUP + p) * (k + 1) + j) * (maxType + 1) + remaining) << maxLocal) + sat;
  }

  /** Draws a labelling and splits each type's cards at random: classOfCard[c] for each unknown card c. */
  boolean sample(SplittableRandom rng, int[] classOfCard) {
    if (freeOfClass.length < k) {
      freeOfClass = new int[k];
    }
    System.arraycopy(cap, 0, freeOfClass, 0, k);
    long idx = fullIndex();
    for (int g = 0; g < groups; g++) {
      if (count(g, idx) <= 0) {
        return false;
      }
      int width = groupTypes[g].length * k;
      Arrays.fill(amount, 0, width, 0);
      if (g == groups - 1 && groupTypes[g].length == 1) {
        forced(g, idx, amount);
        idx = 0;
      } else {
        // Walk the layers of count(g, idx) down, each class's amount drawn in proportion to what it leaves.
        int sat = 0;
        for (int p = 0; p < groupTypes[g].length; p++) {
          int t = groupTypes[g][p];
          int remaining = typeSize[t];
          for (int j = 0; j < 64; ) {
            long classes = typeMerged[g][p] >>> j << j;
            if (classes == 0) {
              break;
            }
            int c = Long.numberOfTrailingZeros(classes);
            long rest = classes & classes - 1;
            int free = free(g, idx, c);
            int lo = rest == 0 ? remaining : 0;
            int hi = Math.min(remaining, free);
            int met = sat | meets(g, t, c);
            double total = 0;
            for (int a = lo; a <= hi; a++) {
              total += weight(g, p, c, remaining, a > 0 ? met : sat, idx, free, a);
            }
            double target = rng.nextDouble() * total;
            int chosen = -1;
            for (int a = lo; a <= hi; a++) {
              double w = weight(g, p, c, remaining, a > 0 ? met : sat, idx, free, a);
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
            takeTokens(g, c, free, chosen, p, rng);
            remaining -= chosen;
            sat = chosen > 0 ? met : sat;
            idx -= chosen * stride[g][c];
            j = c + 1;
          }
          if (remaining != 0) {
            return false;
          }
        }
        if (sat != groupFull[g]) {
          return false;
        }
        idx = lift(g, idx);
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
    }
    return idx == 0;
  }

  /**
   * Merged class c's {@code a} tokens for the group's p-th type, as a uniform subset of its {@code free} free tokens:
   * one at a time, from each class in proportion to its free tokens (what C(free, a) counted).
   */
  private void takeTokens(int g, int c, int free, int a, int p, SplittableRandom rng) {
    int[] of = members[g][c];
    for (int taken = 0; taken < a; taken++) {
      int r = rng.nextInt(free - taken);
      int at = 0;
      while (r >= freeOfClass[of[at]]) {
        r -= freeOfClass[of[at]];
        at++;
      }
      freeOfClass[of[at]]--;
      amount[p * k + of[at]]++;
    }
  }
}
