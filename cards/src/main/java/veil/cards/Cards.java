package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.CardTable;
import veil.ludeme.compile.Compiler;

/** Compile-time lookups of cards by rank, suit and number. */
final class Cards {
  private Cards() {}

  /** The cards a map key names (true at their indices): a suit, a rank (or number), or {@code (card …)}. */
  static boolean[] keyMask(Compiler c, CardTable.Frozen cards, Node key) throws DslException {
    boolean[] mask = new boolean[cards.count()];
    if (key instanceof Node.Call call && "card".equals(call.headName())) {
      int face = find(c, cards, call);
      for (int card = 0; card < cards.count(); card++) {
        mask[card] = cards.face()[card] == face; // every copy of it
      }
      return mask;
    }
    String k = Compiler.text(key);
    int suit = c.cardTable.findSuit(k);
    int rank = c.cardTable.findRank(k);
    boolean any = false;
    for (int card = 0; card < cards.count(); card++) {
      if (suit >= 0 && cards.suit()[card] == suit || rank >= 0 && cards.rank()[card] == rank) {
        mask[card] = true;
        any = true;
      }
    }
    if (!any) {
      List<String> known = new ArrayList<>(c.cardTable.suitNames());
      known.addAll(c.cardTable.rankNames());
      throw new DslException(new Diagnostic(key.pos(), "no suit or rank named " + k, "a suit, a rank or (card …)",
          veil.dsl.Names.nearest(k, known, 3)));
    }
    return mask;
  }

  /** The card {@code (card Rank Suit)} or {@code (card Number)}. */
  static int find(Compiler c, CardTable.Frozen cards, Node.Call call) throws DslException {
    List<Node> args = call.args();
    if (args.isEmpty() || args.size() > 2) {
      throw new DslException(Diagnostic.at(call.pos(), "expected (card Rank Suit) or (card Number)",
          "(card Queen Spades) or (card 19)"));
    }
    int rank = c.cardTable.findRank(Compiler.text(args.get(0)));
    int suit = args.size() == 2 ? c.cardTable.findSuit(Compiler.text(args.get(1))) : -2;
    for (int card = 0; card < cards.count(); card++) {
      if (cards.rank()[card] == rank && (suit == -2 || cards.suit()[card] == suit)) {
        return card;
      }
    }
    throw new DslException(Diagnostic.at(call.pos(), "no such card in this game: " + call, "a card of a declared deck"));
  }
}
