package veil.cards.sample;

/**
 * Card sets (and token sets: token i starts as card i) of several 64-bit words, as the engine stores a place's
 * cards: element i is bit {@code i & 63} of word {@code at + (i >>> 6)} of an array holding sets of {@code words}
 * longs each. Static helpers over primitive arrays: nothing here allocates.
 */
final class CardSets {
  private CardSets() {}

  static boolean has(long[] a, int at, int i) {
    return (a[at + (i >>> 6)] & 1L << i) != 0;
  }

  static void add(long[] a, int at, int i) {
    a[at + (i >>> 6)] |= 1L << i;
  }

  static void remove(long[] a, int at, int i) {
    a[at + (i >>> 6)] &= ~(1L << i);
  }

  static boolean isEmpty(long[] a, int at, int words) {
    for (int w = 0; w < words; w++) {
      if (a[at + w] != 0) {
        return false;
      }
    }
    return true;
  }

  static int count(long[] a, int at, int words) {
    int n = 0;
    for (int w = 0; w < words; w++) {
      n += Long.bitCount(a[at + w]);
    }
    return n;
  }

  /** The lowest element, or -1 when empty. */
  static int first(long[] a, int at, int words) {
    for (int w = 0; w < words; w++) {
      if (a[at + w] != 0) {
        return w << 6 | Long.numberOfTrailingZeros(a[at + w]);
      }
    }
    return -1;
  }

  /** The lowest element above i, or -1. */
  static int next(long[] a, int at, int words, int i) {
    int w = (i + 1) >>> 6;
    if (w >= words) {
      return -1;
    }
    long m = a[at + w] & (-1L << (i + 1));
    while (true) {
      if (m != 0) {
        return w << 6 | Long.numberOfTrailingZeros(m);
      }
      if (++w == words) {
        return -1;
      }
      m = a[at + w];
    }
  }

  /** Whether a[at..] and b[bt..] share an element. */
  static boolean intersects(long[] a, int at, long[] b, int bt, int words) {
    for (int w = 0; w < words; w++) {
      if ((a[at + w] & b[bt + w]) != 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether a[at..] ∩ b[bt..] \ c[ct..] is not empty. */
  static boolean intersectsOutside(long[] a, int at, long[] b, int bt, long[] c, int ct, int words) {
    for (int w = 0; w < words; w++) {
      if ((a[at + w] & b[bt + w] & ~c[ct + w]) != 0) {
        return true;
      }
    }
    return false;
  }

  static boolean equal(long[] a, int at, long[] b, int bt, int words) {
    for (int w = 0; w < words; w++) {
      if (a[at + w] != b[bt + w]) {
        return false;
      }
    }
    return true;
  }

  /** Compares two sets word by word (highest word first), as unsigned numbers: an order for sorting. */
  static int compare(long[] a, int at, long[] b, int bt, int words) {
    for (int w = words - 1; w >= 0; w--) {
      int c = Long.compareUnsigned(a[at + w], b[bt + w]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
