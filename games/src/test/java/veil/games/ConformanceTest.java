package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import veil.cli.ConformTargets;
import veil.testkit.Settings;
import veil.testkit.Target;
import veil.testkit.junit.ConformanceTests;

/**
 * The conformance suite (module testkit) on every bundled game and the test games of {@code
 * veil/testgames/index.txt}: one dynamic test per game and check. Each game is the target {@code veil conform GAME}
 * checks ({@link ConformTargets}), with the suite's default settings, so this is {@code veil conform} on every
 * bundled game. A failing playout i is replayed with {@code veil simulate GAME --seed 20250101 --first-game i
 * --games 1}; {@link ConformanceChecksTest} shows that each check fails on a game broken on purpose.
 */
class ConformanceTest {
  static final String TEST_INDEX = "veil/testgames/index.txt";

  /** The test fakes: hand-written, no GDL-II rules; the coin they hide never changes a player's choice. */
  static final Set<String> FAKES = Set.of("counter", "counter-long");

  /**
   * Bundled games that use a ludeme with no GDL-II translation yet, and that ludeme: check (l) is left out for them
   * (it would fail, as {@code veil conform} reports), and {@link #gamesWithoutGdlRulesNameTheLudemeThatLacksOne}
   * proves the export fails for that reason and no other.
   */
  static final Map<String, String> NO_GDL = Map.of();

  static final GameRegistry REGISTRY = registry();

  static GameRegistry registry() {
    List<String> indexes = new ArrayList<>(GameRegistry.STANDARD_INDEXES);
    indexes.add(TEST_INDEX);
    return GameRegistry.of(ConformanceTest.class.getClassLoader(), indexes);
  }

  static Target target(String name) {
    Target t = ConformTargets.of(REGISTRY, name, Map.of());
    if (NO_GDL.containsKey(name)) {
      return t.withGdlRules(null);
    }
    return FAKES.contains(name) ? t.withGdlRules(null).withInformation(Target.Information.PERFECT) : t;
  }

  @Test
  void indexFilesAndLoadersHaveNoProblems() {
    assertThat(REGISTRY.problems()).isEmpty();
  }

  @Test
  void everyBundledGameIsCheckedWithItsGdlRules() {
    List<String> names = REGISTRY.bundledNames();
    assertThat(names).containsAll(GameRegistry.standard().bundledNames()).containsAll(FAKES);
    for (String name : names) {
      assertThat(target(name).gdl() != null).as(name)
          .isEqualTo(!FAKES.contains(name) && !NO_GDL.containsKey(name));
    }
  }

  @Test
  void gamesWithoutGdlRulesNameTheLudemeThatLacksOne() {
    for (Map.Entry<String, String> e : NO_GDL.entrySet()) {
      Target t = ConformTargets.of(REGISTRY, e.getKey(), Map.of());
      assertThat(REGISTRY.bundledNames()).contains(e.getKey());
      try {
        assertThat(t.gdl().rules(REGISTRY.load(e.getKey(), Map.of())).why()).as(e.getKey())
            .contains("the ludeme (" + e.getValue() + " …)").contains("cannot be exported to GDL-II yet");
      } catch (veil.model.GameLoadException ex) {
        throw new AssertionError(ex.getMessage(), ex);
      }
    }
  }

  @TestFactory
  Stream<DynamicContainer> everyBundledGame() {
    return REGISTRY.bundledNames().stream().map(name -> ConformanceTests.of(target(name), Settings.DEFAULT));
  }

  /** Limit Hold'em with finite stacks (all-in, the board dealt out): the same suite on the option. */
  @TestFactory
  Stream<DynamicContainer> limitHoldemWithStacks() {
    Target t = ConformTargets.of(REGISTRY, "limit-holdem", Map.of("Stack", "12"));
    return ConformanceTests.of(List.of(NO_GDL.containsKey("limit-holdem") ? t.withGdlRules(null) : t),
        Settings.DEFAULT);
  }

  /** GDL-II games played by the top-down reasoner ({@code --reasoner topdown}): the same suite, every check. */
  static final List<String> TOP_DOWN = List.of("tic-tac-toe", "blind-tic-tac-toe-gdl", "monty-hall-3",
      "exploding-bomb", "spy-vs-spy", "number-guessing-4", "banker-and-thief");

  @TestFactory
  Stream<DynamicContainer> bundledGdlGamesPlayedTopDown() {
    return ConformanceTests.of(TOP_DOWN.stream()
        .map(name -> ConformTargets.of(REGISTRY, name, Map.of("reasoner", "topdown"))).toList(), Settings.DEFAULT);
  }
}
