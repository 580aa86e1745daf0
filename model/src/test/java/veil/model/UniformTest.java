package veil.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UniformTest {
  @Test
  void drawsStayInRange() {
    SplittableRandom rng = new SplittableRandom(1);
    for (int bound : new int[] {1, 2, 3, 13, 52, 1 << 20, Integer.MAX_VALUE}) {
      for (int i = 0; i < 10_000; i++) {
        assertThat(Uniform.below(rng, bound)).isBetween(0, bound - 1);
      }
    }
  }

  @Test
  void smallBoundsAreUniform() {
    // Chi-square over 52 values, 520,000 draws: above 90.6 (p = 0.001, 51 degrees of freedom) would be a bias.
    SplittableRandom rng = new SplittableRandom(2);
    int[] counts = new int[52];
    int n = 520_000;
    for (int i = 0; i < n; i++) {
      counts[Uniform.below(rng, 52)]++;
    }
    double expected = n / 52.0;
    double chi2 = 0;
    for (int c : counts) {
      chi2 += (c - expected) * (c - expected) / expected;
    }
    assertThat(chi2).isLessThan(90.6);
  }

  @Test
  void theRejectionStepRemovesTheMultiplyShiftBias() {
    // For bound 3·2^29, multiply-shift without rejection gives values ≡ 2 (mod 3) only 2 of every 8 inputs (1/4
    // instead of 1/3): the rejection of products whose low half is below 2^32 mod bound must restore 1/3.
    SplittableRandom rng = new SplittableRandom(3);
    int bound = 3 << 29;
    int n = 300_000;
    int twos = 0;
    for (int i = 0; i < n; i++) {
      if (Uniform.below(rng, bound) % 3 == 2) {
        twos++;
      }
    }
    // 1/3 ± 5 standard deviations (0.00086 each); the biased draw would give 0.25.
    assertThat(twos / (double) n).isBetween(1 / 3.0 - 0.0043, 1 / 3.0 + 0.0043);
  }
}
