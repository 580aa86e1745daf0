package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cli.ConformTargets;
import veil.model.GameLoadException;
import veil.testkit.Check;
import veil.testkit.CheckResult;
import veil.testkit.Conformance;
import veil.testkit.Settings;
import veil.testkit.Subject;

/** Each conformance check fails on a game that breaks its rule on purpose, and passes on the healthy one. */
class ConformanceChecksTest {
  private static Subject subject(String argument) {
    return new Subject(ConformTargets.of(TestGames.registry(), argument, Map.of()), Settings.DEFAULT, null);
  }

  private static Subject broken(String name) {
    return subject(TestGames.broken(name));
  }

  private static CheckResult failed(Check check, Subject s) {
    CheckResult r = check.run(s);
    assertThat(r.passed()).as(check.label()).isFalse();
    assertThat(r.line()).startsWith("FAIL (" + check.letter() + ") " + check.id() + " ")
        .contains(check.description() + ": " + r.summary() + "; replay: " + r.replay());
    return r;
  }

  @Test
  void aThrowingGameFailsCheckA() {
    CheckResult r = failed(Check.PLAYOUTS_END, broken("throw"));
    assertThat(r.report()).contains("threw while applying a joint move");
    assertThat(r.replay()).containsPattern(" simulate \\S*throw.fake --seed 20250101 --first-game \\d+ --games 1$");
    assertThat(r.cause()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aGameLongerThanItsBoundFailsCheckA() {
    assertThat(failed(Check.PLAYOUTS_END, broken("bound")).summary()).contains("not over after the step bound of 2");
  }

  @Test
  void aRoleWithoutMovesFailsCheckB() {
    assertThat(failed(Check.LEGAL_MOVES, broken("stuck")).summary()).contains("p2 has no legal move");
  }

  @Test
  void aGoalAbove100FailsCheckC() {
    assertThat(failed(Check.GOALS, broken("goal")).summary()).contains("goal of p").contains("is 150");
  }

  @Test
  void aCopySharingItsArrayFailsCheckE() {
    assertThat(failed(Check.COPIES, broken("shared-copy")).report())
        .contains("playing on a copy() changed the original");
  }

  @Test
  void twoMovesPrintingAlikeFailCheckF() {
    assertThat(failed(Check.TEXTS, broken("same-text")).report()).contains("two legal moves of p")
        .contains("print as (add)");
  }

  @Test
  void aRandomMoveThatIsNotTheListedDrawFailsCheckK() {
    assertThat(failed(Check.RANDOM_MOVES, broken("random-move")).report()).contains("randomLegalMove gave");
  }

  @Test
  void aGameWithoutGdlRulesFailsCheckL() {
    // (veil.ludeme.gdl.LockstepTest shows the lockstep itself finds rules that disagree with the engine.)
    CheckResult r = failed(Check.GDL_LOCKSTEP, subject("counter"));
    assertThat(r.summary()).contains("no GDL-II rules").contains(".fake game");
    assertThat(r.replay()).endsWith(" conform counter --seed 20250101 --playouts 10 --check l");
  }

  @Test
  void checksOnCompletedPlayoutsFailWhenNoneCompleted() {
    // The stuck game never completes a playout: (d), (e), (g) and (i) must not pass by checking nothing.
    Subject stuck = broken("stuck");
    for (Check c : new Check[] {Check.SAME_SEED, Check.COPIES, Check.REPLAY, Check.SAMPLER}) {
      assertThat(failed(c, stuck).summary()).as(c.label()).contains("no playout");
    }
  }

  @Test
  void aGameThatDoesNotLoadFailsEveryCheck() {
    Subject syntax = broken("syntax");
    assertThatThrownBy(syntax::game).isInstanceOf(GameLoadException.class).hasMessageContaining("bad target 'ten'");
    for (Check c : Check.values()) {
      assertThat(failed(c, syntax).summary()).as(c.label()).contains("does not load");
    }
  }

  @Test
  void theHealthyCounterPassesEveryCheckButL() {
    Subject counter = subject("counter");
    for (Check c : Conformance.checks(counter.target())) {
      CheckResult r = c.run(counter);
      assertThat(r.passed()).as(r.report()).isEqualTo(c != Check.GDL_LOCKSTEP);
    }
  }
}
