package veil.ludeme.compile;

import java.util.ArrayList;
import java.util.List;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.Slot;

/**
 * Bare names that stand for integers: players (Mover, Next, Prev, Player, LastMover, P1…, or the
 * names given in {@code (players {…})}), the led suit, the bound card, suits and ranks.
 */
public final class Symbols {
  private Symbols() {}

  /** Mover: the player being asked or moving. One instance, so place references can recognise it. */
  public static final IntExpr MOVER = s -> s.cur;

  /**
   * The general names whose value is read from the state or the evaluation scratch; names that ludemes contribute
   * ({@link NamedValue}) are read from the state too. All others are constants.
   */
  private static final java.util.Set<String> STATEFUL =
      java.util.Set.of("Mover", "Next", "Prev", "Player", "LastMover", "Choice");

  /** Whether a bare name stands for a constant or for the bound Card (a name that is not known counts as not). */
  public static boolean constantOrCard(Compiler c, String name) {
    if (name.equals("True") || name.equals("False")) {
      return true;
    }
    return !STATEFUL.contains(name) && c.namedValue(name) == null && intSymbol(c, name) != null;
  }

  public static IntExpr intSymbol(Compiler c, String name) {
    int n = Math.max(1, c.players());
    switch (name) {
      case "Mover":
        return MOVER;
      case "Next":
        return s -> (s.cur + 1) % n;
      case "Prev":
        return s -> (s.cur + n - 1) % n;
      case "Player":
        return s -> s.boundPlayer;
      case "LastMover":
        return Ints.read(Slot.LAST_MOVER);
      case "Card":
        return s -> s.boundCard;
      case "Choice":
        return s -> s.choice;
      default:
        break;
    }
    NamedValue contributed = c.namedValue(name);
    if (contributed != null) {
      return contributed.compile(c);
    }
    int p = player(c, name);
    if (p >= 0) {
      return Ints.constant(p);
    }
    int suit = c.cardTable.findSuit(name);
    if (suit >= 0) {
      return Ints.constant(suit);
    }
    int rank = c.cardTable.findRank(name);
    if (rank >= 0) {
      return Ints.constant(rank);
    }
    return null;
  }

  /** A constant player named P1…Pn or by its declared name, or -1. */
  public static int player(Compiler c, String name) {
    if (name.length() >= 2 && (name.charAt(0) == 'P' || name.charAt(0) == 'p')) {
      try {
        int k = Integer.parseInt(name.substring(1));
        if (k >= 1 && k <= c.players()) {
          return k - 1;
        }
      } catch (NumberFormatException e) {
        // not P<number>
      }
    }
    for (int k = 0; k < c.game.playerNames.size(); k++) {
      if (c.game.playerNames.get(k).equalsIgnoreCase(name)) {
        return k;
      }
    }
    return -1;
  }

  public static List<String> intSymbolNames(Compiler c) {
    List<String> out = new ArrayList<>(List.of("Mover", "Next", "Prev", "Player", "LastMover", "Card", "Choice"));
    out.addAll(c.namedValueNames());
    for (int k = 1; k <= c.players(); k++) {
      out.add("P" + k);
    }
    out.addAll(c.game.playerNames);
    out.addAll(c.cardTable.suitNames());
    out.addAll(c.cardTable.rankNames());
    return out;
  }
}
