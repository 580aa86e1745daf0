package veil.ai;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import veil.ai.match.MatchRunner;
import veil.ai.match.Replay;
import veil.ai.sample.Belief;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.sample.SamplerCheck;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * The honesty test of the architecture: an honest agent given the same observation and seed under two different
 * true states, both consistent with that observation, must choose the same move.
 *
 * <p>A random game is played; at positions where a role has two or more legal moves, a second true state of that
 * role's information set is drawn (from the general sampler, checked by replay, else from the game's own sampler),
 * and two fresh agents with the same seed and iteration budget are asked through {@link MatchRunner#decide} — the
 * same call the match runner uses — one holding each true state. The check fails if the moves differ (something
 * derived from the true state reached the agent), if the role's legal moves differ between the two states (the
 * game itself leaks through legality), or if the sampler produced a history that does not reproduce the
 * observation. A clairvoyant agent is expected to fail it: that is the check's positive control.
 */
public final class HonestyCheck {
  private HonestyCheck() {}

  /**
   * @param honest false when a difference was found ({@code detail} says which)
   * @param positionsTested positions where two distinct states were compared; 0 means the check found nothing to
   *     compare (e.g. a game without hidden information) and proves nothing
   */
  public record Result(boolean honest, int positionsTested, String detail) {
    public boolean tested() {
      return positionsTested > 0;
    }
  }

  public static Result check(Game game, String agentSpec, long seed, int iterations) {
    return check(game, agentSpec, seed, iterations, 4);
  }

  /** As {@link #check(Game, String, long, int)}, comparing at up to {@code positions} positions. */
  public static Result check(Game game, String agentSpec, long seed, int iterations, int positions) {
    Agents.create(agentSpec); // fail fast on a bad spec
    SplittableRandom rng = new SplittableRandom(seed);
    int roles = game.roleCount();
    List<int[]> joints = new ArrayList<>();
    List<State> states = new ArrayList<>();
    State s = game.initialState();
    MoveList ml = new MoveList();
    int[] joint = new int[roles];
    List<int[]> candidates = new ArrayList<>();
    while (!game.isTerminal(s)) {
      if (joints.size() >= game.stepBound()) {
        return new Result(false, 0, "rule failure: no terminal state within the step bound");
      }
      states.add(s.copy());
      for (int r = 0; r < roles; r++) {
        game.legalMoves(s, r, ml);
        if (ml.isEmpty()) {
          return new Result(false, 0, "rule failure: " + game.roleName(r) + " has no legal move");
        }
        if (ml.size() >= 2 && r != game.randomRole()) {
          candidates.add(new int[] {joints.size(), r});
        }
        joint[r] = ml.get(rng.nextInt(ml.size()));
      }
      game.apply(s, joint, null);
      joints.add(joint.clone());
    }
    int[][] history = joints.toArray(new int[0][]);
    // Shuffle the candidate positions (Fisher-Yates with the check's own generator).
    for (int i = candidates.size() - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int[] tmp = candidates.get(i);
      candidates.set(i, candidates.get(j));
      candidates.set(j, tmp);
    }
    Budget budget = Budget.iterations(iterations);
    long agentSeed = Seeds.derive(seed, 77);
    int tested = 0;
    int tried = 0;
    for (int[] cand : candidates) {
      // Positions whose information set is a single state prove nothing; do not search for ever in a long game.
      if (tested >= positions || tried++ >= 20 * positions + 10) {
        break;
      }
      int step = cand[0];
      int role = cand[1];
      State trueState = states.get(step);
      Observation obs = Replay.observation(game, history, role, step);
      Alternative alt;
      try {
        alt = alternative(game, obs, trueState, rng);
      } catch (InconsistentSample e) {
        return new Result(false, tested, e.getMessage());
      }
      if (alt == null) {
        continue;
      }
      if (!alt.obs.equals(obs)) {
        return new Result(false, tested, "the two histories give " + game.roleName(role) + " different observations");
      }
      int[] legal1 = legalSorted(game, trueState, role);
      int[] legal2 = legalSorted(game, alt.state, role);
      if (!Arrays.equals(legal1, legal2)) {
        return new Result(false, tested, "the game leaks: " + game.roleName(role) + " has legal moves "
            + Arrays.toString(legal1) + " and " + Arrays.toString(legal2) + " in two states it cannot tell apart"
            + " (step " + step + ")");
      }
      int m1 = decideFresh(game, agentSpec, role, agentSeed, trueState, obs, budget);
      int m2 = decideFresh(game, agentSpec, role, agentSeed, alt.state, alt.obs, budget);
      if (m1 != m2) {
        return new Result(false, tested + 1, agentSpec + " as " + game.roleName(role) + " at step " + step
            + " chose " + game.moveText(role, m1) + " in the true state and " + game.moveText(role, m2)
            + " in another state of the same information set");
      }
      tested++;
    }
    return new Result(true, tested, tested == 0
        ? "no position with two distinct states in one information set was found"
        : "same move in " + tested + " position(s)");
  }

  private record Alternative(State state, Observation obs) {}

  private static final class InconsistentSample extends RuntimeException {
    InconsistentSample(String message) {
      super(message, null, false, false);
    }
  }

  /** A state of obs's information set different from {@code trueState}, or null when none was found. */
  private static Alternative alternative(Game game, Observation obs, State trueState, SplittableRandom rng) {
    // Modest limits: in a big game the check should fall back to the game's own sampler quickly.
    GeneralDeterminizer general = new GeneralDeterminizer(game, new Belief.Limits(5_000, 50_000, 50_000, Integer.MAX_VALUE));
    for (int k = 0; k < 12; k++) {
      int[][] h = general.sampleHistory(obs, rng);
      if (h == null) {
        break;
      }
      String mismatch = SamplerCheck.mismatch(game, obs, h);
      if (mismatch != null) {
        throw new InconsistentSample("the general sampler produced an inconsistent history: " + mismatch);
      }
      State st = SamplerCheck.replay(game, h);
      if (!st.sameAs(trueState)) {
        return new Alternative(st, Replay.observation(game, h, obs.role(), obs.length()));
      }
    }
    Determinizer own = game.determinizer();
    if (own != null) {
      State st = game.initialState();
      for (int k = 0; k < 12; k++) {
        if (own.sample(obs, rng, st) && !st.sameAs(trueState)) {
          return new Alternative(st, obs);
        }
      }
    }
    return null;
  }

  private static int[] legalSorted(Game game, State s, int role) {
    MoveList ml = new MoveList();
    game.legalMoves(s, role, ml);
    return ml.toSortedArray();
  }

  private static int decideFresh(Game game, String spec, int role, long seed, State state, Observation obs,
      Budget budget) {
    Player p = Agents.create(spec);
    p.start(game, role, seed);
    MoveList legal = new MoveList();
    game.legalMoves(state, role, legal);
    return MatchRunner.decide(p, state, obs, legal, budget);
  }
}
