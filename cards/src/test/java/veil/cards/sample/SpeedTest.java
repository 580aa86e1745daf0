package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;
import veil.model.Observation;

/** Samples per second on Hearts after five tricks, for p1: reported, not asserted (machines differ). */
class SpeedTest {
  @Test
  void heartsAfterFiveTricks() {
    CompiledGame g = Play.bundled("hearts");
    CardSampler sampler = new CardSampler(g);
    SplittableRandom rng = new SplittableRandom(99);
    Play.Game play = new Play.Game(g);
    while (play.state.v[Slot.TRICKS] < 5) {
      play.step(rng);
    }
    Observation obs = play.observations[0].copy();
    LudState out = g.initialState();
    long t0 = System.nanoTime();
    assertThat(sampler.sample(obs, rng, out)).isTrue();
    long analysis = System.nanoTime() - t0;
    // Let the JIT compile the sampler and the game first (about two seconds on a loaded machine).
    long warm = System.nanoTime();
    while (System.nanoTime() - warm < 2_000_000_000L) {
      assertThat(sampler.sample(obs, rng, out)).isTrue();
    }
    int n = 0;
    long start = System.nanoTime();
    while (System.nanoTime() - start < 1_000_000_000L) {
      for (int i = 0; i < 100; i++) {
        sampler.sample(obs, rng, out);
      }
      n += 100;
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("hearts, p1 after 5 tricks (step %d): first sample (with analysis) %.1f ms, then %.0f samples/s;"
        + " %s%n", obs.length(), analysis / 1e6, n / seconds, sampler.stats());
  }
}
