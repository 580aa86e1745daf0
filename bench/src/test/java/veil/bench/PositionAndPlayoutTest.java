package veil.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import veil.model.Game;

class PositionAndPlayoutTest {
  @Test
  void heartsPositionsAreDecisionsOfTheNamedTrick() {
    Position first = Position.of("hearts/trick1", 1);
    // The 2♣ lead is forced, so the first decision with a choice is a later card of trick 1.
    assertThat(first.step()).isBetween(Position.heartsTrickStart(1) + 1, Position.heartsTrickStart(2) - 1);
    Position tenth = Position.of("hearts/trick10", 1);
    assertThat(tenth.step()).isBetween(Position.heartsTrickStart(10), Position.heartsTrickStart(11) - 1);
    for (Position p : new Position[] {first, tenth}) {
      assertThat(p.legal().size()).isGreaterThanOrEqualTo(2);
      assertThat(p.observation().length()).isEqualTo(p.step());
      assertThat(p.observation().role()).isEqualTo(p.role());
      assertThat(p.role()).isNotEqualTo(p.game().randomRole());
    }
  }

  @Test
  void positionsAreReproducibleAndSpecsAreChecked() {
    Position a = Position.of("hearts/trick6", 3);
    Position b = Position.of("hearts/trick6", 3);
    assertThat(a.observation()).isEqualTo(b.observation());
    assertThat(Position.of("blind-tic-tac-toe/step0", 1).step()).isZero();
    assertThatThrownBy(() -> Position.of("hearts", 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Position.of("blind-tic-tac-toe/step40", 1)).hasMessageContaining("ended before");
  }

  @Test
  void heartsPlayoutsHaveTheDealThePassAndFiftyTwoCards() {
    Game hearts = BenchGames.lud("hearts");
    for (RandomPlayout.Way way : RandomPlayout.Way.values()) {
      RandomPlayout playout = new RandomPlayout(hearts, 5, way);
      for (int i = 0; i < 50; i++) {
        assertThat(playout.playLength()).isEqualTo(52 + 3 + 52);
      }
    }
    RandomPlayout gdl = new RandomPlayout(BenchGames.kif("blind-tic-tac-toe-gdl"), 5, RandomPlayout.Way.ROLLOUT);
    for (int i = 0; i < 50; i++) {
      assertThat(gdl.playLength()).isBetween(1, gdl.game().stepBound());
    }
  }

  @Test
  void ratiosCarryBothSpreads() {
    Measurement a = new Measurement("a", "a", 30, 3, 4, "games/s", java.util.Map.of(), null);
    Measurement b = new Measurement("b", "b", 300, 40, 4, "games/s", java.util.Map.of(), null);
    Measurement.Ratio r = a.over(b);
    assertThat(r.value()).isEqualTo(0.1);
    assertThat(r.sd()).isCloseTo(0.1 * Math.hypot(0.1, 40.0 / 300), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(a.over(Measurement.skipped("c", "c", "games/s", "n/a"))).isNull();
  }
}
