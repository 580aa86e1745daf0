package veil.ludeme.compile;

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
    IntExpr o = owner;
    return (LudState s) -> base + o.eval(s);
  }

  public int base() {
    return def.base();
  }
}
