package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
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

/** {@code (reveal card [to:P])}: shows a card's face where it lies, to one player or (default) to all. */
public final class Reveal extends SimpleLudeme {
  public Reveal() {
    super("reveal", Type.EFFECT, "Shows a card's face, where it lies, to one player or to everyone; it does not move.",
        Param.pos("card", "card", "the card, e.g. (lastCard)"), Param.named("to", "player or All", "who sees it (All)"));
  }

  @Override
  public String category() {
    return "cards";
  }

  @Override
  public Object build(Args a) throws DslException {
    Table t = a.compiler().table;
    IntExpr card = a.intExpr("card");
    if (!a.has("to") || a.text("to").equals("All")) {
      return (Effect) s -> t.reveal(s, card.eval(s), -1);
    }
    IntExpr who = a.intExpr("to");
    return (Effect) s -> t.reveal(s, card.eval(s), who.eval(s));
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Effect) Gdl::reveal;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (reveal card [to:P]): (revealed CARD PLACE) to one player or all. */
    public static void reveal(Bound b, Ctx ctx, Flow f) throws ExportException {
      Exprs x = f.x;
      List<String> body = new ArrayList<>();
      Val card = x.num(b.get("card"), Kind.CARD, ctx, body);
      String where = x.out.var();
      body.add(x.store.read(x.fam.at(), List.of(card.term()), where));
      String who;
      if (!b.has("to") || b.text("to").equals("All")) {
        who = x.out.var();
        body.add(Program.atom(x.m.players(), who));
      } else {
        who = x.num(b.get("to"), Kind.PLAYER, ctx, body).term();
      }
      f.sees(who, Program.atom("revealed", x.m.face(card.term(), body), where), body);
    }
  }
}
