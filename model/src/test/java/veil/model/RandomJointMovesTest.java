package veil.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RandomJointMovesTest {
  @Test
  void gameSeedsAreTheOnesSimulateHasAlwaysUsed() {
    // Replay commands printed by earlier versions (`veil simulate GAME --seed S --first-game i --games 1`) name
    // games by these seeds: the values were computed with the simulator's formula before it moved here.
    assertThat(RandomJointMoves.gameSeed(1, 0)).isEqualTo(-7061257010553836809L);
    assertThat(RandomJointMoves.gameSeed(20_250_101L, 7)).isEqualTo(-4941809659190808069L);
  }

  @Test
  void gameSeedsDependOnBothMasterSeedAndIndex() {
    assertThat(RandomJointMoves.gameSeed(1, 0)).isNotEqualTo(RandomJointMoves.gameSeed(1, 1));
    assertThat(RandomJointMoves.gameSeed(1, 0)).isNotEqualTo(RandomJointMoves.gameSeed(2, 0));
  }
}
