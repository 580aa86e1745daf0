package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.model.Game;
import veil.model.GameLoadException;

class GameRegistryTest {
  private final GameRegistry registry = TestGames.registry();

  @Test
  void listsTheGamesOfAnIndexInOrder() {
    assertThat(registry.problems()).isEmpty();
    assertThat(registry.bundledNames()).containsExactly("counter", "counter-long", "choices", "three-handed-betting",
        "shown", "pile-order", "start-order", "short-stacks", "trial-sevens", "trial-durak", "trial-memory",
        "trial-scopa", "mini-match", "top-discard", "trial-knockout-whist", "trial-rummy",
        "trial-fifteens", "trial-claim-fifteen", "subset-sums", "two-deck-eights", "sum-captures", "newcomer-scopa");
    BundledGame counter = registry.bundled("counter").orElseThrow();
    assertThat(counter.resource()).isEqualTo("veil/testgames/counter.fake");
    assertThat(counter.description()).isEqualTo("Two players race to 10; a hidden coin for the mover");
    assertThat(counter.extension()).isEqualTo("fake");
    assertThat(registry.extensions()).contains("fake");
  }

  @Test
  void reportsEveryMistakeOfAnIndexAndKeepsTheGoodLines() {
    GameRegistry bad = TestGames.registry("veil/testgames/bad-index.txt");
    assertThat(bad.bundledNames()).containsExactly("counter");
    List<String> problems = bad.problems();
    assertThat(problems).hasSize(4);
    assertThat(problems.get(0)).startsWith("veil/testgames/bad-index.txt:3: expected name<TAB>file<TAB>description");
    assertThat(problems.get(1)).contains(":4: game name 'Bad Name' must be lower-case");
    assertThat(problems.get(2)).contains(":5: game name 'counter' is already listed");
    assertThat(problems.get(3)).contains(":6: no such file: veil/testgames/missing.fake");
  }

  @Test
  void theStandardIndexesAreTheLudAndKifOnes() {
    assertThat(GameRegistry.STANDARD_INDEXES).containsExactly("veil/games/lud/index.txt", "veil/games/kif/index.txt");
    // Whatever is bundled today, the standard registry builds and lists only well-formed entries.
    assertThat(GameRegistry.standard().problems()).isEmpty();
  }

  @Test
  void loadsABundledGameByNameIgnoringCase() throws GameLoadException {
    assertThat(registry.resolve("counter").isBundled()).isTrue();
    assertThat(registry.resolve("Counter").bundled().name()).isEqualTo("counter");
    Game game = registry.load("counter", Map.of());
    assertThat(game.name()).isEqualTo("Counter");
    assertThat(game.stepBound()).isEqualTo(10);
  }

  @Test
  void loadsAFileByPathWithOptions() throws GameLoadException {
    String path = TestGames.file("counter.fake").toString();
    GameSource source = registry.resolve(path);
    assertThat(source.isBundled()).isFalse();
    assertThat(source.extension()).isEqualTo("fake");
    assertThat(source.sourceName()).isEqualTo(path);
    assertThat(registry.load(path, Map.of("Target", "4")).stepBound()).isEqualTo(4);
  }

  @Test
  void passesTheLoadersReportThroughAsItIs() {
    String path = TestGames.broken("syntax");
    assertThatThrownBy(() -> registry.load(path, Map.of()))
        .isInstanceOf(GameLoadException.class)
        .hasMessage(path + ":2:8: bad target 'ten'\n"
            + "  target ten\n"
            + "         ^\n"
            + "  expected: an integer in 1..1000\n"
            + path + ":3:1: unknown key 'level'\n"
            + "  level 3\n"
            + "  ^\n"
            + "  expected: name, description, target, bug\n");
    assertThatThrownBy(() -> registry.load("counter", Map.of("Targte", "3")))
        .hasMessageContaining("unknown option 'Targte'")
        .hasMessageContaining("did you mean: Target");
  }

  @Test
  void anUnknownNameGetsTheNearestBundledNames() {
    assertThatThrownBy(() -> registry.resolve("countr"))
        .isInstanceOf(GameLoadException.class)
        .hasMessage("error: unknown game 'countr': not a bundled game, and no such file\n"
            + "  did you mean: counter\n"
            + "  `veil list` shows the bundled games\n");
    assertThatThrownBy(() -> registry.resolve("chess")).hasMessageNotContaining("did you mean");
  }

  @Test
  void aMissingFileIsSaidSoWithAHintForABundledName() {
    assertThatThrownBy(() -> registry.resolve("counter.fake"))
        .hasMessage("error: no such file: counter.fake\n"
            + "  the bundled game 'counter' is loaded by its name alone: counter\n");
    assertThatThrownBy(() -> registry.resolve("no/such/game.lud")).hasMessage("error: no such file: no/such/game.lud\n");
  }

  @Test
  void aFileNeedsAnExtensionWithALoader(@TempDir Path dir) throws IOException {
    Path bare = Files.writeString(dir.resolve("rules"), "name X\n");
    assertThatThrownBy(() -> registry.resolve(bare.toString())).hasMessageContaining("cannot tell the language");
    Path odd = Files.writeString(dir.resolve("rules.zzz"), "name X\n");
    assertThatThrownBy(() -> registry.load(odd.toString(), Map.of()))
        .hasMessageContaining("no loader reads .zzz files")
        .hasMessageContaining(".fake");
    assertThatThrownBy(() -> registry.resolve(dir.toString())).hasMessageContaining("is a folder");
  }

  @Test
  void aLoaderThatCannotBeCreatedIsAProblemNotTheEnd(@TempDir Path dir) throws IOException {
    Path services = Files.createDirectories(dir.resolve("META-INF/services"));
    Files.writeString(services.resolve("veil.model.GameLoader"), "no.such.Loader\n");
    try (URLClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      GameRegistry withBroken = GameRegistry.of(cl, List.of(TestGames.INDEX));
      assertThat(withBroken.problems()).singleElement().asString()
          .startsWith("a game loader cannot be created: ").contains("no.such.Loader");
      assertThat(withBroken.loaderFor("fake")).isPresent();
      Path odd = Files.writeString(dir.resolve("rules.zzz"), "x");
      assertThatThrownBy(() -> withBroken.load(odd.toString(), Map.of()))
          .hasMessageContaining("no loader reads .zzz files")
          .hasMessageContaining("  a game loader cannot be created: ");
    }
  }

  @Test
  void gdlFilesFallBackToTheKifLoader() {
    // No kif loader in this module's tests yet: then neither .kif nor .gdl has one.
    assertThat(registry.loaderFor("gdl").isPresent()).isEqualTo(registry.loaderFor("kif").isPresent());
    assertThat(registry.loaderFor("FAKE")).isPresent();
  }
}
