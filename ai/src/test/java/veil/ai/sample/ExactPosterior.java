package veil.ai.sample;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/**
 * The reference posterior, by brute force and independently of {@link Belief}: a depth-first enumeration of every
 * history that reproduces an observation, each with its probability under the model (random uniform, the other
 * players uniform among their legal moves), normalised. Keys are the state's text and the history's text.
 */
final class ExactPosterior {
  final Map<String, Double> states = new LinkedHashMap<>();
  final Map<String, Double> histories = new LinkedHashMap<>();
  private final Game game;
  private final Observation obs;

  ExactPosterior(Game game, Observation obs) {
    this.game = game;
    this.obs = obs;
    visit(game.initialState(), 0, 1.0, new ArrayList<>());
    double total = states.values().stream().mapToDouble(Double::doubleValue).sum();
    states.replaceAll((k, v) -> v / total);
    histories.replaceAll((k, v) -> v / total);
  }

  static String historyKey(int[][] h) {
    StringBuilder sb = new StringBuilder();
    for (int[] j : h) {
      sb.append(Arrays.toString(j));
    }
    return sb.toString();
  }

  private void visit(State s, int t, double p, List<int[]> hist) {
    if (t == obs.length()) {
      states.merge(s.toString(), p, Double::sum);
      histories.merge(historyKey(hist.toArray(new int[0][])), p, Double::sum);
      return;
    }
    if (game.isTerminal(s)) {
      return;
    }
    int roles = game.roleCount();
    int me = obs.role();
    MoveList own = new MoveList();
    game.legalMoves(s, me, own);
    if (!own.contains(obs.move(t))) {
      return;
    }
    int[][] options = new int[roles][];
    double q = p;
    for (int r = 0; r < roles; r++) {
      if (r == me) {
        options[r] = new int[] {obs.move(t)};
      } else {
        MoveList ml = new MoveList();
        game.legalMoves(s, r, ml);
        options[r] = ml.toArray();
        q /= options[r].length;
      }
    }
    int[] idx = new int[roles];
    while (true) {
      int[] joint = new int[roles];
      for (int r = 0; r < roles; r++) {
        joint[r] = options[r][idx[r]];
      }
      State next = s.copy();
      Percepts percepts = new Percepts(roles);
      game.apply(next, joint, percepts);
      if (Arrays.equals(percepts.sorted(me), obs.percepts(t))) {
        hist.add(joint);
        visit(next, t + 1, q, hist);
        hist.remove(hist.size() - 1);
      }
      int r = 0;
      while (r < roles && ++idx[r] == options[r].length) {
        idx[r] = 0;
        r++;
      }
      if (r == roles) {
        return;
      }
    }
  }
}
