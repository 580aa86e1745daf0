package veil.ai.arena;

/**
 * Which agent sits in which seat in game number g, so that every agent plays every seat equally often.
 *
 * <p>With n seats (and n agents), games are grouped in blocks of n: a block takes one base permutation with agent 0
 * in seat 0 and plays its n cyclic rotations, so within every block each agent sits once in each seat. The base
 * permutations run through all (n−1)! orders of the other agents, so every n! consecutive games (from game 0)
 * use each of the n! seatings exactly once; then the cycle repeats.
 */
public final class SeatRotation {
  private SeatRotation() {}

  /** {@code result[seat]} = index of the agent in that seat in game {@code game}. */
  public static int[] seating(int seats, long game) {
    if (seats < 1 || seats > 20) {
      throw new IllegalArgumentException("seat rotation supports 1..20 seats, not " + seats);
    }
    long rotation = game % seats;
    long block = game / seats;
    int[] base = new int[seats];
    base[0] = 0;
    // The block-th permutation (lexicographic, modulo (n-1)!) of agents 1..n-1, by the factorial number system.
    int m = seats - 1;
    long[] fact = new long[m + 1];
    fact[0] = 1;
    for (int i = 1; i <= m; i++) {
      fact[i] = fact[i - 1] * i;
    }
    long k = block % fact[m];
    boolean[] used = new boolean[seats];
    for (int pos = 1; pos < seats; pos++) {
      long f = fact[seats - 1 - pos];
      int skip = (int) (k / f);
      k %= f;
      for (int a = 1; a < seats; a++) {
        if (!used[a] && skip-- == 0) {
          used[a] = true;
          base[pos] = a;
          break;
        }
      }
    }
    int[] out = new int[seats];
    for (int seat = 0; seat < seats; seat++) {
      out[seat] = base[(int) ((seat + rotation) % seats)];
    }
    return out;
  }
}
