package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Pos;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Model;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * {@code (deadwood "Value" cards [without:card] [layoff:cards])}: the rummy melds of a set of cards and what they
 * leave. A meld is a set (three or more cards of one rank) or a run (three or more cards of one suit with
 * consecutive ranks, in the order the deck lists its ranks); the deadwood is the least sum of the map's values over
 * the cards left out of melds, over every way of arranging the cards into disjoint melds. {@code without:} leaves
 * one card out first (the hand after a discard); {@code layoff:} names the opponent's cards (a knocker's hand) whose
 * melds the cards may also extend: a card of a rank the opponent melds as a set, or cards that continue one of its
 * runs up or down; the result is the least over every least-deadwood arrangement of the opponent's cards.
 *
 * <p>Engine: an exact branch search over the cards, lowest card first (it is either deadwood, laid off, or the
 * lowest card of one of the melds precomputed for it), on primitive masks and the call stack only, so it allocates
 * nothing and is safe on several threads. It is meant for hands (a call on more than {@value #MAX_CARDS} cards is a
 * rule failure rather than a search that does not end). Card sets are one 64-bit word: a game with more than 64
 * cards cannot use it yet (an error where it is called).
 *
 * <p>GDL-II: a dynamic programme over the ranks ({@link Gdl}), exact, strict GDL-II, played top-down (its
 * grounding is far too large); README, "Rummy melds, Gin Rummy and Blackjack".
 */
public final class Deadwood extends ReplayedLudeme {
  /** The most cards a call may arrange. */
  public static final int MAX_CARDS = 20;

  public Deadwood() {
    super("deadwood", Type.INT, "cards", (GdlEmitter.Num) Gdl::value, "The deadwood of a rummy hand: the least sum of a map's values over the cards left "
            + "out of melds, over every arrangement of the cards into disjoint sets (three or more of a rank) and "
            + "runs (three or more consecutive ranks of a suit). With layoff: the cards may also extend the melds "
            + "of another hand (a knocker's), the least over every least-deadwood arrangement of that hand. In "
            + "GDL-II a dynamic programme over the ranks, played top-down.",
        Param.pos("map", "string", "the card values, e.g. (map \"Value\" {(Jack 10) …})"),
        Param.pos("cards", "cards or place", "the cards to arrange, e.g. (hand Mover)"),
        Param.named("without", "card", "one card left out first, e.g. Card (a discard)"),
        Param.named("layoff", "cards or place", "an opponent's cards: the melds of its least-deadwood "
            + "arrangements may be extended by these cards (laying off)"));
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
      return melds.laidOff(check(m, where), k);
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

    /**
     * The least deadwood of m when it may lay off onto the melds of k: the least over every least-deadwood
     * arrangement of k (the knocker's melds are any of its best arrangements, the one that suits the defender).
     */
    int laidOff(long m, long k) {
      return arrangements(k, search(k, 0L, 0L, 0L), 0L, 0L, m);
    }

    /**
     * The least deadwood of m laying off onto k's melds so far ({@code runs}, {@code sets}) plus those of an
     * arrangement of the cards {@code left} of k with deadwood {@code target}, over every such arrangement.
     */
    private int arrangements(long left, int target, long runs, long sets, long m) {
      if (left == 0) {
        return deadwood(m, runs, sets);
      }
      int c = Long.numberOfTrailingZeros(left);
      long rest = left & (left - 1);
      int best = Integer.MAX_VALUE;
      if (target >= value[c] && search(rest, 0L, 0L, 0L) == target - value[c]) {
        best = arrangements(rest, target - value[c], runs, sets, m);
      }
      for (long meld : melds[c]) {
        if ((meld & ~left) == 0 && search(left & ~meld, 0L, 0L, 0L) == target) {
          boolean isSet = Long.bitCount(meld & sameRank[c]) == Long.bitCount(meld);
          best = Math.min(best, arrangements(left & ~meld, target, isSet ? runs : runs | meld,
              isSet ? sets | meld : sets, m));
        }
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

  /**
   * The GDL-II translation: a dynamic programme over the ranks, lowest first, unrolled into one relation per rank
   * (no recursion). At each rank every card of each suit gets a status — absent, kept for a run, in a set of its
   * rank (three or more of the rank's cards together), and with {@code layoff:} laid off on the knocker's set of
   * that rank or onto a knocker's run — and each suit carries the length (0, 1, 2, 3 or more) of its current
   * stretch of run cards: a stretch of one or two is deadwood when it ends, of three or more a run. With
   * {@code layoff:} the knocker's cards go through the same programme beside the defender's, with a state per
   * suit saying whether the defender's laid-off cards so far touch a knocker run (below, or, pending, the next
   * knocker stretch that must reach three); the result is the defender's least deadwood over the paths whose
   * knocker deadwood is the knocker's least (every least-deadwood arrangement of the knocker's cards, as
   * {@link Melds#laidOff} defines it). The relations are large but their states are few for a real hand, so the
   * rules are meant for the top-down reasoner.
   */
  static final class Gdl {
    private Gdl() {}

    static final int ABSENT = 0;
    static final int RUN = 1;
    static final int SET = 2;
    static final int ON_SET = 3;
    static final int ON_RUN = 4;
    /** The layoff states of a suit: nothing open, a laid-off stretch touching a run below, one waiting for a run
     * above, a knocker stretch above such a one that must reach three. */
    static final int L_NONE = 0;
    static final int L_JOINED = 1;
    static final int L_WAITING = 2;
    static final int L_PENDING = 3;
    static final int MAX_SUITS = 6;

    static Val value(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Model m = x.m;
      CardTable.Frozen t = m.game.cards;
      boolean layoff = b.has("layoff");
      if (m.copies) {
        throw ExportException.at(b.call, "the GDL-II translation of (deadwood …) needs a deck without identical "
            + "copies");
      }
      String map = m.mapName(b.text("map"));
      if (map == null) {
        throw ExportException.at(b.get("map"), "no map named \"" + b.text("map") + "\"");
      }
      int[] value = m.game.maps.get(map);
      int suits = t.suitNames().length;
      int ranks = t.rankNames().length;
      if (suits > MAX_SUITS) {
        throw ExportException.at(b.call, "the GDL-II translation of (deadwood …) handles decks of at most "
            + MAX_SUITS + " suits; this one has " + suits);
      }
      int[][] card = new int[ranks][suits];
      for (int[] row : card) {
        java.util.Arrays.fill(row, -1);
      }
      for (int c = 0; c < t.count(); c++) {
        if (t.rank()[c] < 0 || t.suit()[c] < 0) {
          throw ExportException.at(b.call, "the GDL-II translation of (deadwood …) needs cards with a rank and a "
              + "suit; " + m.cardTerm[c] + " has none");
        }
        if (value[c] < (layoff ? 1 : 0)) {
          throw ExportException.at(b.get("map"), "the GDL-II translation of (deadwood …" + (layoff ? " layoff:" : "")
              + ") needs card values of " + (layoff ? "1" : "0") + " or more; " + m.cardTerm[c] + " is worth "
              + value[c]);
        }
        card[t.rank()[c]][t.suit()[c]] = c;
      }
      // The cards arranged (the defender's, with layoff:), and the knocker's cards that are not among them.
      List<String> db = new ArrayList<>();
      String c = x.cards(b.get("cards"), ctx, db);
      if (b.has("without")) {
        Val w = x.num(b.get("without"), Kind.CARD, ctx, db);
        db.add(Program.atom("distinct", c, w.term()));
      }
      Rel memD = x.helper("cards", ctx, List.of(db), List.of(List.of(c)));
      Rel memK = null;
      if (layoff) {
        List<String> kb = new ArrayList<>();
        String k = x.cards(b.get("layoff"), ctx, kb);
        kb.add(Program.not(memD.call(k)));
        memK = x.helper("cards", ctx, List.of(kb), List.of(List.of(k)));
      }
      List<String> calls = new ArrayList<>(List.of(memD.call("?c")));
      if (memK != null) {
        calls.add(memK.call("?c"));
      }
      List<String> fv = ctx.freeIn(calls);
      int total = 0;
      int[] sorted = value.clone();
      java.util.Arrays.sort(sorted);
      for (int i = sorted.length - 1; i >= 0 && i >= sorted.length - MAX_CARDS; i--) {
        total += sorted[i];
      }
      String result = new Writer(x, map, value, card, fv, ctx, memD, memK, total).write();
      java.util.TreeSet<Integer> nums = new java.util.TreeSet<>();
      for (int v = 0; v <= total; v++) {
        nums.add(v);
      }
      String v = x.out.var();
      body.add(new Rel(result, fv).call(v));
      return new Val(v, Kind.NUM, nums);
    }

    /** The static tables and rules of one call. */
    private static final class Writer {
      private final Exprs x;
      private final Program out;
      private final Model m;
      private final String map;
      private final int[] value;
      private final int[][] card;
      private final List<String> fv;
      private final List<String> dom = new ArrayList<>();
      private final Rel memD;
      private final Rel memK;
      private final int total;
      private final int ranks;
      private final int suits;
      private final boolean layoff;

      Writer(Exprs x, String map, int[] value, int[][] card, List<String> fv, Ctx ctx, Rel memD, Rel memK,
          int total) {
        this.x = x;
        this.out = x.out;
        this.m = x.m;
        this.map = map;
        this.value = value;
        this.card = card;
        this.fv = fv;
        for (String v : fv) {
          dom.add(ctx.domain(v));
        }
        this.memD = memD;
        this.memK = memK;
        this.total = total;
        this.ranks = card.length;
        this.suits = card.length == 0 ? 0 : card[0].length;
        this.layoff = memK != null;
      }

      private String at(String rel, List<String> args) {
        List<String> a = new ArrayList<>(fv);
        a.addAll(args);
        return Program.atom(rel, a);
      }

      private static String n(int k) {
        return Integer.toString(k);
      }

      private int val(int r, int s) {
        return r < 0 || card[r][s] < 0 ? 0 : value[card[r][s]];
      }

      /**
       * (meldseg_MAP R S L STATUS L2 D): at rank R (R = the number of ranks: after the last), a suit whose run
       * stretch so far is L gets a card of STATUS: the stretch becomes L2, and D is the deadwood of a stretch of
       * one or two that ends here.
       */
      private String segTable() {
        String key = "meldseg/" + map;
        String rel = (String) out.memo().get(key);
        if (rel != null) {
          return rel;
        }
        rel = out.rel("meldseg");
        out.memo().put(key, rel);
        java.util.TreeSet<Integer> deltas = new java.util.TreeSet<>();
        for (int r = 0; r <= ranks; r++) {
          for (int s = 0; s < suits; s++) {
            for (int l = 0; l <= 3; l++) {
              for (int st = ABSENT; st <= ON_RUN; st++) {
                if (r == ranks && st != ABSENT) {
                  continue;
                }
                int l2 = st == RUN ? Math.min(l + 1, 3) : 0;
                int d = st != RUN && (l == 1 || l == 2) ? val(r - 1, s) + (l == 2 ? val(r - 2, s) : 0) : 0;
                deltas.add(d);
                out.table(rel, Program.atom(rel, n(r), n(s), n(l), n(st), n(l2), n(d)),
                    "(meldseg r s l status l2 d): deadwood's run stretches, rank by rank (Deadwood.Gdl)");
              }
            }
          }
        }
        for (int a = 0; a <= total; a++) {
          for (int d : deltas) {
            if (a + d <= total) {
              m.plus(a, d);
            }
          }
        }
        return rel;
      }

      private void statics() {
        if (!out.once("meldstatics")) {
          return;
        }
        // (meldknock U… F): the knocker's statuses at a rank, F 1 when they make a set.
        int[] u = new int[suits];
        for (int code = 0; code < pow(3, suits); code++) {
          int sets = 0;
          for (int s = 0, k = code; s < suits; s++, k /= 3) {
            u[s] = k % 3;
            sets += u[s] == SET ? 1 : 0;
          }
          if (sets == 0 || sets >= 3) {
            List<String> args = new ArrayList<>();
            for (int s = 0; s < suits; s++) {
              args.add(n(u[s]));
            }
            args.add(sets == 0 ? "0" : "1");
            out.table("meldknock", Program.atom("meldknock", args),
                "(meldknock u… f): the knocker's card statuses at one rank (0 absent, 1 run, 2 set) that are an "
                    + "arrangement: no set or a set of three or more; f is 1 for a set");
          }
        }
        // (meldhand F V…): the statuses of the cards at a rank that are an arrangement when the knocker has (F 1)
        // or has not a set of the rank.
        int[] v = new int[suits];
        for (int f = 0; f <= 1; f++) {
          for (int code = 0; code < pow(5, suits); code++) {
            int sets = 0;
            boolean on = false;
            for (int s = 0, k = code; s < suits; s++, k /= 5) {
              v[s] = k % 5;
              sets += v[s] == SET ? 1 : 0;
              on |= v[s] == ON_SET;
            }
            if ((sets == 0 || sets >= 3) && (!on || f == 1)) {
              List<String> args = new ArrayList<>(List.of(n(f)));
              for (int s = 0; s < suits; s++) {
                args.add(n(v[s]));
              }
              out.table("meldhand", Program.atom("meldhand", args),
                  "(meldhand f v…): card statuses at one rank (0 absent, 1 run, 2 set, 3 laid on the knocker's "
                      + "set, f 1 when there is one, 4 laid on a knocker's run) that are an arrangement");
            }
          }
        }
        // (meldlay L LK U V L2): a suit's layoff state L, the knocker's stretch LK below, its status U and the
        // defender's V at this rank give the state L2 (no fact: not a valid layoff).
        for (int l = L_NONE; l <= L_PENDING; l++) {
          for (int lk = 0; lk <= 3; lk++) {
            for (int uu = ABSENT; uu <= SET; uu++) {
              for (int vv = ABSENT; vv <= ON_RUN; vv++) {
                if (uu != ABSENT && vv != ABSENT) {
                  continue;
                }
                int l2 = layTo(l, lk, uu, vv);
                if (l2 >= 0) {
                  out.table("meldlay", Program.atom("meldlay", n(l), n(lk), n(uu), n(vv), n(l2)),
                      "(meldlay l lk u v l2): the layoff state of a suit (0 none, 1 laid-off cards joined to a "
                          + "knocker run below, 2 laid-off cards waiting for one above, 3 a knocker stretch above "
                          + "them that must reach three) from rank to rank");
                }
              }
            }
          }
        }
        out.table("meldend", "(meldend 0)", "(meldend l): layoff states a suit may end in");
        out.table("meldend", "(meldend 1)", "");
      }

      /** The next layoff state, or -1 when the layoff is not valid. */
      static int layTo(int l, int lk, int u, int v) {
        if (v == ON_RUN) {
          if (l == L_JOINED || lk == 3) {
            return L_JOINED;
          }
          return l == L_PENDING ? -1 : L_WAITING;
        }
        if (l == L_WAITING || l == L_PENDING) {
          if (u != RUN) {
            return -1;
          }
          return Math.min(lk + 1, 3) == 3 ? L_NONE : L_PENDING;
        }
        return L_NONE;
      }

      private static int pow(int a, int b) {
        int r = 1;
        for (int i = 0; i < b; i++) {
          r *= a;
        }
        return r;
      }

      private int cardsOfRank(int r) {
        int k = 0;
        for (int s = 0; s < suits; s++) {
          k += card[r][s] >= 0 ? 1 : 0;
        }
        return k;
      }

      /** (REL FV… R): the set has three or more cards of rank R (rules only for ranks of three cards or more). */
      private String threeOfARank(Rel mem) {
        String rel = out.rel("meldthree");
        for (int r = 0; r < ranks; r++) {
          List<Integer> cs = new ArrayList<>();
          for (int s = 0; s < suits; s++) {
            if (card[r][s] >= 0) {
              cs.add(card[r][s]);
            }
          }
          // every choice of three of the rank's cards (a set of four holds each)
          for (int i = 0; i < cs.size(); i++) {
            for (int j = i + 1; j < cs.size(); j++) {
              for (int k = j + 1; k < cs.size(); k++) {
                List<String> bd = new ArrayList<>(dom);
                for (int c : new int[] {cs.get(i), cs.get(j), cs.get(k)}) {
                  bd.add(mem.call(m.cardTerm[c]));
                }
                out.rule(at(rel, List.of(n(r))), bd);
              }
            }
          }
        }
        return rel;
      }

      /**
       * The statuses of each card: (meldstatus FV… R S U V). Only those that can be part of an arrangement: a set
       * where the player has three of the rank, laid on a set where the knocker has three, laid on a run next to a
       * card of the suit in either hand.
       */
      private String statuses() {
        String threeD = threeOfARank(memD);
        String threeK = layoff ? threeOfARank(memK) : null;
        String rel = out.rel("meldstatus");
        for (int r = 0; r < ranks; r++) {
          for (int s = 0; s < suits; s++) {
            int c = card[r][s];
            List<String> none = new ArrayList<>(dom);
            if (c >= 0) {
              String ct = m.cardTerm[c];
              none.add(Program.not(memD.call(ct)));
              if (layoff) {
                none.add(Program.not(memK.call(ct)));
              }
              for (int st : new int[] {RUN, SET, ON_SET, ON_RUN}) {
                if (st > SET && !layoff) {
                  continue;
                }
                List<List<String>> extra = new ArrayList<>();
                if ((st == SET || st == ON_SET) && cardsOfRank(r) < 3) {
                  continue;
                }
                if (st == SET) {
                  extra.add(List.of(at(threeD, List.of(n(r)))));
                } else if (st == ON_SET) {
                  extra.add(List.of(at(threeK, List.of(n(r)))));
                } else if (st == ON_RUN) {
                  for (int nb : new int[] {r - 1, r + 1}) {
                    if (nb >= 0 && nb < ranks && card[nb][s] >= 0) {
                      extra.add(List.of(memK.call(m.cardTerm[card[nb][s]])));
                      extra.add(List.of(memD.call(m.cardTerm[card[nb][s]])));
                    }
                  }
                } else {
                  extra.add(List.of());
                }
                for (List<String> e : extra) {
                  List<String> bd = new ArrayList<>(dom);
                  bd.add(memD.call(ct));
                  bd.addAll(e);
                  out.rule(at(rel, List.of(n(r), n(s), "0", n(st))), bd);
                }
              }
              if (layoff) {
                for (int st : new int[] {RUN, SET}) {
                  List<String> bk = new ArrayList<>(dom);
                  bk.add(memK.call(ct));
                  if (st == SET) {
                    if (cardsOfRank(r) < 3) {
                      continue;
                    }
                    bk.add(at(threeK, List.of(n(r))));
                  }
                  out.rule(at(rel, List.of(n(r), n(s), n(st), "0")), bk);
                }
              }
            }
            out.rule(at(rel, List.of(n(r), n(s), "0", "0")), none);
          }
        }
        return rel;
      }

      String write() {
        String seg = segTable();
        statics();
        String status = statuses();
        // dp_r(FV… [LK LD L]×suits KC DC): the states after the ranks below r and the deadwood so far.
        String prev = out.rel("melddp");
        List<String> init = new ArrayList<>();
        for (int s = 0; s < suits; s++) {
          init.addAll(layoff ? List.of("0", "0", "0") : List.of("0"));
        }
        init.add("0");
        init.add("0");
        out.rule(at(prev, init), new ArrayList<>(dom));
        for (int r = 0; r <= ranks; r++) {
          boolean end = r == ranks;
          String next = out.rel(end ? "meldfinal" : "melddp");
          List<String> head = new ArrayList<>();
          List<String> from = new ArrayList<>();
          List<String> bd = new ArrayList<>();
          List<String> us = new ArrayList<>();
          List<String> vs = new ArrayList<>();
          List<String> kd = new ArrayList<>();
          List<String> dd = new ArrayList<>();
          List<String> lays = new ArrayList<>();
          for (int s = 0; s < suits; s++) {
            String lk = out.var();
            String ld = out.var();
            String l = out.var();
            String lk2 = out.var();
            String ld2 = out.var();
            String l2 = out.var();
            String uu = end || !layoff ? "0" : out.var();
            String vv = end ? "0" : out.var();
            String kdel = out.var();
            String ddel = out.var();
            if (layoff) {
              from.addAll(List.of(lk, ld, l));
              head.addAll(List.of(lk2, ld2, l2));
              lays.add(Program.atom(seg, n(r), n(s), lk, uu, lk2, kdel));
              kd.add(kdel);
              if (end) {
                lays.add(Program.atom("meldend", l));
              } else {
                lays.add(Program.atom("meldlay", l, lk, uu, vv, l2));
              }
            } else {
              from.add(ld);
              head.add(ld2);
            }
            lays.add(Program.atom(seg, n(r), n(s), ld, vv, ld2, ddel));
            dd.add(ddel);
            if (!end) {
              bd.add(at(status, List.of(n(r), n(s), uu, vv)));
            }
            us.add(uu);
            vs.add(vv);
          }
          String kc = out.var();
          String dc = out.var();
          from.add(kc);
          from.add(dc);
          List<String> body = new ArrayList<>();
          body.add(at(prev, from));
          body.addAll(bd);
          if (!end) {
            String f = layoff ? out.var() : "0";
            if (layoff) {
              List<String> ka = new ArrayList<>(us);
              ka.add(f);
              body.add(Program.atom("meldknock", ka));
            }
            List<String> ha = new ArrayList<>(List.of(f));
            ha.addAll(vs);
            body.add(Program.atom("meldhand", ha));
          }
          body.addAll(lays);
          String kc2 = layoff ? chain(kc, kd, body) : kc;
          String dc2 = chain(dc, dd, body);
          if (end) {
            head.clear();
          }
          head.add(kc2);
          head.add(dc2);
          out.rule(at(next, head), body);
          prev = next;
        }
        // The least deadwood (of the defender, on the knocker's least-deadwood paths).
        String fin = prev;
        String k = out.var();
        String d = out.var();
        String k2 = out.var();
        String d2 = out.var();
        String cand = fin;
        if (layoff) {
          String kAbove = out.rel("meldknockerabove");
          String kBest = out.rel("meldknockerbest");
          out.rule(at(kAbove, List.of(k)), List.of(at(fin, List.of(k, d)), at(fin, List.of(k2, d2)),
              Program.atom("lt", k2, k)));
          out.rule(at(kBest, List.of(k)), List.of(at(fin, List.of(k, d)), Program.not(at(kAbove, List.of(k)))));
          cand = out.rel("meldcandidate");
          out.rule(at(cand, List.of(d)), List.of(at(fin, List.of(k, d)), at(kBest, List.of(k))));
        } else {
          String only = out.rel("meldcandidate");
          out.rule(at(only, List.of(d)), List.of(at(fin, List.of(k, d))));
          cand = only;
        }
        String above = out.rel("meldabove");
        String best = out.rel("meldbest");
        out.rule(at(above, List.of(d)), List.of(at(cand, List.of(d)), at(cand, List.of(d2)),
            Program.atom("lt", d2, d)));
        out.rule(at(best, List.of(d)), List.of(at(cand, List.of(d)), Program.not(at(above, List.of(d)))));
        for (int a = 0; a <= total; a++) {
          for (int bb = a + 1; bb <= total; bb++) {
            m.lt(a, bb);
          }
        }
        return best;
      }

      /** Adds the deltas to a running total through (plus …): the final total's variable. */
      private String chain(String from, List<String> deltas, List<String> body) {
        String cur = from;
        for (String d : deltas) {
          String nx = out.var();
          body.add(Program.atom("plus", cur, d, nx));
          cur = nx;
        }
        return cur;
      }
    }
  }
}
