package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/**
 * hp-ismcts on the bundled GDL-II information games: in the two-step Spy vs Spy the arming spy hides (mo-ismcts,
 * whose worlds all hold the wire the spy armed, tells: the control that shows the test can fail), and in Exploding
 * Bomb it asks and scores 0.9.
 */
class InformationAgentsTest {
  static Game load(String name) throws Exception {
    return GameRegistry.standard().load(name, Map.of());
  }

  /** Fraction of {@code n} games in which the spy (seat 0, agent {@code spy}) said hide. */
  static double hideRate(Game game, String spy, int n, int iterations) {
    int hid = 0;
    for (int i = 0; i < n; i++) {
      MatchRecord rec = MatchRunner.play(game, List.of(Agents.create(spy), Agents.create("so-ismcts")), 700 + i,
          Budget.iterations(iterations));
      assertThat(rec.failure()).isNull();
      assertThat(Arrays.stream(rec.fallbacks()).sum()).isZero();
      String moves = Arrays.deepToString(MatchRunner.jointText(game, rec.joints()));
      hid += moves.contains("hide") ? 1 : 0;
    }
    return hid / (double) n;
  }

  @Test
  void inTwoStepSpyVsSpyTheInformationAwareSpyHides() throws Exception {
    Game game = load("spy-vs-spy");
    double hp = hideRate(game, "hp-ismcts", 60, 1000);
    double mo = hideRate(game, "mo-ismcts", 30, 1000);
    System.out.printf("Spy vs Spy (two-step): hp-ismcts hides %.3f, mo-ismcts %.3f%n", hp, mo);
    assertThat(hp).isGreaterThanOrEqualTo(0.8);
    assertThat(mo).isLessThan(0.2);
  }

  @Test
  void inExplodingBombTheInformationAwareAgentAsksAndScoresNinety() throws Exception {
    Game game = load("exploding-bomb");
    int n = 60;
    double sum = 0;
    int asked = 0;
    for (int i = 0; i < n; i++) {
      MatchRecord rec = MatchRunner.play(game, List.of(Agents.create("hp-ismcts")), 900 + i, Budget.iterations(1000));
      assertThat(rec.failure()).isNull();
      sum += Arrays.stream(rec.scores()).max().orElseThrow();
      asked += Arrays.deepToString(MatchRunner.jointText(game, rec.joints())).contains("ask") ? 1 : 0;
    }
    System.out.printf("Exploding Bomb: hp-ismcts scores %.3f, asks %d of %d%n", sum / n, asked, n);
    assertThat(asked).isGreaterThanOrEqualTo(n - 3);
    assertThat(sum / n).isGreaterThan(0.85);
  }

  static double meanScore(Game game, String agent, int n, int iterations) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
      MatchRecord rec = MatchRunner.play(game, List.of(Agents.create(agent)), 1100 + i, Budget.iterations(iterations));
      assertThat(rec.failure()).isNull();
      sum += Arrays.stream(rec.scores()).max().orElseThrow();
    }
    return sum / n;
  }

  @Test
  void inNumberGuessingSixteenRolloutsFromTheInformationSetMakeQuestionsPay() throws Exception {
    Game game = load("number-guessing-16");
    double hp = meanScore(game, "hp-ismcts", 12, 1000);
    // The control: the same agent with random rollouts (no particles) guesses at random and scores little.
    double blind = meanScore(game, "hp-ismcts:particles=0", 12, 1000);
    System.out.printf("Number Guessing 16: hp-ismcts %.3f, without information-set rollouts %.3f%n", hp, blind);
    assertThat(hp).isGreaterThanOrEqualTo(0.6);
    assertThat(blind).isLessThan(0.4);
  }
}
