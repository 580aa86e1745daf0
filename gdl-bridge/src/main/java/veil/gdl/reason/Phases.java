package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Networks specialized to the phases of a game. In a turn-taking game a role that waits has one legal move (its
 * noop), and the turn is written in the state ({@code (control white)}). The general {@link Network} then pays for
 * the turn at every step: every legal rule reads the turn, every "stays the same" rule of the waiting role reads
 * its noop, and both change every step. A phase is a set of base propositions with fixed values (its premise) under
 * which some roles have one forced move; its network has the premise and the forced moves folded in ({@link
 * Network#specialized}), so none of that is read any more.
 *
 * <p>Phases are found by playing a few random games with the general network (a fixed seed, so loading is
 * deterministic) and grouping the states by which roles had one legal move: a group becomes a phase when the base
 * propositions that are constant within it and vary elsewhere separate it from every other state seen. What was seen
 * is only a guess, so nothing relies on it: a state whose bits do not satisfy any premise is played by the general
 * network, and a joint move that does not play a phase's forced moves is applied by the general network. Every
 * answer is therefore that of the general network.
 */
final class Phases {
  static final Phases NONE = new Phases(new Network[0], new long[0][], new long[0][], new int[0][]);

  /** At most this many phases (each is a network every state change is propagated through). */
  static final int MAX = 4;
  /** Random games and steps played to find the phases. */
  static final int GAMES = 20;
  static final int STEPS = 1000;

  /** The network of each phase. */
  final Network[] nets;
  /** A state is in phase k when (bits & mask[k]) == want[k], word by word (the first such k). */
  private final long[][] mask;
  private final long[][] want;
  /** Per phase and role: the forced move (its index) folded into the phase's network, or -1. */
  final int[][] forced;

  private Phases(Network[] nets, long[][] mask, long[][] want, int[][] forced) {
    this.nets = nets;
    this.mask = mask;
    this.want = want;
    this.forced = forced;
  }

  int count() {
    return nets.length;
  }

  /** The phase of a state, or -1 (allocation-free). */
  int of(long[] bits) {
    for (int k = 0; k < mask.length; k++) {
      long[] m = mask[k];
      long[] w = want[k];
      boolean in = true;
      for (int i = 0; i < m.length && in; i++) {
        in = (bits[i] & m[i]) == w[i];
      }
      if (in) {
        return k;
      }
    }
    return -1;
  }

  /** Whether a joint move plays phase k's forced moves. */
  boolean playsForced(int k, int[] joint) {
    int[] f = forced[k];
    for (int r = 0; r < f.length; r++) {
      if (f[r] >= 0 && joint[r] != f[r]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Finds the phases of a game by random play with its general network.
   *
   * @param doesSlot the slot of each move of each role
   * @param terminalSlot the slot of terminal
   * @param stepBound the longest game
   */
  static Phases find(Network net, int[][] doesSlot, int terminalSlot, long[] init, int stepBound) {
    int roles = doesSlot.length;
    int words = init.length;
    List<long[]> states = new ArrayList<>();
    List<int[]> forcedOf = new ArrayList<>();
    NetworkValues v = NetworkValues.initial(net);
    SplittableRandom rng = new SplittableRandom(0x5EEDL);
    int[] played = new int[roles];
    int[] playedSlot = new int[roles];
    for (int game = 0; game < GAMES && states.size() < STEPS; game++) {
      long[] bits = init.clone();
      v.syncTo(bits);
      for (int step = 0; step < stepBound && states.size() < STEPS && !v.vals[terminalSlot]; step++) {
        int[] forced = new int[roles];
        boolean stuck = false;
        for (int r = 0; r < roles && !stuck; r++) {
          int n = 0;
          int only = -1;
          int pick = -1;
          for (int m = 0; m < doesSlot[r].length; m++) {
            if (legal(v, net, r, m)) {
              n++;
              only = m;
              if (rng.nextInt(n) == 0) {
                pick = m;
              }
            }
          }
          stuck = n == 0;
          forced[r] = n == 1 ? only : -1;
          played[r] = pick;
        }
        if (stuck) {
          break;
        }
        states.add(bits.clone());
        forcedOf.add(forced);
        for (int r = 0; r < roles; r++) {
          playedSlot[r] = doesSlot[r][played[r]];
          v.set(playedSlot[r], true);
        }
        v.settle();
        v.nextState(playedSlot, roles, bits);
        for (int r = 0; r < roles; r++) {
          v.set(doesSlot[r][played[r]], false);
        }
        v.syncTo(bits);
      }
    }
    return choose(net, doesSlot, states, forcedOf, words);
  }

  private static boolean legal(NetworkValues v, Network net, int role, int move) {
    int b = (net.legalWord[role] << 6) + move;
    return (v.outBits[b >>> 6] & (1L << b)) != 0;
  }

  private static Phases choose(Network net, int[][] doesSlot, List<long[]> states, List<int[]> forcedOf,
      int words) {
    int n = states.size();
    // Base propositions that vary over all states seen.
    long[] varies = new long[words];
    for (long[] s : states) {
      for (int w = 0; w < words; w++) {
        varies[w] |= s[w] ^ states.get(0)[w];
      }
    }
    // Each distinct set of forced moves seen gives a group: the states where at least those moves are forced.
    Map<String, int[]> signatures = new LinkedHashMap<>();
    for (int[] f : forcedOf) {
      if (Arrays.stream(f).anyMatch(m -> m >= 0)) {
        signatures.putIfAbsent(Arrays.toString(f), f);
      }
    }
    List<List<Integer>> big = new ArrayList<>();
    List<int[]> bigForced = new ArrayList<>();
    for (int[] f : signatures.values()) {
      List<Integer> g = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (includes(forcedOf.get(i), f)) {
          g.add(i);
        }
      }
      if (g.size() >= 2 && g.size() * 10 >= n) {
        big.add(g);
        bigForced.add(f);
      }
    }
    Integer[] order = new Integer[big.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Integer.compare(big.get(y).size(), big.get(x).size()));
    List<Network> nets = new ArrayList<>();
    List<long[]> masks = new ArrayList<>();
    List<long[]> wants = new ArrayList<>();
    List<int[]> forced = new ArrayList<>();
    for (int gi : order) {
      List<Integer> g = big.get(gi);
      if (nets.size() == MAX) {
        break;
      }
      long[] first = states.get(g.get(0));
      long[] mask = varies.clone();
      for (int i : g) {
        for (int w = 0; w < words; w++) {
          mask[w] &= ~(states.get(i)[w] ^ first[w]);
        }
      }
      // Of those constant in the group, only the ones that differ in at least half the other states: a proposition
      // that merely happened not to change in the group would send states to the general network for nothing.
      int[] differ = new int[words << 6];
      boolean[] inGroup = new boolean[n];
      for (int i : g) {
        inGroup[i] = true;
      }
      for (int i = 0; i < n; i++) {
        if (!inGroup[i]) {
          for (int w = 0; w < words; w++) {
            for (long x = (states.get(i)[w] ^ first[w]) & mask[w]; x != 0; x &= x - 1) {
              differ[w << 6 | Long.numberOfTrailingZeros(x)]++;
            }
          }
        }
      }
      for (int b = 0; b < differ.length; b++) {
        if (differ[b] * 2 < n - g.size()) {
          mask[b >>> 6] &= ~(1L << b);
        }
      }
      long[] want = new long[words];
      boolean any = false;
      for (int w = 0; w < words; w++) {
        want[w] = first[w] & mask[w];
        any |= mask[w] != 0;
      }
      if (!any || separatesBadly(states, g, mask, want) || sameAsChosen(masks, wants, mask, want)) {
        continue;
      }
      int[] f = bigForced.get(gi);
      byte[] constant = new byte[net.slots];
      for (int i = 0; i < net.nBase; i++) {
        if ((mask[i >>> 6] & (1L << i)) != 0) {
          constant[net.baseFrom + i] = (want[i >>> 6] & (1L << i)) != 0 ? (byte) 2 : (byte) 1;
        }
      }
      for (int r = 0; r < f.length; r++) {
        if (f[r] >= 0) {
          for (int m = 0; m < doesSlot[r].length; m++) {
            constant[doesSlot[r][m]] = m == f[r] ? (byte) 2 : (byte) 1;
          }
        }
      }
      nets.add(net.specialized(constant));
      masks.add(mask);
      wants.add(want);
      forced.add(f);
    }
    return nets.isEmpty() ? NONE : new Phases(nets.toArray(new Network[0]), masks.toArray(new long[0][]),
        wants.toArray(new long[0][]), forced.toArray(new int[0][]));
  }

  /** Whether the forced moves {@code f} include every forced move of {@code sub}. */
  private static boolean includes(int[] f, int[] sub) {
    for (int r = 0; r < f.length; r++) {
      if (sub[r] >= 0 && f[r] != sub[r]) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameAsChosen(List<long[]> masks, List<long[]> wants, long[] mask, long[] want) {
    for (int k = 0; k < masks.size(); k++) {
      if (Arrays.equals(masks.get(k), mask) && Arrays.equals(wants.get(k), want)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a state seen outside the group satisfies its premise (then the premise does not say the phase). */
  private static boolean separatesBadly(List<long[]> states, List<Integer> group, long[] mask, long[] want) {
    boolean[] in = new boolean[states.size()];
    for (int i : group) {
      in[i] = true;
    }
    for (int i = 0; i < states.size(); i++) {
      if (in[i]) {
        continue;
      }
      long[] s = states.get(i);
      boolean match = true;
      for (int w = 0; w < mask.length && match; w++) {
        match = (s[w] & mask[w]) == want[w];
      }
      if (match) {
        return true;
      }
    }
    return false;
  }
}
