package veil.ai.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.games.MiniTricks;
import veil.ai.games.WithSampler;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.Observation;
import veil.model.State;

/**
 * A game's own sampler that finds no state for an observation hands it to the general sampler: agents then play
 * searched moves, never random ones, and the samples still reproduce the observation.
 */
class HandoffDeterminizerTest {
  /** A sampler that finds nothing after step {@code from} (as a fast sampler whose model stops there), counting calls. */
  private static final class FailsFrom implements Determinizer {
    final GeneralDeterminizer exact;
    final int from;
    final AtomicInteger calls = new AtomicInteger();

    FailsFrom(Game game, int from) {
      this.exact = new GeneralDeterminizer(game);
      this.from = from;
    }

    @Override
    public boolean sample(Observation obs, SplittableRandom rng, State out) {
      calls.incrementAndGet();
      return obs.length() < from && exact.sample(obs, rng, out);
    }

    @Override
    public int[][] sampleHistory(Observation obs, SplittableRandom rng) {
      calls.incrementAndGet();
      return obs.length() < from ? exact.sampleHistory(obs, rng) : null;
    }
  }

  @Test
  void agentsSearchWhereTheGamesOwnSamplerFindsNothing() {
    for (String agent : List.of("so-ismcts", "mo-ismcts", "pimc", "hp-ismcts")) {
      for (long seed = 1; seed <= 3; seed++) {
        Game game = new WithSampler(new MiniTricks(), new FailsFrom(new MiniTricks(), 8));
        MatchRecord rec = MatchRunner.play(game, List.of(Agents.create(agent), Agents.create(agent)), seed,
            Budget.iterations(30));
        assertThat(rec.failure()).as(agent).isNull();
        assertThat(rec.fallbacks()).as(agent).containsOnly(0);
        assertThat(rec.approximate()).as(agent).containsOnly(0);
      }
    }
  }

  @Test
  void handedOverObservationsAreSampledExactlyAndOnlyOnceAskedOfTheOwnSampler() {
    MiniTricks game = new MiniTricks();
    int[][] joints = Observations.randomHistory(game, 5);
    FailsFrom own = new FailsFrom(game, 8);
    HandoffDeterminizer d = new HandoffDeterminizer(own, new GeneralDeterminizer(game));
    SplittableRandom rng = new SplittableRandom(9);
    int handed = 0;
    for (int t = 1; t <= joints.length; t++) {
      Observation obs = Observations.of(game, joints, MiniTricks.P1, t);
      int before = own.calls.get();
      for (int n = 0; n < 20; n++) {
        int[][] h = d.sampleHistory(obs, rng);
        assertThat(h).as("step %d", t).isNotNull();
        assertThat(SamplerCheck.mismatch(game, obs, h)).as("step %d", t).isNull();
      }
      if (t >= 8) {
        handed++;
        assertThat(d.handedOff(obs)).isTrue();
        assertThat(own.calls.get() - before).as("the own sampler is asked once per handed-over observation").isEqualTo(1);
      } else {
        assertThat(d.handedOff(obs)).isFalse();
        assertThat(own.calls.get() - before).isEqualTo(20);
      }
    }
    assertThat(d.handoffs()).isEqualTo(handed).isPositive();
  }
}
