package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The assignment draw against brute force: uniform over the card-to-class maps that fill every class exactly. */
class UniformAssignmentTest {
  /** Every valid map (card i of the unknown cards → class), as base-k numbers, by brute force. */
  private static Map<Long, Integer> validMaps(long[] masks, int[] caps, int cards) {
    int k = masks.length;
    Map<Long, Integer> out = new HashMap<>();
    long total = 1;
    for (int i = 0; i < cards; i++) {
      total *= k;
    }
    for (long code = 0; code < total; code++) {
      int[] fill = new int[k];
      long c = code;
      boolean ok = true;
      for (int card = 0; card < cards && ok; card++) {
        int j = (int) (c % k);
        c /= k;
        ok = (masks[j] >>> card & 1) != 0 && ++fill[j] <= caps[j];
      }
      if (ok) {
        out.put(code, 0);
      }
    }
    return out;
  }

  @Test
  void uniformOverValidMapsForRandomStructures() {
    SplittableRandom rng = new SplittableRandom(17);
    int structures = 0;
    for (int trial = 0; trial < 400 && structures < 8; trial++) {
      int cards = 7;
      int k = 3;
      long all = (1L << cards) - 1;
      long[] masks = new long[k];
      int[] caps = {2, 2, 3};
      for (int j = 0; j < k; j++) {
        masks[j] = (rng.nextLong() | rng.nextLong()) & all; // three in four cards allowed
      }
      Map<Long, Integer> valid = validMaps(masks, caps, cards);
      if (valid.size() < 6) {
        continue;
      }
      structures++;
      UniformAssignment a = new UniformAssignment();
      assertThat(a.prepare(masks, caps, k, all)).isTrue();
      // The weighted count of tables times prod cap! is the number of bijections: valid maps times prod cap!.
      assertThat(a.weightedCount()).isEqualTo(valid.size());
      int n = 200 * valid.size();
      int[] classOfCard = new int[64];
      for (int i = 0; i < n; i++) {
        assertThat(a.sample(rng, classOfCard)).isTrue();
        long code = 0;
        for (int card = cards - 1; card >= 0; card--) {
          code = code * k + classOfCard[card];
        }
        assertThat(valid).containsKey(code);
        valid.merge(code, 1, Integer::sum);
      }
      double expected = (double) n / valid.size();
      double chi = 0;
      for (int count : valid.values()) {
        chi += (count - expected) * (count - expected) / expected;
      }
      int df = valid.size() - 1;
      System.out.printf("assignment: %d maps, chi-square %.1f (critical %.1f)%n", valid.size(), chi,
          Posterior.critical(df));
      assertThat(chi).isLessThan(Posterior.critical(df));
    }
    assertThat(structures).isEqualTo(8);
  }

  @Test
  void infeasibleStructuresAreReported() {
    UniformAssignment a = new UniformAssignment();
    // Two classes of two tokens, but three cards only the first class takes.
    assertThat(a.prepare(new long[] {0b1111, 0b1000}, new int[] {2, 2}, 2, 0b1111)).isFalse();
    // A card no class takes.
    assertThat(a.prepare(new long[] {0b011, 0b011}, new int[] {2, 1}, 2, 0b111)).isFalse();
  }
}
