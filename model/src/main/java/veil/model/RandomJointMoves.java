package veil.model;

import java.util.SplittableRandom;

/**
 * Chooses a uniformly random legal move for every role, the {@code random} role included (which is how chance
 * plays in GDL-II). The simulator ({@code veil simulate}) and the conformance suite ({@code veil conform}) both
 * play with this class from {@link #gameSeed}, so playout i of either is reproduced by the other from the same
 * master seed. Allocates nothing after construction.
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

  /**
   * The seed of random playout (game) {@code gameIndex} of a run with {@code masterSeed}: a 64-bit mix of both, so
   * that nearby master seeds and indices give unrelated games, and playout i depends on nothing else.
   */
  public static long gameSeed(long masterSeed, long gameIndex) {
    return mix64(masterSeed ^ mix64(gameIndex + 0x9E3779B97F4A7C15L));
  }

  // Stafford's variant 13 of the MurmurHash3 finalizer (the SplitMix64 output function).
  private static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
