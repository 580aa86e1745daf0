package veil.bench;

import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.RandomJointMoves;
import veil.model.State;

/**
 * One uniformly random playout after another: reset a working state from the initial one, play to the end, read a
 * goal. Allocates nothing per playout (if the game keeps its contract). Three ways to play, all the same games in
 * distribution:
 *
 * <ul>
 *   <li>{@link Way#ROLLOUT}: {@link Game#playout}, the engine's own rollout loop (what a search's rollout calls);
 *   <li>{@link Way#STEPS}: the step protocol, a random legal move per role then {@link Game#apply}, no percepts;
 *   <li>{@link Way#PERCEPTS}: the step protocol with every role's percepts (real play and {@code veil simulate}).
 * </ul>
 */
public final class RandomPlayout {
  /** How a playout is driven. */
  public enum Way {
    ROLLOUT,
    STEPS,
    PERCEPTS
  }

  private final Game game;
  private final Way way;
  private final State initial;
  private final State state;
  private final RandomJointMoves chooser;
  private final int[] joint;
  private final MoveList scratch = new MoveList();
  private final Percepts percepts;
  private final SplittableRandom rng;

  public RandomPlayout(Game game, long seed, Way way) {
    this.game = game;
    this.way = way;
    this.initial = game.initialState();
    this.state = initial.copy();
    this.chooser = new RandomJointMoves(game);
    this.joint = new int[game.roleCount()];
    this.percepts = way == Way.PERCEPTS ? new Percepts(game.roleCount()) : null;
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
    int steps;
    if (way == Way.ROLLOUT) {
      steps = game.playout(s, rng, bound, joint, scratch);
    } else {
      steps = 0;
      while (!game.isTerminal(s) && steps < bound) {
        if (chooser.choose(s, rng, joint) >= 0) {
          throw broken();
        }
        game.apply(s, joint, percepts);
        steps++;
      }
    }
    if (!game.isTerminal(s)) {
      throw broken();
    }
    return steps + game.goal(s, 0);
  }

  private IllegalStateException broken() {
    return new IllegalStateException(game.name() + " broke its rules in a random playout (see veil simulate)");
  }

  /** The length in joint moves of the next playout (for reports: time per step). */
  public int playLength() {
    return play() - game.goal(state, 0);
  }
}
