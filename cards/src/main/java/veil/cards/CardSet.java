package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * Sets of cards: {@code (cards P [suit:S] [if:cond])}, {@code (minus A B)}, {@code (union A B …)}, {@code
 * (priority {A B …})} (the first non-empty set: follow suit if you can).
 */
public final class CardSet extends SimpleLudeme {
  private final int kind;

  private CardSet(String name, int kind, String doc, boolean variadic, Param... params) {
    super(name, Type.CARDS, doc, variadic, params);
    this.kind = kind;
  }

  public static List<CardSet> all() {
    return List.of(
        new CardSet("cards", 0, "The cards of a place, optionally of one suit or rank, or those for which if: holds "
            + "(Card bound).", false, Param.pos("place", "cards or place", "where"),
            Param.named("suit", "int", "only this suit (e.g. LedSuit, Hearts)"),
            Param.named("rank", "int", "only this rank (e.g. Choice, Queen, 8 (the rank named 8), (rank Card) of an outer Card; a computed number is "
                + "the rank's position); read "
                + "before if: binds Card"),
            Param.named("if", "condition", "only the cards for which this holds, with Card bound")),
        new CardSet("minus", 1, "The cards of a that are not in b.", false, Param.pos("a", "cards", "the cards"),
            Param.pos("b", "cards", "the cards to leave out")),
        new CardSet("union", 2, "The cards in any of the sets.", true, Param.pos("a", "cards", "a set"),
            Param.pos("b", "cards", "another set")),
        new CardSet("priority", 3, "The first of the sets that is not empty (follow suit if you can, else …).", false,
            Param.pos("sets", "{cards …}", "the sets, most preferred first")));
  }

  @Override
  public String category() {
    return "cards";
  }

  /**
   * The first non-empty set. Two and three sets (follow suit, else …, else anything) are unrolled: each set then has
   * its own call site, which the JIT can inline, where a loop would share one site among every priority of the game.
   */
  private static CardsExpr firstNonEmpty(CardsExpr[] sets) {
    if (sets.length == 2) {
      CardsExpr a = sets[0];
      CardsExpr b = sets[1];
      return (s, w) -> {
        if (s.words == 1) {
          long m = a.eval(s, 0);
          return m != 0 ? m : b.eval(s, 0);
        }
        return a.isEmpty(s) ? b.eval(s, w) : a.eval(s, w);
      };
    }
    if (sets.length == 3) {
      CardsExpr a = sets[0];
      CardsExpr b = sets[1];
      CardsExpr c = sets[2];
      return (s, w) -> {
        if (s.words == 1) {
          long m = a.eval(s, 0);
          if (m != 0) {
            return m;
          }
          m = b.eval(s, 0);
          return m != 0 ? m : c.eval(s, 0);
        }
        return !a.isEmpty(s) ? a.eval(s, w) : !b.isEmpty(s) ? b.eval(s, w) : c.eval(s, w);
      };
    }
    return (s, w) -> {
      for (CardsExpr e : sets) {
        if (!e.isEmpty(s)) {
          return e.eval(s, w);
        }
      }
      return 0L;
    };
  }

  @Override
  public Object build(Args a) throws DslException {
    switch (kind) {
      case 0: {
        Compiler c = a.compiler();
        PlaceRef place = c.isPlace(a.node("place")) ? a.place("place") : null;
        CardsExpr base = a.cards("place");
        CardsExpr bySuit = base;
        if (a.has("suit")) {
          IntExpr suit = a.intExpr("suit");
          long[] suitMask = c.table.cards.suitMask();
          int suits = c.table.cards.suitNames().length;
          int suitSlot = Ints.slotOf(suit);
          if (place != null && place.moverOwned() && suitSlot >= 0 && !a.has("if")) {
            // (cards (hand Mover) suit:LedSuit): following suit, the commonest filter of trick games.
            int at = place.base();
            return (CardsExpr) (s, w) -> {
              int k = s.v[suitSlot];
              return k < 0 || k >= suits ? 0L : s.places[(at + s.cur) * s.words + w] & suitMask[k * s.words + w];
            };
          }
          bySuit = (s, w) -> {
            int k = suit.eval(s);
            return k < 0 || k >= suits ? 0L : base.eval(s, w) & suitMask[k * s.words + w];
          };
        }
        if (a.has("rank")) {
          // A literal number is the rank of that name, as in (= (rank Card) 8): rank:8 is the eight, not the 9th rank.
          Integer named = veil.ludeme.lib.Compare.rankOfNumber(c.table.cards.rankNames(), a.node("rank"),
              "given as rank:");
          IntExpr rank = named != null ? Ints.constant(named) : a.intExpr("rank");
          long[] rankMask = rankMasks(c.table.cards);
          int ranks = c.table.cards.rankNames().length;
          CardsExpr before = bySuit;
          bySuit = (s, w) -> {
            int k = rank.eval(s);
            return k < 0 || k >= ranks ? 0L : before.eval(s, w) & rankMask[k * s.words + w];
          };
        }
        if (!a.has("if")) {
          return bySuit;
        }
        CardsExpr pre = bySuit;
        BoolExpr cond = a.bool("if");
        if (c.dependsOnlyOnCard(a.node("if"))) {
          long[] allowed = c.cardMask(cond);
          return place != null && !a.has("suit") && !a.has("rank") ? place.cards(allowed)
              : (CardsExpr) (s, w) -> pre.eval(s, w) & allowed[w];
        }
        return (CardsExpr) (s, w) -> {
          long m = pre.eval(s, w);
          long out = 0;
          int saved = s.boundCard;
          while (m != 0) {
            int bit = Long.numberOfTrailingZeros(m);
            m &= m - 1;
            s.boundCard = w << 6 | bit;
            if (cond.eval(s)) {
              out |= 1L << bit;
            }
          }
          s.boundCard = saved;
          return out;
        };
      }
      case 1: {
        CardsExpr x = a.cards("a");
        CardsExpr y = a.cards("b");
        return (CardsExpr) (s, w) -> x.eval(s, w) & ~y.eval(s, w);
      }
      case 2: {
        List<CardsExpr> xs = new ArrayList<>();
        xs.add(a.cards("a"));
        xs.add(a.cards("b"));
        for (Node n : a.rest()) {
          xs.add(a.compiler().cards(n));
        }
        CardsExpr[] sets = xs.toArray(new CardsExpr[0]);
        return (CardsExpr) (s, w) -> {
          long m = 0;
          for (CardsExpr e : sets) {
            m |= e.eval(s, w);
          }
          return m;
        };
      }
      default: {
        List<CardsExpr> xs = new ArrayList<>();
        for (Node n : a.list("sets")) {
          xs.add(a.compiler().cards(n));
        }
        return firstNonEmpty(xs.toArray(new CardsExpr[0]));
      }
    }
  }

  /** Word w of rank k's cards at {@code [k * words + w]}, as the card table keeps suits. */
  static long[] rankMasks(veil.ludeme.CardTable.Frozen cards) {
    int words = cards.words();
    long[] m = new long[cards.rankNames().length * words];
    for (int c = 0; c < cards.count(); c++) {
      int r = cards.rank()[c];
      if (r >= 0 && r < cards.rankNames().length) {
        m[r * words + (c >>> 6)] |= 1L << (c & 63);
      }
    }
    return m;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    switch (name()) {
      case "cards":
        return (GdlEmitter.Cards) Gdl::cards;
      case "minus":
        return (GdlEmitter.Cards) Gdl::minus;
      case "union":
        return (GdlEmitter.Cards) Gdl::union;
      case "priority":
        return (GdlEmitter.Cards) Gdl::priority;
      default:
        return null;
    }
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (cards P [suit:S] [if:cond]), Card bound to each card in cond. */
    public static String cards(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String c = x.cards(b.get("place"), ctx, body);
      java.util.BitSet within = x.within(c) == null ? null : (java.util.BitSet) x.within(c).clone();
      if (b.has("suit")) {
        Val s = x.num(b.get("suit"), Kind.SUIT, ctx, body);
        body.add(Program.atom(x.m.suitOf(), c, s.term()));
        if (!s.isVar()) {
          within = only(x, within, java.util.Arrays.asList(x.m.suitTerm).indexOf(s.term()), x.m.game.cards.suit());
        }
      }
      if (b.has("rank")) {
        Integer named;
        try {
          named = veil.ludeme.lib.Compare.rankOfNumber(x.m.game.cards.rankNames(), b.get("rank"), "given as rank:");
        } catch (DslException e) {
          throw ExportException.at(b.call, e.getMessage());
        }
        Val r = named != null ? Val.num(named) : x.num(b.get("rank"), Kind.NUM, ctx, body);
        body.add(Program.atom(x.m.rankOf(), c, r.term()));
        if (r.nums() != null) {
          java.util.BitSet ofRank = new java.util.BitSet();
          for (int k : r.nums()) {
            java.util.BitSet one = only(x, null, k, x.m.game.cards.rank());
            ofRank.or(one);
          }
          if (within != null) {
            ofRank.and(within);
          }
          within = ofRank;
        }
      }
      if (b.has("if")) {
        Ctx inner = ctx.bind("Card", Val.of(c, Kind.CARD), Program.atom(x.m.isCard(), c));
        x.cond(b.get("if"), inner, body);
      }
      x.within(c, within);
      return c;
    }

    /**
     * The cards of {@code within} (null: the deck) whose suit or rank ({@code of}) is {@code k}: what a count over
     * {@code (cards P rank:R)} walks, so that it is bounded by the cards of that rank and not by the deck.
     */
    private static java.util.BitSet only(Exprs x, java.util.BitSet within, int k, int[] of) {
      java.util.BitSet m = new java.util.BitSet();
      for (int c = 0; c < x.m.cards(); c++) {
        if (of[c] == k && k >= 0 && (within == null || within.get(c))) {
          m.set(c);
        }
      }
      return m;
    }

    public static String minus(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String c = x.cards(b.get("a"), ctx, body);
      Rel other = x.cardSet(b.get("b"), ctx);
      body.add(Program.not(other.call(c)));
      return c;
    }

    public static String union(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      List<Node> parts = new ArrayList<>(List.of(b.get("a"), b.get("b")));
      parts.addAll(b.rest);
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      for (Node n : parts) {
        List<String> one = new ArrayList<>();
        String c = x.cards(n, ctx, one);
        bodies.add(one);
        outs.add(List.of(c));
      }
      String c = x.out.var();
      body.add(x.helper("union", ctx, bodies, outs).call(c));
      java.util.BitSet within = new java.util.BitSet();
      for (List<String> o : outs) {
        if (within != null && x.within(o.get(0)) != null) {
          within.or(x.within(o.get(0)));
        } else {
          within = null;
        }
      }
      x.within(c, within);
      return c;
    }

    /** The first set that is not empty: set i counts when every earlier one is empty. */
    public static String priority(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      List<String> earlierEmpty = new ArrayList<>();
      java.util.BitSet within = new java.util.BitSet();
      for (Node n : b.list("sets")) {
        Rel set = x.cardSet(n, ctx);
        if (within != null && x.within(set.name()) != null) {
          within.or(x.within(set.name()));
        } else {
          within = null;
        }
        String c = x.out.var();
        List<String> one = new ArrayList<>(earlierEmpty);
        one.add(set.call(c));
        bodies.add(one);
        outs.add(List.of(c));
        String any = x.out.var();
        earlierEmpty.add(Program.not(x.helper("some", ctx, List.of(List.of(set.call(any))), List.of(List.of()))
            .call()));
      }
      String c = x.out.var();
      body.add(x.helper("first", ctx, bodies, outs).call(c));
      x.within(c, within);
      return c;
    }
  }
}
