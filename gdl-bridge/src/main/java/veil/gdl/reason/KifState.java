package veil.gdl.reason;

import java.util.Arrays;
import veil.model.State;

/**
 * A state of a GDL-II game: a bitset of the true base propositions. It also carries the reasoner's values for this
 * state ({@link NetworkValues}, created on first use and brought up to date with the bits on demand), so that one
 * game can be played on many threads with one state each.
 */
public final class KifState implements State {
  final long[] bits;
  /**
   * The reasoner's values, one per network (the general one, then one per phase, see {@link Phases}); each null
   * until first needed (a copy that is never asked anything costs only its bits).
   */
  final NetworkValues[] values;
  /** Whether the goal atoms in {@link #values} belong to {@link #bits}. */
  boolean goalsValid;
  /** Whether this state's goals, since last evaluated, were counted as giving a role several values. */
  boolean severalGoalsCounted;
  /** Scratch: the value slots of the moves being played, sorted. */
  final int[] moves;

  KifState(int words, int roles, int networks) {
    bits = new long[words];
    moves = new int[roles];
    values = new NetworkValues[networks];
  }

  @Override
  public KifState copy() {
    KifState s = new KifState(bits.length, moves.length, values.length);
    System.arraycopy(bits, 0, s.bits, 0, bits.length);
    return s;
  }

  @Override
  public void copyFrom(State other) {
    KifState o = (KifState) other;
    System.arraycopy(o.bits, 0, bits, 0, bits.length);
    goalsValid = false;
    // Updating our values by the differences is usually cheaper, unless the other state's values are ready and far.
    for (int k = 0; k < values.length; k++) {
      NetworkValues v = values[k];
      NetworkValues ov = o.values[k];
      if (v != null && ov != null && ov.settledAt(o.bits) && v.syncCost(bits) > ov.copyCost()) {
        v.copyFrom(ov);
      }
    }
  }

  @Override
  public boolean sameAs(State other) {
    return other instanceof KifState o && Arrays.equals(bits, o.bits);
  }

  @Override
  public long contentHash() {
    long h = 0x9E3779B97F4A7C15L;
    for (long w : bits) {
      h = (h ^ w) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }

  /** Whether base proposition {@code i} holds. */
  public boolean holds(int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }
}
