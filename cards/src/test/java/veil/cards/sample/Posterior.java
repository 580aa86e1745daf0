package veil.cards.sample;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;

/**
 * Exact posteriors over the states an observation allows, by enumerating every history, and two ways of sampling
 * them for comparison: a chi-square test, and the simplest general sampler (random playouts kept when they
 * reproduce the observation).
 */
final class Posterior {
  private Posterior() {}

  /**
   * Every state some history consistent with the observation reaches, with two weights: the chance probability
   * summed over its histories (other players unweighted: every consistent play counts once — the card sampler's
   * posterior), and the same with each other player's move weighted 1/|legal moves| (players moving uniformly at
   * random — what random playouts with rejection sample).
   */
  static Map<LudState, double[]> enumerate(CompiledGame g, Observation obs) {
    return enumerate(g, obs, null);
  }

  /**
   * As {@link #enumerate(CompiledGame, Observation)}, over the histories whose step t gives the observer the
   * percepts {@code counted[t]} with their repeats ({@link #counted}; null: as sets). An observation keeps percepts
   * as sets: two cards moved unseen the same way in one step are one percept, so histories that moved another number
   * of them are in its information set too; the card sampler takes the number from its witness (the skeleton's raw
   * percepts), and its posterior is the one given those counts.
   */
  static Map<LudState, double[]> enumerate(CompiledGame g, Observation obs, int[][] counted) {
    Map<LudState, double[]> out = new HashMap<>();
    dfs(g, g.initialState(), obs, counted, 0, 1, 1, out);
    double chance = 0;
    double uniform = 0;
    for (double[] w : out.values()) {
      chance += w[0];
      uniform += w[1];
    }
    for (double[] w : out.values()) {
      w[0] /= chance;
      w[1] /= uniform;
    }
    return out;
  }

  /** The percepts of a role as a sorted array with their repeats (what {@link Percepts#sorted} drops). */
  static int[] counted(Percepts per, int role) {
    int[] a = new int[per.size(role)];
    for (int i = 0; i < a.length; i++) {
      a[i] = per.get(role, i);
    }
    Arrays.sort(a);
    return a;
  }

  private static void dfs(CompiledGame g, LudState s, Observation obs, int[][] counted, int t, double chance,
      double uniform, Map<LudState, double[]> out) {
    if (t == obs.length()) {
      double[] w = out.computeIfAbsent(s.copy(), k -> new double[2]);
      w[0] += chance;
      w[1] += uniform;
      return;
    }
    int roles = g.roleCount();
    int o = obs.role();
    int[][] legal = new int[roles][];
    MoveList ml = new MoveList();
    for (int r = 0; r < roles; r++) {
      g.legalMoves(s, r, ml);
      legal[r] = r == o ? new int[] {obs.move(t)} : ml.toArray();
      if (r == o && !ml.contains(obs.move(t))) {
        return;
      }
    }
    double chanceStep = g.randomRole() >= 0 ? 1.0 / legal[g.randomRole()].length : 1;
    double uniformStep = chanceStep;
    for (int r = 0; r < g.players; r++) {
      if (r != o) {
        uniformStep /= legal[r].length;
      }
    }
    int[] idx = new int[roles];
    int[] joint = new int[roles];
    Percepts per = new Percepts(roles);
    while (true) {
      for (int r = 0; r < roles; r++) {
        joint[r] = legal[r][idx[r]];
      }
      LudState next = s.copy();
      g.apply(next, joint, per);
      if (counted == null ? Arrays.equals(per.sorted(o), obs.percepts(t)) : Arrays.equals(counted(per, o), counted[t])) {
        dfs(g, next, obs, counted, t + 1, chance * chanceStep, uniform * uniformStep, out);
      }
      int r = 0;
      while (r < roles && ++idx[r] == legal[r].length) {
        idx[r] = 0;
        r++;
      }
      if (r == roles) {
        return;
      }
    }
  }

  /** A state drawn by random playouts (every role uniform) restarted at the first step whose percepts differ. */
  static LudState byRejection(CompiledGame g, Observation obs, SplittableRandom rng) {
    int roles = g.roleCount();
    int o = obs.role();
    int[] joint = new int[roles];
    MoveList ml = new MoveList();
    Percepts per = new Percepts(roles);
    LudState s = g.initialState();
    LudState init = g.initialState();
    restart:
    while (true) {
      s.copyFrom(init);
      for (int t = 0; t < obs.length(); t++) {
        for (int r = 0; r < roles; r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
        }
        if (joint[o] != obs.move(t)) {
          continue restart;
        }
        g.apply(s, joint, per);
        if (!per.sameAs(o, obs.percepts(t))) {
          continue restart;
        }
      }
      return s;
    }
  }

  /** Pearson's statistic of counts against probabilities (every drawn state must have one). */
  static double chiSquare(Map<LudState, double[]> posterior, int weight, Map<LudState, Integer> counts, int n) {
    for (LudState s : counts.keySet()) {
      if (!posterior.containsKey(s)) {
        throw new AssertionError("a sample outside the information set:\n" + s);
      }
    }
    double chi = 0;
    for (Map.Entry<LudState, double[]> e : posterior.entrySet()) {
      double expected = e.getValue()[weight] * n;
      double d = counts.getOrDefault(e.getKey(), 0) - expected;
      chi += d * d / expected;
    }
    return chi;
  }

  /** The chi-square value exceeded with probability 0.0005 (Wilson–Hilferty), for df degrees of freedom. */
  static double critical(int df) {
    double z = 3.29;
    double a = 2.0 / (9 * df);
    double c = 1 - a + z * Math.sqrt(a);
    return df * c * c * c;
  }

  /** Plays a scripted game: random deals the listed cards in order, players play the listed cards in order. */
  static Play.Game script(CompiledGame g, List<String> deals, List<String> plays, int steps) {
    Play.Game play = new Play.Game(g);
    int nextDeal = 0;
    int nextPlay = 0;
    MoveList ml = new MoveList();
    for (int t = 0; t < steps; t++) {
      int[] joint = new int[g.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(play.state, r, ml);
        if (ml.size() == 1 && ml.get(0) == 0) {
          continue;
        }
        String want = r == g.randomRole() ? deals.get(nextDeal++) : plays.get(nextPlay++);
        int card = Arrays.asList(g.cards.text()).indexOf("(card " + want + ")");
        int found = -1;
        for (int i = 0; i < ml.size(); i++) {
          if ((ml.get(i) & 0xFFFF) == card) {
            found = ml.get(i);
          }
        }
        if (found < 0) {
          throw new IllegalStateException("step " + t + ": " + want + " is not legal for " + g.roleName(r));
        }
        joint[r] = found;
      }
      play.step(joint);
    }
    return play;
  }
}
