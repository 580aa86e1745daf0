package veil.cards;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.DslException;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.LudState;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Family;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.LexKey;
import veil.ludeme.gdl.Model;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * {@code (pokerRank cards)}: the value of the best five-card poker hand among the cards (any number; fewer than five
 * make the best hand they can), as an int where larger is better and equal means a tie. The value is
 * {@code category << 20} followed by five 4-bit rank indices (the deciding ranks, then kickers, highest first):
 * categories 0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 straight, 5 flush, 6 full house, 7 four of a
 * kind, 8 straight flush. Ranks are the deck's rank indices (lowest first); the highest rank also ends the lowest
 * straight (A-2-3-4-5 with the standard deck, whose high card is then the 5). Evaluated over the set's bitmask
 * with bit operations: nothing is allocated.
 *
 * <p>GDL-II: the same value as six digits (the category and the five fields), a {@link LexKey} that the export
 * compares digit by digit, since its 7,462 values are more than a number table holds ({@link Gdl}).
 */
public final class PokerRank extends ReplayedLudeme {
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
    super("pokerRank", Type.INT, "cards", (GdlEmitter.Num) Gdl::value, "The value of the best five-card poker hand among the cards (hole cards and board: "
        + "(pokerRank (union (hand Player) (spot \"Board\")))), larger is better, equal is a tie: straight flush, "
        + "four of a kind, full house, flush, straight (the top rank also plays low: A-2-3-4-5), three of a kind, "
        + "two pair, pair, high card, then the ranks that decide within the category and the kickers. The value "
        + "is category·2^20 plus five 4-bit rank positions, highest first; the deck has at most 16 ranks. "
        + "In GDL-II the value is six digits (category, then the five rank positions) compared digit by digit, "
        + "so it may only be compared there, e.g. by showdown.",
        Param.pos("cards", "cards or place", "the cards to make the hand from"));
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

  /**
   * The GDL-II translation: the value is a {@link LexKey} of six digits — the category (0 high card … 8 straight
   * flush) and the five rank fields of the engine's value, highest first, 0 where the engine has 0 — so that the
   * export compares two hands digit by digit ({@code (>= (pokerRank …) (pokerRank …))}, as {@code showdown} does)
   * instead of through one number of 7,462 values. The rules follow the engine's order of checks: the best flush of
   * any suit (a straight flush if its ranks hold a straight), four of a kind, a full house, the flush, a straight,
   * three of a kind, two pair, a pair, high card. Each "the k-th highest rank of a set of ranks" is a chain of
   * (next SET B A) facts (A is the highest rank of the set below B), so everything grounds to a few thousand rules
   * per hand whatever the cards.
   */
  static final class Gdl {
    private Gdl() {}

    static Val value(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Model m = x.m;
      if (m.copies) {
        throw ExportException.at(b.call, "the GDL-II translation of (pokerRank …) needs a deck without identical "
            + "copies");
      }
      Rel mem = x.cardSet(b.get("cards"), ctx);
      List<String> dom = new ArrayList<>();
      for (String v : mem.fv()) {
        dom.add(ctx.domain(v));
      }
      // One evaluator per call, context and state version: showdown compares the same hands several times.
      Map<Family, Integer> versions = new HashMap<>();
      for (Family f : x.store.families()) {
        versions.put(f, x.store.version(f));
      }
      List<String> pattern = new ArrayList<>();
      for (String sym : List.of("Mover", "Player", "Card", "Choice")) {
        Val v = ctx.get(sym);
        pattern.add(v == null ? "-" : v.isVar() ? "?" + mem.fv().indexOf(v.term()) : v.term());
      }
      List<Object> key = List.of("pokerRank", b.call, pattern, new Same(x.store), versions);
      String digits = (String) x.out.memo().get(key);
      if (digits == null) {
        digits = new Writer(x, mem, dom).write();
        x.out.memo().put(key, digits);
      }
      int top = m.game.cards.rankNames().length - 1;
      return x.key(new LexKey("a poker hand's value", new Rel(digits, mem.fv()), 6,
          Math.max(STRAIGHT_FLUSH, top), dom));
    }

    /** Identity, for a memo key. */
    private record Same(Object o) {
      @Override
      public boolean equals(Object other) {
        return other instanceof Same s && s.o == o;
      }

      @Override
      public int hashCode() {
        return System.identityHashCode(o);
      }
    }

    /** Writes the rules of one hand's value over a membership relation (MEM FV… CARD). */
    private static final class Writer {
      private final Exprs x;
      private final Program out;
      private final Model m;
      private final Rel mem;
      private final List<String> fv;
      private final List<String> dom;
      private final int top;
      private final String sentinel;

      Writer(Exprs x, Rel mem, List<String> dom) {
        this.x = x;
        this.out = x.out;
        this.m = x.m;
        this.mem = mem;
        this.fv = mem.fv();
        this.dom = dom;
        this.top = m.game.cards.rankNames().length - 1;
        this.sentinel = Integer.toString(top + 1);
      }

      private String v() {
        return out.var();
      }

      /** (REL FV… ARGS…). */
      private String at(String rel, String... args) {
        List<String> a = new ArrayList<>(fv);
        a.addAll(List.of(args));
        return Program.atom(rel, a);
      }

      /** (REL FV… [K] ARGS…): K is null for an unkeyed set. */
      private String atK(String rel, String k, String... args) {
        List<String> a = new ArrayList<>(fv);
        if (k != null) {
          a.add(k);
        }
        a.addAll(List.of(args));
        return Program.atom(rel, a);
      }

      private void rule(String head, List<String> body) {
        out.rule(head, body);
      }

      /** The domain literals, and the suit's for a keyed relation. */
      private List<String> bound(String k) {
        List<String> b = new ArrayList<>(dom);
        if (k != null) {
          b.add(Program.atom("pokersuit", k));
        }
        return b;
      }

      private void tables() {
        if (!out.once("pokertables")) {
          return;
        }
        for (int a = 0; a <= top + 1; a++) {
          for (int c = a + 1; c <= top + 1; c++) {
            out.table("pokerless", "(pokerless " + a + " " + c + ")",
                "(pokerless a b): rank a is below rank b (" + (top + 1) + " stands above every rank)");
          }
        }
        for (String s : m.suitTerm) {
          out.table("pokersuit", "(pokersuit " + s + ")", "the suits, for poker hands");
        }
        // straightHigh: high card h in 3..top holds ranks h..h-3 and h-4, or the top rank for h = 3 (the wheel)
        for (int h = 3; h <= top; h++) {
          out.table("pokerhigh", "(pokerhigh " + h + ")", "(pokerhigh h): a straight may end at rank h");
          for (int k = 0; k < 5; k++) {
            int r = h - k >= 0 ? h - k : top;
            out.table("pokerstraight", "(pokerstraight " + h + " " + r + ")",
                "(pokerstraight h r): the straight ending at rank h holds rank r (the top rank also plays low)");
          }
        }
      }

      /** A rank set: the relations of its k highest ranks, (kth_j FV… [K] R), and the same with 0 when absent. */
      private final class Chain {
        final String[] kth;
        final String[] any;
        final String[] dig;

        Chain(String set, boolean keyed, int len) {
          String k = keyed ? v() : null;
          String between = out.rel("pokerbetween");
          String next = out.rel("pokernext");
          String a = v();
          String c = v();
          String mid = v();
          rule(atK(between, k, a, c), List.of(atK(set, k, mid), Program.atom("pokerless", a, mid),
              Program.atom("pokerless", mid, c)));
          rule(atK(next, k, c, a), List.of(atK(set, k, a), Program.atom("pokerless", a, c),
              Program.not(atK(between, k, a, c))));
          kth = new String[len + 1];
          any = new String[len + 1];
          dig = new String[len + 1];
          for (int j = 1; j <= len; j++) {
            kth[j] = out.rel("pokerkth");
            any[j] = out.rel("pokerany");
            dig[j] = out.rel("pokerdigit");
            String d = v();
            if (j == 1) {
              rule(atK(kth[j], k, d), List.of(atK(next, k, sentinel, d)));
            } else {
              String e = v();
              rule(atK(kth[j], k, d), List.of(atK(kth[j - 1], k, e), atK(next, k, e, d)));
            }
            rule(atK(any[j], k), List.of(atK(kth[j], k, d)));
            rule(atK(dig[j], k, d), List.of(atK(kth[j], k, d)));
            List<String> none = bound(k);
            none.add(Program.not(atK(any[j], k)));
            rule(atK(dig[j], k, "0"), none);
          }
        }
      }

      /** The highest straight of a rank set: (best FV… [K] H) and (some FV… [K]); null when the deck has none. */
      private String[] straight(String set, boolean keyed) {
        if (top < 3) {
          return null;
        }
        String k = keyed ? v() : null;
        String miss = out.rel("pokermiss");
        String st = out.rel("pokerstraight");
        String higher = out.rel("pokerhigherstraight");
        String best = out.rel("pokerbeststraight");
        String some = out.rel("pokersomestraight");
        String h = v();
        String r = v();
        String h2 = v();
        List<String> mb = new ArrayList<>(List.of(Program.atom("pokerstraight", h, r)));
        mb.addAll(bound(k));
        mb.add(Program.not(atK(set, k, r)));
        rule(atK(miss, k, h), mb);
        List<String> sb = new ArrayList<>(List.of(Program.atom("pokerhigh", h)));
        sb.addAll(bound(k));
        sb.add(Program.not(atK(miss, k, h)));
        rule(atK(st, k, h), sb);
        rule(atK(higher, k, h), List.of(atK(st, k, h), atK(st, k, h2), Program.atom("pokerless", h, h2)));
        rule(atK(best, k, h), List.of(atK(st, k, h), Program.not(atK(higher, k, h))));
        rule(atK(some, k), List.of(atK(st, k, h)));
        return new String[] {best, some};
      }

      /** Ranks held at least n times: (HAS FV… R). */
      private String held(int n) {
        String has = out.rel("pokerheld");
        String r = v();
        List<String> cards = new ArrayList<>();
        List<String> body = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          String c = v();
          body.add(mem.call(c));
          body.add(Program.atom(m.rankOf(), c, r));
          for (String d : cards) {
            body.add(Program.atom("distinct", d, c));
          }
          cards.add(c);
        }
        rule(at(has, r), body);
        return has;
      }

      /** (SET FV… R): ranks of {@code base} other than the first rank of each of {@code minus}. */
      private String without(String base, String... minus) {
        String set = out.rel("pokerkickers");
        String r = v();
        List<String> body = new ArrayList<>(List.of(at(base, r)));
        for (String rel : minus) {
          String q = v();
          body.add(at(rel, q));
          body.add(Program.atom("distinct", r, q));
        }
        rule(at(set, r), body);
        return set;
      }

      String write() {
        tables();
        String one = held(1);
        String two = held(2);
        String three = held(3);
        String four = held(4);
        Chain ones = new Chain(one, false, 5);
        Chain twos = new Chain(two, false, 2);
        Chain threes = new Chain(three, false, 1);
        Chain fours = new Chain(four, false, 1);
        Chain k7 = new Chain(without(one, fours.kth[1]), false, 1);
        Chain k3 = new Chain(without(one, threes.kth[1]), false, 2);
        Chain twox = new Chain(without(two, threes.kth[1]), false, 1);
        Chain k2 = new Chain(without(one, twos.kth[1], twos.kth[2]), false, 1);
        Chain k1 = new Chain(without(one, twos.kth[1]), false, 3);
        String[] straight = straight(one, false);

        // flushes: the ranks of each suit, whether it has five cards, its value as a flush or straight flush
        String suitRanks = out.rel("pokersuitranks");
        String c = v();
        String k = v();
        String r = v();
        rule(atK(suitRanks, k, r), List.of(mem.call(c), Program.atom(m.suitOf(), c, k),
            Program.atom(m.rankOf(), c, r)));
        Chain suited = new Chain(suitRanks, true, 5);
        String[] sfl = straight(suitRanks, true);
        String five = out.rel("pokerflush");
        String d = v();
        rule(atK(five, k), List.of(atK(suited.kth[5], k, d)));
        String sf = out.rel("pokerstraightflush");
        String fval = out.rel("pokerflushvalue");
        if (sfl != null) {
          rule(atK(sf, k), List.of(atK(five, k), atK(sfl[1], k)));
          rule(atK(fval, k, "0", "8"), List.of(atK(sf, k)));
          rule(atK(fval, k, "1", d), List.of(atK(sf, k), atK(sfl[0], k, d)));
          for (int i = 2; i <= 5; i++) {
            rule(atK(fval, k, Integer.toString(i), "0"), List.of(atK(sf, k)));
          }
        }
        List<String> plain = new ArrayList<>(List.of(atK(five, k)));
        if (sfl != null) {
          plain.add(Program.not(atK(sf, k)));
        }
        rule(atK(fval, k, "0", Integer.toString(FLUSH)), plain);
        for (int j = 1; j <= 5; j++) {
          List<String> bj = new ArrayList<>(plain);
          bj.add(atK(suited.kth[j], k, d));
          rule(atK(fval, k, Integer.toString(j), d), bj);
        }
        for (int u = 0; u <= Math.max(STRAIGHT_FLUSH, top); u++) {
          for (int w = u + 1; w <= Math.max(STRAIGHT_FLUSH, top); w++) {
            m.lt(u, w);
          }
        }
        // the best suit's flush (ties between suits have equal values): suits beaten digit by digit
        String feq = out.rel("pokerflusheq");
        String fless = out.rel("pokerflushless");
        String k2v = v();
        String u = v();
        String w = v();
        for (int i = 0; i <= 5; i++) {
          String is = Integer.toString(i);
          List<String> eqb = new ArrayList<>();
          List<String> ltb = new ArrayList<>();
          if (i > 0) {
            eqb.add(at(feq, k, k2v, Integer.toString(i - 1)));
            ltb.add(at(feq, k, k2v, Integer.toString(i - 1)));
          }
          eqb.add(atK(fval, k, is, d));
          eqb.add(atK(fval, k2v, is, d));
          rule(at(feq, k, k2v, is), eqb);
          ltb.add(atK(fval, k, is, u));
          ltb.add(atK(fval, k2v, is, w));
          ltb.add(Program.atom("lt", u, w));
          rule(at(fless, k, k2v), ltb);
        }
        String beaten = out.rel("pokerflushbeaten");
        rule(atK(beaten, k), List.of(at(fless, k, k2v)));
        String fdig = out.rel("pokerflushdigit");
        String i = v();
        rule(at(fdig, i, d), List.of(atK(fval, k, i, d), Program.not(atK(beaten, k))));
        String anyFlush = out.rel("pokeranyflush");
        rule(at(anyFlush), List.of(atK(five, k)));

        // the category: the first that holds, in the engine's order
        String[] cat = new String[9];
        String[] up = new String[10];
        for (int q = 0; q <= 8; q++) {
          cat[q] = out.rel("pokercategory" + q);
          up[q] = out.rel("pokerabove" + q);
        }
        List<List<String>> conds = new ArrayList<>();
        for (int q = 0; q <= 8; q++) {
          conds.add(new ArrayList<>());
        }
        conds.get(8).add(at(fdig, "0", "8"));
        conds.get(7).add(at(fours.any[1]));
        conds.get(6).addAll(List.of(at(threes.any[1]), at(twox.any[1])));
        conds.get(5).add(at(anyFlush));
        if (straight != null) {
          conds.get(4).add(at(straight[1]));
        } else {
          conds.get(4).add(veil.ludeme.gdl.Exprs.FALSE);
        }
        conds.get(3).add(at(threes.any[1]));
        conds.get(2).add(at(twos.any[2]));
        conds.get(1).add(at(twos.any[1]));
        conds.get(0).addAll(dom);
        for (int q = 8; q >= 0; q--) {
          List<String> body = new ArrayList<>(conds.get(q));
          if (q < 8) {
            body.add(Program.not(at(up[q + 1])));
          }
          rule(at(cat[q]), body);
          rule(at(up[q]), List.of(at(cat[q])));
          if (q < 8) {
            rule(at(up[q]), List.of(at(up[q + 1])));
          }
        }
        String digits = out.rel("pokerhand");
        // (digits FV… I D): digit I of the value
        String[][] fields = {
          /* 0 */ {null, ones.dig[1], ones.dig[2], ones.dig[3], ones.dig[4], ones.dig[5]},
          /* 1 */ {null, twos.kth[1], k1.dig[1], k1.dig[2], k1.dig[3], "0"},
          /* 2 */ {null, twos.kth[1], twos.kth[2], k2.dig[1], "0", "0"},
          /* 3 */ {null, threes.kth[1], k3.dig[1], k3.dig[2], "0", "0"},
          /* 4 */ {null, straight == null ? null : straight[0], "0", "0", "0", "0"},
          /* 5 */ null,
          /* 6 */ {null, threes.kth[1], twox.kth[1], "0", "0", "0"},
          /* 7 */ {null, fours.kth[1], k7.dig[1], "0", "0", "0"},
          /* 8 */ null,
        };
        for (int q = 0; q <= 8; q++) {
          if (fields[q] == null) {
            rule(at(digits, i, d), List.of(at(cat[q]), at(fdig, i, d)));
            continue;
          }
          if (fields[q][1] == null) {
            continue; // no straights in this deck: the category never holds
          }
          rule(at(digits, "0", Integer.toString(q)), List.of(at(cat[q])));
          for (int j = 1; j <= 5; j++) {
            String js = Integer.toString(j);
            if (fields[q][j].equals("0")) {
              rule(at(digits, js, "0"), List.of(at(cat[q])));
            } else {
              rule(at(digits, js, d), List.of(at(cat[q]), at(fields[q][j], d)));
            }
          }
        }
        return digits;
      }
    }
  }
}
