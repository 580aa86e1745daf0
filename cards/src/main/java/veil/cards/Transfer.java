package veil.cards;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** Deterministic card movement: {@code (moveAll from:P to:Q)} and {@code (put card P)}; players see what they may. */
public final class Transfer extends SimpleLudeme {
  private final boolean all;

  private Transfer(boolean all) {
    super(all ? "moveAll" : "put", Type.EFFECT, all ? "Moves every card of one place to another."
        : "Moves one given card, wherever it is, to a place: (put (card 19) \"Imp\").",
        all ? new Param[] {Param.required("from", "place", "the source"), Param.required("to", "place", "where to")}
            : new Param[] {Param.pos("card", "card", "the card"), Param.pos("to", "place", "where to")});
    this.all = all;
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
    if (all) {
      PlaceRef fromRef = a.place("from");
      if (fromRef.each()) {
        throw a.error("from", "Each is for deals", "one place");
      }
      PlaceExpr from = fromRef.expr();
      return (Effect) s -> t.moveAll(s, from.instance(s), to.instance(s));
    }
    IntExpr card = a.intExpr("card");
    return (Effect) s -> {
      int k = card.eval(s);
      int at = t.whereIs(s, k);
      int dst = to.instance(s);
      if (at >= 0 && at != dst) {
        t.moveCard(s, k, at, dst);
      }
    };
  }
}
