package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the rules of one atom that differ only in which move one role plays. Grounding a rule such as
 * {@code (<= (next (cell ?m ?n x)) (does white (mark ?m ?n)) (does black (mark ?j ?k)) (distinct ?m ?j) …)} makes
 * one rule per move of black; but a role plays exactly one of its moves, so "black plays one of the moves S" is
 * "black plays none of the other moves", which takes one literal instead of eight here. Fewer rules and far fewer
 * occurrences of each move make the network's work per step small.
 *
 * <p>The merged rules agree with the originals whenever every role has exactly one move on, which is whenever
 * anything that depends on moves is read (applying a joint move). With no move on they may differ; nothing reads
 * them then (legal moves, terminal and goals may not depend on moves).
 *
 * <p>Bodies are literal arrays, each literal a slot << 1 | negated.
 */
final class MoveAlternatives {
  /** The role of each move slot, -1 for other slots. */
  private final int[] roleOfSlot;
  /** The move slots of each role, ascending. */
  private final int[][] movesOfRole;

  MoveAlternatives(int slots, int[][] doesSlot) {
    roleOfSlot = new int[slots];
    Arrays.fill(roleOfSlot, -1);
    movesOfRole = new int[doesSlot.length][];
    for (int r = 0; r < doesSlot.length; r++) {
      movesOfRole[r] = doesSlot[r].clone();
      Arrays.sort(movesOfRole[r]);
      for (int d : doesSlot[r]) {
        roleOfSlot[d] = r;
      }
    }
  }

  /** Sorts a body's literals and drops repeated ones; null when it has a literal and its negation. */
  static int[] canonical(int[] body) {
    int[] b = body.clone();
    Arrays.sort(b);
    int n = 0;
    for (int i = 0; i < b.length; i++) {
      if (n > 0 && b[n - 1] == b[i]) {
        continue;
      }
      if (n > 0 && b[n - 1] >>> 1 == b[i] >>> 1) {
        return null; // s and (not s): sorted, they are neighbours
      }
      b[n++] = b[i];
    }
    return Arrays.copyOf(b, n);
  }

  /**
   * The rules of one atom with alternatives merged, each canonical (see {@link #canonical}); {@code bodies} must be
   * canonical.
   */
  List<int[]> merge(List<int[]> bodies) {
    List<int[]> current = bodies;
    while (true) {
      List<int[]> next = mergeOnce(current);
      if (next == null) {
        return current;
      }
      current = next;
    }
  }

  /** One pass: merges disjoint groups, largest first; null when no group is worth merging. */
  private List<int[]> mergeOnce(List<int[]> bodies) {
    // Group rules by (role, the rest of the body) for each positive move literal they have.
    Map<Rest, Group> groups = new HashMap<>();
    for (int i = 0; i < bodies.size(); i++) {
      int[] b = bodies.get(i);
      for (int k = 0; k < b.length; k++) {
        int role = (b[k] & 1) == 0 ? roleOfSlot[b[k] >>> 1] : -1;
        if (role >= 0) {
          int[] rest = new int[b.length - 1];
          System.arraycopy(b, 0, rest, 0, k);
          System.arraycopy(b, k + 1, rest, k, b.length - k - 1);
          groups.computeIfAbsent(new Rest(role, rest), x -> new Group()).add(i, b[k] >>> 1);
        }
      }
    }
    List<Map.Entry<Rest, Group>> worth = new ArrayList<>();
    for (Map.Entry<Rest, Group> e : groups.entrySet()) {
      int others = movesOfRole[e.getKey().role].length - e.getValue().moveCount();
      if (others < e.getValue().rules.size()) {
        worth.add(e);
      }
    }
    if (worth.isEmpty()) {
      return null;
    }
    // Largest groups first; ties in a fixed order so that compiling is deterministic.
    worth.sort((x, y) -> {
      int c = Integer.compare(y.getValue().rules.size(), x.getValue().rules.size());
      return c != 0 ? c : x.getKey().compareTo(y.getKey());
    });
    boolean[] used = new boolean[bodies.size()];
    List<int[]> merged = new ArrayList<>();
    for (Map.Entry<Rest, Group> e : worth) {
      Group g = e.getValue();
      if (g.rules.stream().anyMatch(i -> used[i])) {
        continue;
      }
      g.rules.forEach(i -> used[i] = true);
      int[] rest = e.getKey().rest;
      int[] all = movesOfRole[e.getKey().role];
      int[] body = Arrays.copyOf(rest, rest.length + all.length);
      int n = rest.length;
      for (int d : all) {
        if (!g.moves.contains(d)) {
          body[n++] = d << 1 | 1;
        }
      }
      int[] c = canonical(Arrays.copyOf(body, n));
      if (c != null) {
        merged.add(c);
      }
    }
    for (int i = 0; i < bodies.size(); i++) {
      if (!used[i]) {
        merged.add(bodies.get(i));
      }
    }
    return merged;
  }

  /** The rest of a rule's body without one move literal of {@code role}. */
  private record Rest(int role, int[] rest) implements Comparable<Rest> {
    @Override
    public boolean equals(Object o) {
      return o instanceof Rest r && r.role == role && Arrays.equals(r.rest, rest);
    }

    @Override
    public int hashCode() {
      return role * 31 + Arrays.hashCode(rest);
    }

    @Override
    public int compareTo(Rest o) {
      return role != o.role ? Integer.compare(role, o.role) : Arrays.compare(rest, o.rest);
    }
  }

  /** The rules (indices) of one group and the moves they differ in. */
  private static final class Group {
    final List<Integer> rules = new ArrayList<>();
    final java.util.Set<Integer> moves = new java.util.HashSet<>();

    void add(int rule, int move) {
      if (rules.isEmpty() || rules.get(rules.size() - 1) != rule) {
        rules.add(rule);
      }
      moves.add(move);
    }

    int moveCount() {
      return moves.size();
    }
  }
}
