package veil.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.model.Game;

/** The sampler benchmark's observations: early, middle and late steps of seeded random games, every player's. */
class SamplerPositionsTest {
  @Test
  void threePhasesOfEverySeedForEveryPlayer() {
    Game hearts = BenchGames.lud("hearts");
    List<SamplerPositions.At> at = SamplerPositions.of(hearts, SamplerPositions.SEEDS);
    assertThat(at).hasSize(SamplerPositions.SEEDS.length * SamplerPositions.PHASES.length * 4);
    for (long seed : SamplerPositions.SEEDS) {
      int[] steps = at.stream().filter(a -> a.seed() == seed).mapToInt(SamplerPositions.At::step).distinct().toArray();
      assertThat(steps).hasSize(3);
      // early is after the deal (the pass is Hearts' first choice), late is in the last tricks, and they are ordered
      assertThat(steps[0]).isGreaterThanOrEqualTo(52).isLessThan(steps[1]);
      assertThat(steps[1]).isLessThan(steps[2]);
      assertThat(steps[2]).isGreaterThan(52 + 3 + 36);
    }
    for (SamplerPositions.At a : at) {
      assertThat(a.observation().length()).isEqualTo(a.step());
      assertThat(a.observation().role()).isEqualTo(a.role());
      assertThat(a.role()).isBetween(0, 3);
    }
    // the same observations every time
    List<SamplerPositions.At> again = SamplerPositions.of(BenchGames.lud("hearts"), SamplerPositions.SEEDS);
    for (int i = 0; i < at.size(); i++) {
      assertThat(again.get(i).step()).isEqualTo(at.get(i).step());
      assertThat(again.get(i).role()).isEqualTo(at.get(i).role());
    }
  }

  @Test
  void aGameWithoutChoicesIsObservedAtItsSteps() {
    Game war = BenchGames.lud("war");
    List<SamplerPositions.At> at = SamplerPositions.of(war, new long[] {1});
    assertThat(at).hasSize(3 * 2);
    assertThat(at.get(0).step()).isPositive().isLessThan(at.get(2).step());
  }

  @Test
  void everyBundledGameIsListed() {
    List<String> all = BenchGames.bundled();
    assertThat(all).contains("hearts", "pinochle", "war", "kif:monty-hall-5", "kif:krieg-tic-tac-toe");
    assertThat(all).doesNotContain("deck-52").doesNotHaveDuplicates();
  }
}
