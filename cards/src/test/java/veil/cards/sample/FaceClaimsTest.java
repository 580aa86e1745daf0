package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link FaceClaims}: taking a fully claimed face's copies out of the other tokens keeps exactly the bijections that
 * were consistent before (checked against every bijection of small decks), and prunes in the case it exists for.
 */
class FaceClaimsTest {
  /** Six cards, three faces of two copies each: cards 0-1 are face 0, 2-3 face 2, 4-5 face 4. */
  private static final int CARDS = 6;
  private static final int[] FACE = {0, 0, 2, 2, 4, 4};

  private static long[] copies() {
    long[] copies = new long[CARDS];
    for (int c = 0; c < CARDS; c++) {
      for (int d = 0; d < CARDS; d++) {
        if (FACE[d] == FACE[c]) {
          copies[c] |= 1L << d;
        }
      }
    }
    return copies;
  }

  @Test
  void bothCopiesSeenLeaveTheOthers() {
    long all = (1L << CARDS) - 1;
    long[] allowed = {0b11, 0b11, all, all, all, all};
    int[] pinned = {-1, -1, -1, -1, -1, -1};
    long[] modified = {0};
    assertThat(FaceClaims.claim(0, CARDS, 1, copies(), FACE, allowed, pinned, new long[1], modified)).isTrue();
    assertThat(allowed).containsExactly(0b11, 0b11, all & ~0b11, all & ~0b11, all & ~0b11, all & ~0b11);
    assertThat(modified[0]).isEqualTo(0b111100);
    // One copy claimed: nothing to take out.
    long[] one = {0b11, all, all, all, all, all};
    assertThat(FaceClaims.claim(0, CARDS, 1, copies(), FACE, one, pinned, new long[1], new long[1])).isTrue();
    assertThat(one).containsExactly(0b11, all, all, all, all, all);
    // Three tokens that can only be one of two copies.
    long[] three = {0b11, 0b11, 0b01, all, all, all};
    assertThat(FaceClaims.claim(0, CARDS, 1, copies(), FACE, three, pinned, new long[1], new long[1])).isFalse();
  }

  @Test
  void keepsExactlyTheConsistentBijections() {
    SplittableRandom rng = new SplittableRandom(20261124);
    long[] copies = copies();
    int pruned = 0;
    for (int round = 0; round < 3000; round++) {
      long[] allowed = new long[CARDS];
      int[] pinned = new int[CARDS];
      long[] known = new long[1];
      java.util.Arrays.fill(pinned, -1);
      int[] perm = randomPermutation(rng);
      for (int t = 0; t < CARDS; t++) {
        int kind = rng.nextInt(4);
        if (kind == 0 && (known[0] >>> perm[t] & 1) == 0) {
          pinned[t] = perm[t];
          allowed[t] = 1L << perm[t];
          known[0] |= 1L << perm[t];
        } else if (kind == 1) {
          allowed[t] = copies[perm[t]] | (rng.nextInt(3) == 0 ? 1L << rng.nextInt(CARDS) : 0);
        } else {
          allowed[t] = rng.nextLong() & (1L << CARDS) - 1;
        }
      }
      int f = FACE[rng.nextInt(CARDS)];
      long[] before = allowed.clone();
      boolean ok = FaceClaims.claim(f, CARDS, 1, copies, FACE, allowed, pinned, known, new long[1]);
      java.util.BitSet consistentBefore = bijections(before, pinned);
      if (!ok) {
        assertThat(consistentBefore.isEmpty()).as("claim said no bijection, round %d", round).isTrue();
        continue;
      }
      assertThat(bijections(allowed, pinned)).as("round %d", round).isEqualTo(consistentBefore);
      for (int t = 0; t < CARDS; t++) {
        assertThat(allowed[t] & ~before[t]).isZero();
      }
      if (!java.util.Arrays.equals(allowed, before)) {
        pruned++;
      }
    }
    assertThat(pruned).as("rounds in which a claimed face was taken out").isGreaterThan(100);
  }

  private static int[] randomPermutation(SplittableRandom rng) {
    int[] p = new int[CARDS];
    for (int i = 0; i < CARDS; i++) {
      p[i] = i;
    }
    UniformAssignment.shuffle(p, CARDS, rng);
    return p;
  }

  /** Which bijections (by their index in lexicographic order) respect the allowed sets and pins. */
  private static java.util.BitSet bijections(long[] allowed, int[] pinned) {
    java.util.BitSet which = new java.util.BitSet();
    int[] p = new int[CARDS];
    for (int i = 0; i < CARDS; i++) {
      p[i] = i;
    }
    int index = 0;
    do {
      boolean ok = true;
      for (int t = 0; t < CARDS && ok; t++) {
        ok = (allowed[t] >>> p[t] & 1) != 0 && (pinned[t] < 0 || pinned[t] == p[t]);
      }
      if (ok) {
        which.set(index);
      }
      index++;
    } while (next(p));
    return which;
  }

  /** The next permutation in lexicographic order; false after the last. */
  private static boolean next(int[] p) {
    int i = p.length - 2;
    while (i >= 0 && p[i] >= p[i + 1]) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    int j = p.length - 1;
    while (p[j] <= p[i]) {
      j--;
    }
    int tmp = p[i];
    p[i] = p[j];
    p[j] = tmp;
    for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
      tmp = p[a];
      p[a] = p[b];
      p[b] = tmp;
    }
    return true;
  }
}
