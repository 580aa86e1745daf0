package veil.cards;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PokerRank.Evaluator} against an independent brute force: every five-card subset classified by counting
 * ranks and suits in plain lists, compared category first and then rank by rank.
 */
class PokerRankTest {
  // the standard deck as the tests lay it out: card c has rank c % 13 (0 = Two … 12 = Ace), suit c / 13
  private static final int[] RANK = new int[52];
  private static final int[] SUIT = new int[52];
  private static final long[] SUITS = new long[4];

  static {
    for (int c = 0; c < 52; c++) {
      RANK[c] = c % 13;
      SUIT[c] = c / 13;
      SUITS[c / 13] |= 1L << c;
    }
  }

  private static final PokerRank.Evaluator EVAL = new PokerRank.Evaluator(RANK, SUIT, SUITS, 4, 13);

  /** A card from its text, e.g. "As", "Td", "2c" (suits c d h s). */
  private static int card(String t) {
    int r = "23456789TJQKA".indexOf(t.charAt(0));
    int s = "cdhs".indexOf(t.charAt(1));
    if (r < 0 || s < 0) {
      throw new IllegalArgumentException(t);
    }
    return s * 13 + r;
  }

  private static long hand(String cards) {
    long m = 0;
    for (String t : cards.trim().split("\\s+")) {
      m |= 1L << card(t);
    }
    return m;
  }

  private static int eval(String cards) {
    return EVAL.rank(hand(cards));
  }

  // ------------------------------------------------------------------ the reference, written separately

  /** A five-card hand's category and its deciding ranks, highest first, by counting. */
  private static int[] classify5(int[] cards) {
    int[] count = new int[13];
    boolean flush = true;
    for (int c : cards) {
      count[c % 13]++;
      flush &= c / 13 == cards[0] / 13;
    }
    // ranks ordered by (count desc, rank desc)
    List<Integer> order = new ArrayList<>();
    for (int k = 4; k >= 1; k--) {
      for (int r = 12; r >= 0; r--) {
        if (count[r] == k) {
          order.add(r);
        }
      }
    }
    int distinct = order.size();
    int straightHigh = -1;
    if (distinct == 5) {
      int hi = order.get(0);
      int lo = order.get(4);
      if (hi - lo == 4) {
        straightHigh = hi;
      } else if (hi == 12 && order.get(1) == 3) { // A 5 4 3 2
        straightHigh = 3;
      }
    }
    int category;
    int maxCount = count[order.get(0)];
    if (straightHigh >= 0 && flush) {
      category = 8;
    } else if (maxCount == 4) {
      category = 7;
    } else if (maxCount == 3 && distinct == 2) {
      category = 6;
    } else if (flush) {
      category = 5;
    } else if (straightHigh >= 0) {
      category = 4;
    } else if (maxCount == 3) {
      category = 3;
    } else if (maxCount == 2 && distinct == 3) {
      category = 2;
    } else if (maxCount == 2) {
      category = 1;
    } else {
      category = 0;
    }
    int[] key = new int[1 + order.size()];
    key[0] = category;
    if (category == 8 || category == 4) {
      return new int[] {category, straightHigh};
    }
    for (int i = 0; i < order.size(); i++) {
      key[1 + i] = order.get(i);
    }
    return key;
  }

  private static int compareKeys(int[] a, int[] b) {
    return Arrays.compare(a, b);
  }

  /** The best key over all five-card subsets of the cards (at least five). */
  private static int[] best(int[] cards) {
    int[] best = null;
    int n = cards.length;
    int[] pick = new int[5];
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        for (int c = b + 1; c < n; c++) {
          for (int d = c + 1; d < n; d++) {
            for (int e = d + 1; e < n; e++) {
              pick[0] = cards[a];
              pick[1] = cards[b];
              pick[2] = cards[c];
              pick[3] = cards[d];
              pick[4] = cards[e];
              int[] k = classify5(pick);
              if (best == null || compareKeys(k, best) > 0) {
                best = k;
              }
            }
          }
        }
      }
    }
    return best;
  }

  private static int[] draw(SplittableRandom rng, int k) {
    int[] deck = new int[52];
    for (int i = 0; i < 52; i++) {
      deck[i] = i;
    }
    for (int i = 0; i < k; i++) {
      int j = i + rng.nextInt(52 - i);
      int t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    return Arrays.copyOf(deck, k);
  }

  private static long mask(int[] cards) {
    long m = 0;
    for (int c : cards) {
      m |= 1L << c;
    }
    return m;
  }

  @Test
  void agreesWithBruteForceOnRandomSevenCardHands() {
    SplittableRandom rng = new SplittableRandom(7);
    int[] categories = new int[9];
    for (int i = 0; i < 20_000; i++) {
      int[] a = draw(rng, 7);
      int[] b = draw(rng, 7);
      int[] ka = best(a);
      int[] kb = best(b);
      int va = EVAL.rank(mask(a));
      int vb = EVAL.rank(mask(b));
      assertThat(va >>> 20).as("category of %s", Arrays.toString(a)).isEqualTo(ka[0]);
      assertThat(Integer.signum(Integer.compare(va, vb))).as("%s vs %s", Arrays.toString(a), Arrays.toString(b))
          .isEqualTo(Integer.signum(compareKeys(ka, kb)));
      categories[ka[0]]++;
    }
    // every category but the rarest (straight flush, about 0.03%) occurs among 20,000 random hands
    for (int c = 0; c < 8; c++) {
      assertThat(categories[c]).as("category %d occurs", c).isPositive();
    }
  }

  @Test
  void agreesWithBruteForceOnHandsSharingABoard() {
    // hold'em showdowns: two players, one board, so ties and kickers are frequent
    SplittableRandom rng = new SplittableRandom(11);
    int ties = 0;
    for (int i = 0; i < 20_000; i++) {
      int[] d = draw(rng, 9);
      int[] a = {d[0], d[1], d[4], d[5], d[6], d[7], d[8]};
      int[] b = {d[2], d[3], d[4], d[5], d[6], d[7], d[8]};
      int expected = Integer.signum(compareKeys(best(a), best(b)));
      assertThat(Integer.signum(Integer.compare(EVAL.rank(mask(a)), EVAL.rank(mask(b))))).isEqualTo(expected);
      ties += expected == 0 ? 1 : 0;
    }
    assertThat(ties).isPositive();
  }

  @Test
  void fiveAndSixCardHandsAgreeToo() {
    SplittableRandom rng = new SplittableRandom(3);
    for (int k = 5; k <= 6; k++) {
      for (int i = 0; i < 5_000; i++) {
        int[] a = draw(rng, k);
        int[] b = draw(rng, k);
        assertThat(Integer.signum(Integer.compare(EVAL.rank(mask(a)), EVAL.rank(mask(b)))))
            .isEqualTo(Integer.signum(compareKeys(best(a), best(b))));
      }
    }
  }

  @Test
  void namedCases() {
    // the wheel is a straight, five high: below a six-high straight, above three of a kind
    assertThat(eval("As 2d 3c 4h 5s Kd Kc") >>> 20).isEqualTo(PokerRank.STRAIGHT);
    assertThat(eval("As 2d 3c 4h 5s Kd Kc")).isLessThan(eval("6s 2d 3c 4h 5s Kd Kc"));
    assertThat(eval("As 2d 3c 4h 5s Kd Kc")).isGreaterThan(eval("As Ad Ac 4h 5s Kd 9c"));
    // a king does not play low: K-2-3-4-5 is no straight
    assertThat(eval("Ks 2d 3c 4h 5s 9d Jc") >>> 20).isEqualTo(PokerRank.HIGH_CARD);
    // the steel wheel: a straight flush five high
    assertThat(eval("Ah 2h 3h 4h 5h Kd Kc") >>> 20).isEqualTo(PokerRank.STRAIGHT_FLUSH);
    // a flush beats a straight; a full house beats a flush
    assertThat(eval("2h 7h 9h Jh Kh Td Qc")).isGreaterThan(eval("9s Tc Jd Qh Kc 2d 2c"));
    assertThat(eval("2h 2d 2c Jh Js 3h 4h")).isGreaterThan(eval("2h 7h 9h Jh Kh Td Qc"));
    // the higher straight flush of two in one suit
    assertThat(eval("5h 6h 7h 8h 9h Th 2c") >>> 16).isEqualTo((PokerRank.STRAIGHT_FLUSH << 4) | card("Th") % 13);
    // kickers: the same pair, the first differing kicker decides; beyond five cards nothing counts
    assertThat(eval("Ah Ad Kc 9s 7d 4c 2h")).isGreaterThan(eval("Ah Ad Qc Js 9d 4c 2h"));
    assertThat(eval("Ah Ad Kc 9s 7d 4c 2h")).isEqualTo(eval("As Ac Kd 9h 7c 3s 2d"));
    // two pair out of three pairs: the third pair's rank may be the kicker
    assertThat(eval("Ah Ad Kc Ks 7d 7c 2h")).isGreaterThan(eval("Ah Ad Kc Ks 6d 6c 5h"));
    assertThat(eval("Ah Ad Kc Ks 7d 7c 2h")).isEqualTo(eval("Ah Ad Kc Ks 7d 2c 3h"));
    // two trips make a full house, the higher trips over the lower as the pair
    assertThat(eval("9h 9d 9c 5s 5d 5c 2h")).isGreaterThan(eval("9h 9d 9c 4s 4d Ac Kh"));
    // split pot: the board plays for both
    long board = hand("Ts Jd Qc Kh Ah");
    assertThat(EVAL.rank(board | hand("2c 3d"))).isEqualTo(EVAL.rank(board | hand("4s 5h")));
    // quads with the best kicker
    assertThat(eval("8h 8d 8c 8s Ad 2c 3h")).isGreaterThan(eval("8h 8d 8c 8s Kd Qc Jh"));
  }
}
