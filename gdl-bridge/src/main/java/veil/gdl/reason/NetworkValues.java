package veil.gdl.reason;

import java.util.Arrays;

/**
 * The values of a {@link Network} for one state, kept up to date by forward propagation: each rule counts its
 * false literals and each atom its true rules, so that changing an input touches only the rules it occurs in, and
 * an atom is looked at again only when its count of true rules crossed zero. A rule's guard (see {@link
 * Network#guardLit}) is not counted: the rules whose other literals all hold are marked in a bitset, and a change of
 * a guard touches only those of its rules.
 *
 * <p>Changed atoms are settled in position order (dependency order), so each is updated at most once per {@link
 * #settle} and never with half-updated inputs. A recursive group is instead re-evaluated to its least fixpoint
 * whenever one of its rules changed truth: counting alone would keep atoms that only support each other.
 *
 * <p>Holds the value array of all slots, which the {@link Segment}s evaluated on demand (goals, percepts) also use.
 * Not thread-safe: one per state.
 */
final class NetworkValues {
  private final Network net;
  /** Values of every slot; those of the network are exact once settled. */
  final boolean[] vals;
  /** Per rule: how many of its literals are false, its guard not counted. */
  private final int[] falseLits;
  /** Per position: how many of its rules hold (all literals true). */
  private final int[] trueRules;
  /** The output bits (see {@link Network#outSlot}): next state and legal moves. */
  final long[] outBits;
  /** The guarded rules whose other literals all hold, at their {@link Network#guardBit}s. */
  private final long[] ready;
  /** Positions that may have to change, in a bitset. */
  private final long[] dirty;
  /** The words of {@link #dirty} that may have bits: [dirtyFrom, dirtyTo] (empty when dirtyFrom > dirtyTo). */
  private int dirtyFrom = Integer.MAX_VALUE;
  private int dirtyTo = -1;
  /** The base propositions {@link #vals} reflect. */
  private final long[] synced;
  /** Scratch for the old values of a recursive group. */
  private final boolean[] groupOld;

  private NetworkValues(Network net) {
    this.net = net;
    vals = new boolean[net.slots];
    falseLits = new int[net.ruleCount()];
    trueRules = new int[net.positions()];
    outBits = new long[net.outSlot.length >>> 6];
    ready = new long[net.guardRule.length >>> 6];
    dirty = new long[(net.positions() + 63) >>> 6];
    synced = new long[Math.max(1, (net.nBase + 63) >>> 6)];
    groupOld = new boolean[net.largestGroup];
  }

  /** A copy of the network's initial values. */
  static NetworkValues initial(Network net) {
    NetworkValues v = new NetworkValues(net);
    v.copyFrom(net.initial);
    return v;
  }

  /**
   * The values of state {@code bits} with the moves in slots {@code played} on, computed from scratch by evaluating
   * every rule in dependency order (what {@link #syncTo} and {@link #settle} must agree with).
   */
  static NetworkValues evaluated(Network net, long[] bits, int[] played) {
    NetworkValues v = new NetworkValues(net);
    boolean[] vals = v.vals;
    vals[Compiler.TRUE] = true;
    for (int i = 0; i < net.nBase; i++) {
      vals[net.baseFrom + i] = (bits[i >>> 6] & (1L << i)) != 0;
    }
    for (int d : played) {
      vals[d] = true;
    }
    for (int p = 0; p < net.positions(); p++) {
      if (net.groupStart[p] == p) {
        net.fixpoint(p, vals);
        p = net.groupEnd[p] - 1;
      } else {
        vals[net.slotAt[p]] = net.holds(p, vals);
      }
    }
    for (int r = 0; r < net.ruleCount(); r++) {
      int count = 0;
      for (int k = net.litStart[r]; k < net.litStart[r + 1]; k++) {
        int l = net.lits[k];
        if (l != net.guardLit[r] && vals[l >>> 1] == ((l & 1) != 0)) {
          count++;
        }
      }
      v.falseLits[r] = count;
      if (count == 0 && net.guardBit[r] >= 0) {
        v.ready[net.guardBit[r] >>> 6] |= 1L << net.guardBit[r];
      }
      if (count == 0 && net.guardHolds(r, vals)) {
        v.trueRules[net.ruleHead[r]]++;
      }
    }
    for (int b = 0; b < net.outSlot.length; b++) {
      if (vals[net.outSlot[b]]) {
        v.outBits[b >>> 6] |= 1L << b;
      }
    }
    System.arraycopy(bits, 0, v.synced, 0, v.synced.length);
    return v;
  }

  void copyFrom(NetworkValues o) {
    System.arraycopy(o.vals, 0, vals, 0, vals.length);
    System.arraycopy(o.falseLits, 0, falseLits, 0, falseLits.length);
    System.arraycopy(o.trueRules, 0, trueRules, 0, trueRules.length);
    System.arraycopy(o.outBits, 0, outBits, 0, outBits.length);
    System.arraycopy(o.ready, 0, ready, 0, ready.length);
    System.arraycopy(o.dirty, 0, dirty, 0, dirty.length);
    dirtyFrom = o.dirtyFrom;
    dirtyTo = o.dirtyTo;
    System.arraycopy(o.synced, 0, synced, 0, synced.length);
  }

  /** Whether these values are exactly those of state {@code bits} with no move on. */
  boolean settledAt(long[] bits) {
    for (long d : dirty) {
      if (d != 0) {
        return false;
      }
    }
    return Arrays.equals(synced, bits);
  }

  /** Roughly what {@link #copyFrom} costs, in the units of {@link #syncCost} (copying is cheaper per int). */
  int copyCost() {
    return (falseLits.length + trueRules.length) / 8 + vals.length / 32 + ready.length / 4;
  }

  /**
   * How much work {@link #syncTo} would do to reach {@code bits}: the occurrences of the base propositions that
   * differ (to choose between it and a copy).
   */
  int syncCost(long[] bits) {
    int cost = 0;
    for (int w = 0; w < bits.length; w++) {
      long x = bits[w] ^ synced[w];
      while (x != 0) {
        int s = net.baseFrom + (w << 6 | Long.numberOfTrailingZeros(x));
        cost += net.occStart[s + 1] - net.occStart[s] + ((net.guardStart[s + 1] - net.guardStart[s]) >>> 6);
        x &= x - 1;
      }
    }
    return cost;
  }

  /** Updates the values to state {@code bits}, by the base propositions that changed since the last sync. */
  void syncTo(long[] bits) {
    int baseFrom = net.baseFrom;
    for (int w = 0; w < bits.length; w++) {
      long x = bits[w] ^ synced[w];
      if (x == 0) {
        continue;
      }
      synced[w] = bits[w];
      while (x != 0) {
        int i = w << 6 | Long.numberOfTrailingZeros(x);
        set(baseFrom + i, (bits[w] & (1L << i)) != 0);
        x &= x - 1;
      }
    }
    settle();
  }

  /**
   * Sets an input slot (a base proposition or a move) and counts the change into the rules it occurs in; the atoms
   * it affects change at the next {@link #settle}.
   */
  void set(int slot, boolean value) {
    vals[slot] = value;
    int[] occ = net.occ;
    int[] falseLits = this.falseLits;
    for (int k = net.occStart[slot], end = net.occStart[slot + 1]; k < end; k++) {
      int o = occ[k];
      int r = o >>> 1;
      if (value != ((o & 1) != 0)) {
        if (--falseLits[r] == 0) {
          restChanged(r, 1);
        }
      } else if (falseLits[r]++ == 0) {
        restChanged(r, -1);
      }
    }
    // The rules this slot guards: only those whose other literals all hold change.
    int[] guardRule = net.guardRule;
    for (int w = net.guardStart[slot] >>> 6, end = net.guardStart[slot + 1] >>> 6; w < end; w++) {
      for (long x = ready[w]; x != 0; x &= x - 1) {
        int o = guardRule[w << 6 | Long.numberOfTrailingZeros(x)];
        supportChanged(net.headEntry[o >>> 1], value != ((o & 1) != 0) ? 1 : -1);
      }
    }
  }

  /** The literals of rule r other than its guard now all hold (delta 1) or no longer do (delta -1). */
  private void restChanged(int r, int delta) {
    int b = net.guardBit[r];
    if (b < 0) {
      supportChanged(net.headEntry[r], delta);
      return;
    }
    ready[b >>> 6] ^= 1L << b;
    int g = net.guardLit[r];
    if (vals[g >>> 1] != ((g & 1) != 0)) {
      supportChanged(net.headEntry[r], delta);
    }
  }

  /** A rule of the atom {@code headEntry >>> 1} (recursive when bit 0 is set) began or ceased to hold. */
  private void supportChanged(int headEntry, int delta) {
    int p = headEntry >>> 1;
    int before = trueRules[p];
    trueRules[p] = before + delta;
    // A plain atom can only change when its count crosses zero; a recursive one whenever a rule changes.
    if (before == 0 || before + delta == 0 || (headEntry & 1) != 0) {
      int w = p >>> 6;
      dirty[w] |= 1L << p;
      if (w < dirtyFrom) {
        dirtyFrom = w;
      }
      if (w > dirtyTo) {
        dirtyTo = w;
      }
    }
  }

  /** Brings every atom up to date with the inputs, in dependency order. */
  void settle() {
    long[] dirty = this.dirty;
    // Settling only marks higher positions: the range can only grow upwards meanwhile.
    for (int w = dirtyFrom; w <= dirtyTo; w++) {
      long d;
      // Settling an atom only marks atoms at higher positions, possibly in this same word.
      while ((d = dirty[w]) != 0) {
        int p = w << 6 | Long.numberOfTrailingZeros(d);
        dirty[w] = d & (d - 1);
        int from = net.groupStart[p];
        if (from >= 0) {
          settleGroup(from);
          continue;
        }
        int s = net.slotAt[p];
        boolean v = trueRules[p] > 0;
        if (v != vals[s]) {
          change(p, s, v);
        }
      }
    }
    dirtyFrom = Integer.MAX_VALUE;
    dirtyTo = -1;
  }

  /**
   * Writes the next state into {@code dest}: with the moves in slots {@code played[0..n)} on and settled, the
   * network's next-state outputs, and the direct base propositions (see {@link Network#direct}) from the state these
   * values are synced to and the moves' effects.
   */
  void nextState(int[] played, int n, long[] dest) {
    Network net = this.net;
    long[] direct = net.direct;
    long[] keep = net.keep;
    long[] old = synced;
    int words = (net.nBase + 63) >>> 6;
    for (int w = 0; w < words; w++) {
      dest[w] = (outBits[w] & ~direct[w]) | (old[w] & keep[w]);
    }
    int moveFrom = net.baseFrom + net.nBase;
    int[] start = net.effectStart;
    int[] word = net.effectWord;
    // Every clear first, then every add: a base proposition one move adds stays even if another's move clears it.
    for (int i = 0; i < n; i++) {
      int m = played[i] - moveFrom;
      if (m >= 0 && m < start.length - 1) {
        long[] clear = net.effectClear;
        for (int e = start[m], end = start[m + 1]; e < end; e++) {
          dest[word[e]] &= ~clear[e];
        }
      }
    }
    for (int i = 0; i < n; i++) {
      int m = played[i] - moveFrom;
      if (m >= 0 && m < start.length - 1) {
        long[] add = net.effectAdd;
        for (int e = start[m], end = start[m + 1]; e < end; e++) {
          dest[word[e]] |= add[e];
        }
      }
    }
  }

  /** Sets the atom at position p (slot s), and its output bit. */
  private void change(int p, int s, boolean v) {
    set(s, v);
    int b = net.outBitAt[p];
    if (b >= 0) {
      outBits[b >>> 6] ^= 1L << b;
    }
  }

  private void settleGroup(int from) {
    int to = net.groupEnd[from];
    int[] slotAt = net.slotAt;
    for (int p = from; p < to; p++) {
      groupOld[p - from] = vals[slotAt[p]];
    }
    net.fixpoint(from, vals);
    for (int p = from; p < to; p++) {
      int s = slotAt[p];
      boolean v = vals[s];
      vals[s] = groupOld[p - from];
      if (v != vals[s]) {
        change(p, s, v);
      }
    }
    // The group is now exact; what setting its atoms marked inside it needs no second look.
    for (int p = from; p < to; p++) {
      dirty[p >>> 6] &= ~(1L << p);
    }
  }

  /**
   * Whether the network part of these values (its atoms, the inputs its rules read, the counts) equals {@code o}'s
   * (for tests).
   */
  boolean sameNetworkValues(NetworkValues o) {
    for (int p = 0; p < net.positions(); p++) {
      if (vals[net.slotAt[p]] != o.vals[net.slotAt[p]]) {
        return false;
      }
    }
    for (int s = 0; s < net.slots; s++) {
      if (net.occStart[s + 1] > net.occStart[s] && vals[s] != o.vals[s]) {
        return false;
      }
    }
    return Arrays.equals(falseLits, o.falseLits) && Arrays.equals(trueRules, o.trueRules)
        && Arrays.equals(outBits, o.outBits) && Arrays.equals(ready, o.ready);
  }
}
