package veil.ai.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/** Observations from uniformly random playouts, for sampler tests (this module's and, via its test jar, others'). */
public final class Observations {
  private Observations() {}

  /** A random playout's joint moves. */
  public static int[][] randomHistory(Game game, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    State s = game.initialState();
    MoveList ml = new MoveList();
    List<int[]> out = new ArrayList<>();
    while (!game.isTerminal(s)) {
      int[] joint = new int[game.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(s, r, ml);
        joint[r] = ml.get(rng.nextInt(ml.size()));
      }
      game.apply(s, joint, null);
      out.add(joint);
    }
    return out.toArray(new int[0][]);
  }

  /** Role {@code role}'s observation of the first {@code steps} steps of {@code history}. */
  public static Observation of(Game game, int[][] history, int role, int steps) {
    State s = game.initialState();
    Percepts p = new Percepts(game.roleCount());
    Observation obs = new Observation(role);
    for (int t = 0; t < steps; t++) {
      game.apply(s, history[t], p);
      obs.add(history[t][role], p.sorted(role));
    }
    return obs;
  }
}
