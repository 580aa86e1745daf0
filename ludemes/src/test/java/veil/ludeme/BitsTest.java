package veil.ludeme;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class BitsTest {
  /** The k-th set bit found by clearing the k lowest ones, the obvious way. */
  private static int slowSelect(long x, int k) {
    for (; k > 0; k--) {
      x &= x - 1;
    }
    return Long.numberOfTrailingZeros(x);
  }

  @Property(tries = 3000)
  void selectFindsTheKthSetBit(@ForAll long x, @ForAll int salt) {
    if (x == 0) {
      x = 1L << (salt & 63);
    }
    int n = Long.bitCount(x);
    for (int k = 0; k < n; k++) {
      assertThat(Bits.select(x, k)).as("x=%x k=%d", x, k).isEqualTo(slowSelect(x, k));
    }
  }

  @Property(tries = 200)
  void selectOnSparseAndFullMasks(@ForAll int bit) {
    int b = Math.floorMod(bit, 64);
    assertThat(Bits.select(1L << b, 0)).isEqualTo(b);
    assertThat(Bits.select(-1L, b)).isEqualTo(b);
    assertThat(Bits.select(Long.MIN_VALUE | 1L, 1)).isEqualTo(63);
  }
}
