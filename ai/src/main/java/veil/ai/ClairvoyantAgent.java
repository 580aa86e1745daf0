package veil.ai;

import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * A clairvoyant agent: the match runner hands it the true state, on purpose. It is the baseline honest agents are
 * measured against, never an honest player; its name says so.
 */
public interface ClairvoyantAgent extends Player {
  /** Chooses one of {@code legal} seeing the true state (a copy it may modify). */
  int choose(State trueState, Observation obs, MoveList legal, Budget budget);
}
