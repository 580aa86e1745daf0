package veil.ai.sample;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import veil.model.Determinizer;
import veil.model.Observation;
import veil.model.State;

/**
 * A game's own fast sampler, backed by the general one. A fast sampler (the card sampler) models a class of rules;
 * when it finds no state for an observation — a case its model does not cover, or its effort bound reached — that
 * observation is handed to the {@link GeneralDeterminizer}, which needs nothing but the model contract and is exact
 * whenever its belief fits its limits (and says so through {@link #approximate} when it does not). So an agent never
 * plays at random on a consistent observation because a fast sampler is narrower than the game; the number of
 * observations handed over is counted ({@link #handoffs}) so that a report can say how often the fast path failed.
 *
 * <p>Once the own sampler has failed on an observation, the later samples of that observation (the same object at
 * the same length: one decision) go straight to the general sampler, so a decision does not pay for the own
 * sampler's failed effort at every iteration, and the worlds of one decision come from one posterior.
 */
public final class HandoffDeterminizer implements Determinizer {
  private final Determinizer own;
  private final GeneralDeterminizer general;
  private final LongAdder handoffs = new LongAdder();
  /** The observation last handed over (object and length), or null. */
  private volatile Handed handed;

  private record Handed(Observation obs, int length) {
  }

  public HandoffDeterminizer(Determinizer own, GeneralDeterminizer general) {
    this.own = own;
    this.general = general;
  }

  /** The game's own sampler. */
  public Determinizer own() {
    return own;
  }

  /** How many observations the own sampler failed on and handed to the general sampler. */
  public long handoffs() {
    return handoffs.sum();
  }

  /** True when {@code obs} has been handed to the general sampler. */
  public boolean handedOff(Observation obs) {
    Handed h = handed;
    return h != null && h.obs == obs && h.length == obs.length();
  }

  private void handOff(Observation obs) {
    if (!handedOff(obs)) {
      handed = new Handed(obs, obs.length());
      handoffs.increment();
    }
  }

  @Override
  public boolean sample(Observation obs, SplittableRandom rng, State out) {
    if (!handedOff(obs)) {
      if (own.sample(obs, rng, out)) {
        return true;
      }
      handOff(obs);
    }
    return general.sample(obs, rng, out);
  }

  @Override
  public int[][] sampleHistory(Observation obs, SplittableRandom rng) {
    if (!handedOff(obs)) {
      int[][] history = own.sampleHistory(obs, rng);
      if (history != null) {
        return history;
      }
      handOff(obs);
    }
    return general.sampleHistory(obs, rng);
  }

  /** The general sampler's answer for an observation handed to it, else the own sampler's. */
  @Override
  public boolean approximate(Observation obs) {
    return handedOff(obs) ? general.approximate(obs) : own.approximate(obs);
  }
}
