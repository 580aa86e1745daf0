package veil.ludeme;

/** Bit tricks on card masks. */
public final class Bits {
  private Bits() {}

  /**
   * The index of the k-th lowest set bit of {@code x} (k from 0; x must have more than k bits set). A binary search
   * on the population counts of halves, without branches: a random k would mispredict any branch half the time.
   */
  public static int select(long x, int k) {
    int base = 0;
    for (int width = 32; width > 0; width >>>= 1) {
      int inLow = Long.bitCount(x & ((1L << width) - 1));
      int past = (inLow - 1 - k) >> 31; // -1 when the bit is beyond the low half of the window
      k -= inLow & past;
      int shift = width & past;
      base += shift;
      x >>>= shift;
    }
    return base;
  }

  /**
   * The index of the k-th lowest set bit of the {@code words} longs at {@code a[at..]} read as one bit set (bit i of
   * word w is index 64w + i); there must be more than k bits set.
   */
  public static int select(long[] a, int at, int words, int k) {
    for (int w = 0; ; w++) {
      long x = a[at + w];
      int n = Long.bitCount(x);
      if (k < n) {
        return w << 6 | select(x, k);
      }
      k -= n;
    }
  }
}
