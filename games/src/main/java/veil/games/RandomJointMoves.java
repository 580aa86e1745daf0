package veil.games;

import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.State;

/**
 * Chooses a uniformly random legal move for every role, the {@code random} role included (which is how chance
 * plays in GDL-II). The simulator and the conformance suite both play with this class, so a playout of either is
 * reproduced by the other from the same seed. Allocates nothing after construction.
 */
public final class RandomJointMoves {
  private final Game game;
  private final MoveList moves = new MoveList();

  public RandomJointMoves(Game game) {
    this.game = game;
  }

  /**
   * Writes one legal move per role into {@code joint} for the non-terminal state {@code s}, drawing from {@code
   * rng} only for roles with a choice (so a role's single noop costs no draw).
   *
   * @return -1 when every role had a move, otherwise the first role with no legal move (a rule failure)
   */
  public int choose(State s, SplittableRandom rng, int[] joint) {
    return game.randomJointMove(s, rng, joint, moves);
  }
}
