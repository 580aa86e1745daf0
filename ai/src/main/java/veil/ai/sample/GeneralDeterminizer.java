package veil.ai.sample;

import java.util.SplittableRandom;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.Observation;
import veil.model.State;

/**
 * The information-set sampler that works for every game through the model contract alone: it rebuilds hidden
 * histories (chance moves and the other roles' moves) that reproduce the observer's observation exactly, with
 * chance moves at their true probabilities and the other players under a uniform opponent model; see {@link
 * Belief} for the method and why it is exact.
 *
 * <p>The belief for the last observation is cached, and extended when the next observation only adds steps, so an
 * agent pays for filtering once per decision rather than once per sample. Sampling is thread-safe.
 */
public final class GeneralDeterminizer implements Determinizer {
  private final Game game;
  private final Belief.Limits limits;
  private final ThreadLocal<Belief.Scratch> scratch;
  private Belief belief;
  private Observation lastObs;
  private int lastLength = -1;

  public GeneralDeterminizer(Game game) {
    this(game, Belief.Limits.DEFAULT);
  }

  public GeneralDeterminizer(Game game, Belief.Limits limits) {
    this.game = game;
    this.limits = limits;
    this.scratch = ThreadLocal.withInitial(() -> new Belief.Scratch(game));
  }

  /**
   * The sampler an agent should use for {@code game}: the game's own when it has one, handing the observations it
   * finds no state for to a general one ({@link HandoffDeterminizer}); else a general one.
   */
  public static Determinizer forGame(Game game) {
    Determinizer d = game.determinizer();
    return d != null ? new HandoffDeterminizer(d, new GeneralDeterminizer(game)) : new GeneralDeterminizer(game);
  }

  /** The (cached) belief for {@code obs}. */
  public synchronized Belief belief(Observation obs) {
    if (belief != null && obs == lastObs && obs.length() == lastLength) {
      return belief;
    }
    belief = belief == null ? Belief.build(game, obs, limits) : belief.reuseFor(obs);
    lastObs = obs;
    lastLength = obs.length();
    return belief;
  }

  /**
   * A sampler for {@code obs} alone, for one thread: filtering is done now, and its samples take no lock. A search
   * thread asks for one per decision.
   */
  public Determinizer forObservation(Observation obs) {
    Belief b = belief(obs);
    Belief.Scratch sc = new Belief.Scratch(game);
    return (o, rng, out) -> {
      if (o != obs) {
        return sample(o, rng, out);
      }
      return b.sample(rng, out, null, sc);
    };
  }

  /** True when the belief for {@code obs} is the bag of particles, not the exact set of consistent states. */
  @Override
  public boolean approximate(Observation obs) {
    return belief(obs).isApproximate();
  }

  @Override
  public boolean sample(Observation obs, SplittableRandom rng, State out) {
    return belief(obs).sample(rng, out, null, scratch.get());
  }

  /**
   * A history drawn from the posterior: the joint moves of every step (one int per role), replaying to a state of
   * the information set; null when the observation is impossible or the effort bound was reached.
   */
  @Override
  public int[][] sampleHistory(Observation obs, SplittableRandom rng) {
    Belief.Scratch sc = scratch.get();
    int[][] history = new int[obs.length()][];
    State out = game.initialState();
    return belief(obs).sample(rng, out, history, sc) ? history : null;
  }
}
