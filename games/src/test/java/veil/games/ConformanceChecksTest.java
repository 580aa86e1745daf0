package veil.games;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import veil.games.ConformanceTest.Subject;

/** Each conformance check fails on a game that breaks its rule on purpose, and passes on the healthy one. */
class ConformanceChecksTest {
  private static Subject broken(String name) {
    return new Subject(TestGames.registry(), TestGames.broken(name));
  }

  @Test
  void aThrowingGameFailsCheckA() {
    assertThatThrownBy(() -> ConformanceTest.checkPlayoutsEnd(broken("throw")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("threw while applying a joint move")
        .hasMessageContaining("--first-game i --games 1")
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void aGameLongerThanItsBoundFailsCheckA() {
    assertThatThrownBy(() -> ConformanceTest.checkPlayoutsEnd(broken("bound")))
        .hasMessageContaining("not over after the step bound of 2");
  }

  @Test
  void aRoleWithoutMovesFailsCheckB() {
    assertThatThrownBy(() -> ConformanceTest.checkLegalMoves(broken("stuck")))
        .hasMessageContaining("p2 has no legal move");
  }

  @Test
  void aGoalAbove100FailsCheckC() {
    assertThatThrownBy(() -> ConformanceTest.checkGoalsAndScores(broken("goal")))
        .hasMessageContaining("goal of p")
        .hasMessageContaining("is 150");
  }

  @Test
  void aCopySharingItsArrayFailsCheckE() {
    assertThatThrownBy(() -> ConformanceTest.checkCopiesAreIndependent(broken("shared-copy")))
        .hasMessageContaining("playing on a copy() changed the original");
  }

  @Test
  void twoMovesPrintingAlikeFailCheckF() {
    assertThatThrownBy(() -> ConformanceTest.checkTexts(broken("same-text")))
        .hasMessageContaining("two legal moves of p")
        .hasMessageContaining("print as (add)");
  }

  @Test
  void aRandomMoveThatIsNotTheListedDrawFailsCheckK() {
    assertThatThrownBy(() -> ConformanceTest.checkRandomMovesAreListedMoves(broken("random-move")))
        .hasMessageContaining("randomLegalMove gave");
  }

  @Test
  void aGameWithoutGdlRulesFailsCheckL() {
    // (veil.gdl.LockstepTest shows the lockstep itself finds rules that disagree with the engine.)
    assertThatThrownBy(() -> ConformanceTest.checkGdlLockstep(new Subject(TestGames.registry(), "counter")))
        .hasMessageContaining("no GDL-II rules");
  }

  @Test
  void checksOnCompletedPlayoutsFailWhenNoneCompleted() {
    // The stuck game never completes a playout: (d), (e) and (g) must not pass by checking nothing.
    Subject stuck = broken("stuck");
    assertThatThrownBy(() -> ConformanceTest.checkSameSeedSameGame(stuck)).hasMessageContaining("no playout");
    assertThatThrownBy(() -> ConformanceTest.checkCopiesAreIndependent(stuck)).hasMessageContaining("no playout");
    assertThatThrownBy(() -> ConformanceTest.checkReplay(stuck)).hasMessageContaining("no playout");
  }

  @Test
  void aGameThatDoesNotLoadFailsEveryCheck() {
    Subject syntax = broken("syntax");
    assertThatThrownBy(syntax::game).hasMessageContaining("bad target 'ten'");
    assertThatThrownBy(() -> ConformanceTest.checkPlayoutsEnd(syntax)).hasMessageContaining("does not load");
  }

  @Test
  void theHealthyCounterPassesEveryCheck() {
    Subject counter = new Subject(TestGames.registry(), "counter");
    assertThatCode(() -> {
      ConformanceTest.checkPlayoutsEnd(counter);
      ConformanceTest.checkLegalMoves(counter);
      ConformanceTest.checkGoalsAndScores(counter);
      ConformanceTest.checkSameSeedSameGame(counter);
      ConformanceTest.checkCopiesAreIndependent(counter);
      ConformanceTest.checkTexts(counter);
      ConformanceTest.checkReplay(counter);
      ConformanceTest.checkRandomMovesAreListedMoves(counter);
    }).doesNotThrowAnyException();
  }
}
