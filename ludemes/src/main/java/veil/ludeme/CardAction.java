package veil.ludeme;

import java.util.SplittableRandom;
import veil.model.MoveList;

/**
 * An action whose moves are "this card", one per card of a set (play a card to a trick, move a card to a pile):
 * the moves listed are the set's cards in increasing order, and a random move is drawn from the set without
 * listing.
 *
 * <p>Identical copies (two decks, jokers; {@link LudState#faces} non-null): a move names the face (the first
 * copy's index), once however many copies the player may move, and plays the lowest copy it may move. Which copy
 * moves is then the rules' choice, not the player's, so it tells nobody anything (percepts name faces too).
 */
public abstract class CardAction extends Action {
  protected CardAction(String verb) {
    super(verb);
  }

  /** Word w of the cards the player {@link LudState#cur} may move now (see {@link CardsExpr}). */
  protected abstract long playable(LudState s, int w);

  /**
   * Every word of {@link #playable} into {@code out} ({@link LudState#words} longs); an action whose words share
   * work (a test over the whole hand) computes them in one pass.
   */
  protected void playableWords(LudState s, long[] out) {
    for (int w = 0; w < s.words; w++) {
      out[w] = playable(s, w);
    }
  }

  /** Moves this card (a card of {@link #playable}) for the player {@link LudState#cur}. */
  protected abstract void applyCard(LudState s, int card);

  @Override
  public final void apply(LudState s, int payload) {
    if (s.faces == null) {
      applyCard(s, payload);
      return;
    }
    // A move the playout just drew from this action in this state: the copy the draw found is the one to move.
    boolean drawn = s.drawnBy == this && s.faces[s.drawnCopy] == payload;
    s.drawnBy = null;
    applyCard(s, drawn ? s.drawnCopy : lowestCopy(s, payload, s.faces));
  }

  /** The lowest playable copy of a face (the face itself when none is playable: then the move was not legal). */
  private int lowestCopy(LudState s, int face, int[] faces) {
    for (int c = face; c < faces.length && faces[c] == face; c++) {
      if ((playable(s, c >>> 6) & 1L << c) != 0) {
        return c;
      }
    }
    return face;
  }

  @Override
  public final void generate(LudState s, MoveList out) {
    if (s.faces != null) {
      long[] ws = lowestCopies(s, s.faces);
      for (int w = 0; w < s.words; w++) {
        for (long m = ws[w]; m != 0; m &= m - 1) {
          out.add(move(s.faces[w << 6 | Long.numberOfTrailingZeros(m)]));
        }
      }
      return;
    }
    for (int w = 0; w < s.words; w++) {
      for (long m = playable(s, w); m != 0; m &= m - 1) {
        out.add(move(w << 6 | Long.numberOfTrailingZeros(m)));
      }
    }
  }

  @Override
  public final int randomMove(LudState s, SplittableRandom rng, MoveList scratch) {
    int words = s.words;
    if (s.faces != null) {
      long[] ws = lowestCopies(s, s.faces);
      int n = 0;
      for (int w = 0; w < words; w++) {
        n += Long.bitCount(ws[w]);
      }
      if (n == 0) {
        return -1;
      }
      int c = Bits.select(ws, 0, words, n == 1 ? 0 : veil.model.Uniform.below(rng, n));
      s.drawnBy = this;
      s.drawnCopy = c;
      return move(s.faces[c]);
    }
    if (words == 1) {
      long m = playable(s, 0);
      int n = Long.bitCount(m);
      return n == 0 ? -1 : move(Bits.select(m, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
    }
    // Each word once into the state's scratch, then one draw over all of them.
    long[] ws = s.scratchWords(words);
    playableWords(s, ws);
    int n = 0;
    for (int w = 0; w < words; w++) {
      n += Long.bitCount(ws[w]);
    }
    return n == 0 ? -1 : move(Bits.select(ws, 0, words, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
  }

  /** The playable cards, each face once (its lowest playable copy), in the state's scratch words. */
  private long[] lowestCopies(LudState s, int[] faces) {
    int words = s.words;
    long[] ws = s.scratchWords(words);
    playableWords(s, ws);
    long[] masks = s.lowerCopyMasks;
    if (masks != null) {
      // Copies within one word: a card goes when some lower copy, j places below it, is in the set.
      for (int w = 0; w < words; w++) {
        long m = ws[w];
        long lower = 0;
        for (int j = 1, at = w; at < masks.length; j++, at += words) {
          lower |= m << j & masks[at];
        }
        ws[w] = m & ~lower;
      }
      return ws;
    }
    for (int w = 0; w < words; w++) {
      for (long m = ws[w]; m != 0; m &= m - 1) {
        int c = w << 6 | Long.numberOfTrailingZeros(m);
        for (int d = faces[c]; d < c; d++) {
          if ((ws[d >>> 6] & 1L << d) != 0) {
            ws[w] &= ~(1L << c); // a lower copy is playable: that one is the face's move
            break;
          }
        }
      }
    }
    return ws;
  }
}
