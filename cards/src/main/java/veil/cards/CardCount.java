package veil.cards;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (count cards)}, {@code (sum "Map" cards)}, {@code (empty cards)}: measures of a set of cards or a place. */
public final class CardCount extends SimpleLudeme {
  private final int kind;

  private CardCount(String name, Type type, int kind, String doc, Param... params) {
    super(name, type, doc, params);
    this.kind = kind;
  }

  public static List<CardCount> all() {
    Param cards = Param.pos("cards", "cards or place", "the cards, e.g. (hand Mover)");
    return List.of(new CardCount("count", Type.INT, 0, "How many cards.", cards),
        new CardCount("sum", Type.INT, 1, "The sum of a map's values over the cards: (sum \"Penalty\" (pile \"Won\" P)).",
            Param.pos("map", "string", "the map"), cards),
        new CardCount("empty", Type.BOOL, 2, "True when there are no cards.", cards));
  }

  @Override
  public String category() {
    return "cards";
  }

  @Override
  public Object build(Args a) throws DslException {
    CardsExpr cards = a.cards("cards");
    switch (kind) {
      case 0:
        return (IntExpr) s -> Long.bitCount(cards.eval(s));
      case 1: {
        int[] map = CardValue.map(a);
        return (IntExpr) s -> {
          long m = cards.eval(s);
          int sum = 0;
          while (m != 0) {
            sum += map[Long.numberOfTrailingZeros(m)];
            m &= m - 1;
          }
          return sum;
        };
      }
      default:
        return (BoolExpr) s -> cards.eval(s) == 0;
    }
  }
}
