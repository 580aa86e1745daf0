package veil.ludeme.compile;

import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.LudState;
import veil.ludeme.PlaceExpr;
import veil.ludeme.PlaceTable;

/**
 * A compiled place reference: a declared place and, for per-player places, an owner expression — or {@code each}
 * (in deals: every player in turn).
 */
public record PlaceRef(PlaceTable.Def def, IntExpr owner, boolean each) {
  /** The instance this reference denotes in a state (not defined for {@code each}). */
  public PlaceExpr expr() {
    int base = def.base();
    if (!def.perPlayer()) {
      return s -> base;
    }
    if (owner == Symbols.MOVER) {
      return new MoverPlace(base);
    }
    if (owner instanceof veil.ludeme.Ints.Const k) {
      int at = base + k.value();
      return s -> at;
    }
    int slot = veil.ludeme.Ints.slotOf(owner);
    if (slot >= 0) {
      return s -> base + s.v[slot]; // (pile "Won" Winner): the owner read from the state
    }
    IntExpr o = owner;
    return (LudState s) -> base + o.eval(s);
  }

  /** The Mover's instance of a per-player place: a shape that move rules read without a call. */
  public record MoverPlace(int base) implements PlaceExpr {
    @Override
    public int instance(LudState s) {
      return base + s.cur;
    }
  }

  /** The base of a place expression that is the Mover's instance of its place, or -1. */
  public static int moverBase(PlaceExpr e) {
    return e instanceof MoverPlace m ? m.base() : -1;
  }

  /**
   * The cards at this place that are in {@code mask} (one long per word; null: all). The common shapes (a shared
   * place, the Mover's own place) read the card set directly instead of through a second closure: on the playout
   * path every indirect call counts.
   */
  public CardsExpr cards(long[] mask) {
    int base = def.base();
    if (!def.perPlayer()) {
      return mask == null ? (s, w) -> s.places[base * s.words + w] : (s, w) -> s.places[base * s.words + w] & mask[w];
    }
    if (owner == Symbols.MOVER) {
      return mask == null ? (s, w) -> s.places[(base + s.cur) * s.words + w]
          : (s, w) -> s.places[(base + s.cur) * s.words + w] & mask[w];
    }
    if (owner instanceof veil.ludeme.Ints.Const k) {
      int at = base + k.value();
      return mask == null ? (s, w) -> s.places[at * s.words + w] : (s, w) -> s.places[at * s.words + w] & mask[w];
    }
    IntExpr o = owner;
    return mask == null ? (s, w) -> s.places[(base + o.eval(s)) * s.words + w]
        : (s, w) -> s.places[(base + o.eval(s)) * s.words + w] & mask[w];
  }

  /** Whether this is the Mover's own instance of a per-player place. */
  public boolean moverOwned() {
    return def.perPlayer() && owner == Symbols.MOVER;
  }

  public int base() {
    return def.base();
  }
}
