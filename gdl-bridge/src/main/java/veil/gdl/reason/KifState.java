package veil.gdl.reason;

import java.util.Arrays;
import veil.model.State;

/**
 * A state of a GDL-II game: a bitset of the true base propositions. It also carries the scratch values of the
 * reasoner's atoms for this state (computed lazily, thrown away on change), so that legal moves, terminal and goal
 * are derived once per state, and so that one game can be played on many threads with one state each.
 */
public final class KifState implements State {
  final long[] bits;
  final boolean[] vals;
  /** Which segments' values in {@link #vals} belong to {@link #bits}: bit 0 legal/terminal, bit 1 goal. */
  int valid;
  /** Scratch: the value slots of the moves being played, sorted. */
  final int[] moves;

  KifState(int words, int slots, int roles) {
    bits = new long[words];
    vals = new boolean[slots];
    moves = new int[roles];
    vals[1] = true;
  }

  @Override
  public KifState copy() {
    KifState s = new KifState(bits.length, vals.length, moves.length);
    System.arraycopy(bits, 0, s.bits, 0, bits.length);
    return s;
  }

  @Override
  public void copyFrom(State other) {
    KifState o = (KifState) other;
    System.arraycopy(o.bits, 0, bits, 0, bits.length);
    valid = 0;
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
