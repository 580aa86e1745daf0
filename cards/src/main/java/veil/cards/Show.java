package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
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
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Val;

/**
 * {@code (show place [to:P])}: turns a whole place face up, where it lies — every card it holds now is revealed to
 * one player or (default) to everyone, as one {@code (revealed CARD PLACE)} percept per card, lowest card first.
 * Bridge's dummy: {@code (show (hand (var "Dummy")))} after the opening lead. The place's visibility does not change:
 * a card that enters it later is not shown (a card that leaves it for a face-up place is seen as usual).
 */
public final class Show extends SimpleLudeme {
  public Show() {
    super("show", Type.EFFECT, "Turns a place's cards face up where they lie: every card it holds now is revealed to "
        + "one player or to everyone, e.g. Bridge's dummy after the opening lead; later arrivals are not shown.",
        Param.pos("place", "place", "the place, e.g. (hand (var \"Dummy\"))"),
        Param.named("to", "player or All", "who sees the cards (All)"));
  }

  @Override
  public String category() {
    return "cards";
  }

  @Override
  public Object build(Args a) throws DslException {
    Table t = a.compiler().table;
    PlaceRef ref = a.place("place");
    if (ref.each()) {
      throw a.error("place", "Each is for deals", "one place, e.g. (hand P2)");
    }
    PlaceExpr place = ref.expr();
    IntExpr who = !a.has("to") || a.text("to").equals("All") ? null : a.intExpr("to");
    return (Effect) s -> {
      if (s.sink == null) {
        return; // nothing moves: a show is nothing but percepts
      }
      int p = who == null ? -1 : who.eval(s);
      int at = place.instance(s) * s.words;
      for (int w = 0; w < s.words; w++) {
        for (long m = s.places[at + w]; m != 0; m &= m - 1) {
          t.reveal(s, w << 6 | Long.numberOfTrailingZeros(m), p);
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
    return (GdlEmitter.Effect) Gdl::show;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (show place [to:P]): (revealed CARD PLACE) for every card at the place, to one player or all. */
    public static void show(Bound b, Ctx ctx, Flow f) throws ExportException {
      Exprs x = f.x;
      List<String> body = new ArrayList<>();
      Val where = x.place(b.get("place"), ctx, body);
      String card = x.out.var();
      body.add(x.store.read(x.fam.at(), List.of(card), where.term()));
      String who;
      if (!b.has("to") || b.text("to").equals("All")) {
        who = x.out.var();
        body.add(Program.atom(x.m.players(), who));
      } else {
        who = x.num(b.get("to"), Kind.PLAYER, ctx, body).term();
      }
      f.sees(who, Program.atom("revealed", x.m.face(card, body), where.term()), body);
    }
  }
}
