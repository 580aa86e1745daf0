package veil.ludeme;

import veil.model.MoveList;

/**
 * A compiled move generator: writes the legal moves of the player {@link LudState#cur} into a list. Leaves are
 * {@link Action}s; composites ({@code or}, {@code priority}, {@code if}) combine them.
 */
public interface MoveRule {
  void generate(LudState s, MoveList out);

  /** True when this rule hands the turn on by itself (a trick), so the phase must not pass it to the next player. */
  default boolean managesTurn() {
    return false;
  }

  /** What entering a phase with this rule must do first (a trick sets its leader), or null. */
  default Effect entry() {
    return null;
  }
}
