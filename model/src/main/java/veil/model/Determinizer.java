package veil.model;

import java.util.SplittableRandom;

/**
 * Samples a state from an observer's information set: a state that some history consistent with the observation
 * (every own move legal and played, every percept reproduced exactly) would have reached, drawn with the
 * probability the chance moves give it.
 */
public interface Determinizer {
  /**
   * Writes a sampled state into {@code out} and returns true, or returns false when no consistent state was found
   * within the sampler's effort bound (callers treat that as a failure to report, never as a state to use).
   */
  boolean sample(Observation observation, SplittableRandom rng, State out);

  /**
   * A whole history (one joint move per step, {@code [step][role]}) consistent with the observation, drawn as
   * {@link #sample} draws states, or null when none was found. Replaying it from the initial state gives the
   * sampled state; the conformance suite replays it to prove the sample consistent. Samplers that cannot give
   * histories return null and are checked through their states only.
   */
  default int[][] sampleHistory(Observation observation, SplittableRandom rng) {
    return null;
  }

  /**
   * True when the samples for {@code observation} come from an approximation of the posterior (such as a bag of
   * particles kept instead of the exact set of consistent states), not from the posterior itself. Exact samplers
   * keep the default. Agents report it per decision so that an arena can say how often play rested on it.
   */
  default boolean approximate(Observation observation) {
    return false;
  }
}
