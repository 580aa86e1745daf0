package veil.ludeme;

import java.util.Arrays;
import veil.model.Percepts;
import veil.model.State;

/**
 * The state of a ludeme game: one card set per place instance and one int array for everything else. A card set is
 * {@link #words} longs (one for games of at most 64 cards): place x's word w is {@code places[x * words + w]} and
 * holds cards {@code 64w .. 64w+63} (card c is bit {@code c & 63} of word {@code c >>> 6}).
 * Copying is two arraycopies. The fields after the arrays are scratch registers for evaluating compiled ludemes
 * (who is being asked, the card or player a ludeme ranges over, where percepts go); they are not part of the
 * state and are never copied.
 */
public final class LudState implements State {
  /** Card sets, {@link #words} longs per place instance: {@code places[x * words + w]}. */
  public final long[] places;
  /** Longs per card set: ceil(cards / 64), at least 1. */
  public final int words;
  /**
   * Each card's face (the index of its first copy) when the game has identical copies, else null: a player's card
   * move names the face (see {@link CardAction}). Part of the game, not of the state; shared by copies.
   */
  public int[] faces;
  /** With {@link #faces}: {@link CardTable.Frozen#lowerCopyMasks}, or null when copies straddle words. */
  public long[] lowerCopyMasks;
  /**
   * With {@link #faces}, on the playout path only: the card action whose random move was just drawn in this state,
   * and {@link #drawnCopy} the copy that move plays (its lowest playable copy), so that applying the move need not
   * look for it again. Cleared by the playout before each draw, by {@link CompiledGame#apply} (the step protocol
   * never uses it) and when a card move is applied.
   */
  CardAction drawnBy;
  int drawnCopy;
  public final int[] v;

  /** The player whose moves are being generated or applied ("Mover" in expressions). */
  public int cur;
  /** The player bound by forEach/some/all/ranking ("Player" in expressions). */
  public int boundPlayer = -1;
  /** The card bound by card filters and trick keys ("Card" in expressions). */
  public int boundCard = -1;
  /** The value the move being applied chose ({@code choose}; "Choice" in expressions). */
  public int choice = -1;
  /** Where {@link CompiledGame#apply} sends percepts; null when nobody listens. */
  public Percepts sink;

  private int[] keys;

  /** A scratch array of n ints (for ranking at the end), allocated once per state object. */
  public int[] scratchKeys(int n) {
    if (keys == null || keys.length < n) {
      keys = new int[n];
    }
    return keys;
  }

  /** The scratch words of {@link #scratchWords}, allocated once per state object. */
  private long[] wordScratch;

  /** A scratch array of n longs (for a card set of several words being counted and drawn from). */
  public long[] scratchWords(int n) {
    if (wordScratch == null || wordScratch.length < n) {
      wordScratch = new long[n];
    }
    return wordScratch;
  }

  public LudState(int placeCount, int words, int intCount) {
    this.words = words;
    places = new long[placeCount * words];
    v = new int[intCount];
  }

  /** Word w of place instance x's cards. */
  public long word(int x, int w) {
    return places[x * words + w];
  }

  /** Whether place instance x holds no card. */
  public boolean isEmpty(int x) {
    for (int w = 0, at = x * words; w < words; w++) {
      if (places[at + w] != 0) {
        return false;
      }
    }
    return true;
  }

  /** How many cards place instance x holds. */
  public int count(int x) {
    int n = 0;
    for (int w = 0, at = x * words; w < words; w++) {
      n += Long.bitCount(places[at + w]);
    }
    return n;
  }

  /** Whether place instance x holds card c. */
  public boolean holds(int x, int c) {
    return (places[x * words + (c >>> 6)] & 1L << c) != 0;
  }

  @Override
  public LudState copy() {
    LudState s = new LudState(places.length / words, words, v.length);
    s.faces = faces;
    s.lowerCopyMasks = lowerCopyMasks;
    s.copyFrom(this);
    return s;
  }

  @Override
  public void copyFrom(State other) {
    LudState o = (LudState) other;
    System.arraycopy(o.places, 0, places, 0, places.length);
    System.arraycopy(o.v, 0, v, 0, v.length);
  }

  @Override
  public boolean sameAs(State other) {
    return other instanceof LudState o && Arrays.equals(places, o.places) && Arrays.equals(v, o.v);
  }

  @Override
  public long contentHash() {
    long h = 1;
    for (long p : places) {
      h = h * 0x9E3779B97F4A7C15L + p;
    }
    for (int x : v) {
      h = h * 31 + x;
    }
    return h;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LudState s && sameAs(s);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(contentHash());
  }
}
