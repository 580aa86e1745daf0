package veil.ai.match;

import veil.model.State;

/** Follows a match as the runner plays it (for a terminal display); the runner's view, true state included. */
public interface MatchListener {
  MatchListener NONE = (step, joint, state) -> {};

  /** Called after each joint move, with the state it led to (do not modify). */
  void afterStep(int step, int[] joint, State state);
}
