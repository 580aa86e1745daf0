package veil.bench.reference;

/**
 * Hearts written by hand in plain Java, as a yardstick for the compiled ludeme engine: the same rules as the
 * bundled {@code hearts.lud} (pass left), with hands as 52-bit masks and no model contract in the way.
 *
 * <p>Rules: deal 13 to each of four players; each passes 3 cards to the player on the left (p1 to p2, …, p4 to
 * p1); the holder of the 2♣ leads it; follow suit if you can; hearts may not be led until a heart has been played
 * ("broken") unless the leader holds nothing else; on the first trick a player void in clubs must not play a heart
 * or the Q♠ unless they hold nothing else; the highest card of the led suit wins and its winner leads next. Each
 * heart taken is 1 point and the Q♠ 13; a player taking all 26 scores 0 and the others 26. Players are ranked
 * lowest points first, tied players sharing the average rank; a player's goal is {@code 100·(n − rank)/(n − 1)}
 * rounded, as the ludeme engine computes it.
 *
 * <p>A card is {@code suit·13 + rank}: suits clubs, diamonds, spades, hearts (0..3); ranks 2..Ace (0..12). A set
 * of cards is a {@code long} with bit {@code card} set.
 *
 * <p>Two ways to play: {@link #randomPlayout} plays a whole game with uniformly random legal choices in one tight
 * loop (the benchmark), and the step methods ({@link #give}, {@link #pass}, {@link #play} with {@link
 * #legalMoves}) let a test drive a game card by card. Both use the same rule functions ({@link #leadable},
 * {@link #followable}). Not thread-safe: one instance per thread.
 */
public final class ReferenceHearts {
  public static final int PLAYERS = 4;
  public static final int CARDS = 52;
  public static final int HAND = 13;
  public static final int PASSED = 3;
  public static final int TRICKS = 13;

  public static final int CLUBS = 0;
  public static final int DIAMONDS = 1;
  public static final int SPADES = 2;
  public static final int HEARTS = 3;

  public static final int TWO_OF_CLUBS = CLUBS * 13;
  public static final int QUEEN_OF_SPADES = SPADES * 13 + 10;
  public static final long SUIT_MASK = (1L << 13) - 1;
  public static final long HEART_CARDS = SUIT_MASK << (HEARTS * 13);
  public static final long PENALTY_CARDS = HEART_CARDS | (1L << QUEEN_OF_SPADES);
  public static final int ALL_POINTS = 26;

  /** Where a stepped game is. */
  public enum Phase {
    DEAL,
    PASS,
    PLAY,
    OVER
  }

  private final long[] hand = new long[PLAYERS];
  private final long[] passing = new long[PLAYERS];
  private final int[] points = new int[PLAYERS];
  private final int[] goals = new int[PLAYERS];
  private final byte[] deck = new byte[CARDS];
  private long rng;

  // A stepped game's position.
  private Phase phase = Phase.DEAL;
  private int dealt;
  private int trick;
  private boolean broken;
  private int leader;
  private int played; // cards on the table in the current trick
  private int ledSuit;
  private int bestCard;
  private int bestPlayer;
  private long table;

  public ReferenceHearts(long seed) {
    this.rng = seed;
    for (int c = 0; c < CARDS; c++) {
      deck[c] = (byte) c;
    }
  }

  // ---------------------------------------------------------------- rules

  public static int suit(int card) {
    return card / 13;
  }

  /** The cards {@code hand} may lead to trick {@code trick} (0-based). */
  public static long leadable(long hand, int trick, boolean broken) {
    if (trick == 0 && (hand & 1L << TWO_OF_CLUBS) != 0) {
      return 1L << TWO_OF_CLUBS;
    }
    if (!broken) {
      long nonHearts = hand & ~HEART_CARDS;
      if (nonHearts != 0) {
        return nonHearts;
      }
    }
    return hand;
  }

  /** The cards {@code hand} may play to a trick led in {@code ledSuit}. */
  public static long followable(long hand, int ledSuit, int trick) {
    long suited = hand & (SUIT_MASK << (ledSuit * 13));
    if (suited != 0) {
      return suited;
    }
    if (trick == 0) {
      long clean = hand & ~PENALTY_CARDS;
      if (clean != 0) {
        return clean;
      }
    }
    return hand;
  }

  /** The points in a set of cards: 1 per heart, 13 for the Q♠. */
  public static int penalty(long cards) {
    return Long.bitCount(cards & HEART_CARDS) + ((cards & 1L << QUEEN_OF_SPADES) != 0 ? 13 : 0);
  }

  /**
   * Turns points into goals: shooting the moon first, then ranks (lowest points best, ties share the average
   * rank) mapped to 0..100 as the ludeme engine maps them.
   */
  static void score(int[] points, int[] goals) {
    for (int p = 0; p < PLAYERS; p++) {
      if (points[p] == ALL_POINTS) {
        for (int q = 0; q < PLAYERS; q++) {
          points[q] = ALL_POINTS - points[q];
        }
        break;
      }
    }
    for (int p = 0; p < PLAYERS; p++) {
      int better = 0;
      int equal = 0;
      for (int q = 0; q < PLAYERS; q++) {
        if (points[q] < points[p]) {
          better++;
        } else if (points[q] == points[p]) {
          equal++;
        }
      }
      // Twice (n - average rank): 2n - 2·better - (equal + 1); the goal is that over 2(n - 1), as a percentage.
      int twice = 2 * PLAYERS - 2 * better - (equal + 1);
      goals[p] = (int) Math.round(100.0 * twice / (2.0 * (PLAYERS - 1)));
    }
  }

  // ---------------------------------------------------------------- the random playout

  /**
   * Plays one whole game with uniformly random choices (shuffle, three passes, every card) from this object's
   * generator, and leaves its points and goals readable. Allocates nothing.
   *
   * @return the number of tricks played (always 13)
   */
  public int randomPlayout() {
    long[] h = hand;
    // Fisher–Yates; the first 13 cards go to p1, the next 13 to p2, …
    byte[] d = deck;
    for (int i = CARDS - 1; i > 0; i--) {
      int j = nextInt(i + 1);
      byte t = d[i];
      d[i] = d[j];
      d[j] = t;
    }
    for (int p = 0; p < PLAYERS; p++) {
      long m = 0;
      for (int i = p * HAND, end = i + HAND; i < end; i++) {
        m |= 1L << d[i];
      }
      h[p] = m;
    }
    // Each passes three cards drawn one by one (a uniform 3-subset), then all of them move at once.
    long p0 = pick3(h[0]);
    long p1 = pick3(h[1]);
    long p2 = pick3(h[2]);
    long p3 = pick3(h[3]);
    h[0] = h[0] & ~p0 | p3;
    h[1] = h[1] & ~p1 | p0;
    h[2] = h[2] & ~p2 | p1;
    h[3] = h[3] & ~p3 | p2;

    int[] pts = points;
    pts[0] = pts[1] = pts[2] = pts[3] = 0;
    int lead = (h[0] & 1) != 0 ? 0 : (h[1] & 1) != 0 ? 1 : (h[2] & 1) != 0 ? 2 : 3;
    boolean heartsBroken = false;
    for (int t = 0; t < TRICKS; t++) {
      int card = randomCard(leadable(h[lead], t, heartsBroken));
      h[lead] &= ~(1L << card);
      int led = card / 13;
      int best = card;
      int winner = lead;
      long cards = 1L << card;
      for (int k = 1; k < PLAYERS; k++) {
        int p = (lead + k) & 3;
        card = randomCard(followable(h[p], led, t));
        h[p] &= ~(1L << card);
        cards |= 1L << card;
        // Same suit: higher card, higher index.
        if (card / 13 == led && card > best) {
          best = card;
          winner = p;
        }
      }
      if ((cards & HEART_CARDS) != 0) {
        heartsBroken = true;
      }
      pts[winner] += penalty(cards);
      lead = winner;
    }
    score(pts, goals);
    return TRICKS;
  }

  /** Three distinct random cards of {@code hand}, drawn one after the other. */
  private long pick3(long hand) {
    int a = randomCard(hand);
    hand &= ~(1L << a);
    int b = randomCard(hand);
    hand &= ~(1L << b);
    int c = randomCard(hand);
    return 1L << a | 1L << b | 1L << c;
  }

  /** A uniformly random card of the non-empty set {@code cards}. */
  private int randomCard(long cards) {
    int k = nextInt(Long.bitCount(cards));
    for (; k > 0; k--) {
      cards &= cards - 1;
    }
    return Long.numberOfTrailingZeros(cards);
  }

  /**
   * SplitMix64, bounded by multiply-shift: the bias is below bound/2³² (≤ 52/2³² here), far below anything a
   * benchmark or a statistical test could see, and it saves the rejection loop.
   */
  int nextInt(int bound) {
    long z = (rng += 0x9E3779B97F4A7C15L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (int) (((z >>> 32) * bound) >>> 32);
  }

  // ---------------------------------------------------------------- results

  /** Points of {@code player} at the end, after shooting the moon is applied. */
  public int points(int player) {
    return points[player];
  }

  /** The goal 0..100 of {@code player} at the end of the last game. */
  public int goal(int player) {
    return goals[player];
  }

  // ---------------------------------------------------------------- a game played step by step

  /** Starts a new stepped game: empty hands, cards to be given out with {@link #give}. */
  public void reset() {
    for (int p = 0; p < PLAYERS; p++) {
      hand[p] = 0;
      passing[p] = 0;
      points[p] = 0;
      goals[p] = 0;
    }
    phase = Phase.DEAL;
    dealt = 0;
    trick = 0;
    broken = false;
    played = 0;
    table = 0;
  }

  public Phase phase() {
    return phase;
  }

  /** Deals {@code card} to {@code player}; after 52 cards the passing begins. */
  public void give(int player, int card) {
    require(phase == Phase.DEAL, "not dealing");
    require(((hand[0] | hand[1] | hand[2] | hand[3]) & 1L << card) == 0, "card dealt twice");
    require(Long.bitCount(hand[player]) < HAND, "hand full");
    hand[player] |= 1L << card;
    if (++dealt == CARDS) {
      phase = Phase.PASS;
    }
  }

  /** The player to play a card, in the play phase. */
  public int toPlay() {
    return (leader + played) & 3;
  }

  /** Tricks completed. */
  public int tricks() {
    return trick;
  }

  public long hand(int player) {
    return hand[player];
  }

  /**
   * The cards {@code player} may choose now: any card of its hand not yet set aside while passing, the cards
   * {@link #leadable} or {@link #followable} when it is to play, and none otherwise.
   */
  public long legalMoves(int player) {
    switch (phase) {
      case PASS:
        return hand[player] & ~passing[player];
      case PLAY:
        if (player != toPlay()) {
          return 0;
        }
        return played == 0 ? leadable(hand[player], trick, broken) : followable(hand[player], ledSuit, trick);
      default:
        return 0;
    }
  }

  /** One simultaneous passing step: {@code cards[p]} is the card player p sets aside. */
  public void pass(int[] cards) {
    require(phase == Phase.PASS, "not passing");
    for (int p = 0; p < PLAYERS; p++) {
      require((legalMoves(p) & 1L << cards[p]) != 0, "illegal pass");
      passing[p] |= 1L << cards[p];
    }
    if (Long.bitCount(passing[0]) == PASSED) {
      for (int p = 0; p < PLAYERS; p++) {
        int left = (p + 1) & 3;
        hand[p] &= ~passing[p];
        hand[left] |= passing[p];
      }
      for (int p = 0; p < PLAYERS; p++) {
        passing[p] = 0;
      }
      phase = Phase.PLAY;
      for (int p = 0; p < PLAYERS; p++) {
        if ((hand[p] & 1L << TWO_OF_CLUBS) != 0) {
          leader = p;
        }
      }
    }
  }

  /** The player to move plays {@code card}. */
  public void play(int card) {
    int p = toPlay();
    require((legalMoves(p) & 1L << card) != 0, "illegal play");
    hand[p] &= ~(1L << card);
    table |= 1L << card;
    if (played == 0) {
      ledSuit = suit(card);
      bestCard = card;
      bestPlayer = p;
    } else if (suit(card) == ledSuit && card > bestCard) {
      bestCard = card;
      bestPlayer = p;
    }
    if (suit(card) == HEARTS) {
      broken = true;
    }
    if (++played < PLAYERS) {
      return;
    }
    points[bestPlayer] += penalty(table);
    leader = bestPlayer;
    played = 0;
    table = 0;
    if (++trick == TRICKS) {
      score(points, goals);
      phase = Phase.OVER;
    }
  }

  private static void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(what);
    }
  }
}
