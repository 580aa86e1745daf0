package veil.cards.sample;

/**
 * Card sets (and token sets: token i starts as card i) of several 64-bit words, as the engine stores a place's
 * cards: element i is bit {@code i & 63} of word {@code at + (i >>> 6)} of an array holding sets of {@code words}
 * longs each. Static helpers over primitive arrays: nothing here allocates.
 *
 * <p>The operations whose cost grows with the words are also instance methods of a set size chosen once per game
 * ({@link #of}): decks of at most 64 cards get {@link One}, whose sets are one word (no loop, no array copy), and the
 * sampler's hot paths call those; larger decks get the word loops below.
 */
abstract class CardSets {
  private CardSets() {}

  /** The operations for sets of {@code words} longs: one instance per game (sampler), one word for at most 64 cards. */
  static CardSets of(int words) {
    return words == 1 ? new One() : new Many(words);
  }

  /** Empties a[at..]. */
  abstract void clear(long[] a, int at);

  /** Copies a[at..] into b[bt..]. */
  abstract void copy(long[] a, int at, long[] b, int bt);

  abstract boolean isEmpty(long[] a, int at);

  abstract int count(long[] a, int at);

  /** The lowest element, or -1 when empty. */
  abstract int first(long[] a, int at);

  /** The lowest element above i, or -1. */
  abstract int next(long[] a, int at, int i);

  /** The one element of a[at..] ∩ b[bt..]: -1 when there is none, -2 when there are several. */
  abstract int only(long[] a, int at, long[] b, int bt);

  /** Whether a[at..] ∩ b[bt..] is not empty or a[at..] is not within c[ct..]. */
  abstract boolean meetsOrLeaves(long[] a, int at, long[] b, int bt, long[] c, int ct);

  abstract boolean equal(long[] a, int at, long[] b, int bt);

  /** Sets of one word (decks of at most 64 cards). */
  static final class One extends CardSets {
    @Override
    void clear(long[] a, int at) {
      a[at] = 0;
    }

    @Override
    void copy(long[] a, int at, long[] b, int bt) {
      b[bt] = a[at];
    }

    @Override
    boolean isEmpty(long[] a, int at) {
      return a[at] == 0;
    }

    @Override
    int count(long[] a, int at) {
      return Long.bitCount(a[at]);
    }

    @Override
    int first(long[] a, int at) {
      long m = a[at];
      return m == 0 ? -1 : Long.numberOfTrailingZeros(m);
    }

    @Override
    int next(long[] a, int at, int i) {
      long m = a[at] & -2L << i; // nothing above 63: the shift by 63 leaves 0
      return m == 0 ? -1 : Long.numberOfTrailingZeros(m);
    }

    @Override
    int only(long[] a, int at, long[] b, int bt) {
      long m = a[at] & b[bt];
      return m == 0 ? -1 : (m & m - 1) != 0 ? -2 : Long.numberOfTrailingZeros(m);
    }

    @Override
    boolean meetsOrLeaves(long[] a, int at, long[] b, int bt, long[] c, int ct) {
      long m = a[at];
      return (m & b[bt]) != 0 || (m & ~c[ct]) != 0;
    }

    @Override
    boolean equal(long[] a, int at, long[] b, int bt) {
      return a[at] == b[bt];
    }
  }

  /** Sets of several words: the static word loops. */
  static final class Many extends CardSets {
    private final int words;

    Many(int words) {
      this.words = words;
    }

    @Override
    void clear(long[] a, int at) {
      java.util.Arrays.fill(a, at, at + words, 0);
    }

    @Override
    void copy(long[] a, int at, long[] b, int bt) {
      System.arraycopy(a, at, b, bt, words);
    }

    @Override
    boolean isEmpty(long[] a, int at) {
      return isEmpty(a, at, words);
    }

    @Override
    int count(long[] a, int at) {
      return count(a, at, words);
    }

    @Override
    int first(long[] a, int at) {
      return first(a, at, words);
    }

    @Override
    int next(long[] a, int at, int i) {
      return next(a, at, words, i);
    }

    @Override
    int only(long[] a, int at, long[] b, int bt) {
      int found = -1;
      for (int w = 0; w < words; w++) {
        long m = a[at + w] & b[bt + w];
        if (m != 0) {
          if (found >= 0 || (m & m - 1) != 0) {
            return -2;
          }
          found = w << 6 | Long.numberOfTrailingZeros(m);
        }
      }
      return found;
    }

    @Override
    boolean meetsOrLeaves(long[] a, int at, long[] b, int bt, long[] c, int ct) {
      for (int w = 0; w < words; w++) {
        long m = a[at + w];
        if ((m & b[bt + w]) != 0 || (m & ~c[ct + w]) != 0) {
          return true;
        }
      }
      return false;
    }

    @Override
    boolean equal(long[] a, int at, long[] b, int bt) {
      return equal(a, at, b, bt, words);
    }
  }

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
