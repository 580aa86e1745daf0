package veil.ai.sample;

import java.util.Arrays;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/**
 * Checks that a sampled history or state belongs to an observer's information set. The conformance suite runs it on
 * every bundled game and every sampler.
 */
public final class SamplerCheck {
  private SamplerCheck() {}

  /** True when replaying {@code history} (joint moves, one int per role per step) reproduces {@code obs}. */
  public static boolean consistent(Game game, Observation obs, int[][] history) {
    return mismatch(game, obs, history) == null;
  }

  /**
   * Null when replaying {@code history} from the initial state reproduces {@code obs} exactly: as many steps, no
   * terminal state before the last, every move legal for its role, the observer's own move the observed one, and
   * the observer's percepts equal as sets at every step. Otherwise a description of the first difference.
   */
  public static String mismatch(Game game, Observation obs, int[][] history) {
    if (history == null) {
      return "no history";
    }
    if (history.length != obs.length()) {
      return "history has " + history.length + " steps, observation " + obs.length();
    }
    int roles = game.roleCount();
    int observer = obs.role();
    State s = game.initialState();
    MoveList legal = new MoveList();
    Percepts percepts = new Percepts(roles);
    for (int t = 0; t < history.length; t++) {
      int[] joint = history[t];
      if (joint == null || joint.length != roles) {
        return "step " + t + ": joint move must have one move per role";
      }
      if (game.isTerminal(s)) {
        return "step " + t + ": state is terminal";
      }
      if (joint[observer] != obs.move(t)) {
        return "step " + t + ": observer played " + game.moveText(observer, obs.move(t)) + ", history has "
            + game.moveText(observer, joint[observer]);
      }
      for (int r = 0; r < roles; r++) {
        game.legalMoves(s, r, legal);
        if (!legal.contains(joint[r])) {
          return "step " + t + ": " + game.moveText(r, joint[r]) + " is not legal for " + game.roleName(r);
        }
      }
      game.apply(s, joint, percepts);
      if (!percepts.sameAs(observer, obs.percepts(t))) {
        return "step " + t + ": percepts " + Arrays.toString(percepts.sorted(observer)) + " differ from observed "
            + Arrays.toString(obs.percepts(t));
      }
    }
    return null;
  }

  /** The state {@code history} reaches from the initial state (no checks). */
  public static State replay(Game game, int[][] history) {
    State s = game.initialState();
    for (int[] joint : history) {
      game.apply(s, joint, null);
    }
    return s;
  }

  /**
   * True when {@code state} is in {@code obs}'s information set, decided exactly by filtering; throws when the
   * information set is too large to enumerate within {@code limits}.
   */
  public static boolean inInformationSet(Game game, Observation obs, State state, Belief.Limits limits) {
    Belief b = Belief.build(game, obs, limits);
    if (b.isImpossible()) {
      return false;
    }
    if (!b.isExact()) {
      throw new IllegalStateException("information set too large to enumerate within " + limits);
    }
    return b.indexOf(state) >= 0;
  }
}
