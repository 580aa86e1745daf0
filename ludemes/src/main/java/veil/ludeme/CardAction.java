package veil.ludeme;

import java.util.SplittableRandom;
import veil.model.MoveList;

/**
 * An action whose moves are "this card", one per card of a mask (play a card to a trick, move a card to a pile):
 * the moves listed are the mask's cards in increasing order, and a random move is drawn from the mask without
 * listing.
 */
public abstract class CardAction extends Action {
  protected CardAction(String verb) {
    super(verb);
  }

  /** The cards the player {@link LudState#cur} may move now. */
  protected abstract long playable(LudState s);

  @Override
  public final void generate(LudState s, MoveList out) {
    for (long m = playable(s); m != 0; m &= m - 1) {
      out.add(move(Long.numberOfTrailingZeros(m)));
    }
  }

  @Override
  public final int randomMove(LudState s, SplittableRandom rng, MoveList scratch) {
    long m = playable(s);
    int n = Long.bitCount(m);
    return n == 0 ? -1 : move(Bits.select(m, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
  }
}
