package veil.gdl.reason;

/**
 * A compiled slice of the ground program: the atoms needed for some outputs (legal moves and terminal; goals; next
 * state and percepts), in dependency order, each as a disjunction of conjunctions of literals over value slots.
 * Atoms of one recursive component form a group evaluated to its least fixpoint; negation never points into the
 * group being evaluated (stratification), so the fixpoint is monotone.
 */
final class Segment {
  /** Group g covers atom positions [groupStart[g], groupStart[g+1]). */
  final int[] groupStart;
  final boolean[] recursive;
  /** Value slot of the atom at each position. */
  final int[] slot;
  /** Rules of the atom at position i: [ruleStart[i], ruleStart[i+1]). */
  final int[] ruleStart;
  /** Literals of rule k: lits[litStart[k] .. litStart[k+1]), each slot << 1 | negated. */
  final int[] litStart;
  final int[] lits;

  Segment(int[] groupStart, boolean[] recursive, int[] slot, int[] ruleStart, int[] litStart, int[] lits) {
    this.groupStart = groupStart;
    this.recursive = recursive;
    this.slot = slot;
    this.ruleStart = ruleStart;
    this.litStart = litStart;
    this.lits = lits;
  }

  int atomCount() {
    return slot.length;
  }

  int ruleCount() {
    return litStart.length - 1;
  }

  void eval(boolean[] vals) {
    int groups = recursive.length;
    for (int g = 0; g < groups; g++) {
      int from = groupStart[g];
      int to = groupStart[g + 1];
      if (!recursive[g]) {
        for (int i = from; i < to; i++) {
          vals[slot[i]] = holds(i, vals);
        }
        continue;
      }
      for (int i = from; i < to; i++) {
        vals[slot[i]] = false;
      }
      boolean changed = true;
      while (changed) {
        changed = false;
        for (int i = from; i < to; i++) {
          if (!vals[slot[i]] && holds(i, vals)) {
            vals[slot[i]] = true;
            changed = true;
          }
        }
      }
    }
  }

  private boolean holds(int i, boolean[] vals) {
    int[] lits = this.lits;
    for (int r = ruleStart[i], end = ruleStart[i + 1]; r < end; r++) {
      boolean ok = true;
      for (int k = litStart[r], kend = litStart[r + 1]; k < kend; k++) {
        int l = lits[k];
        if (vals[l >>> 1] == ((l & 1) != 0)) {
          ok = false;
          break;
        }
      }
      if (ok) {
        return true;
      }
    }
    return false;
  }
}
