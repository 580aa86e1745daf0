package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.gdl.reason.GroundedGame;
import veil.gdl.reason.KifGame;
import veil.gdl.reason.TopDownGame;
import veil.model.GameLoadException;

/**
 * The top-down reasoner against the grounded one: in lockstep on random playouts (same legal moves, percepts,
 * terminal, goals and states) on every bundled .kif game and the project's test games.
 */
class TopDownReasonerTest {
  static KifGame load(String name, String text, String reasoner) {
    try {
      return new KifLoader().load(name, text, Map.of("mode", "strict", "reasoner", reasoner));
    } catch (GameLoadException e) {
      throw new AssertionError("did not load:\n" + e.getMessage(), e);
    }
  }

  static Stream<String> bundled() throws IOException {
    return BundledGamesTest.names();
  }

  static void agree(String name, String text, int playouts) {
    KifGame grounded = load(name, text, "grounded");
    KifGame topDown = load(name, text, "topdown");
    assertThat(grounded).isInstanceOf(GroundedGame.class);
    assertThat(topDown).isInstanceOf(TopDownGame.class);
    Lockstep.Result r = Lockstep.run(grounded, topDown, playouts, 7, grounded::trueFacts, topDown::trueFacts);
    assertThat(r.ok()).as(() -> name + ":\n" + r.mismatch().describe("grounded", "top-down")).isTrue();
    assertThat(r.steps()).isGreaterThan(playouts);
  }

  @ParameterizedTest
  @MethodSource("bundled")
  void agreesWithTheGroundedReasonerOnEveryBundledGame(String name) {
    agree(name, Kif.bundledText(name), 200);
  }

  @Test
  void agreesOnTheRecursiveTestGame() {
    agree("recursive-reach.kif", Kif.testResource("recursive-reach.kif"), 200);
  }

  @Test
  void agreesOnRecursionThatMeetsItselfFirst() {
    agree("recursive-paths.kif", Kif.testResource("recursive-paths.kif"), 300);
  }

  @Test
  void agreesOnEightByEight() {
    agree("eight-by-eight.kif", Kif.testResource("eight-by-eight.kif"), 20);
  }
}
