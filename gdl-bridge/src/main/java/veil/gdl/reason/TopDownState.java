package veil.gdl.reason;

import java.util.Arrays;
import veil.model.State;

/**
 * A state of a game played top-down ({@link TopDownGame}): the ids of its true base facts, sorted. A version number
 * changes with every change, so that a thread's {@link Prover} knows whether the state it holds is still this one.
 */
public final class TopDownState implements State {
  int[] facts;
  int size;
  long version;
  /** The version whose goals were counted as giving a role several values (-1: none). */
  long severalCounted = -1;

  TopDownState(int[] facts, int size) {
    this.facts = facts;
    this.size = size;
  }

  @Override
  public TopDownState copy() {
    return new TopDownState(Arrays.copyOf(facts, Math.max(1, size)), size);
  }

  @Override
  public void copyFrom(State other) {
    TopDownState o = (TopDownState) other;
    if (facts.length < o.size) {
      facts = new int[o.facts.length];
    }
    System.arraycopy(o.facts, 0, facts, 0, o.size);
    size = o.size;
    version++;
  }

  /** Replaces the facts by {@code src[0..n)} (sorted, without repeats). */
  void set(int[] src, int n) {
    if (facts.length < n) {
      facts = new int[Math.max(n, facts.length * 2)];
    }
    System.arraycopy(src, 0, facts, 0, n);
    size = n;
    version++;
  }

  @Override
  public boolean sameAs(State other) {
    return other instanceof TopDownState o && Arrays.equals(facts, 0, size, o.facts, 0, o.size);
  }

  @Override
  public long contentHash() {
    long h = 0x9E3779B97F4A7C15L;
    for (int i = 0; i < size; i++) {
      h = (h ^ facts[i]) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }
}
