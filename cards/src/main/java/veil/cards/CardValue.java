package veil.cards;

import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.CardTable;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.Slot;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * Integers about cards: {@code (card Queen Spades)} (a card), {@code (rank C)}, {@code (suit C)}, {@code (number
 * C)}, {@code (value "Map" C)}, {@code (lastCard)}, {@code (trickCard P)}, {@code (holder C)}, {@code (tricks)}.
 */
public final class CardValue extends SimpleLudeme {
  private final int kind;

  private CardValue(String name, int kind, String doc, Param... params) {
    super(name, Type.INT, doc, params);
    this.kind = kind;
  }

  public static List<CardValue> all() {
    Param card = Param.pos("card", "card", "the card (e.g. Card, (lastCard), (trickCard P))");
    return List.of(
        new CardValue("card", 0, "A card by rank and suit, (card Queen Spades), or by number, (card 19).",
            Param.pos("rank", "rank or number", "the rank"), Param.optPos("suit", "suit", "the suit")),
        new CardValue("rank", 1, "A card's rank, as its position in the deck's rank list (low to high).", card),
        new CardValue("suit", 2, "A card's suit (compare with a suit name or LedSuit).", card),
        new CardValue("number", 3, "A card's number (numbered decks; the rank for numeric ranks; else 0).", card),
        new CardValue("value", 4, "A card's value in a map: (value \"Penalty\" Card).",
            Param.pos("map", "string", "the map"), card),
        new CardValue("lastCard", 5, "The card moved by the last move (-1 when none)."),
        new CardValue("trickCard", 6, "The card a player played to the current trick, or to the last one once "
            + "it is complete (-1 when none).", Param.pos("player", "player", "whose card")),
        new CardValue("holder", 7, "The owner of the place that holds a card (-1 when it is in a shared place).",
            card),
        new CardValue("tricks", 8, "Number of tricks completed."));
  }

  @Override
  public String category() {
    return "cards";
  }

  /** (card …), rank, suit, number and value depend only on their card; the others read the state. */
  @Override
  public boolean pure() {
    return kind <= 4;
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    CardTable.Frozen cards = c.table.cards;
    switch (kind) {
      case 0: {
        int card = Cards.find(c, cards, a.call());
        return Ints.constant(card);
      }
      case 1: {
        return Ints.lookup(a.intExpr("card"), cards.rank(), -1);
      }
      case 2: {
        return Ints.lookup(a.intExpr("card"), cards.suit(), -1);
      }
      case 3: {
        return Ints.lookup(a.intExpr("card"), cards.number(), 0);
      }
      case 4: {
        int[] map = map(a);
        return Ints.lookup(a.intExpr("card"), map, 0);
      }
      case 5:
        return Ints.read(Slot.LAST_CARD);
      case 6: {
        IntExpr p = a.player("player");
        int base = c.layout.trickCard;
        return (IntExpr) s -> s.v[base + p.eval(s)];
      }
      case 7: {
        IntExpr x = a.intExpr("card");
        int[] owner = c.table.places.owner();
        veil.ludeme.Table t = c.table;
        return (IntExpr) s -> {
          int k = x.eval(s);
          int at = k < 0 ? -1 : t.whereIs(s, k);
          return at < 0 ? -1 : owner[at];
        };
      }
      default:
        return Ints.read(Slot.TRICKS);
    }
  }

  static int[] map(Args a) throws DslException {
    String name = a.text("map");
    int[] m = a.compiler().cardTable.map(name);
    if (m == null) {
      throw new DslException(new veil.dsl.Diagnostic(a.node("map").pos(), "no map named \"" + name + "\"",
          "a map declared in equipment: (map \"" + name + "\" {…})",
          veil.dsl.Names.nearest(name, a.compiler().cardTable.maps().keySet(), 3)));
    }
    return m;
  }

}
