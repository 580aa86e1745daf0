package veil.ludeme;

import java.util.Arrays;
import veil.model.Percepts;
import veil.model.State;

/**
 * The state of a ludeme game: one bitmask of cards per place instance and one int array for everything else.
 * Copying is two arraycopies. The fields after the arrays are scratch registers for evaluating compiled ludemes
 * (who is being asked, the card or player a ludeme ranges over, where percepts go); they are not part of the
 * state and are never copied.
 */
public final class LudState implements State {
  public final long[] places;
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

  public LudState(int placeCount, int intCount) {
    places = new long[placeCount];
    v = new int[intCount];
  }

  @Override
  public LudState copy() {
    LudState s = new LudState(places.length, v.length);
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
