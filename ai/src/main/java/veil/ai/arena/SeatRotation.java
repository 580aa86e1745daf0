package veil.ai.arena;

/**
 * Which agent sits in which seat in game number g, so that every agent plays every seat equally often.
 *
 * <p>With n seats (and n agents), games are grouped in blocks of n: a block takes one base permutation with agent 0
 * in seat 0 and plays its n cyclic rotations, so within every block each agent sits once in each seat. The base
 * permutations run through all (n−1)! orders of the other agents, so every n! consecutive games (from game 0)
 * use each of the n! seatings exactly once; then the cycle repeats.
 *
 * <p>In a game of partnerships ({@link veil.model.Game#team}), agents listed in seats of one team are partners and
 * stay partners: only the seatings that map every team's seats onto one team's seats are used (teams change places,
 * partners change seats within their team), so every agent still plays every seat its team can hold equally often.
 * Where the teams alternate round the table (P1+P3 against P2+P4), a cyclic rotation keeps partners together, and
 * blocks of n cyclic rotations remain (duplicate deals replay a deal in each); otherwise the kept seatings are
 * played in lexicographic order.
 */
public final class SeatRotation {
  private SeatRotation() {}

  /**
   * As {@link #seating(int, long)}, keeping partners together: {@code teamOfSeat[s]} is the team of seat s (all
   * distinct, or null, when there are no partnerships).
   */
  public static int[] seating(int seats, long game, int[] teamOfSeat) {
    if (teamOfSeat == null || java.util.Arrays.stream(teamOfSeat).distinct().count() == seats) {
      return seating(seats, game);
    }
    if (teamOfSeat.length != seats) {
      throw new IllegalArgumentException("one team per seat expected, got " + teamOfSeat.length + " for " + seats);
    }
    if (seats > 10) {
      throw new IllegalArgumentException("seat rotation with partnerships supports up to 10 seats, not " + seats);
    }
    boolean cyclic = keepsTeams(rotated(identity(seats), 1), teamOfSeat);
    java.util.List<int[]> kept = new java.util.ArrayList<>();
    permutations(new int[seats], new boolean[seats], 0, cyclic, teamOfSeat, kept);
    if (!cyclic) {
      return kept.get((int) (game % kept.size()));
    }
    int[] base = kept.get((int) ((game / seats) % kept.size()));
    return rotated(base, (int) (game % seats));
  }

  /** Seatings in lexicographic order that keep partners together; with {@code fixFirst}, agent 0 in seat 0. */
  private static void permutations(int[] out, boolean[] used, int pos, boolean fixFirst, int[] team,
      java.util.List<int[]> kept) {
    if (pos == out.length) {
      if (keepsTeams(out, team)) {
        kept.add(out.clone());
      }
      return;
    }
    for (int a = 0; a < out.length; a++) {
      if (!used[a] && (!fixFirst || pos != 0 || a == 0)) {
        used[a] = true;
        out[pos] = a;
        permutations(out, used, pos + 1, fixFirst, team, kept);
        used[a] = false;
      }
    }
  }

  /** Whether agents listed in seats of one team (partners) sit in seats of one team, and only they. */
  static boolean keepsTeams(int[] agentOfSeat, int[] team) {
    for (int s = 0; s < team.length; s++) {
      for (int t = 0; t < team.length; t++) {
        boolean partners = team[agentOfSeat[s]] == team[agentOfSeat[t]];
        if (partners != (team[s] == team[t])) {
          return false;
        }
      }
    }
    return true;
  }

  private static int[] identity(int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
    }
    return out;
  }

  private static int[] rotated(int[] base, int rotation) {
    int[] out = new int[base.length];
    for (int seat = 0; seat < base.length; seat++) {
      out[seat] = base[(seat + rotation) % base.length];
    }
    return out;
  }

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
