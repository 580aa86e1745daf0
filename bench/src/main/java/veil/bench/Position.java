package veil.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import veil.ai.match.Replay;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * A decision in the middle of a random game: the role to decide, its observation (own moves and percepts so far),
 * its legal moves (two or more, so a search has something to do) and the true state, which only benchmarks of
 * clairvoyant things may look at.
 */
public record Position(Game game, int step, int role, Observation observation, MoveList legal, State trueState) {
  /**
   * Plays a uniformly random game from {@code seed} and stops at the first step at or after {@code minStep} where
   * a non-random role has two or more legal moves.
   *
   * @throws IllegalStateException when the game ends first
   */
  public static Position reach(Game game, long seed, int minStep) {
    SplittableRandom rng = new SplittableRandom(seed);
    State s = game.initialState();
    MoveList moves = new MoveList();
    List<int[]> joints = new ArrayList<>();
    while (!game.isTerminal(s)) {
      if (joints.size() >= minStep) {
        for (int r = 0; r < game.roleCount(); r++) {
          if (r == game.randomRole()) {
            continue;
          }
          game.legalMoves(s, r, moves);
          if (moves.size() >= 2) {
            int[][] history = joints.toArray(new int[0][]);
            Observation obs = Replay.observation(game, history, r, history.length);
            return new Position(game, history.length, r, obs, moves, s);
          }
        }
      }
      int[] joint = new int[game.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(s, r, moves);
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      game.apply(s, joint, null);
      joints.add(joint);
    }
    throw new IllegalStateException(game.name() + " ended before step " + minStep + " (seed " + seed + ")");
  }

  /**
   * The position a spec names: {@code GAME/trickN} (a trick-taking game with a deal and a three-card pass, i.e.
   * Hearts: the first decision of trick N) or {@code GAME/stepN} (the first decision at or after step N), GAME a
   * bundled ludeme game.
   */
  public static Position of(String spec, long seed) {
    int slash = spec.indexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException("a position is GAME/trickN or GAME/stepN, not " + spec);
    }
    Game game = BenchGames.lud(spec.substring(0, slash));
    String where = spec.substring(slash + 1);
    if (where.startsWith("trick")) {
      return reach(game, seed, heartsTrickStart(Integer.parseInt(where.substring(5))));
    }
    if (where.startsWith("step")) {
      return reach(game, seed, Integer.parseInt(where.substring(4)));
    }
    throw new IllegalArgumentException("a position is GAME/trickN or GAME/stepN, not " + spec);
  }

  /** Hearts: the deal (52 steps) and the passing (3 steps) come before the first card is played. */
  public static final int HEARTS_FIRST_PLAY_STEP = 52 + 3;

  /** The first step of Hearts trick {@code trick} (1-based). */
  public static int heartsTrickStart(int trick) {
    return HEARTS_FIRST_PLAY_STEP + 4 * (trick - 1);
  }
}
