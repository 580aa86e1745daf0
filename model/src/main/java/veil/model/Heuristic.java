package veil.model;

/**
 * A value of every role in a non-terminal state, on the 0..1 scale of {@link Game#scores} (the random role's entry
 * 0): what the game's own scoring rule would give if the game ended now. A search may cut a rollout and credit
 * this instead of playing to the end ({@code leaf=K} in {@code veil.ai.Agents}).
 *
 * <p>It reads only the state it is given: a searcher calls it on its determinized world (the world it sampled from
 * its information set), exactly as a rollout plays on that world, never on the true state.
 */
@FunctionalInterface
public interface Heuristic {
  /**
   * Writes each role's value of {@code s} into {@code out} (one entry per role) and returns true; or returns false
   * when the scoring rule has no value in {@code s} (an expression it reads is not defined yet, e.g. the maker of a
   * trump before anyone made it; or a payoff outside the range the game declares for it, which is never clamped into
   * it): then the caller plays on rather than guess. {@code s} is left unchanged; {@code scratch}, a state of the
   * same game, may be overwritten (the game may run its end rule's effects there). Allocates nothing, whether it
   * returns true or false: it runs on the playout path.
   */
  boolean values(State s, State scratch, double[] out);
}
