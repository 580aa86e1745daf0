package veil.gdl.reason;

/**
 * The part of the dynamic program that every step needs (legal moves, terminal, next state) as a propositional
 * network that is updated, not re-evaluated: when an input (a base proposition or a move) changes, only the rules
 * it occurs in are touched, and only atoms whose support changed are looked at again (see {@link NetworkValues}).
 * A random playout changes a handful of base propositions per step, so this is much cheaper than evaluating every
 * rule of the state and the moves.
 *
 * <p>Atoms have positions in dependency order: an atom's rules only use inputs and atoms at lower positions, or
 * atoms of its own recursive group (a strongly connected component, which occupies consecutive positions).
 * Immutable; the values of one state live in a {@link NetworkValues}.
 */
final class Network {
  /** Size of a value array: every slot of the game, not only the network's (see {@link Compiler}). */
  final int slots;
  /** Value slot of base proposition i is {@code baseFrom + i}. */
  final int baseFrom;
  final int nBase;
  /** Value slot of the atom at each position. */
  final int[] slotAt;
  /**
   * First position of the recursive group of each position, or -1 when the atom is not recursive; the group ends
   * at {@code groupEnd[p]}.
   */
  final int[] groupStart;
  final int[] groupEnd;
  /** Rules of the atom at position p: [ruleStart[p], ruleStart[p+1]). */
  final int[] ruleStart;
  /** Position of the head of each rule. */
  final int[] ruleHead;
  /** The same, shifted: ruleHead[r] << 1 | whether the head is recursive (read where the counts change). */
  final int[] headEntry;
  /** Literals of rule k: lits[litStart[k] .. litStart[k+1]), each slot << 1 | negated. */
  final int[] litStart;
  final int[] lits;
  /**
   * Where slot s occurs, apart from the rules it guards: occ[occStart[s] .. occStart[s+1]), each rule << 1 |
   * negated.
   */
  final int[] occStart;
  final int[] occ;
  /**
   * The guard of each rule (a literal, slot << 1 | negated), or -1. A slot that occurs in many rules (a turn marker
   * in every legal rule, a waiting role's only move negated in every "stays the same" rule) is made the guard of
   * each rule it occurs in: the rule's count of false literals leaves it out, and when it changes only the rules
   * whose other literals all hold are touched (see {@link NetworkValues}), not every rule it occurs in.
   */
  final int[] guardLit;
  /**
   * The rules slot s guards are the bits [guardStart[s], guardStart[s+1]) of a bitset (each slot's range starts on a
   * word); bit b is rule guardRule[b] >>> 1, guardRule[b] & 1 whether the guard is negated there.
   */
  final int[] guardStart;
  final int[] guardRule;
  /** The bit of each guarded rule in that bitset, or -1. */
  final int[] guardBit;
  /**
   * Outputs kept as bits, so that reading them costs no scan over their atoms: bit i of words [0, legalWord[0]) is
   * the next value of base proposition i; bit m from word legalWord[r] on is whether move m of role r is legal.
   * Bit b shows the value of slot outSlot[b] (slot false for unused bits).
   */
  final int[] outSlot;
  final int[] legalWord;
  /** The output bit of the atom at each position, or -1. */
  final int[] outBitAt;
  /** The largest recursive group (the size of the scratch its re-evaluation needs). */
  final int largestGroup;
  /** The settled values of the initial state, which the values of every new state start from. */
  final NetworkValues initial;
  /**
   * Next-state atoms that are not propagated: base proposition i is direct when the rules of {@code (next f_i)} are
   * at most one "keep" rule ({@code (true f_i)} and negated moves only) and any number of "add" rules (one positive
   * move each), as a game's frame rules usually are once a role's alternative moves are merged (see {@link
   * MoveAlternatives}) and the phase is folded in (see {@link Phases}). Its next value is then (old value, if kept,
   * and no played move is among the keep rule's negated ones) or some played move adds it, which {@link
   * NetworkValues#nextState} computes from the moves' effects below, word by word. Propagating those rules instead
   * would turn a move's "stays" atoms off and on again at every step. Those atoms have no rules in this network (so
   * they stay false in its values); bit i of {@code direct} says which; bit i of {@code keep} which have a keep
   * rule.
   */
  final long[] direct;
  final long[] keep;
  /**
   * The effects of move slot {@code baseFrom + nBase + m} on direct base propositions: entries [effectStart[m],
   * effectStart[m+1]), each a word of the state and the bits the move clears (it occurs negated in their keep rule)
   * and adds (it is an add rule of theirs).
   */
  final int[] effectStart;
  final int[] effectWord;
  final long[] effectClear;
  final long[] effectAdd;
  /** Move slots are [baseFrom + nBase, moveTo). */
  final int moveTo;
  /** What the network was built from, for {@link #specialized}: the rules before the direct ones were taken out. */
  private final int[] srcRuleStart;
  private final int[] srcLitStart;
  private final int[] srcLits;
  private final boolean useDirect;
  private final int[] nextSlot;
  private final int[][] legalSlot;
  private final long[] init;
  /** The fewest occurrences that make a slot a guard (see {@link #guardLit}). */
  static final int GUARD_USES = 16;

  /**
   * @param groupStart see the field; positions of one recursive group must be consecutive
   * @param ruleStart rules sorted by head position
   */
  Network(int slots, int baseFrom, int nBase, int moveTo, int[] slotAt, int[] groupStart, int[] ruleStart,
      int[] litStart, int[] lits, int[] nextSlot, int[][] legalSlot, long[] init) {
    this(slots, baseFrom, nBase, moveTo, slotAt, groupStart, ruleStart, litStart, lits, nextSlot, legalSlot, init,
        true);
  }

  /** @param useDirect whether next-state atoms of the frame shape are computed directly (see {@link #direct}) */
  private Network(int slots, int baseFrom, int nBase, int moveTo, int[] slotAt, int[] groupStart, int[] ruleStart,
      int[] litStart, int[] lits, int[] nextSlot, int[][] legalSlot, long[] init, boolean useDirect) {
    this.useDirect = useDirect;
    this.slots = slots;
    this.baseFrom = baseFrom;
    this.nBase = nBase;
    this.moveTo = moveTo;
    this.slotAt = slotAt;
    this.groupStart = groupStart;
    this.srcRuleStart = ruleStart;
    this.srcLitStart = litStart;
    this.srcLits = lits;
    this.nextSlot = nextSlot;
    this.legalSlot = legalSlot;
    this.init = init;
    int positions = slotAt.length;
    int[] positionOfSlot = new int[slots];
    java.util.Arrays.fill(positionOfSlot, -1);
    for (int p = 0; p < positions; p++) {
      positionOfSlot[slotAt[p]] = p;
    }
    // Next-state atoms computed from the moves played instead of by propagation (see direct).
    int words0 = (nBase + 63) >>> 6;
    direct = new long[Math.max(1, words0)];
    keep = new long[Math.max(1, words0)];
    boolean[] directAt = new boolean[positions];
    java.util.TreeMap<Long, long[]> effects = new java.util.TreeMap<>();
    if (useDirect) {
      findDirect(positionOfSlot, ruleStart, litStart, lits, directAt, effects);
    }
    int moves = moveTo - (baseFrom + nBase);
    effectStart = new int[moves + 1];
    effectWord = new int[effects.size()];
    effectClear = new long[effects.size()];
    effectAdd = new long[effects.size()];
    int e = 0;
    for (java.util.Map.Entry<Long, long[]> en : effects.entrySet()) {
      effectStart[(int) (en.getKey() >>> 32) + 1]++;
      effectWord[e] = (int) (long) en.getKey();
      effectClear[e] = en.getValue()[0];
      effectAdd[e] = en.getValue()[1];
      e++;
    }
    for (int m = 0; m < moves; m++) {
      effectStart[m + 1] += effectStart[m];
    }
    // The propagated rules: all but those of the direct atoms (which thus have no rules here).
    int[] keptRuleStart = new int[positions + 1];
    veil.gdl.ground.IntList keptLitStart = new veil.gdl.ground.IntList();
    veil.gdl.ground.IntList keptLits = new veil.gdl.ground.IntList();
    for (int p = 0; p < positions; p++) {
      keptRuleStart[p] = keptLitStart.size();
      if (directAt[p]) {
        continue;
      }
      for (int r = ruleStart[p]; r < ruleStart[p + 1]; r++) {
        keptLitStart.add(keptLits.size());
        for (int k = litStart[r]; k < litStart[r + 1]; k++) {
          keptLits.add(lits[k]);
        }
      }
    }
    keptRuleStart[positions] = keptLitStart.size();
    keptLitStart.add(keptLits.size());
    this.ruleStart = keptRuleStart;
    this.litStart = keptLitStart.toArray();
    this.lits = keptLits.toArray();
    ruleStart = this.ruleStart;
    litStart = this.litStart;
    lits = this.lits;
    int rules = litStart.length - 1;
    groupEnd = new int[positions];
    int largest = 0;
    for (int p = positions - 1; p >= 0; p--) {
      boolean last = p == positions - 1 || groupStart[p + 1] != groupStart[p];
      groupEnd[p] = groupStart[p] < 0 ? -1 : last ? p + 1 : groupEnd[p + 1];
      if (groupStart[p] == p) {
        largest = Math.max(largest, groupEnd[p] - p);
      }
    }
    largestGroup = largest;
    ruleHead = new int[rules];
    headEntry = new int[rules];
    for (int p = 0; p < positions; p++) {
      for (int r = ruleStart[p]; r < ruleStart[p + 1]; r++) {
        ruleHead[r] = p;
        headEntry[r] = p << 1 | (groupStart[p] >= 0 ? 1 : 0);
      }
    }
    int[] uses = new int[slots];
    for (int l : lits) {
      uses[l >>> 1]++;
    }
    // Each rule's guard: its literal on the slot with the most occurrences, if that is at least GUARD_USES.
    guardLit = new int[rules];
    int[] guarded = new int[slots];
    for (int r = 0; r < rules; r++) {
      int best = -1;
      for (int k = litStart[r]; k < litStart[r + 1]; k++) {
        int l = lits[k];
        if (uses[l >>> 1] >= GUARD_USES && (best < 0 || uses[l >>> 1] > uses[best >>> 1])) {
          best = l;
        }
      }
      guardLit[r] = best;
      if (best >= 0) {
        guarded[best >>> 1]++;
      }
    }
    occStart = new int[slots + 1];
    guardStart = new int[slots + 1];
    for (int s = 0; s < slots; s++) {
      occStart[s + 1] = occStart[s] + uses[s] - guarded[s];
      guardStart[s + 1] = guardStart[s] + ((guarded[s] + 63) & ~63);
    }
    occ = new int[occStart[slots]];
    guardRule = new int[guardStart[slots]];
    guardBit = new int[rules];
    java.util.Arrays.fill(guardBit, -1);
    int[] fill = java.util.Arrays.copyOf(occStart, slots);
    int[] gfill = java.util.Arrays.copyOf(guardStart, slots);
    for (int r = 0; r < rules; r++) {
      for (int k = litStart[r]; k < litStart[r + 1]; k++) {
        int l = lits[k];
        if (l == guardLit[r]) {
          guardBit[r] = gfill[l >>> 1];
          guardRule[gfill[l >>> 1]++] = r << 1 | (l & 1);
        } else {
          occ[fill[l >>> 1]++] = r << 1 | (l & 1);
        }
      }
    }
    legalWord = new int[legalSlot.length];
    int words = (nBase + 63) >>> 6;
    for (int r = 0; r < legalSlot.length; r++) {
      legalWord[r] = words;
      words += (legalSlot[r].length + 63) >>> 6;
    }
    outSlot = new int[words << 6];
    System.arraycopy(nextSlot, 0, outSlot, 0, nBase);
    for (int r = 0; r < legalSlot.length; r++) {
      System.arraycopy(legalSlot[r], 0, outSlot, legalWord[r] << 6, legalSlot[r].length);
    }
    outBitAt = new int[positions];
    java.util.Arrays.fill(outBitAt, -1);
    for (int b = 0; b < outSlot.length; b++) {
      int p = positionOfSlot[outSlot[b]];
      if (p >= 0) {
        outBitAt[p] = b;
      }
    }
    initial = NetworkValues.evaluated(this, init, new int[0]);
  }

  /**
   * This network with some inputs fixed ({@code constant[s]}: 0 unknown, 1 false, 2 true): literals on them that
   * hold are dropped, rules with one that fails are dropped. Same slots, positions and outputs; its values equal
   * this network's in every state and move where the fixed inputs have their values.
   */
  Network specialized(byte[] constant) {
    int rules = srcLitStart.length - 1;
    int[] newRuleStart = new int[positions() + 1];
    veil.gdl.ground.IntList newLitStart = new veil.gdl.ground.IntList();
    veil.gdl.ground.IntList newLits = new veil.gdl.ground.IntList();
    int p = 0;
    for (int r = 0; r < rules; r++) {
      while (p < positions() && srcRuleStart[p] <= r) {
        newRuleStart[p++] = newLitStart.size();
      }
      int mark = newLits.size();
      boolean fails = false;
      for (int k = srcLitStart[r]; k < srcLitStart[r + 1] && !fails; k++) {
        int l = srcLits[k];
        byte c = constant[l >>> 1];
        if (c == 0) {
          newLits.add(l);
        } else {
          fails = (c == 2) == ((l & 1) != 0);
        }
      }
      if (fails) {
        newLits.truncate(mark);
      } else {
        newLitStart.add(mark);
      }
    }
    while (p <= positions()) {
      newRuleStart[p++] = newLitStart.size();
    }
    newLitStart.add(newLits.size());
    return new Network(slots, baseFrom, nBase, moveTo, slotAt, groupStart, newRuleStart, newLitStart.toArray(),
        newLits.toArray(), nextSlot, legalSlot, init, useDirect);
  }

  /** This network with every rule propagated, none computed directly (for tests: what {@link #direct} must equal). */
  Network propagatingEveryRule() {
    return new Network(slots, baseFrom, nBase, moveTo, slotAt, groupStart, srcRuleStart, srcLitStart, srcLits,
        nextSlot, legalSlot, init, false);
  }

  /** How many base propositions are computed directly. */
  int directCount() {
    int n = 0;
    for (long w : direct) {
      n += Long.bitCount(w);
    }
    return n;
  }

  /**
   * Marks the direct base propositions (see {@link #direct}) and their positions, and collects the moves' effects,
   * keyed by move index << 32 | word, each {clear, add}.
   */
  private void findDirect(int[] positionOfSlot, int[] ruleStart, int[] litStart, int[] lits, boolean[] directAt,
      java.util.Map<Long, long[]> effects) {
    int moveFrom = baseFrom + nBase;
    boolean[] read = new boolean[slots];
    for (int l : lits) {
      read[l >>> 1] = true;
    }
    for (int i = 0; i < nBase; i++) {
      int s = nextSlot[i];
      int p = s >= 0 && s < slots ? positionOfSlot[s] : -1;
      if (p < 0 || groupStart[p] >= 0 || read[s]) {
        continue;
      }
      int self = (baseFrom + i) << 1;
      int keepRule = -1;
      boolean ok = true;
      for (int r = ruleStart[p]; r < ruleStart[p + 1] && ok; r++) {
        int n = litStart[r + 1] - litStart[r];
        int first = n == 0 ? -1 : lits[litStart[r]];
        if (n == 1 && (first & 1) == 0 && (first >>> 1) >= moveFrom && (first >>> 1) < moveTo) {
          continue; // add rule
        }
        boolean keeps = keepRule < 0;
        boolean sawSelf = false;
        for (int k = litStart[r]; k < litStart[r + 1] && keeps; k++) {
          int l = lits[k];
          if (l == self) {
            sawSelf = true;
          } else {
            keeps = (l & 1) != 0 && (l >>> 1) >= moveFrom && (l >>> 1) < moveTo;
          }
        }
        ok = keeps && sawSelf;
        if (ok) {
          keepRule = r;
        }
      }
      if (!ok) {
        continue;
      }
      directAt[p] = true;
      direct[i >>> 6] |= 1L << i;
      for (int r = ruleStart[p]; r < ruleStart[p + 1]; r++) {
        boolean isKeep = r == keepRule;
        for (int k = litStart[r]; k < litStart[r + 1]; k++) {
          int l = lits[k];
          if (l != self) {
            long key = (long) ((l >>> 1) - moveFrom) << 32 | (i >>> 6);
            effects.computeIfAbsent(key, x -> new long[2])[isKeep ? 0 : 1] |= 1L << i;
          }
        }
      }
      if (keepRule >= 0) {
        keep[i >>> 6] |= 1L << i;
      }
    }
  }

  int positions() {
    return slotAt.length;
  }

  int ruleCount() {
    return litStart.length - 1;
  }

  /** Whether all literals of rule r hold in {@code vals}. */
  boolean body(int r, boolean[] vals) {
    for (int k = litStart[r], end = litStart[r + 1]; k < end; k++) {
      int l = lits[k];
      if (vals[l >>> 1] == ((l & 1) != 0)) {
        return false;
      }
    }
    return true;
  }

  /** Whether the guard of rule r holds (true when it has none). */
  boolean guardHolds(int r, boolean[] vals) {
    int g = guardLit[r];
    return g < 0 || vals[g >>> 1] != ((g & 1) != 0);
  }

  /** Whether some rule of the atom at position p holds in {@code vals}. */
  boolean holds(int p, boolean[] vals) {
    for (int r = ruleStart[p], end = ruleStart[p + 1]; r < end; r++) {
      if (body(r, vals)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Sets the atoms of the recursive group starting at {@code from} to their least fixpoint in {@code vals}, given
   * the values of everything below the group (negation never points into the group: stratification).
   */
  void fixpoint(int from, boolean[] vals) {
    int to = groupEnd[from];
    for (int p = from; p < to; p++) {
      vals[slotAt[p]] = false;
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int p = from; p < to; p++) {
        if (!vals[slotAt[p]] && holds(p, vals)) {
          vals[slotAt[p]] = true;
          changed = true;
        }
      }
    }
  }
}
