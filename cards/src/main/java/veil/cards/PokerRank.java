package veil.cards;

import veil.dsl.DslException;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.LudState;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * {@code (pokerRank cards)}: the value of the best five-card poker hand among the cards (any number; fewer than five
 * make the best hand they can), as an int where larger is better and equal means a tie. The value is
 * {@code category << 20} followed by five 4-bit rank indices (the deciding ranks, then kickers, highest first):
 * categories 0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 straight, 5 flush, 6 full house, 7 four of a
 * kind, 8 straight flush. Ranks are the deck's rank indices (lowest first); the highest rank also ends the lowest
 * straight (A-2-3-4-5 with the standard deck, whose high card is then the 5). Evaluated over the set's bitmask
 * with bit operations: nothing is allocated.
 */
public final class PokerRank extends SimpleLudeme {
  /** The categories, lowest first. */
  public static final int HIGH_CARD = 0;
  public static final int PAIR = 1;
  public static final int TWO_PAIR = 2;
  public static final int TRIPS = 3;
  public static final int STRAIGHT = 4;
  public static final int FLUSH = 5;
  public static final int FULL_HOUSE = 6;
  public static final int QUADS = 7;
  public static final int STRAIGHT_FLUSH = 8;

  public PokerRank() {
    super("pokerRank", Type.INT, "The value of the best five-card poker hand among the cards (hole cards and board: "
        + "(pokerRank (union (hand Player) (spot \"Board\")))), larger is better, equal is a tie: straight flush, "
        + "four of a kind, full house, flush, straight (the top rank also plays low: A-2-3-4-5), three of a kind, "
        + "two pair, pair, high card, then the ranks that decide within the category and the kickers. The value "
        + "is category·2^20 plus five 4-bit rank positions, highest first; the deck has at most 16 ranks. "
        + "No GDL-II translation yet (a game using it does not export).",
        Param.pos("cards", "cards or place", "the cards to make the hand from"));
  }

  @Override
  public String category() {
    return "cards";
  }

  @Override
  public Object build(Args a) throws DslException {
    CardTable.Frozen table = a.compiler().table.cards;
    if (table.rankNames().length > 16) {
      throw a.error("cards", "pokerRank needs a deck of at most 16 ranks, this game has " + table.rankNames().length,
          "a deck with ranks Two … Ace");
    }
    for (int c = 0; c < table.count(); c++) {
      if (table.rank()[c] < 0 || table.suit()[c] < 0) {
        throw a.error("cards", "pokerRank needs cards with a rank and a suit; " + table.text()[c] + " has none",
            "a deck with suits and ranks");
      }
    }
    if (table.suitNames().length > 16) {
      throw a.error("cards", "pokerRank needs a deck of at most 16 suits, this game has " + table.suitNames().length,
          "a deck with four suits");
    }
    Evaluator eval = new Evaluator(table.rank(), table.suit(), table.suitMask(), table.suitNames().length,
        table.rankNames().length);
    CardsExpr cards = a.cards("cards");
    return (IntExpr) s -> eval.rank(cards, s);
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  /** The evaluator over a card bitmask, given each card's rank index and each suit's card mask (read only). */
  public static final class Evaluator {
    private final int[] rank;
    private final int[] suit;
    private final long[] suitMask;
    private final int suits;
    private final int top;

    /**
     * Each card's rank index (0 lowest) and suit, each suit's card mask ({@code suitMask[k * words + w]} is word w of
     * suit k's cards), and the deck's number of ranks.
     */
    public Evaluator(int[] rank, int[] suit, long[] suitMask, int suits, int ranks) {
      if (suits > 16) {
        throw new IllegalArgumentException("at most 16 suits");
      }
      this.rank = rank.clone();
      this.suit = suit.clone();
      this.suitMask = suitMask.clone();
      this.suits = suits;
      this.top = ranks - 1;
    }

    /** The hand value of the cards in {@code mask} (a game of at most 64 cards: one word). */
    public int rank(long mask) {
      return rank(null, null, mask);
    }

    /** The hand value of a set of cards of the state, word by word (card c is bit c & 63 of word c >>> 6). */
    public int rank(CardsExpr cards, LudState s) {
      return rank(cards, s, 0);
    }

    /** Word w of the set: of the expression when there is one, else the single word {@code mask}. */
    private static long word(CardsExpr cards, LudState s, long mask, int w) {
      return cards == null ? mask : cards.eval(s, w);
    }

    private int rank(CardsExpr cards, LudState s, long mask) {
      int words = cards == null ? 1 : s.words;
      // ranks held at least once, twice, three and four times; cards per suit, four bits each
      int one = 0;
      int two = 0;
      int three = 0;
      int four = 0;
      long perSuit = 0;
      for (int w = 0; w < words; w++) {
        for (long m = word(cards, s, mask, w); m != 0; m &= m - 1) {
          int c = w << 6 | Long.numberOfTrailingZeros(m);
          int r = 1 << rank[c];
          four |= three & r;
          three |= two & r;
          two |= one & r;
          one |= r;
          int k = suit[c];
          if ((perSuit >>> (k << 2) & 15) < 15) {
            perSuit += 1L << (k << 2);
          }
        }
      }
      // the best flush or straight flush of any suit with five cards (-1 when none)
      int flush = -1;
      for (int k = 0; k < suits; k++) {
        if ((perSuit >>> (k << 2) & 15) < 5) {
          continue;
        }
        int bits = 0;
        for (int w = 0; w < words; w++) {
          for (long m = word(cards, s, mask, w) & suitMask[k * words + w]; m != 0; m &= m - 1) {
            bits |= 1 << rank[w << 6 | Long.numberOfTrailingZeros(m)];
          }
        }
        int sf = straightHigh(bits, top);
        flush = Math.max(flush, sf >= 0 ? (STRAIGHT_FLUSH << 20) | (sf << 16) : topValue(FLUSH, bits, 5));
      }
      if (flush >>> 20 == STRAIGHT_FLUSH && flush >= 0) {
        return flush;
      }
      if (four != 0) {
        int q = high(four);
        return (QUADS << 20) | (q << 16) | (topValue(0, one & ~(1 << q), 1) >>> 4);
      }
      if (three != 0) {
        int t = high(three);
        int rest = two & ~(1 << t);
        if (rest != 0) {
          return (FULL_HOUSE << 20) | (t << 16) | (high(rest) << 12);
        }
      }
      if (flush >= 0) {
        return flush;
      }
      int st = straightHigh(one, top);
      if (st >= 0) {
        return (STRAIGHT << 20) | (st << 16);
      }
      if (three != 0) {
        int t = high(three);
        return (TRIPS << 20) | (t << 16) | (topValue(0, one & ~(1 << t), 2) >>> 4);
      }
      if (two != 0) {
        int p1 = high(two);
        int rest = two & ~(1 << p1);
        if (rest != 0) {
          int p2 = high(rest);
          return (TWO_PAIR << 20) | (p1 << 16) | (p2 << 12) | (topValue(0, one & ~(1 << p1) & ~(1 << p2), 1) >>> 8);
        }
        return (PAIR << 20) | (p1 << 16) | (topValue(0, one & ~(1 << p1), 3) >>> 4);
      }
      return topValue(HIGH_CARD, one, 5);
    }

    /**
     * The highest rank ending five consecutive ranks in {@code bits}, or -1; the deck's top rank {@code top} also
     * plays below the lowest rank (the wheel A-2-3-4-5).
     */
    static int straightHigh(int bits, int top) {
      // shift up by one so that the top rank can also sit below rank 0
      int b = (bits << 1) | ((bits >>> top) & 1);
      int run = b & (b >>> 1) & (b >>> 2) & (b >>> 3) & (b >>> 4);
      if (run == 0) {
        return -1;
      }
      // run bit i (shifted coordinates) means ranks i-1 .. i+3 in real ones: the high card is i + 3
      return 31 - Integer.numberOfLeadingZeros(run) + 3;
    }

    private static int high(int bits) {
      return 31 - Integer.numberOfLeadingZeros(bits);
    }

    /** The category with the top {@code k} ranks of {@code bits} in the five rank fields, highest first. */
    private static int topValue(int category, int bits, int k) {
      int v = category << 20;
      int shift = 16;
      for (int i = 0; i < k && bits != 0; i++) {
        int r = high(bits);
        bits &= ~(1 << r);
        v |= r << shift;
        shift -= 4;
      }
      return v;
    }

  }
}
