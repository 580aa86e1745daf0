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
 * The observations the sampler benchmark draws from: for each seed, a uniformly random game is played to its end;
 * its decision steps (a non-random role has two or more legal moves) are ranked, and at the early, middle and late
 * one ({@link #PHASES}: the decision steps at 10%, 50% and 90% of them) every non-random role's observation is
 * taken. A game in which no player ever chooses (War) ranks all its steps instead. So a game gives seeds × 3 ×
 * players observations, the same ones on every run and every build whose rules play the same random games.
 */
public final class SamplerPositions {
  private SamplerPositions() {}

  /** Where in the list of a game's decision steps the early, middle and late observations are taken. */
  public static final double[] PHASES = {0.1, 0.5, 0.9};

  /** The phase names, in the order of {@link #PHASES}. */
  public static final List<String> PHASE_NAMES = List.of("early", "mid", "late");

  /** The seeds of the random games ({@code veil bench} uses these two). */
  public static final long[] SEEDS = {1, 2};

  /** One observation: the game seed, the phase, the step (its length) and the observing role. */
  public record At(long seed, String phase, int step, int role, Observation observation) {}

  /** The observations of {@code game} for {@code seeds} (see the class comment). */
  public static List<At> of(Game game, long[] seeds) {
    List<At> out = new ArrayList<>();
    for (long seed : seeds) {
      List<int[]> joints = new ArrayList<>();
      List<Integer> decisions = new ArrayList<>();
      play(game, seed, joints, decisions);
      if (decisions.isEmpty()) { // nobody ever chooses: every step is a moment to observe
        for (int t = 1; t < joints.size(); t++) {
          decisions.add(t);
        }
      }
      if (decisions.isEmpty()) {
        throw new IllegalStateException(game.name() + ": the random game of seed " + seed + " is over at once");
      }
      int[][] history = joints.toArray(new int[0][]);
      for (int p = 0; p < PHASES.length; p++) {
        int step = decisions.get((int) Math.floor(PHASES[p] * (decisions.size() - 1)));
        for (int r = 0; r < game.roleCount(); r++) {
          if (r != game.randomRole()) {
            out.add(new At(seed, PHASE_NAMES.get(p), step, r, Replay.observation(game, history, r, step)));
          }
        }
      }
    }
    return out;
  }

  /** Plays a uniformly random game; records its joint moves and its decision steps. */
  private static void play(Game game, long seed, List<int[]> joints, List<Integer> decisions) {
    SplittableRandom rng = new SplittableRandom(seed);
    State s = game.initialState();
    MoveList moves = new MoveList();
    while (!game.isTerminal(s)) {
      if (joints.size() > game.stepBound()) {
        throw new IllegalStateException(game.name() + ": the random game of seed " + seed + " passed its step bound");
      }
      int[] joint = new int[game.roleCount()];
      boolean decision = false;
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(s, r, moves);
        decision |= r != game.randomRole() && moves.size() >= 2;
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      if (decision) {
        decisions.add(joints.size());
      }
      game.apply(s, joint, null);
      joints.add(joint);
    }
  }
}
