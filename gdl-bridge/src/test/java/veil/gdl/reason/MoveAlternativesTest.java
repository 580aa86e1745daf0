package veil.gdl.reason;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Merged rules hold exactly when the original ones do, in every assignment where each role has exactly one move on:
 * checked exhaustively on random rule sets over two roles' moves and a few other slots.
 */
class MoveAlternativesTest {
  // Slots 0..3 are other atoms; role 0 has moves 4..7, role 1 has moves 8..10.
  private static final int OTHERS = 4;
  private static final int[][] MOVES = {{4, 5, 6, 7}, {8, 9, 10}};
  private static final int SLOTS = 11;

  @Test
  void mergedRulesAgreeWhenEveryRoleHasOneMove() {
    MoveAlternatives merger = new MoveAlternatives(SLOTS, MOVES);
    SplittableRandom rng = new SplittableRandom(7);
    int merges = 0;
    for (int trial = 0; trial < 2000; trial++) {
      List<int[]> bodies = randomBodies(rng);
      List<int[]> merged = merger.merge(bodies);
      merges += merged.size() < bodies.size() ? 1 : 0;
      for (int[] b : merged) {
        assertThat(MoveAlternatives.canonical(b)).isEqualTo(b);
      }
      for (int others = 0; others < 1 << OTHERS; others++) {
        for (int m0 : MOVES[0]) {
          for (int m1 : MOVES[1]) {
            boolean[] vals = new boolean[SLOTS];
            for (int s = 0; s < OTHERS; s++) {
              vals[s] = (others & 1 << s) != 0;
            }
            vals[m0] = true;
            vals[m1] = true;
            assertThat(holds(merged, vals)).as("trial %d", trial).isEqualTo(holds(bodies, vals));
          }
        }
      }
    }
    assertThat(merges).as("rule sets that got smaller").isGreaterThan(200);
  }

  @Test
  void aRoleWithOneMoveDropsOut() {
    MoveAlternatives merger = new MoveAlternatives(4, new int[][] {{3}});
    assertThat(merger.merge(List.of(new int[] {0, 6}))).containsExactly(new int[] {0});
  }

  @Test
  void allButOneMoveBecomesOneNegatedMove() {
    MoveAlternatives merger = new MoveAlternatives(SLOTS, MOVES);
    List<int[]> bodies = List.of(new int[] {0, 4 << 1}, new int[] {0, 5 << 1}, new int[] {0, 6 << 1});
    assertThat(merger.merge(bodies)).containsExactly(new int[] {0, 7 << 1 | 1});
  }

  /** A few canonical bodies that often share all but one move literal (so that merging has work to do). */
  private static List<int[]> randomBodies(SplittableRandom rng) {
    List<int[]> out = new ArrayList<>();
    int[] common = randomLiterals(rng);
    int n = 1 + rng.nextInt(6);
    for (int i = 0; i < n; i++) {
      int[] base = rng.nextInt(4) == 0 ? randomLiterals(rng) : common;
      int role = rng.nextInt(2);
      int move = MOVES[role][rng.nextInt(MOVES[role].length)];
      int[] b = java.util.Arrays.copyOf(base, base.length + 1);
      b[base.length] = move << 1;
      b = MoveAlternatives.canonical(b);
      if (b != null) {
        out.add(b);
      }
    }
    return out;
  }

  private static int[] randomLiterals(SplittableRandom rng) {
    int n = rng.nextInt(3);
    int[] lits = new int[n];
    for (int i = 0; i < n; i++) {
      int slot = rng.nextInt(4) == 0 ? MOVES[rng.nextInt(2)][0] + rng.nextInt(3) : rng.nextInt(OTHERS);
      lits[i] = slot << 1 | rng.nextInt(2);
    }
    int[] c = MoveAlternatives.canonical(lits);
    return c == null ? new int[0] : c;
  }

  private static boolean holds(List<int[]> bodies, boolean[] vals) {
    for (int[] b : bodies) {
      boolean all = true;
      for (int l : b) {
        all &= vals[l >>> 1] != ((l & 1) != 0);
      }
      if (all) {
        return true;
      }
    }
    return false;
  }
}
