package veil.ai.arena;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The "about N games would resolve a difference this size" count. */
class GamesToResolveTest {
  @Test
  void aDifferenceOfZeroOrWithinRoundingOfZeroHasNoCount() {
    assertThat(ArenaStats.gamesToResolve(0, 0.25, 1)).isEqualTo(-1);
    // the mean of differences that cancel out exactly in decimal is not 0 in binary floating point
    double mean = (0.1 + 0.2 - 0.3) / 3;
    assertThat(mean).isNotZero();
    assertThat(ArenaStats.gamesToResolve(mean, 0.25, 2)).isEqualTo(-1);
    assertThat(ArenaStats.gamesToResolve(0.1, 0, 1)).isEqualTo(-1);
  }

  @Test
  void theCountFollowsTheNormalApproximation() {
    // (1.96 + 0.84)^2 x 0.25 / 0.1^2 = 196.2..., rounded up, per unit of 4 games
    assertThat(ArenaStats.gamesToResolve(0.1, 0.25, 1)).isEqualTo(197);
    assertThat(ArenaStats.gamesToResolve(-0.1, 0.25, 4)).isEqualTo(4 * 197);
  }
}
