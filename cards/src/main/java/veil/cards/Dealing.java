package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.PendingDeal;
import veil.ludeme.PlaceExpr;
import veil.ludeme.PlaceTable;
import veil.ludeme.Table;
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
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/**
 * Chance: {@code (shuffle P)}, {@code (deal N from:P to:(hand Each))}, {@code (draw [N] from:P to:Q)}. A deal or
 * draw is a move of the {@code random} role: in the steps that follow it picks each card uniformly among the
 * source's cards (the top of a shuffled pile is any of its cards with equal chance), so the compiled game is the
 * GDL-II one. Deals happen after the effects around them (in one effect or one then:, nothing after the deal sees
 * its cards); in start's list, the items after a deal run once its cards are dealt, so they see them (the start
 * runs in segments, {@link veil.ludeme.compile.GameSyntax#segments}); a phase's entry: runs once the deals before
 * it are done. A count may be an
 * expression, read when the deal is queued; a deal needing more cards than its source then holds (less what the
 * deals queued before it take) is a rule failure with its position, and one in the start list with a count known
 * when the game compiles is an error at check.
 */
public final class Dealing extends SimpleLudeme {
  private final int kind;

  private Dealing(String name, int kind, String doc, Param... params) {
    super(name, Type.EFFECT, doc, params);
    this.kind = kind;
  }

  public static List<Dealing> all() {
    return List.of(
        new Dealing("shuffle", 0, "Marks a place's order as unknown: cards drawn or dealt from it are chance moves.",
            Param.pos("place", "place", "what is shuffled")),
        new Dealing("deal", 1, "Deals N cards to each player in turn (to:(hand Each)) or N to one place; random "
            + "picks each card, after the effects around it; in start's list the effects after the deal run once its "
            + "cards are dealt and see them (before, they ran first), and a phase's entry: sees them too. More cards "
            + "than the source holds is an error at check (start's deals) or a rule failure.",
            Param.pos("count", "int", "cards per recipient: a number or an expression, e.g. (var \"HandSize\")"),
            Param.named("from", "place", "the source (default: the first deck)"),
            Param.required("to", "place", "the destination, e.g. (hand Each)")),
        new Dealing("draw", 2, "Draws N cards (default 1) from a source to a place; random picks each card.",
            Param.optPos("count", "int", "how many (1)"),
            Param.named("from", "place", "the source (default: the first deck)"),
            Param.required("to", "place", "the destination, e.g. (hand Mover)")));
  }

  @Override
  public String category() {
    return "chance";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    c.game.hasRandom = true;
    if (kind == 0) {
      a.place("place");
      return Effect.NONE;
    }
    c.noteDealSite();
    PlaceExpr from = source(a);
    PlaceRef to = a.place("to");
    Table t = c.table;
    int dstBase = to.base();
    int cards = c.cardTable.count();
    veil.dsl.Pos where = a.pos();
    String what = "(" + name() + " …)";
    boolean deal = kind == 1;
    if (to.each()) {
      if (kind == 2) {
        throw a.error("to", "draw goes to one place; deal gives to Each", "(hand Mover)");
      }
      int players = c.players();
      IntExpr per = a.intExpr("count");
      if (per instanceof veil.ludeme.Ints.Const k) {
        int n = a.constInt("count", 1, Math.max(1, cards / players), "cards per player (" + cards
            + " cards in the game, " + players + " players)");
        tally(a, n * players);
        int total = n * players;
        return (Effect) s -> t.enqueueDeal(s, from.instance(s), dstBase, PendingDeal.EACH,
            enough(s, t, from.instance(s), total, what, where));
      }
      // A count computed when the deal is made: N to each player, N * players cards in all.
      return (Effect) s -> {
        int src = from.instance(s);
        int total = checked(per.eval(s), what, where) * players;
        t.enqueueDeal(s, src, dstBase, PendingDeal.EACH, enough(s, t, src, total, what, where));
      };
    }
    IntExpr count = kind == 1 ? a.intExpr("count") : a.intExpr("count", 1);
    if (count instanceof veil.ludeme.Ints.Const k && (k.value() < 1 || k.value() > cards)) {
      throw a.error("count", "the number of cards to " + name() + " must be in 1.." + cards + " (the cards in the"
          + " game), found " + k.value(), "1.." + cards);
    }
    if (deal && count instanceof veil.ludeme.Ints.Const k) {
      tally(a, k.value());
    }
    if (!to.def().perPlayer()) {
      return (Effect) s -> {
        int src = from.instance(s);
        int n = checked(count.eval(s), what, where);
        t.enqueueDeal(s, src, dstBase, PendingDeal.SHARED, deal ? enough(s, t, src, n, what, where) : n);
      };
    }
    IntExpr owner = to.owner();
    return (Effect) s -> {
      int src = from.instance(s);
      int n = checked(count.eval(s), what, where);
      t.enqueueDeal(s, src, dstBase, owner.eval(s), deal ? enough(s, t, src, n, what, where) : n);
    };
  }

  /**
   * A deal written in the start list (not inside another effect) from a deck, with a count known when the game
   * compiles: the deals of the start list before it and this one must fit the deck's cards, else an error at its
   * count. (A start effect between two deals may put cards back into the deck; the
   * count still takes the deck as the game declares it, less the deals before.)
   */
  private void tally(Args a, int total) throws DslException {
    Compiler c = a.compiler();
    if (a.call() != c.startItem || a.has("from") && !(a.node("from") instanceof Node.Str)) {
      return;
    }
    int src = a.has("from") ? a.place("from").base() : firstDeck(c);
    if (src < 0) {
      return;
    }
    int held = 0;
    for (int home : c.cardHome) {
      held += home == src ? 1 : 0;
    }
    int before = c.startDealt.getOrDefault(src, 0);
    if (before + total > held) {
      String deck = c.places.defs().stream().filter(d -> d.base() == src).findFirst().map(PlaceTable.Def::name)
          .orElse("the deck");
      throw a.error("count", "this deal needs " + total + (total == 1 ? " card" : " cards") + " but \"" + deck + "\" holds " + held
          + (before > 0 ? " and the deals before it in start take " + before + " of them" : ""),
          before < held ? "at most " + (held - before) + " cards in all" : "fewer cards");
    }
    c.startDealt.put(src, before + total);
  }

  private static int firstDeck(Compiler c) {
    for (PlaceTable.Def d : c.places.defs()) {
      if (d.kind().equals("deck")) {
        return d.base();
      }
    }
    return -1;
  }

  /**
   * The cards a deal takes from its source, checked when it is queued: they must be there (the source's cards less
   * those the deals queued before it will take), else a rule failure with the deal's position.
   */
  private static int enough(veil.ludeme.LudState s, Table t, int src, int count, String what, veil.dsl.Pos where) {
    int left = s.count(src);
    int[] v = s.v;
    for (int i = 0; i < v[veil.ludeme.Slot.PENDING]; i++) {
      int at = t.layout.pending + i * PendingDeal.SIZE;
      if (v[at + PendingDeal.SOURCE] == src) {
        left -= v[at + PendingDeal.LEFT];
      }
    }
    if (count > left) {
      throw new IllegalStateException("rule failure: " + what + " needs " + count + " card" + (count == 1 ? "" : "s")
          + " but its source holds " + left + (left == 1 ? " card" : " cards") + " to deal, at " + where);
    }
    return count;
  }

  /** A count computed at run time: a negative one is a rule failure with the position (0 deals nothing). */
  private static int checked(int count, String what, veil.dsl.Pos where) {
    if (count < 0) {
      throw new IllegalStateException("rule failure: " + what + " of " + count + " cards at " + where);
    }
    return count;
  }

  private static PlaceExpr source(Args a) throws DslException {
    if (a.has("from")) {
      PlaceRef ref = a.place("from");
      if (ref.def().visibility() == PlaceTable.Visibility.TOP) {
        throw a.error("from", "\"" + ref.def().name() + "\" shows its top card (visible:Top): chance does not deal "
            + "from it; move its top card with put or a move", "a face-down source, e.g. \"Stock\"");
      }
      return ref.expr();
    }
    for (PlaceTable.Def d : a.compiler().places.defs()) {
      if (d.kind().equals("deck")) {
        int base = d.base();
        return s -> base;
      }
    }
    throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "no deck to deal from", "from:\"Deck\""));
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.DEAL;
  }

  @Override
  public GdlEmitter gdl() {
    if (name().equals("shuffle")) {
      // Nothing to write: dealing is random's choice anyway. The place is checked.
      return (GdlEmitter.Effect) (b, ctx, f) -> f.x.place(b.get("place"), ctx, new ArrayList<>());
    }
    return (GdlEmitter.Effect) Gdl::deal;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /**
     * (deal N from:P to:Q) and (draw [N] from:P to:Q): queues (deal SOURCE DEST ROTATE LEFT) at the first free
     * position of the queue; the cards are random's moves in the steps that follow.
     */
    public static void deal(Bound b, Ctx ctx, Flow f) throws ExportException {
      Exprs x = f.x;
      List<String> body = new ArrayList<>();
      Val src;
      if (b.has("from")) {
        src = x.place(b.get("from"), ctx, body);
      } else {
        PlaceTable.Def deck = null;
        for (PlaceTable.Def d : x.m.game.placeDefs) {
          if (d.kind().equals("deck") && deck == null) {
            deck = d;
          }
        }
        if (deck == null) {
          throw ExportException.at(b.call, "no deck to deal from");
        }
        src = Val.of(x.m.instance(deck, 0), Kind.PLACE);
      }
      Node toNode = b.get("to");
      Places.Gdl.Ref ref = x.em.has(toNode, Type.PLACE) ? Places.Gdl.ref(x.em.bind(toNode, Type.PLACE), x) : null;
      String dst;
      String rotate = "no";
      Val count;
      if (ref != null && Places.Gdl.isEach(ref.owner())) {
        if (b.name().equals("draw")) {
          throw ExportException.at(toNode, "draw goes to one place; deal gives to Each");
        }
        dst = x.m.instance(ref.def(), 0);
        rotate = "yes";
        if (b.get("count") instanceof Node.Int per) {
          count = Val.num((int) per.value() * x.m.n);
        } else {
          // N to each player: N * players cards in all.
          count = x.arith('*', x.num(b.get("count"), Kind.NUM, ctx, body), Val.num(x.m.n), body, b.call);
        }
      } else {
        dst = x.place(toNode, ctx, body).term();
        count = b.has("count") ? x.num(b.get("count"), Kind.NUM, ctx, body) : Val.num(1);
      }
      f.enqueue(src.term(), dst, rotate, count, body);
    }
  }
}
