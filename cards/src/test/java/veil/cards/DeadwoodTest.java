package veil.cards;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CardTable;

/**
 * The meld search of {@code (deadwood …)} against a brute force written from the definition: every subset of the
 * hand that is a meld (checked card by card, not from the precomputed tables), every packing of disjoint melds,
 * and for laying off every subset of the cards that could go onto the opponent's melds.
 */
class DeadwoodTest {
  static final String[] RANKS = {"Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"};
  static final String[] SUITS = {"Clubs", "Diamonds", "Hearts", "Spades"};
  static final CardTable.Frozen TABLE = table();
  static final int[] VALUE = new int[52];

  static {
    for (int c = 0; c < 52; c++) {
      VALUE[c] = Math.min(10, TABLE.rank()[c] + 1);
    }
  }

  static CardTable.Frozen table() {
    CardTable t = new CardTable();
    for (String s : SUITS) {
      for (String r : RANKS) {
        t.add("Deck", r + s, t.suitIndex(s), t.rankIndex(r), 0);
      }
    }
    return t.freeze();
  }

  static Deadwood.Melds melds() throws Exception {
    return Deadwood.Melds.of(TABLE, VALUE);
  }

  /** "7S 8S 9S KD" as a mask. */
  static long hand(String cards) {
    long m = 0;
    for (String c : cards.trim().split("\\s+")) {
      String r = c.substring(0, c.length() - 1);
      int rank = switch (r) {
        case "A" -> 0;
        case "J" -> 10;
        case "Q" -> 11;
        case "K" -> 12;
        default -> Integer.parseInt(r) - 1;
      };
      int suit = "CDHS".indexOf(c.charAt(c.length() - 1));
      m |= 1L << (suit * 13 + rank);
    }
    return m;
  }

  static boolean isMeld(long s) {
    int n = Long.bitCount(s);
    if (n < 3) {
      return false;
    }
    int first = Long.numberOfTrailingZeros(s);
    boolean sameRank = true;
    boolean sameSuit = true;
    for (long m = s; m != 0; m &= m - 1) {
      int c = Long.numberOfTrailingZeros(m);
      sameRank &= TABLE.rank()[c] == TABLE.rank()[first];
      sameSuit &= TABLE.suit()[c] == TABLE.suit()[first];
    }
    if (sameRank) {
      return true;
    }
    if (!sameSuit) {
      return false;
    }
    int lo = 99;
    int hi = -1;
    for (long m = s; m != 0; m &= m - 1) {
      int r = TABLE.rank()[Long.numberOfTrailingZeros(m)];
      lo = Math.min(lo, r);
      hi = Math.max(hi, r);
    }
    return hi - lo + 1 == n;
  }

  static int sum(long m) {
    int s = 0;
    for (; m != 0; m &= m - 1) {
      s += VALUE[Long.numberOfTrailingZeros(m)];
    }
    return s;
  }

  /** Least deadwood by trying every packing of meld subsets. */
  static int brute(long hand) {
    List<Long> ms = new ArrayList<>();
    for (long sub = hand; sub != 0; sub = (sub - 1) & hand) {
      if (isMeld(sub)) {
        ms.add(sub);
      }
    }
    return pack(hand, ms, 0);
  }

  private static int pack(long left, List<Long> ms, int from) {
    int best = sum(left);
    for (int i = from; i < ms.size(); i++) {
      long m = ms.get(i);
      if ((m & ~left) == 0) {
        best = Math.min(best, pack(left & ~m, ms, i + 1));
      }
    }
    return best;
  }

  /**
   * Least deadwood when cards may be laid off on the opponent's runs {@code runs} and sets {@code sets}: a laid-off
   * subset L is allowed when every card of it has a rank the opponent melds as a set, or is joined to a run card
   * through cards of its suit with consecutive ranks that are all in L.
   */
  static int bruteLayoff(long hand, long runs, long sets) {
    int best = Integer.MAX_VALUE;
    for (long l = hand; ; l = (l - 1) & hand) {
      if (layable(l, runs, sets)) {
        best = Math.min(best, brute(hand & ~l));
      }
      if (l == 0) {
        break;
      }
    }
    return best;
  }

  /**
   * The defender's least deadwood laying off onto the knocker's melds, over every packing of the knocker's cards
   * into melds whose deadwood is the knocker's least.
   */
  static int bruteLaidOff(long defender, long knocker) {
    List<Long> ms = new ArrayList<>();
    for (long sub = knocker; sub != 0; sub = (sub - 1) & knocker) {
      if (isMeld(sub)) {
        ms.add(sub);
      }
    }
    int[] best = {Integer.MAX_VALUE};
    packings(knocker, ms, 0, 0L, 0L, brute(knocker), defender, best);
    return best[0];
  }

  private static void packings(long left, List<Long> ms, int from, long runs, long sets, int target, long defender,
      int[] best) {
    if (sum(left) == target) {
      best[0] = Math.min(best[0], bruteLayoff(defender, runs, sets));
    }
    for (int i = from; i < ms.size(); i++) {
      long m = ms.get(i);
      if ((m & ~left) == 0) {
        boolean set = TABLE.rank()[Long.numberOfTrailingZeros(m)] == TABLE.rank()[63 - Long.numberOfLeadingZeros(m)];
        packings(left & ~m, ms, i + 1, set ? runs : runs | m, set ? sets | m : sets, target, defender, best);
      }
    }
  }

  private static boolean layable(long l, long runs, long sets) {
    for (long m = l; m != 0; m &= m - 1) {
      int c = Long.numberOfTrailingZeros(m);
      int rankOnSets = 0;
      for (long s = sets; s != 0; s &= s - 1) {
        rankOnSets += TABLE.rank()[Long.numberOfTrailingZeros(s)] == TABLE.rank()[c] ? 1 : 0;
      }
      if (rankOnSets >= 3 || joined(c, l, runs, -1) || joined(c, l, runs, 1)) {
        continue;
      }
      return false;
    }
    return true;
  }

  private static boolean joined(int c, long l, long runs, int dir) {
    int suit = TABLE.suit()[c];
    for (int r = TABLE.rank()[c] + dir; r >= 0 && r < 13; r += dir) {
      long bit = 1L << (suit * 13 + r);
      if ((runs & bit) != 0) {
        return true;
      }
      if ((l & bit) == 0) {
        return false;
      }
    }
    return false;
  }

  @Test
  void examplesFromTheRules() throws Exception {
    Deadwood.Melds m = melds();
    // Gin: a run of four, a set of three, a run of three.
    assertThat(m.deadwood(hand("AS 2S 3S 4S 7C 7D 7H JH QH KH"), 0, 0)).isEqualTo(0);
    // Nothing melds: every card counts, faces 10, ace 1.
    assertThat(m.deadwood(hand("AS 3C 5D 7H 9S JC QD KH 2H 4D"), 0, 0)).isEqualTo(1 + 3 + 5 + 7 + 9 + 30 + 2 + 4);
    // 7S belongs to the run 5S-6S-7S or to the set of sevens; the set of four takes 7S and the run is lost: the
    // best is the run 5-6-7 of spades and the set 7C 7D 7H.
    assertThat(m.deadwood(hand("5S 6S 7S 7C 7D 7H KC"), 0, 0)).isEqualTo(10);
    // A run of two is not a meld.
    assertThat(m.deadwood(hand("9H 10H"), 0, 0)).isEqualTo(19);
    // Runs do not wrap around: Q K A is not a run (the ace is low).
    assertThat(m.deadwood(hand("QC KC AC"), 0, 0)).isEqualTo(21);
  }

  @Test
  void theSearchIsTheLeastDeadwoodOfEveryArrangement() throws Exception {
    Deadwood.Melds m = melds();
    SplittableRandom rng = new SplittableRandom(7);
    for (int i = 0; i < 3000; i++) {
      // Hands from a narrow part of the deck meld often (with the whole deck they rarely do).
      int span = 16 + rng.nextInt(37);
      int offset = rng.nextInt(53 - span);
      long h = 0;
      int n = 1 + rng.nextInt(11);
      while (Long.bitCount(h) < n) {
        h |= 1L << (offset + rng.nextInt(span));
      }
      int sets = rng.nextInt(4);
      for (int k = 0; k < sets; k++) {
        int rank = rng.nextInt(13);
        for (int s = 0; s < 4; s++) {
          if (rng.nextInt(4) > 0 && Long.bitCount(h) < 11) {
            h |= 1L << (s * 13 + rank);
          }
        }
      }
      assertThat(m.deadwood(h, 0, 0)).as("hand %s", Long.toHexString(h)).isEqualTo(brute(h));
    }
  }

  @Test
  void layingOffExtendsRunsAtBothEndsAndSetsOfThree() throws Exception {
    Deadwood.Melds m = melds();
    long knocker = hand("5S 6S 7S 9C 9D 9H");
    long runs = m.meldedRuns(knocker);
    long sets = m.meldedSets(knocker);
    assertThat(runs).isEqualTo(hand("5S 6S 7S"));
    assertThat(sets).isEqualTo(hand("9C 9D 9H"));
    assertThat(m.deadwood(hand("3S 4S 8S 9S KD"), runs, sets)).isEqualTo(10);
    // The fourth nine goes on the set of three.
    assertThat(m.deadwood(hand("9S 2C"), runs, sets)).isEqualTo(2);
    assertThat(m.deadwood(hand("8S 9S 10S KD"), runs, sets)).isEqualTo(10);
    assertThat(m.deadwood(hand("3S 8S KD"), runs, sets)).isEqualTo(13);
    // 10S is not joined to the run: 9S is missing.
    assertThat(m.deadwood(hand("4S 8S 10S KD"), runs, sets)).isEqualTo(20);
    // 8C is not laid off on the set of nines.
    assertThat(m.deadwood(hand("8C 10C"), runs, sets)).isEqualTo(18);
  }

  @Test
  void layingOffGoesOnAnyOfTheKnockersLeastDeadwoodArrangements() throws Exception {
    Deadwood.Melds m = melds();
    // 2S 3S 4S 3C 3D: the run of spades or the set of threes, 6 either way; 5S goes on the run, 3H on the set.
    long knocker = hand("2S 3S 4S 3C 3D 9H 9D 9C");
    assertThat(m.deadwood(knocker, 0, 0)).isEqualTo(6);
    assertThat(m.laidOff(hand("5S KD"), knocker)).isEqualTo(10);
    assertThat(m.laidOff(hand("3H KD"), knocker)).isEqualTo(10);
    // Not both at once: one arrangement has the run, the other the set.
    assertThat(m.laidOff(hand("5S 3H KD"), knocker)).isEqualTo(13);
    SplittableRandom rng = new SplittableRandom(13);
    int ties = 0;
    for (int i = 0; i < 600; i++) {
      long all = 0;
      int suit = rng.nextInt(4);
      while (Long.bitCount(all) < 16) {
        // One suit and two ranks, so that a run and a set compete for a card, often at equal cost.
        int c = rng.nextInt(4) == 0 ? rng.nextInt(52) : rng.nextInt(2) == 0 ? suit * 13 + 3 + rng.nextInt(6)
            : rng.nextInt(4) * 13 + 4 + rng.nextInt(2);
        all |= 1L << c;
      }
      long k = 0;
      long d = 0;
      for (long x = all; x != 0; x &= x - 1) {
        long bit = x & -x;
        if (rng.nextBoolean() && Long.bitCount(k) < 9) {
          k |= bit;
        } else if (Long.bitCount(d) < 9) {
          d |= bit;
        }
      }
      int got = m.laidOff(d, k);
      assertThat(got).as("defender %s on %s", Long.toHexString(d), Long.toHexString(k)).isEqualTo(bruteLaidOff(d, k));
      ties += got < m.deadwood(d, m.meldedRuns(k), m.meldedSets(k)) ? 1 : 0;
    }
    assertThat(ties).as("hands where another least-deadwood arrangement of the knocker lets the defender lay off more")
        .isGreaterThan(5);
  }

  @Test
  void layingOffIsTheLeastDeadwoodOfEveryLayoff() throws Exception {
    Deadwood.Melds m = melds();
    SplittableRandom rng = new SplittableRandom(11);
    int laidOff = 0;
    for (int i = 0; i < 1500; i++) {
      long all = 0;
      int suit = rng.nextInt(4);
      while (Long.bitCount(all) < 17) {
        // Mostly one suit and two ranks, so that runs, sets and layoffs are common.
        int c = rng.nextInt(3) == 0 ? rng.nextInt(52) : rng.nextInt(2) == 0 ? suit * 13 + rng.nextInt(13)
            : rng.nextInt(4) * 13 + 4 + rng.nextInt(2);
        all |= 1L << c;
      }
      long knocker = 0;
      long defender = 0;
      for (long x = all; x != 0; x &= x - 1) {
        long bit = x & -x;
        if (rng.nextBoolean() && Long.bitCount(knocker) < 10) {
          knocker |= bit;
        } else if (Long.bitCount(defender) < 10) {
          defender |= bit;
        }
      }
      long runs = m.meldedRuns(knocker);
      long sets = m.meldedSets(knocker);
      assertThat(m.deadwood(knocker & ~(runs | sets), 0, 0)).isEqualTo(m.deadwood(knocker, 0, 0));
      assertThat(sum(knocker & ~(runs | sets))).isEqualTo(brute(knocker));
      int got = m.deadwood(defender, runs, sets);
      assertThat(got).as("defender %s on %s", Long.toHexString(defender), Long.toHexString(knocker))
          .isEqualTo(bruteLayoff(defender, runs, sets));
      laidOff += got < m.deadwood(defender, 0, 0) ? 1 : 0;
    }
    assertThat(laidOff).as("hands where laying off lowered the deadwood").isGreaterThan(100);
  }
}
