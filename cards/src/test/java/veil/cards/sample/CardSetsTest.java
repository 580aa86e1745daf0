package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The one-word set operations and the word loops agree with sets of numbers, element by element, at every size. */
class CardSetsTest {
  private static TreeSet<Integer> elements(long[] a, int at, int words) {
    TreeSet<Integer> s = new TreeSet<>();
    for (int i = 0; i < words * 64; i++) {
      if ((a[at + (i >>> 6)] >>> i & 1) != 0) {
        s.add(i);
      }
    }
    return s;
  }

  /** A word with few, many, no or all bits, and the edges (bit 0, bit 63) often. */
  private static long word(SplittableRandom rng) {
    switch (rng.nextInt(6)) {
      case 0: return 0;
      case 1: return 1L << rng.nextInt(64);
      case 2: return Long.MIN_VALUE | rng.nextLong() & rng.nextLong();
      case 3: return -1L;
      default: return rng.nextLong() & rng.nextLong();
    }
  }

  @Test
  void oneWordAndSeveralWordsAgreeWithSetsOfNumbers() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int words = 1; words <= 4; words++) {
      CardSets sets = CardSets.of(words);
      assertThat(sets).isInstanceOf(words == 1 ? CardSets.One.class : CardSets.Many.class);
      for (int trial = 0; trial < 3000; trial++) {
        int at = rng.nextInt(3) * words;
        long[] a = new long[4 * words];
        long[] b = new long[4 * words];
        long[] c = new long[4 * words];
        for (int i = 0; i < a.length; i++) {
          a[i] = word(rng);
          b[i] = word(rng);
          c[i] = rng.nextInt(4) == 0 ? a[i] | word(rng) : word(rng);
        }
        if (rng.nextInt(5) == 0) {
          System.arraycopy(a, at, b, at, words); // equal sets now and then
        }
        TreeSet<Integer> x = elements(a, at, words);
        TreeSet<Integer> y = elements(b, at, words);
        TreeSet<Integer> z = elements(c, at, words);
        assertThat(sets.isEmpty(a, at)).isEqualTo(x.isEmpty());
        assertThat(sets.count(a, at)).isEqualTo(x.size());
        assertThat(sets.first(a, at)).isEqualTo(x.isEmpty() ? -1 : x.first());
        for (int i = 0; i < words * 64; i++) {
          Integer above = x.higher(i);
          assertThat(sets.next(a, at, i)).as("next above %d", i).isEqualTo(above == null ? -1 : above);
        }
        TreeSet<Integer> both = new TreeSet<>(x);
        both.retainAll(y);
        assertThat(sets.only(a, at, b, at)).isEqualTo(both.isEmpty() ? -1 : both.size() > 1 ? -2 : both.first());
        assertThat(sets.meetsOrLeaves(a, at, b, at, c, at)).isEqualTo(!both.isEmpty() || !z.containsAll(x));
        assertThat(sets.equal(a, at, b, at)).isEqualTo(x.equals(y));
        long[] d = new long[a.length];
        sets.copy(a, at, d, at);
        assertThat(elements(d, at, words)).isEqualTo(x);
        sets.clear(d, at);
        assertThat(elements(d, 0, 4 * words)).isEmpty();
      }
    }
  }
}
