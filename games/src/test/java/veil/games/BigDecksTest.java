package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import veil.cli.ConformTargets;
import veil.ludeme.CompiledGame;
import veil.testkit.Check;
import veil.testkit.Settings;
import veil.testkit.Subject;
import veil.testkit.Target;
import veil.testkit.junit.ConformanceTests;

/**
 * Games of more than 64 cards (card sets of two words): eight-suits (104 distinct cards) and pinochle-play (80 cards,
 * four identical copies of each). The conformance checks of the rules and of their GDL-II export pass; the checks of
 * honest agents (h, i, j) are left out here: the card sampler takes both (cards.sample.CopiesTest), and the bundled
 * pinochle, whose hands hold many identical cards, runs them in ConformanceTest.
 */
class BigDecksTest {
  static final List<String> GAMES = List.of("eight-suits", "pinochle-play", "copies-bid");
  static final List<Check> AGENT_CHECKS = List.of(Check.HONESTY, Check.SAMPLER, Check.AGENTS);

  static String file(String name) {
    try {
      return Path.of(BigDecksTest.class.getResource("/veil/bigdecks/" + name + ".lud").toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theyHaveMoreThan64Cards() throws Exception {
    GameRegistry registry = GameRegistry.standard();
    CompiledGame eight = (CompiledGame) registry.load(file("eight-suits"), Map.of());
    CompiledGame pinochle = (CompiledGame) registry.load(file("pinochle-play"), Map.of());
    assertThat(eight.cards.count()).isEqualTo(104);
    assertThat(eight.cards.words()).isEqualTo(2);
    assertThat(eight.cards.hasCopies()).isFalse();
    assertThat(pinochle.cards.count()).isEqualTo(80);
    assertThat(pinochle.cards.words()).isEqualTo(2);
    assertThat(pinochle.cards.hasCopies()).isTrue();
  }

  @TestFactory
  Stream<DynamicTest> rulesAndGdlLockstepConform() {
    GameRegistry registry = GameRegistry.standard();
    return GAMES.stream().flatMap(name -> {
      Target target = ConformTargets.of(registry, file(name), Map.of()).withInformation(Target.Information.HIDDEN);
      Subject subject = new Subject(target, Settings.exactly(Settings.DEFAULT_SEED, 20), s -> { });
      return Stream.of(Check.values()).filter(c -> !AGENT_CHECKS.contains(c)).map(c -> DynamicTest.dynamicTest(
          name + " " + c.label(), () -> ConformanceTests.assertPassed(c.run(subject))));
    });
  }
}
