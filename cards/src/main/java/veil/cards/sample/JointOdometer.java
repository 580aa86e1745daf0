package veil.cards.sample;

import java.util.Arrays;

/**
 * The search both the witness walk and the history builder make at a step: every joint move that combines one
 * candidate move per active role, in odometer order (the first role's candidate turns fastest), until one passes a
 * test or the tries run out. The callers order each role's candidates (likeliest first, or shuffled) beforehand.
 */
final class JointOdometer {
  /** Whether the joint move now in {@code joint} is the one looked for. */
  interface Test {
    boolean accepts();
  }

  private JointOdometer() {}

  /** {@link #fix}: the role's move is fixed in the joint move. */
  static final int FIXED = 0;
  /** {@link #fix}: the role has a choice to search. */
  static final int CHOICE = 1;
  /** {@link #fix}: no joint move can reproduce the step (the observer's own move is illegal, or no move at all). */
  static final int IMPOSSIBLE = -1;

  /**
   * Fixes role r's part of the joint move where it has no choice: the observer's own recorded move (which must be
   * legal), or a role's only legal move.
   */
  static int fix(int r, veil.model.MoveList legal, int observer, int observedMove, int[] joint) {
    if (r == observer) {
      if (!legal.contains(observedMove)) {
        return IMPOSSIBLE;
      }
      joint[r] = observedMove;
      return FIXED;
    }
    if (legal.size() == 1) {
      joint[r] = legal.get(0);
      return FIXED;
    }
    return legal.isEmpty() ? IMPOSSIBLE : CHOICE;
  }

  /**
   * @param candidates each role's candidate moves
   * @param counts how many of each role's candidates are used
   * @param active the roles whose move varies, {@code n} of them; the others' moves are already in {@code joint}
   * @param choice scratch of at least {@code n} entries
   * @return true with the passing joint move left in {@code joint}; false when every combination (or the allowed
   *     number of tries) failed
   */
  static boolean search(int[][] candidates, int[] counts, int[] active, int n, int[] choice, int[] joint,
      int maxTries, Test test) {
    Arrays.fill(choice, 0, n, 0);
    for (int tries = 0; tries < maxTries; tries++) {
      for (int a = 0; a < n; a++) {
        joint[active[a]] = candidates[active[a]][choice[a]];
      }
      if (test.accepts()) {
        return true;
      }
      int a = 0;
      while (a < n && ++choice[a] == counts[active[a]]) {
        choice[a] = 0;
        a++;
      }
      if (a == n) {
        return false;
      }
    }
    return false;
  }
}
