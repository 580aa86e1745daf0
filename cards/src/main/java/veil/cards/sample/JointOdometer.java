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
