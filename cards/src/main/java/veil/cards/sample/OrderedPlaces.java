package veil.cards.sample;

import veil.dsl.Node;
import veil.ludeme.CompiledGame;
import veil.ludeme.PlaceTable;
import veil.ludeme.compile.GameSyntax;

/**
 * The place instances whose top card the rules read ({@code (top P)} anywhere in the game): in such a place, hidden
 * from the observer, a card the rules move (not chance) is its top card, which the token walk follows instead of
 * drawing one of the place's tokens (a War pile: cards are turned up from the top).
 */
final class OrderedPlaces {
  private OrderedPlaces() {}

  /** The place instances (of the first 64) that show their top card alone ({@code (pile … visible:Top)}). */
  static long topShown(CompiledGame game) {
    boolean[] top = game.places.topShown();
    long out = 0;
    for (int x = 0; x < top.length && x < 64; x++) {
      if (top[x]) {
        out |= 1L << x;
      }
    }
    return out;
  }

  static long of(CompiledGame game) {
    GameSyntax syn = game.syntax();
    if (syn == null) {
      return 0;
    }
    long[] out = new long[1];
    for (Node n : syn.start()) {
      scan(game, n, out);
    }
    for (GameSyntax.PhaseSyntax p : syn.phases()) {
      scan(game, p.move(), out);
      scan(game, p.then(), out);
      scan(game, p.entry(), out);
      for (GameSyntax.Transition tr : p.transitions()) {
        scan(game, tr.when(), out);
        scan(game, tr.then(), out);
      }
    }
    for (GameSyntax.EndSyntax e : syn.ends()) {
      scan(game, e.when(), out);
      scan(game, e.outcome(), out);
      scan(game, e.before(), out);
    }
    return out[0];
  }

  private static void scan(CompiledGame game, Node n, long[] out) {
    if (n instanceof Node.Named named) {
      scan(game, named.value(), out);
      return;
    }
    if (n instanceof Node.Braces b) {
      for (Node item : b.items()) {
        scan(game, item, out);
      }
      return;
    }
    if (!(n instanceof Node.Call c)) {
      return;
    }
    if ("top".equals(c.headName()) && c.args().size() == 1) {
      PlaceTable.Def d = def(game, c.args().get(0));
      if (d != null) {
        int count = d.perPlayer() ? game.players : 1;
        for (int k = 0; k < count && d.base() + k < 64; k++) {
          out[0] |= 1L << (d.base() + k);
        }
      }
    }
    for (Node item : c.items()) {
      scan(game, item, out);
    }
  }

  /** The place a place argument names: "Name", (pile "Name" …), (hand [Name] …), (spot …), (place …). */
  private static PlaceTable.Def def(CompiledGame game, Node n) {
    String name = null;
    if (n instanceof Node.Str s) {
      name = s.value();
    } else if (n instanceof Node.Call c && !c.args().isEmpty()) {
      name = c.args().get(0) instanceof Node.Str s ? s.value() : "hand".equals(c.headName()) ? "Hand" : null;
    }
    if (name == null) {
      return null;
    }
    for (PlaceTable.Def d : game.placeDefs) {
      if (d.name().equalsIgnoreCase(name)) {
        return d;
      }
    }
    return null;
  }
}
