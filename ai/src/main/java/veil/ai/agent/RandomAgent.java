package veil.ai.agent;

import java.util.SplittableRandom;
import veil.ai.Agent;
import veil.ai.Budget;
import veil.ai.Seeds;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;

/** Plays uniformly among its legal moves; the draw depends only on its seed and the observation's length. */
public final class RandomAgent implements Agent {
  private long seed;

  @Override
  public String name() {
    return "random";
  }

  @Override
  public void start(Game game, int role, long seed) {
    this.seed = seed;
  }

  @Override
  public int choose(Observation obs, MoveList legal, Budget budget) {
    SplittableRandom rng = new SplittableRandom(Seeds.derive(seed, obs.length()));
    return legal.get(rng.nextInt(legal.size()));
  }
}
