package veil.cards;

import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.CardTable;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * {@code (map "Name" {(key value) …} [default:N])}: a value for every card — points, worth, what it adds. A key is
 * a suit (every card of it), a rank (every card of it) or a card {@code (card R S)}; later entries override earlier.
 */
public final class ValueMap extends SimpleLudeme {
  public ValueMap() {
    super("map", Type.EQUIPMENT, "A value per card (points, worth), given by suit, rank or card; later entries "
        + "override earlier ones.", Param.pos("name", "string", "the map's name"),
        Param.pos("entries", "{(key value) …}", "suit, rank or (card …) keys with integer values"),
        Param.named("default", "int literal", "the value of cards no entry names (0)"));
  }

  @Override
  public String category() {
    return "equipment";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    CardTable t = c.cardTable;
    String name = a.text("name");
    if (t.map(name) != null) {
      throw a.error("name", "map \"" + name + "\" is declared twice", "a new name");
    }
    int[] values = new int[t.count()];
    java.util.Arrays.fill(values, a.constInt("default", 0));
    CardTable.Frozen cards = t.freeze();
    for (Node e : a.list("entries")) {
      if (!(e instanceof Node.Call pair) || pair.items().size() != 2 || !(pair.items().get(1) instanceof Node.Int v)) {
        throw new DslException(Diagnostic.at(e.pos(), "expected (key value)", "(Hearts 1) or ((card Queen Spades) 13)"));
      }
      boolean[] mask = Cards.keyMask(c, cards, pair.items().get(0));
      for (int card = 0; card < values.length; card++) {
        if (mask[card]) {
          values[card] = (int) v.value();
        }
      }
    }
    t.defineMap(name, values);
    return this;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }
}
