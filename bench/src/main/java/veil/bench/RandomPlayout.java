package veil.bench;

import java.util.SplittableRandom;
import veil.games.RandomJointMoves;
import veil.model.Game;
import veil.model.Percepts;
import veil.model.State;

/**
 * One uniformly random playout after another through the model contract, the way a search's rollout or {@code veil
 * simulate} plays: reset a working state from the initial one, then legal moves, a random joint move and apply
 * until the end, then the goals. Allocates nothing per playout (if the game keeps its contract).
 */
public final class RandomPlayout {
  private final Game game;
  private final State initial;
  private final State state;
  private final RandomJointMoves chooser;
  private final int[] joint;
  private final Percepts percepts;
  private final SplittableRandom rng;

  /**
   * @param withPercepts compute every role's percepts at every step (real play needs them; a rollout does not)
   */
  public RandomPlayout(Game game, long seed, boolean withPercepts) {
    this.game = game;
    this.initial = game.initialState();
    this.state = initial.copy();
    this.chooser = new RandomJointMoves(game);
    this.joint = new int[game.roleCount()];
    this.percepts = withPercepts ? new Percepts(game.roleCount()) : null;
    this.rng = new SplittableRandom(seed);
  }

  public Game game() {
    return game;
  }

  /**
   * Plays one game to the end.
   *
   * @return its length in joint moves plus the first role's goal (something the JIT cannot discard)
   * @throws IllegalStateException when the game breaks its rules (a role without a legal move, or no end)
   */
  public int play() {
    State s = state;
    s.copyFrom(initial);
    int bound = game.stepBound();
    int steps = 0;
    while (!game.isTerminal(s)) {
      if (steps++ >= bound || chooser.choose(s, rng, joint) >= 0) {
        throw new IllegalStateException(game.name() + " broke its rules in a random playout (see veil simulate)");
      }
      game.apply(s, joint, percepts);
    }
    return steps + game.goal(s, 0);
  }

  /** The length in joint moves of the next playout (for reports: time per step). */
  public int playLength() {
    return play() - game.goal(state, 0);
  }
}
