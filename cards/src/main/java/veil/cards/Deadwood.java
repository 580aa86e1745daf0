package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Pos;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * {@code (deadwood "Value" cards [without:card] [layoff:cards])}: the rummy melds of a set of cards and what they
 * leave. A meld is a set (three or more cards of one rank) or a run (three or more cards of one suit with
 * consecutive ranks, in the order the deck lists its ranks); the deadwood is the least sum of the map's values over
 * the cards left out of melds, over every way of arranging the cards into disjoint melds. {@code without:} leaves
 * one card out first (the hand after a discard); {@code layoff:} names the opponent's cards (a knocker's hand) whose
 * best arrangement of melds (the first one of least deadwood the search finds) the cards may also extend: a card of
 * a rank the opponent melds as a set, or cards that continue one of its runs up or down.
 *
 * <p>Engine: an exact branch search over the cards, lowest card first (it is either deadwood, laid off, or the
 * lowest card of one of the melds precomputed for it), on primitive masks and the call stack only, so it allocates
 * nothing and is safe on several threads. It is meant for hands (a call on more than {@value #MAX_CARDS} cards is a
 * rule failure rather than a search that does not end). Card sets are one 64-bit word: a game with more than 64
 * cards cannot use it yet (an error where it is called).
 *
 * <p>GDL-II: none ({@link #gdl()} is null, so {@code veil export-gdl} names this ludeme). An exact translation of
 * the optimal arrangement needs a minimum over arrangements; every flat encoding grounds to more than the reasoner's
 * default two million rules for a 52-card deck, and {@code layoff:} needs the knocker's first-found arrangement,
 * i.e. the least deadwood of arbitrary subsets of a hand, which lists of cards would express but GDL's recursion
 * restriction forbids (README, "Rummy melds, Gin Rummy and Blackjack").
 */
public final class Deadwood extends SimpleLudeme {
  /** The most cards a call may arrange. */
  public static final int MAX_CARDS = 20;

  public Deadwood() {
    super("deadwood", Type.INT, "The deadwood of a rummy hand: the least sum of a map's values over the cards left "
            + "out of melds, over every arrangement of the cards into disjoint sets (three or more of a rank) and "
            + "runs (three or more consecutive ranks of a suit). No GDL-II translation yet.",
        Param.pos("map", "string", "the card values, e.g. (map \"Value\" {(Jack 10) …})"),
        Param.pos("cards", "cards or place", "the cards to arrange, e.g. (hand Mover)"),
        Param.named("without", "card", "one card left out first, e.g. Card (a discard)"),
        Param.named("layoff", "cards or place", "an opponent's cards: its best melds may be extended by these "
            + "cards (laying off)"));
  }

  @Override
  public String category() {
    return "cards";
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public Object build(Args a) throws DslException {
    int[] value = CardValue.map(a);
    CardsExpr cards = a.cards("cards");
    IntExpr without = a.has("without") ? a.intExpr("without") : null;
    CardsExpr layoff = a.has("layoff") ? a.cards("layoff") : null;
    CardTable.Frozen table = a.compiler().table.cards;
    if (table.count() > 64) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "(deadwood …) arranges the cards of decks of at most 64 "
          + "cards for now; this game has " + table.count(), "a deck of at most 64 cards"));
    }
    Melds melds = Melds.of(table, value);
    Pos where = a.pos();
    return (IntExpr) s -> {
      long m = cards.eval(s, 0);
      if (without != null) {
        int c = without.eval(s);
        if (c >= 0 && c < 64) {
          m &= ~(1L << c);
        }
      }
      if (layoff == null) {
        return melds.deadwood(check(m, where), 0L, 0L);
      }
      long k = check(layoff.eval(s, 0) & ~m, where);
      long runs = melds.meldedRuns(k);
      long sets = melds.meldedSets(k);
      return melds.deadwood(check(m, where), runs, sets);
    };
  }

  private static long check(long m, Pos where) {
    if (Long.bitCount(m) > MAX_CARDS) {
      throw new IllegalStateException("rule failure: (deadwood …) arranges " + Long.bitCount(m) + " cards, more than "
          + MAX_CARDS + ", at " + where);
    }
    return m;
  }

  /**
   * The precomputed meld tables of one deck and map: for each card the masks of the melds whose lowest card it is,
   * and its neighbours in its suit. Immutable after construction.
   */
  static final class Melds {
    final int[] value;
    /** melds[c]: every meld (as a card mask) whose lowest card is c. */
    final long[][] melds;
    /** The card one rank below / above c in its suit, or -1. */
    final int[] below;
    final int[] above;
    /** The cards of c's rank. */
    final long[] sameRank;

    private Melds(int[] value, long[][] melds, int[] below, int[] above, long[] sameRank) {
      this.value = value;
      this.melds = melds;
      this.below = below;
      this.above = above;
      this.sameRank = sameRank;
    }

    static Melds of(CardTable.Frozen t, int[] value) throws DslException {
      int n = t.count();
      int[] below = new int[n];
      int[] above = new int[n];
      long[] sameRank = new long[n];
      java.util.Arrays.fill(below, -1);
      java.util.Arrays.fill(above, -1);
      for (int c = 0; c < n; c++) {
        for (int d = 0; d < n; d++) {
          if (t.rank()[c] >= 0 && t.rank()[d] == t.rank()[c]) {
            sameRank[c] |= 1L << d;
          }
          if (t.suit()[c] >= 0 && t.suit()[d] == t.suit()[c] && t.rank()[c] >= 0) {
            if (t.rank()[d] == t.rank()[c] - 1) {
              below[c] = d;
            } else if (t.rank()[d] == t.rank()[c] + 1) {
              above[c] = d;
            }
          }
        }
      }
      List<List<Long>> byLowest = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        byLowest.add(new ArrayList<>());
      }
      for (int c = 0; c < n; c++) {
        // Runs starting at c (c has no run card below it in this run: every run is listed once, from its bottom).
        long run = 1L << c;
        int len = 1;
        for (int d = above[c]; d >= 0; d = above[d]) {
          run |= 1L << d;
          len++;
          if (len >= 3) {
            byLowest.get(Long.numberOfTrailingZeros(run)).add(run);
          }
        }
      }
      boolean[] done = new boolean[n];
      for (int c = 0; c < n; c++) {
        long group = sameRank[c];
        if (done[c] || Long.bitCount(group) < 3) {
          continue;
        }
        for (long g = group; g != 0; g &= g - 1) {
          done[Long.numberOfTrailingZeros(g)] = true;
        }
        // Every subset of three or more cards of the rank.
        for (long sub = group; sub != 0; sub = (sub - 1) & group) {
          if (Long.bitCount(sub) >= 3) {
            byLowest.get(Long.numberOfTrailingZeros(sub)).add(sub);
          }
        }
      }
      long[][] melds = new long[n][];
      for (int c = 0; c < n; c++) {
        melds[c] = byLowest.get(c).stream().mapToLong(Long::longValue).toArray();
      }
      return new Melds(value, melds, below, above, sameRank);
    }

    /** The least deadwood of m, laying off onto the opponent's run cards {@code runs} and set cards {@code sets}. */
    int deadwood(long m, long runs, long sets) {
      return search(m, runs, sets, runs);
    }

    /**
     * The least deadwood of m; {@code runs} are the cards of the opponent's runs extended by what was laid off on
     * them so far (a card may extend a run upwards when the card below it is there), {@code sets} its set cards.
     */
    private int search(long m, long runs, long sets, long runCards) {
      if (m == 0) {
        return 0;
      }
      int c = Long.numberOfTrailingZeros(m);
      long rest = m & (m - 1);
      int best = value[c] + search(rest, runs, sets, runCards);
      if (best == 0) {
        return 0;
      }
      for (long meld : melds[c]) {
        if ((meld & ~m) == 0) {
          int d = search(m & ~meld, runs, sets, runCards);
          if (d < best) {
            best = d;
            if (best == 0) {
              return 0;
            }
          }
        }
      }
      if (runCards == 0 && sets == 0) {
        return best;
      }
      // Laying off c on a set of its rank, or on top of a run (the card below is in it or was laid off on it).
      // (On a run it may carry cards above it in turn, so that choice includes the other when both are open.)
      if (below[c] >= 0 && (runCards & (1L << below[c])) != 0) {
        best = Math.min(best, search(rest, runs, sets, runCards | (1L << c)));
      } else if (Long.bitCount(sets & sameRank[c]) >= 3) {
        best = Math.min(best, search(rest, runs, sets, runCards));
      }
      // Laying off c and the cards above it (all in m) below the bottom of a run.
      long block = 1L << c;
      for (int d = above[c]; d >= 0; d = above[d]) {
        if ((runs & (1L << d)) != 0) {
          int r = search(m & ~block, runs, sets, runCards | block);
          best = Math.min(best, r);
          break;
        }
        if ((m & (1L << d)) == 0) {
          break;
        }
        block |= 1L << d;
      }
      return best;
    }

    /** The cards of the runs of the first least-deadwood arrangement of k the search finds. */
    long meldedRuns(long k) {
      return arrangement(k, true);
    }

    /** The cards of the sets of that arrangement. */
    long meldedSets(long k) {
      return arrangement(k, false);
    }

    private long arrangement(long k, boolean runs) {
      long out = 0;
      int target = search(k, 0L, 0L, 0L);
      long m = k;
      while (m != 0) {
        int c = Long.numberOfTrailingZeros(m);
        long rest = m & (m - 1);
        if (value[c] + search(rest, 0L, 0L, 0L) == target) {
          target -= value[c];
          m = rest;
          continue;
        }
        for (long meld : melds[c]) {
          if ((meld & ~m) == 0 && search(m & ~meld, 0L, 0L, 0L) == target) {
            boolean isSet = Long.bitCount(meld & sameRank[c]) == Long.bitCount(meld);
            if (isSet != runs) {
              out |= meld;
            }
            m &= ~meld;
            break;
          }
        }
      }
      return out;
    }
  }
}
