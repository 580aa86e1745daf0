package veil.ludeme;

import veil.model.MoveList;

/**
 * A compiled move generator: writes the legal moves of the player {@link LudState#cur} into a list. Leaves are
 * {@link Action}s; composites ({@code or}, {@code priority}, {@code if}) combine them.
 */
public interface MoveRule {
  void generate(LudState s, MoveList out);

  /**
   * A uniformly random move of {@link #generate}'s list for the player {@link LudState#cur}, or -1 when there is
   * none; it draws only when there are two or more, and draw i picks the i-th listed move. Rules whose moves are a
   * card mask override it to draw without listing.
   */
  default int randomMove(LudState s, java.util.SplittableRandom rng, MoveList scratch) {
    scratch.clear();
    generate(s, scratch);
    int n = scratch.size();
    return n == 0 ? -1 : scratch.get(n == 1 ? 0 : veil.model.Uniform.below(rng, n));
  }

  /** True when this rule hands the turn on by itself (a trick), so the phase must not pass it to the next player. */
  default boolean managesTurn() {
    return false;
  }

  /** What entering a phase with this rule must do first (a trick sets its leader), or null. */
  default Effect entry() {
    return null;
  }
}
