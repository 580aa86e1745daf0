package veil.ai.games;

import java.util.Arrays;
import veil.model.State;

/** A test game's state: one int array. */
public final class IntState implements State {
  public final int[] a;

  public IntState(int... a) {
    this.a = a;
  }

  @Override
  public State copy() {
    return new IntState(a.clone());
  }

  @Override
  public void copyFrom(State other) {
    System.arraycopy(((IntState) other).a, 0, a, 0, a.length);
  }

  @Override
  public boolean sameAs(State other) {
    return Arrays.equals(a, ((IntState) other).a);
  }

  @Override
  public long contentHash() {
    long h = 1;
    for (int v : a) {
      h = h * 0x9E3779B97F4A7C15L + v;
    }
    return h ^ (h >>> 29);
  }

  @Override
  public String toString() {
    return Arrays.toString(a);
  }
}
