package veil.ai;

import veil.model.MoveList;
import veil.model.Observation;

/**
 * An honest agent: it is handed its role's observation (own moves and percepts, nothing else) and its own legal
 * moves, never a state. Everything it knows of the hidden part of the game it must infer by sampling its
 * information set.
 */
public interface Agent extends Player {
  /**
   * Chooses one of {@code legal} (the role's legal moves, which a well-formed game lets the role know) given its
   * observation so far. Must not modify its arguments.
   */
  int choose(Observation obs, MoveList legal, Budget budget);
}
