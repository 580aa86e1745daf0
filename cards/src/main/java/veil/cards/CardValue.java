package veil.cards;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.CardTable;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.Names;
import veil.ludeme.Slot;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
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
 * Integers about cards: {@code (card Queen Spades)} (a card), {@code (rank C)}, {@code (suit C)}, {@code (number
 * C)}, {@code (value "Map" C)}, {@code (lastCard)}, {@code (trickCard P)}, {@code (holder C)}, {@code (tricks)}.
 */
public final class CardValue extends SimpleLudeme {
  private final int kind;

  private CardValue(String name, int kind, String doc, Param... params) {
    super(name, Type.INT, doc, params);
    this.kind = kind;
  }

  public static List<CardValue> all() {
    Param card = Param.pos("card", "card", "the card, any card expression (e.g. Card, (lastCard), (trickCard P), "
        + "(top P))");
    return List.of(
        new CardValue("card", 0, "A card by rank and suit, (card Queen Spades), or by number, (card 19); rank and "
            + "suit may be computed, (card Eight (var \"Suit\")), and then no such card is -1. A variable read as a suit, here or in (cards P "
            + "suit:(var \"S\")), holds a suit or -1 for none: a (set …) or initial value of another literal number "
            + "is an error at check (the GDL-II export has one \"none\").",
            Param.pos("rank", "rank or number", "the rank (a name, or an expression)"),
            Param.optPos("suit", "suit", "the suit (a name, or an expression)")),
        new CardValue("rank", 1, "A card's rank, as its position in the deck's rank list (low to high); "
            + "compared with a number, as in (= (rank Card) 8), the number is the rank named 8 (an error when the deck "
            + "names ranks by numbers and has no such rank; before, it was the 9th rank, the 10).", card),
        new CardValue("suit", 2, "A card's suit (compare with a suit name or LedSuit).", card),
        new CardValue("number", 3, "A card's number (numbered decks; the rank for numeric ranks; else 0).", card),
        new CardValue("value", 4, "A card's value in a map: (value \"Penalty\" Card).",
            Param.pos("map", "string", "the map"), card),
        new CardValue("lastCard", 5, "The card moved by the last move (-1 when none)."),
        new CardValue("trickCard", 6, "The card a player played to the current trick, or to the last one once "
            + "it is complete (-1 when none).", Param.pos("player", "player", "whose card")),
        new CardValue("holder", 7, "The owner of the place that holds a card (-1 when it is in a shared place).",
            card),
        new CardValue("tricks", 8, "Number of tricks completed."));
  }

  @Override
  public String category() {
    return "cards";
  }

  /** (card …), rank, suit, number and value depend only on their card; the others read the state. */
  @Override
  public boolean pure() {
    return kind <= 4;
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    CardTable.Frozen cards = c.table.cards;
    switch (kind) {
      case 0: {
        if (!computed(c, a.call())) {
          return Ints.constant(Cards.find(c, cards, a.call()));
        }
        return computedCard(a, cards);
      }
      case 1: {
        return Ints.lookup(a.intExpr("card"), cards.rank(), -1);
      }
      case 2: {
        return Ints.lookup(a.intExpr("card"), cards.suit(), -1);
      }
      case 3: {
        return Ints.lookup(a.intExpr("card"), cards.number(), 0);
      }
      case 4: {
        int[] map = map(a);
        return Ints.lookup(a.intExpr("card"), map, 0);
      }
      case 5:
        return Ints.read(Slot.LAST_CARD);
      case 6: {
        IntExpr p = a.player("player");
        int base = c.layout.trickCard;
        return (IntExpr) s -> s.v[base + p.eval(s)];
      }
      case 7: {
        IntExpr x = a.intExpr("card");
        int[] owner = c.table.places.owner();
        veil.ludeme.Table t = c.table;
        return (IntExpr) s -> {
          int k = x.eval(s);
          int at = k < 0 ? -1 : t.whereIs(s, k);
          return at < 0 ? -1 : owner[at];
        };
      }
      default:
        return Ints.read(Slot.TRICKS);
    }
  }

  /**
   * Whether a (card …) call computes its card: an argument is an expression, or a name that is neither a rank nor a
   * suit (Choice, a macro's value), rather than the names of one card.
   */
  static boolean computed(Compiler c, Node.Call call) {
    List<Node> args = call.args();
    if (args.size() != 2) {
      return false;
    }
    for (Node n : args) {
      if (n instanceof Node.Call) {
        return true;
      }
    }
    Node r = args.get(0);
    Node s = args.get(1);
    return r instanceof Node.Sym rs && c.cardTable.findRank(rs.name()) < 0
        || s instanceof Node.Sym ss && c.cardTable.findSuit(ss.name()) < 0;
  }

  /** (card R S) from a rank and a suit computed when it is evaluated: -1 when no card has them. */
  private static IntExpr computedCard(Args a, CardTable.Frozen cards) throws DslException {
    // A rank written as a name or number names the rank (as in (card 5 Clubs)), not a position in the rank list.
    Node rn = a.node("rank");
    int named = rn instanceof Node.Call ? -1 : a.compiler().cardTable.findRank(Compiler.text(rn));
    IntExpr rank = named >= 0 ? Ints.constant(named) : a.intExpr("rank");
    IntExpr suit = a.intExpr("suit");
    int ranks = 0;
    int suits = 0;
    for (int k = 0; k < cards.count(); k++) {
      ranks = Math.max(ranks, cards.rank()[k] + 1);
      suits = Math.max(suits, cards.suit()[k] + 1);
    }
    int[] table = new int[ranks * suits];
    java.util.Arrays.fill(table, -1);
    for (int k = cards.count() - 1; k >= 0; k--) {
      if (cards.rank()[k] >= 0 && cards.suit()[k] >= 0) {
        table[cards.rank()[k] * suits + cards.suit()[k]] = k; // the first card of that rank and suit
      }
    }
    int nr = ranks;
    int ns = suits;
    return s -> {
      int r = rank.eval(s);
      int u = suit.eval(s);
      return r < 0 || r >= nr || u < 0 || u >= ns ? -1 : table[r * ns + u];
    };
  }

  static int[] map(Args a) throws DslException {
    String name = a.text("map");
    int[] m = a.compiler().cardTable.map(name);
    if (m == null) {
      throw new DslException(new veil.dsl.Diagnostic(a.node("map").pos(), "no map named \"" + name + "\"",
          "a map declared in equipment: (map \"" + name + "\" {…})",
          veil.dsl.Names.nearest(name, a.compiler().cardTable.maps().keySet(), 3)));
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
      case "card":
        return (GdlEmitter.Num) Gdl::card;
      case "rank":
      case "suit":
      case "number":
      case "value":
        return (GdlEmitter.Num) Gdl::attribute;
      case "lastCard":
        return (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.lastCard(), List.of(), body);
      case "trickCard":
        return (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.trickCard(),
            List.of(x.num(b.get("player"), Kind.PLAYER, ctx, body).term()), body);
      case "holder":
        return (GdlEmitter.Num) Gdl::holder;
      case "tricks":
        return (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.tricks(), List.of(), body);
      default:
        return null;
    }
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (card Rank Suit) or (card Number): a constant; or computed from a rank and a suit (none for no card). */
    public static Val card(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      List<Node> args = b.call.args();
      if (computedCall(x, args)) {
        return computed(b, ctx, body, x);
      }
      int rank = args.isEmpty() ? -1 : x.m.rankIndex(b.text("rank"));
      int suit = args.size() == 2 ? x.m.suitIndex(b.text("suit")) : -2;
      var cards = x.m.game.cards;
      for (int c = 0; c < cards.count(); c++) {
        if (cards.rank()[c] == rank && (suit == -2 || cards.suit()[c] == suit)) {
          return Val.of(x.m.cardTerm[c], Kind.CARD);
        }
      }
      throw ExportException.at(b.call, "no such card in this game");
    }

    private static boolean computedCall(Exprs x, List<Node> args) {
      if (args.size() != 2) {
        return false;
      }
      for (Node n : args) {
        if (n instanceof Node.Call) {
          return true;
        }
      }
      return args.get(0) instanceof Node.Sym r && x.m.rankIndex(r.name()) < 0
          || args.get(1) instanceof Node.Sym s && x.m.suitIndex(s.name()) < 0;
    }

    /** (card R S) with computed arguments: the static table (cardof RANK SUIT CARD), or none. */
    private static Val computed(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      List<String> b1 = new java.util.ArrayList<>();
      Node rn = b.get("rank");
      int named = rn instanceof Node.Call ? -1 : x.m.rankIndex(b.text("rank"));
      Val rank = named >= 0 ? Val.num(named) : x.num(rn, Kind.NUM, ctx, b1);
      Val suit = x.num(b.get("suit"), Kind.SUIT, ctx, b1);
      var cards = x.m.game.cards;
      if (x.out.once("cardof")) {
        String comment = "(cardof rank suit card): the card of a rank and a suit; (cardis rank suit): there is one";
        java.util.Set<String> pairs = new java.util.HashSet<>();
        for (int c = cards.count() - 1; c >= 0; c--) {
          if (cards.rank()[c] >= 0 && cards.suit()[c] >= 0
              && pairs.add(cards.rank()[c] + " " + x.m.suitTerm[cards.suit()[c]])) {
            String rs = cards.rank()[c] + " " + x.m.suitTerm[cards.suit()[c]];
            x.out.table("cardof", "(cardof " + rs + " " + x.m.cardTerm[firstCard(cards, c)] + ")", comment);
            x.out.table("cardis", "(cardis " + rs + ")", comment);
          }
        }
      }
      String c = x.out.var();
      List<String> found = new java.util.ArrayList<>(b1);
      found.add(Program.atom("cardof", rank.term(), suit.term(), c));
      List<String> none = new java.util.ArrayList<>(b1);
      none.add(Program.not(Program.atom("cardis", rank.term(), suit.term())));
      Rel rel = x.helper("card", ctx, List.of(found, none), List.of(List.of(c), List.of("none")));
      String v = x.out.var();
      body.add(rel.call(v));
      return Val.of(v, Kind.CARD);
    }

    /** The first card with the rank and suit of card c. */
    private static int firstCard(veil.ludeme.CardTable.Frozen cards, int c) {
      for (int k = 0; k < cards.count(); k++) {
        if (cards.rank()[k] == cards.rank()[c] && cards.suit()[k] == cards.suit()[c]) {
          return k;
        }
      }
      return c;
    }

    public static Val attribute(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Val c = x.num(b.get("card"), Kind.CARD, ctx, body);
      var cards = x.m.game.cards;
      String v = x.out.var();
      TreeSet<Integer> nums = new TreeSet<>();
      switch (b.name()) {
        case "suit":
          body.add(Program.atom(x.m.suitOf(), c.term(), v));
          return Val.of(v, Kind.SUIT);
        case "rank":
          body.add(Program.atom(x.m.rankOf(), c.term(), v));
          for (int r : cards.rank()) {
            nums.add(r);
          }
          nums.add(-1);
          break;
        case "number":
          body.add(Program.atom(x.m.numberOf(), c.term(), v));
          for (int k : cards.number()) {
            nums.add(k);
          }
          nums.add(0);
          break;
        default: {
          String map = x.m.mapName(b.text("map"));
          if (map == null) {
            throw ExportException.at(b.get("map"), "no map named \"" + b.text("map") + "\"");
          }
          body.add(Program.atom(x.m.mapValue(map), veil.ludeme.Names.gdl(map), c.term(), v));
          for (int k : x.m.game.maps.get(map)) {
            nums.add(k);
          }
          nums.add(0);
        }
      }
      return new Val(v, Kind.NUM, nums);
    }

    /** (holder C): the owner of the place holding the card, none in a shared place or for no card. */
    public static Val holder(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      List<String> b1 = new java.util.ArrayList<>();
      Val c = x.num(b.get("card"), Kind.CARD, ctx, b1);
      String where = x.out.var();
      String owner = x.out.var();
      List<String> found = new java.util.ArrayList<>(b1);
      found.add(x.store.read(x.fam.at(), List.of(c.term()), where));
      found.add(Program.atom(x.m.ownerOf(), where, owner));
      List<String> none = new java.util.ArrayList<>(b1);
      x.m.eqKind(Kind.CARD, null);
      none.add(Program.atom("eq", c.term(), "none"));
      Rel rel = x.helper("holder", ctx, List.of(found, none), List.of(List.of(owner), List.of("none")));
      String v = x.out.var();
      body.add(rel.call(v));
      return Val.of(v, Kind.PLAYER);
    }
  }
}
