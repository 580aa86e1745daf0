package veil.gdl.reason;

import java.util.List;
import java.util.TreeMap;
import veil.gdl.ground.IntList;

/**
 * Atoms of a {@link Segment} that only a played move can make true: every rule of theirs needs a move, and reads
 * nothing else of the segment (typically {@code sees} atoms). Each step most of them are false, so they are reset
 * and only the rules of the moves actually played are tried, instead of looking at every atom.
 */
final class TriggeredAtoms {
  static final TriggeredAtoms NONE = new TriggeredAtoms(new int[0], List.of(), List.of());

  /** The slots of all these atoms. */
  private final int[] slots;
  /** The smallest move slot any rule needs; entries of move d: [byMoveStart[d - minMove], byMoveStart[… + 1]). */
  private final int minMove;
  private final int[] byMoveStart;
  /** Entry e: atom slot entrySlot[e], whose rules for that move are [entryRuleStart[e], entryRuleStart[e + 1]). */
  private final int[] entrySlot;
  private final int[] entryRuleStart;
  /** Literals of rule k, without its move: lits[litStart[k] .. litStart[k+1]), each slot << 1 | negated. */
  private final int[] litStart;
  private final int[] lits;

  /**
   * @param slots the atoms' slots
   * @param atomOfRule for each rule, the index (into {@code slots}) of its atom
   * @param rules each rule as its move slot followed by its other literals
   */
  TriggeredAtoms(int[] slots, List<Integer> atomOfRule, List<int[]> rules) {
    this.slots = slots;
    // Rules by move, then by atom: one entry per (move, atom).
    TreeMap<Long, IntList> byKey = new TreeMap<>();
    for (int k = 0; k < rules.size(); k++) {
      long key = (long) rules.get(k)[0] << 32 | atomOfRule.get(k);
      byKey.computeIfAbsent(key, x -> new IntList()).add(k);
    }
    minMove = byKey.isEmpty() ? 0 : (int) (byKey.firstKey() >>> 32);
    int maxMove = byKey.isEmpty() ? -1 : (int) (byKey.lastKey() >>> 32);
    byMoveStart = new int[maxMove - minMove + 2];
    entrySlot = new int[byKey.size()];
    entryRuleStart = new int[byKey.size() + 1];
    IntList starts = new IntList();
    IntList all = new IntList();
    int e = 0;
    for (var entry : byKey.entrySet()) {
      int move = (int) (entry.getKey() >>> 32);
      byMoveStart[move - minMove + 1] = e + 1;
      entrySlot[e] = slots[(int) (long) entry.getKey()];
      entryRuleStart[e] = starts.size();
      IntList ks = entry.getValue();
      for (int i = 0; i < ks.size(); i++) {
        int[] rule = rules.get(ks.get(i));
        starts.add(all.size());
        for (int j = 1; j < rule.length; j++) {
          all.add(rule[j]);
        }
      }
      e++;
    }
    entryRuleStart[e] = starts.size();
    starts.add(all.size());
    // Moves without entries start where the previous move's entries end.
    for (int d = 1; d < byMoveStart.length; d++) {
      byMoveStart[d] = Math.max(byMoveStart[d], byMoveStart[d - 1]);
    }
    litStart = starts.toArray();
    lits = all.toArray();
  }

  /** Evaluates every atom into {@code vals}, given the slots of the moves played. */
  void eval(boolean[] vals, int[] moves, int moveCount) {
    for (int s : slots) {
      vals[s] = false;
    }
    int last = minMove + byMoveStart.length - 2;
    for (int j = 0; j < moveCount; j++) {
      int d = moves[j];
      if (d < minMove || d > last) {
        continue;
      }
      for (int e = byMoveStart[d - minMove], end = byMoveStart[d - minMove + 1]; e < end; e++) {
        int s = entrySlot[e];
        if (!vals[s] && anyHolds(entryRuleStart[e], entryRuleStart[e + 1], vals)) {
          vals[s] = true;
        }
      }
    }
  }

  private boolean anyHolds(int from, int to, boolean[] vals) {
    for (int r = from; r < to; r++) {
      boolean all = true;
      for (int k = litStart[r], end = litStart[r + 1]; k < end && all; k++) {
        int l = lits[k];
        all = vals[l >>> 1] != ((l & 1) != 0);
      }
      if (all) {
        return true;
      }
    }
    return false;
  }
}
