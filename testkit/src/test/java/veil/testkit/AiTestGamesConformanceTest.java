package veil.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.DynamicContainer;
import veil.ai.games.MatchingPennies;
import veil.ai.games.OddOneOut;
import veil.ai.games.TestGames;
import veil.model.Game;
import veil.testkit.junit.ConformanceTests;

/**
 * The conformance suite on ai's hand-written test games (from ai's test-jar: ai's own tests cannot depend on
 * testkit, which depends on ai). They are Java games, so check (l) has no GDL-II rules to run.
 */
class AiTestGamesConformanceTest {
  static List<Target> targets() {
    List<Target> out = new ArrayList<>();
    for (Game game : TestGames.all()) {
      // Matching Pennies and Odd One Out hide nothing from the mover (HonestyCheckTest says the same).
      boolean perfect = game instanceof MatchingPennies || game instanceof OddOneOut;
      out.add(Target.of(game.name(), () -> game)
          .withInformation(perfect ? Target.Information.PERFECT : Target.Information.HIDDEN));
    }
    return out;
  }

  @Test
  void everyTestGameIsATarget() {
    assertThat(targets()).hasSize(TestGames.all().size());
    assertThat(targets().stream().map(Target::name).distinct()).hasSize(TestGames.all().size());
  }

  @TestFactory
  Stream<DynamicContainer> everyAiTestGame() {
    return ConformanceTests.of(targets(), Settings.DEFAULT);
  }
}
