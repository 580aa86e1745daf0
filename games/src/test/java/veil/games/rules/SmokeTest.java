package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SmokeTest {
  @ParameterizedTest
  @ValueSource(strings = {"agram", "hearts", "hearts-simple", "ninety-eight", "golf", "bottle-imp",
      "blind-tic-tac-toe"})
  void randomPlayoutsEnd(String name) {
    for (int seed = 0; seed < 200; seed++) {
      Play p = new Play(name);
      int steps = p.playOut(seed);
      assertThat(steps).isPositive();
      double sum = 0;
      for (double s : p.game.scores(p.state)) {
        assertThat(s).isBetween(0.0, 1.0);
        sum += s;
      }
      assertThat(sum).isPositive();
    }
  }
}
