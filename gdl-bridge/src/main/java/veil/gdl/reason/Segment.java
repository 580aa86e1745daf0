package veil.gdl.reason;

/**
 * A compiled slice of the ground program evaluated as a whole when asked: the atoms needed for some outputs (goals;
 * percepts) that the {@link Network} does not keep, in dependency order, each as a disjunction of conjunctions of
 * literals over value slots. Atoms of one recursive component form a group evaluated to its least fixpoint;
 * negation never points into the group being evaluated (stratification), so the fixpoint is monotone.
 *
 * <p>Rules that need a move ({@code (does r m)}) are keyed by that move and sorted by it: since exactly one move
 * per role is played, evaluation looks up the rules of the played moves instead of trying every rule. This keeps
 * games whose {@code sees} rules range over every joint move fast.
 */
final class Segment {
  /** Group g covers atom positions [groupStart[g], groupStart[g+1]). */
  final int[] groupStart;
  final boolean[] recursive;
  /** Value slot of the atom at each position. */
  final int[] slot;
  /**
   * Rules of the atom at position i: [ruleStart[i], keyedStart[i]) need no move; [keyedStart[i], ruleStart[i+1])
   * need the move in slot ruleKey[k] (sorted by it), which is not among their literals.
   */
  final int[] ruleStart;
  final int[] keyedStart;
  final int[] ruleKey;
  /** Literals of rule k: lits[litStart[k] .. litStart[k+1]), each slot << 1 | negated. */
  final int[] litStart;
  final int[] lits;
  /** Atoms only a move can make true, evaluated first and apart (the others may read them, not vice versa). */
  final TriggeredAtoms triggered;

  Segment(int[] groupStart, boolean[] recursive, int[] slot, int[] ruleStart, int[] keyedStart, int[] ruleKey,
      int[] litStart, int[] lits, TriggeredAtoms triggered) {
    this.groupStart = groupStart;
    this.recursive = recursive;
    this.slot = slot;
    this.ruleStart = ruleStart;
    this.keyedStart = keyedStart;
    this.ruleKey = ruleKey;
    this.litStart = litStart;
    this.lits = lits;
    this.triggered = triggered;
  }

  /**
   * Evaluates every atom of the segment into {@code vals}; {@code moves[0..moveCount)} are the slots of the moves
   * played (empty where no move is known).
   */
  void eval(boolean[] vals, int[] moves, int moveCount) {
    triggered.eval(vals, moves, moveCount);
    int groups = recursive.length;
    for (int g = 0; g < groups; g++) {
      int from = groupStart[g];
      int to = groupStart[g + 1];
      if (!recursive[g]) {
        for (int i = from; i < to; i++) {
          vals[slot[i]] = holds(i, vals, moves, moveCount);
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
          if (!vals[slot[i]] && holds(i, vals, moves, moveCount)) {
            vals[slot[i]] = true;
            changed = true;
          }
        }
      }
    }
  }

  private boolean holds(int i, boolean[] vals, int[] moves, int moveCount) {
    int keyed = keyedStart[i];
    for (int r = ruleStart[i]; r < keyed; r++) {
      if (body(r, vals)) {
        return true;
      }
    }
    int end = ruleStart[i + 1];
    if (keyed == end) {
      return false;
    }
    // Keys and moves are both sorted: skip the moves below the first key, stop at the first above the last.
    int lowest = ruleKey[keyed];
    int highest = ruleKey[end - 1];
    for (int j = 0; j < moveCount; j++) {
      int key = moves[j];
      if (key < lowest) {
        continue;
      }
      if (key > highest) {
        break;
      }
      for (int r = first(keyed, end, key); r < end && ruleKey[r] == key; r++) {
        if (body(r, vals)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The first rule in [from, to) whose key is at least {@code key}. */
  private int first(int from, int to, int key) {
    int a = from;
    int b = to;
    while (a < b) {
      int m = (a + b) >>> 1;
      if (ruleKey[m] < key) {
        a = m + 1;
      } else {
        b = m;
      }
    }
    return a;
  }

  private boolean body(int r, boolean[] vals) {
    int[] lits = this.lits;
    for (int k = litStart[r], kend = litStart[r + 1]; k < kend; k++) {
      int l = lits[k];
      if (vals[l >>> 1] == ((l & 1) != 0)) {
        return false;
      }
    }
    return true;
  }
}
