package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Family;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Val;

/**
 * Deterministic card movement: {@code (moveAll from:P to:Q)} and {@code (put card P)}; players see what they may.
 * {@code at:Bottom} puts the cards under those already there (War's won cards go under the pile).
 */
public final class Transfer extends SimpleLudeme {
  private final boolean all;

  private Transfer(boolean all) {
    super(all ? "moveAll" : "put", Type.EFFECT, all ? "Moves every card of one place to another: on top one by one in the game's card order, or "
        + "with at:Bottom slid under the cards there, keeping their order."
        : "Moves one given card, wherever it is, to a place: (put (card 19) \"Imp\").",
        all ? new Param[] {Param.required("from", "place", "the source"), Param.required("to", "place", "where to"),
            AT}
            : new Param[] {Param.pos("card", "card", "the card"), Param.pos("to", "place", "where to"), AT});
    this.all = all;
  }

  /** Where moved cards go in their new place: on top (the default) or under the cards there. */
  static final Param AT = Param.named("at", "Top|Bottom", "on top of the cards there (default) or at the bottom");

  /** Whether a call puts its cards at the bottom (at:Bottom). */
  static boolean under(Args a) throws DslException {
    String at = a.text("at", "Top");
    if (!at.equals("Top") && !at.equals("Bottom")) {
      throw a.error("at", "unknown position " + at, "Top Bottom");
    }
    return at.equals("Bottom");
  }

  public static List<Transfer> all() {
    return List.of(new Transfer(true), new Transfer(false));
  }

  @Override
  public String category() {
    return "cards";
  }

  @Override
  public Object build(Args a) throws DslException {
    Table t = a.compiler().table;
    PlaceRef toRef = a.place("to");
    if (toRef.each()) {
      throw a.error("to", "Each is for deals", "one place, e.g. (hand Mover)");
    }
    PlaceExpr to = toRef.expr();
    boolean under = under(a);
    if (all) {
      PlaceRef fromRef = a.place("from");
      if (fromRef.each()) {
        throw a.error("from", "Each is for deals", "one place");
      }
      PlaceExpr from = fromRef.expr();
      return under ? (Effect) s -> t.moveAllUnder(s, from.instance(s), to.instance(s))
          : (Effect) s -> t.moveAll(s, from.instance(s), to.instance(s));
    }
    IntExpr card = a.intExpr("card");
    return (Effect) s -> {
      int k = card.eval(s);
      int at = t.whereIs(s, k);
      int dst = to.instance(s);
      if (at >= 0 && at != dst) {
        if (under) {
          t.moveCardUnder(s, k, at, dst);
        } else {
          t.moveCard(s, k, at, dst);
        }
      }
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return name().equals("moveAll") ? (GdlEmitter.Effect) Gdl::moveAll : (GdlEmitter.Effect) Gdl::put;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (moveAll from:P to:Q): every card, lowest first; the last card moved is the highest. */
    public static void moveAll(Bound b, Ctx ctx, Flow f) throws ExportException {
      Exprs x = f.x;
      List<String> body = new ArrayList<>();
      Val from = x.place(b.get("from"), ctx, body);
      Val to = x.place(b.get("to"), ctx, body);
      String c = x.out.var();
      body.add(x.store.read(x.fam.at(), List.of(c), from.term()));
      Family at = f.fam.at();
      f.seesMove(new Flow.CardMove(c, from.term(), to.term(), body));
      // The last card moved, read before the move: the highest of the source, or its bottom card (at:Bottom).
      Family last = f.fam.lastCard();
      List<String> lastBody = null;
      if (last.read) {
        lastBody = new ArrayList<>(body);
        String d = x.out.var();
        List<String> higher = new ArrayList<>(body);
        higher.add(x.store.read(x.fam.at(), List.of(d), from.term()));
        higher.add(isUnder(b) ? x.store.read(x.fam.above(), List.of(c, d), null)
            : Program.atom(cardBefore(x), c, d));
        lastBody.add(Program.not(x.helper("higher", ctx, List.of(higher), List.of(List.of(c))).call(c)));
      }
      f.reorderAll(c, from.term(), to.term(), body, isUnder(b), cardBefore(x));
      f.write(at, List.of(new Flow.W(List.of(c), to.term(), body, null)));
      if (lastBody != null) {
        f.set(last, List.of(), Val.of(c, Kind.CARD), lastBody);
      }
    }

    public static String cardBefore(Exprs x) {
      if (x.out.once("cardbefore")) {
        for (int a = 0; a < x.m.cards(); a++) {
          for (int b = a + 1; b < x.m.cards(); b++) {
            x.out.table("cardbefore", "(cardbefore " + x.m.cardTerm[a] + " " + x.m.cardTerm[b] + ")",
                "(cardbefore a b): card a comes before card b in the game's order of cards");
          }
        }
      }
      return "cardbefore";
    }

    /** (put card place): moves the card from wherever it is, unless it is there already. */
    public static void put(Bound b, Ctx ctx, Flow f) throws ExportException {
      Exprs x = f.x;
      List<String> body = new ArrayList<>();
      Val card = x.num(b.get("card"), Kind.CARD, ctx, body);
      Val to = x.place(b.get("to"), ctx, body);
      String from = x.out.var();
      body.add(x.store.read(x.fam.at(), List.of(card.term()), from));
      body.add(Program.atom("distinct", from, to.term()));
      f.moveCards(List.of(new Flow.CardMove(card.term(), from, to.term(), body)), isUnder(b));
    }

    static boolean isUnder(Bound b) throws ExportException {
      return b.has("at") && b.text("at").equals("Bottom");
    }
  }
}
