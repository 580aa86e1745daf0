package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.model.Observation;

/**
 * The bound of weighted draws starts from a walk that finds a draw: when the walks taking the narrowest candidates
 * find none, ordinary walks do ({@code Worker.bound}). Before, only the greedy walks were tried when SOME facts are
 * designated, and the sampler declined every call ("no bound") on an observation whose truth replays.
 */
class BoundStartTest {
  /**
   * The generated game -21737 (asks shown on a spot, the asker holding the rank; the CI property's game 9383119c) at
   * p1's step 30: every call gives a history that replays (with the greedy walks only, all 20 calls declined).
   */
  @Test
  void theGeneratedGameSamplesWhereTheGreedyWalksFindNoDraw() {
    RandomCardGamesTest.Spec spec = new RandomCardGamesTest.Spec(3, 4, 5, 1, false, "Owner", "All", "Owner", "All",
        true, true, false, false, false, -21737L);
    assertThat(Integer.toHexString(spec.text().hashCode())).isEqualTo("9383119c");
    CompiledGame g = Play.compile("generated", spec.text());
    Observation obs = ExactBoundTest.generatorObservation(g, spec.seed(), 0, 30);
    CardSampler sampler = new CardSampler(g);
    SplittableRandom rng = new SplittableRandom(1);
    for (int k = 0; k < 20; k++) {
      int[][] history = sampler.sampleHistory(obs, rng);
      assertThat(history).as("%s", sampler.stats()).isNotNull();
      Play.replayChecked(g, history, obs);
    }
    assertThat(sampler.stats().noBound.sum()).isZero();
  }
}
