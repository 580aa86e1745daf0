package veil.cards;

import veil.dsl.DslException;
import veil.ludeme.Action;
import veil.ludeme.CardAction;
import veil.ludeme.CardsExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.LudState;
import veil.ludeme.Names;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Symbols;
import veil.ludeme.compile.Type;

/**
 * {@code (move [from:P] to:Q [cards:S] [name:"play"] [then:effect])}: the player picks one card of a place (or of
 * a subset of it) and moves it to another. The move's GDL term is {@code (name card)}.
 */
public final class MoveCard extends SimpleLudeme {
  public MoveCard() {
    super("move", Type.MOVE, "Pick one card from a place (default your hand) and move it to another.",
        Param.named("from", "place", "where the card comes from (default (hand Mover))"),
        Param.required("to", "place", "where it goes"),
        Param.named("cards", "cards", "which of the place's cards may be picked (default all)"),
        Param.named("name", "name", "the move's GDL name (default move)"),
        Param.named("then", "effect", "what happens after, e.g. a draw"));
  }

  @Override
  public String category() {
    return "moves";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    PlaceRef fromRef = a.has("from") ? a.place("from") : new PlaceRef(c.placeDef("Hand", a.pos()), Symbols.MOVER, false);
    PlaceRef toRef = a.place("to");
    if (fromRef.each() || toRef.each()) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "a move goes from one place to one place (Each is for deals)"));
    }
    PlaceExpr from = fromRef.expr();
    PlaceExpr to = toRef.expr();
    CardsExpr choices = a.has("cards") ? a.cards("cards") : null;
    Effect then = a.effect("then");
    Table t = c.table;
    Action act = new CardAction(Names.gdl(a.text("name", "move"))) {
      @Override
      protected long playable(LudState s) {
        long m = s.places[from.instance(s)];
        return choices == null ? m : m & choices.eval(s);
      }

      @Override
      public void apply(LudState s, int card) {
        t.moveCard(s, card, from.instance(s), to.instance(s));
        if (then != Effect.NONE) {
          then.run(s);
        }
      }

      @Override
      public String text(CompiledGame g, int card) {
        return "(" + verb + " " + t.cardText(card) + ")";
      }
    };
    c.game.actions.add(act);
    return act;
  }
}
