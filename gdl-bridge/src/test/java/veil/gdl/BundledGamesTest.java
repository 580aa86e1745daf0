package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import veil.gdl.reason.KifGame;
import veil.model.Percepts;
import veil.model.State;

/** Every bundled .kif game loads in strict mode without warnings and plays to a terminal state with goals. */
class BundledGamesTest {
  static List<String[]> index() throws IOException {
    return Files.readAllLines(Kif.KIF_DIR.resolve("index.txt")).stream()
        .filter(l -> !l.isBlank())
        .map(l -> l.split("\t"))
        .toList();
  }

  static Stream<String> names() throws IOException {
    return index().stream().map(e -> e[0]);
  }

  @Test
  void indexListsEveryKifFileWithItsFirstCommentLine() throws IOException {
    List<String[]> index = index();
    try (Stream<Path> files = Files.list(Kif.KIF_DIR)) {
      List<String> kif = files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".kif")).sorted().toList();
      assertThat(index.stream().map(e -> e[1]).sorted().toList()).isEqualTo(kif);
    }
    for (String[] e : index) {
      assertThat(e).hasSize(3);
      assertThat(e[1]).isEqualTo(e[0] + ".kif");
      assertThat(Kif.bundled(e[0]).description()).isEqualTo(e[2]);
    }
    assertThat(index.stream().map(e -> e[0])).contains(
        "tic-tac-toe", "blind-tic-tac-toe-gdl", "monty-hall-3", "monty-hall-4", "monty-hall-5", "exploding-bomb",
        "spy-vs-spy", "number-guessing-4", "number-guessing-8", "number-guessing-16", "banker-and-thief",
        "battleships-in-fog", "krieg-tic-tac-toe");
  }

  @ParameterizedTest
  @MethodSource("names")
  void loadsStrictWithoutWarnings(String name) {
    KifGame g = Kif.bundled(name);
    assertThat(g.warnings()).isEmpty();
    assertThat(g.name()).isEqualTo(name);
  }

  @ParameterizedTest
  @MethodSource("names")
  void randomPlayoutsEndWithGoals(String name) {
    KifGame g = Kif.bundled(name);
    SplittableRandom rng = new SplittableRandom(name.hashCode());
    Percepts percepts = new Percepts(g.roleCount());
    for (int i = 0; i < 200; i++) {
      State s = g.initialState();
      int steps = Kif.randomPlayout(g, s, rng, i % 2 == 0 ? percepts : null);
      assertThat(steps).as("playout %d ends within the step bound", i).isPositive();
      for (int r = 0; r < g.roleCount(); r++) {
        assertThat(g.goal(s, r)).isBetween(0, 100);
      }
    }
    assertThat(g.playWarnings()).isEmpty();
  }
}
