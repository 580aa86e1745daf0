package veil.cards;

import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

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
}
