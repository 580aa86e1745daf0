package veil.ludeme;

/** Bit tricks on card masks. */
public final class Bits {
  private Bits() {}

  /**
   * The index of the k-th lowest set bit of {@code x} (k from 0; x must have more than k bits set). A binary search
   * on the population counts of halves, without branches: a random k would mispredict any branch half the time.
   */
  public static int select(long x, int k) {
    int c = Long.bitCount(x & 0xFFFFFFFFL);
    int past = (c - 1 - k) >> 31; // -1 when the bit is beyond this half
    k -= c & past;
    int shift = 32 & past;
    int base = shift;
    x >>>= shift;
    c = Long.bitCount(x & 0xFFFFL);
    past = (c - 1 - k) >> 31;
    k -= c & past;
    shift = 16 & past;
    base += shift;
    x >>>= shift;
    c = Long.bitCount(x & 0xFFL);
    past = (c - 1 - k) >> 31;
    k -= c & past;
    shift = 8 & past;
    base += shift;
    x >>>= shift;
    c = Long.bitCount(x & 0xFL);
    past = (c - 1 - k) >> 31;
    k -= c & past;
    shift = 4 & past;
    base += shift;
    x >>>= shift;
    c = Long.bitCount(x & 0x3L);
    past = (c - 1 - k) >> 31;
    k -= c & past;
    shift = 2 & past;
    base += shift;
    x >>>= shift;
    c = (int) (x & 1L);
    past = (c - 1 - k) >> 31;
    return base + (1 & past);
  }
}
