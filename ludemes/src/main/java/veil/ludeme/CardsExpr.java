package veil.ludeme;

/**
 * A compiled set of cards, evaluated one 64-bit word at a time: {@code eval(s, w)} is word w of the set (cards
 * {@code 64w .. 64w+63}, card c being bit {@code c & 63} of word {@code c >>> 6}), for w in {@code 0 ..
 * s.words - 1}. A game of at most 64 cards has one word, so its sets are evaluated once, at w = 0.
 *
 * <p>Set operations are word by word: {@code (s, w) -> a.eval(s, w) & ~b.eval(s, w)}; a place's cards are {@code
 * s.places[x * s.words + w]}; a mask computed at compile time is a {@code long[]} of {@code words} longs read at
 * {@code [w]}. A set that depends on the whole of another (the first non-empty of several) tests that one with
 * {@link #isEmpty} first.
 */
@FunctionalInterface
public interface CardsExpr {
  long eval(LudState s, int w);

  /** Whether the set is empty. */
  default boolean isEmpty(LudState s) {
    for (int w = 0; w < s.words; w++) {
      if (eval(s, w) != 0) {
        return false;
      }
    }
    return true;
  }

  /** The number of cards in the set. */
  default int count(LudState s) {
    int n = 0;
    for (int w = 0; w < s.words; w++) {
      n += Long.bitCount(eval(s, w));
    }
    return n;
  }

  /** The empty set. */
  CardsExpr NONE = (s, w) -> 0L;
}
