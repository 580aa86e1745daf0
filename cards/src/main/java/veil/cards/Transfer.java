package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardTable;
import veil.ludeme.LudState;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.PlaceExpr;
import veil.ludeme.PlaceTable;
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
    super(all ? "moveAll" : "put", Type.EFFECT, all ? "Moves every card of one place to another, or every card for "
        + "which if: holds (all sevens from that hand to mine), as one effect: on top one by one in the game's card "
        + "order, or with at:Bottom slid under the cards there, keeping their order."
        : "Moves one given card, wherever it is, to a place: (put (card 19) \"Imp\").",
        all ? new Param[] {Param.required("from", "place", "the source"), Param.required("to", "place", "where to"),
            Param.named("if", "condition", "only the cards for which this holds, with Card bound, all decided before "
                + "any moves, e.g. (= (rank Card) Choice)"), AT}
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
      for (String p : List.of("from", "to")) {
        PlaceTable.Def d = (p.equals("from") ? fromRef : toRef).def();
        if (d.visibility() == PlaceTable.Visibility.TOP) {
          throw a.error(p, "moveAll does not take \"" + d.name() + "\", a pile that shows its top card "
              + "(visible:Top), yet", "put or a move, one card at a time");
        }
      }
      PlaceExpr from = fromRef.expr();
      if (!a.has("if")) {
        return under ? (Effect) s -> t.moveAllUnder(s, from.instance(s), to.instance(s))
            : (Effect) s -> t.moveAll(s, from.instance(s), to.instance(s));
      }
      if (under) {
        throw a.error("at", "moveAll with if: puts the chosen cards on top; at:Bottom is not supported with if: yet",
            "(moveAll from:… to:… if:…) without at:");
      }
      BoolExpr cond = a.bool("if");
      if (CardTable.wordsFor(CardTable.MAX_CARDS) > 4) {
        throw new IllegalStateException("moveAll if: keeps at most four words of chosen cards");
      }
      return (Effect) s -> {
        int src = from.instance(s);
        int dst = to.instance(s);
        // Every card is judged before any moves (the condition may read the place); at most four words, kept in
        // locals so that nothing is allocated.
        long c0 = chosen(s, cond, src, 0);
        long c1 = s.words > 1 ? chosen(s, cond, src, 1) : 0;
        long c2 = s.words > 2 ? chosen(s, cond, src, 2) : 0;
        long c3 = s.words > 3 ? chosen(s, cond, src, 3) : 0;
        if (src == dst) {
          return;
        }
        move(t, s, c0, 0, src, dst);
        move(t, s, c1, 1, src, dst);
        move(t, s, c2, 2, src, dst);
        move(t, s, c3, 3, src, dst);
      };
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

  /** The cards of word w of place instance x for which cond holds, Card bound to each. */
  private static long chosen(LudState s, BoolExpr cond, int x, int w) {
    long m = s.places[x * s.words + w];
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
  }

  private static void move(Table t, LudState s, long cards, int w, int from, int to) {
    while (cards != 0) {
      int c = w << 6 | Long.numberOfTrailingZeros(cards);
      cards &= cards - 1;
      t.moveCard(s, c, from, to);
    }
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

    /**
     * (moveAll from:P to:Q [if:cond]): every card (for which cond holds, Card bound), lowest first; the last card
     * moved is the highest.
     */
    public static void moveAll(Bound b, Ctx ctx, Flow f) throws ExportException {
      Exprs x = f.x;
      List<String> body = new ArrayList<>();
      Val from = x.place(b.get("from"), ctx, body);
      Val to = x.place(b.get("to"), ctx, body);
      String c = x.out.var();
      body.add(x.store.read(x.fam.at(), List.of(c), from.term()));
      if (b.has("if")) {
        x.cond(b.get("if"), ctx.bind("Card", Val.of(c, Kind.CARD), Program.atom(x.m.isCard(), c)), body);
        // A place moved to itself stays as it is (the engine moves nothing).
        body.add(Program.atom("distinct", from.term(), to.term()));
      }
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
        if (b.has("if")) {
          x.cond(b.get("if"), ctx.bind("Card", Val.of(d, Kind.CARD), Program.atom(x.m.isCard(), d)), higher);
        }
        higher.add(isUnder(b) ? x.store.read(x.fam.above(), List.of(c, d), null)
            : Program.atom(cardBefore(x), c, d));
        lastBody.add(Program.not(x.helper("higher", ctx, List.of(higher), List.of(List.of(c))).call(c)));
      }
      // The cards that move with c: every card of the source, or those the condition chose (the others stay).
      String e = x.out.var();
      List<String> others = new ArrayList<>(List.of(x.store.read(x.fam.at(), List.of(e), from.term())));
      if (b.has("if") && f.fam.above().read) {
        x.cond(b.get("if"), ctx.bind("Card", Val.of(e, Kind.CARD), Program.atom(x.m.isCard(), e)), others);
      }
      f.reorderAll(c, from.term(), to.term(), body, isUnder(b), cardBefore(x), e, others);
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
