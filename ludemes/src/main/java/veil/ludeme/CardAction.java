package veil.ludeme;

import java.util.SplittableRandom;
import veil.model.MoveList;

/**
 * An action whose moves are "this card", one per card of a set (play a card to a trick, move a card to a pile):
 * the moves listed are the set's cards in increasing order, and a random move is drawn from the set without
 * listing.
 */
public abstract class CardAction extends Action {
  protected CardAction(String verb) {
    super(verb);
  }

  /** Word w of the cards the player {@link LudState#cur} may move now (see {@link CardsExpr}). */
  protected abstract long playable(LudState s, int w);

  @Override
  public final void generate(LudState s, MoveList out) {
    for (int w = 0; w < s.words; w++) {
      for (long m = playable(s, w); m != 0; m &= m - 1) {
        out.add(move(w << 6 | Long.numberOfTrailingZeros(m)));
      }
    }
  }

  @Override
  public final int randomMove(LudState s, SplittableRandom rng, MoveList scratch) {
    int words = s.words;
    if (words == 1) {
      long m = playable(s, 0);
      int n = Long.bitCount(m);
      return n == 0 ? -1 : move(Bits.select(m, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
    }
    // Each word once into the state's scratch, then one draw over all of them.
    long[] ws = s.scratchWords(words);
    int n = 0;
    for (int w = 0; w < words; w++) {
      long m = playable(s, w);
      ws[w] = m;
      n += Long.bitCount(m);
    }
    return n == 0 ? -1 : move(Bits.select(ws, 0, words, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
  }
}
