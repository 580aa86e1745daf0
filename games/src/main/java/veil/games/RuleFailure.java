package veil.games;

/**
 * A playout that broke the rules of the GDL-II model: which game of the run, its seed, the step (number of joint
 * moves played before the failure), the role concerned (-1 when none) and what went wrong.
 *
 * @param cause the exception the game threw, or null; for debugging output only
 */
public record RuleFailure(Kind kind, int gameIndex, long gameSeed, int step, int role, String message, Throwable cause) {
  /** The kinds of rule failure the simulator detects. */
  public enum Kind {
    /** A role has no legal move in a non-terminal state. */
    NO_LEGAL_MOVE,
    /** A goal value outside 0..100 at a terminal state. */
    GOAL_OUT_OF_RANGE,
    /** A score outside [0, 1] (or not a number) at a terminal state, or the wrong number of scores. */
    SCORE_OUT_OF_RANGE,
    /** The game was still not over after {@link veil.model.Game#stepBound()} joint moves. */
    STEP_BOUND_EXCEEDED,
    /** Playing on a copy of the initial state changed it: copies share mutable parts. */
    SHARED_STATE,
    /** The game threw while computing legal moves, a transition, the terminal test, goals or scores. */
    EXCEPTION
  }

  /** One line for humans: kind, game index, seed, step and message. */
  public String summary() {
    return "game " + gameIndex + " (seed " + gameSeed + "), step " + step + ": " + message;
  }
}
