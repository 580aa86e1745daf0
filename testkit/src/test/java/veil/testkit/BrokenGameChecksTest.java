package veil.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.games.MatchingPennies;
import veil.ai.games.MiniTricks;
import veil.testkit.BrokenGame.Bug;

/**
 * Each check fails on a game that breaks its rule on purpose (ai's Mini Tricks with one {@link Bug}), and every
 * check passes on the same wrapper without a bug, so each failure is the bug's. (The games module shows the same
 * on its .fake test games, loaded as the command line loads them.)
 */
class BrokenGameChecksTest {
  static final Settings SETTINGS = Settings.exactly(Settings.DEFAULT_SEED, 40);

  private static Subject subject(Bug bug) {
    return new Subject(Target.of("mini-tricks-" + bug, () -> new BrokenGame(new MiniTricks(), bug)), SETTINGS, null);
  }

  private static CheckResult failed(Check check, Bug bug) {
    CheckResult r = check.run(subject(bug));
    assertThat(r.passed()).as(check.label() + " on " + bug).isFalse();
    return r;
  }

  @Test
  void theWrapperWithoutABugPassesEveryCheck() {
    Subject healthy = subject(Bug.NONE);
    List<Check> checks = Conformance.checks(healthy.target());
    assertThat(checks).doesNotContain(Check.GDL_LOCKSTEP).hasSize(Check.values().length - 1);
    for (CheckResult r : Conformance.run(healthy, checks)) {
      assertThat(r.passed()).as(r.report()).isTrue();
    }
  }

  @Test
  void aThrowingGameFailsCheckA() {
    CheckResult r = failed(Check.PLAYOUTS_END, Bug.THROW);
    assertThat(r.summary()).contains("40 playouts that did not end properly", "threw while applying a joint move");
    assertThat(r.cause()).isInstanceOf(IllegalStateException.class);
    assertThat(r.replay()).startsWith("random playout 0 of mini-tricks-THROW with master seed 20250101");
  }

  @Test
  void aFailedPlayoutIsReplayedBySimulateAndOtherChecksByConform() {
    Target named = Target.of("mini", () -> new BrokenGame(new MiniTricks(), Bug.THROW)).withCommand("./veil", "mini");
    Subject s = new Subject(named, SETTINGS, null);
    assertThat(Check.PLAYOUTS_END.run(s).replay())
        .isEqualTo("./veil simulate mini --seed 20250101 --first-game 0 --games 1");
    assertThat(Check.AGENTS.run(s).replay()).isEqualTo("./veil conform mini --seed 20250101 --playouts 40 --check j");
  }

  @Test
  void aGameLongerThanItsBoundFailsCheckA() {
    assertThat(failed(Check.PLAYOUTS_END, Bug.BOUND).summary()).contains("not over after the step bound of 2");
  }

  @Test
  void aRoleWithoutMovesFailsCheckB() {
    assertThat(failed(Check.LEGAL_MOVES, Bug.STUCK).summary()).contains("p1 has no legal move");
  }

  @Test
  void aGoalAbove100FailsCheckC() {
    assertThat(failed(Check.GOALS, Bug.GOAL).summary()).contains("goal of p1 is 150");
  }

  @Test
  void movesInAnOrderThatChangesFailCheckD() {
    assertThat(failed(Check.SAME_SEED, Bug.TURNING_ORDER).summary()).contains("joint moves differ");
  }

  @Test
  void aCopySharingItsStateFailsCheckE() {
    assertThat(failed(Check.COPIES, Bug.SHARED_COPY).summary()).contains("playing on a copy() changed the original");
  }

  @Test
  void movesPrintingAlikeFailCheckF() {
    assertThat(failed(Check.TEXTS, Bug.SAME_TEXT).summary()).contains("print as (same)");
  }

  @Test
  void perceptsThatAreNotAFunctionOfTheHistoryFailCheckGButNotD() {
    assertThat(failed(Check.REPLAY, Bug.TICK).summary()).contains("percepts of p1 differ in the replay");
    assertThat(Check.SAME_SEED.run(subject(Bug.TICK)).passed()).isTrue();
  }

  @Test
  void legalMovesThatLeakTheHiddenStateFailCheckH() {
    assertThat(failed(Check.HONESTY, Bug.LEAK).summary()).startsWith("random on mini-tricks-LEAK: ");
  }

  @Test
  void aGameWithHiddenInformationWhereNothingIsComparedFailsCheckH() {
    // Matching Pennies hides nothing from the mover: declared HIDDEN, (h) must not pass by comparing nothing.
    Target pennies = Target.of("pennies", MatchingPennies::new);
    CheckResult hidden = Check.HONESTY.run(new Subject(pennies, SETTINGS, null));
    assertThat(hidden.passed()).isFalse();
    assertThat(hidden.summary()).contains("compared no two states");
    CheckResult unknown = Check.HONESTY.run(
        new Subject(pennies.withInformation(Target.Information.UNKNOWN), SETTINGS, null));
    assertThat(unknown.passed()).isTrue();
    assertThat(unknown.line()).contains("(found no two states of one information set to compare: nothing hidden?)");
    assertThat(Check.HONESTY.run(new Subject(pennies.withInformation(Target.Information.PERFECT), SETTINGS, null))
        .line()).endsWith("information set");
  }

  @Test
  void aSamplerDrawingWrongHistoriesFailsChecksIAndJ() {
    assertThat(failed(Check.SAMPLER, Bug.BAD_SAMPLER).summary()).contains("samples that contradict their observation");
    assertThat(failed(Check.AGENTS, Bug.BAD_SAMPLER).summary()).isNotEmpty();
  }

  @Test
  void aRandomMoveThatIsNotTheListedDrawFailsCheckK() {
    assertThat(failed(Check.RANDOM_MOVES, Bug.RANDOM_MOVE).summary()).contains("randomLegalMove gave");
  }

  @Test
  void aGameWithoutGdlRulesOrWithRulesThatDoNotLoadOrDisagreeFailsCheckL() {
    Target.Loader pennies = MatchingPennies::new;
    CheckResult none = Check.GDL_LOCKSTEP.run(new Subject(Target.of("pennies", pennies)
        .withGdlRules(g -> GdlRules.none("it is written in Java")), SETTINGS, null));
    assertThat(none.passed()).isFalse();
    assertThat(none.summary()).isEqualTo("pennies has no GDL-II rules: it is written in Java");

    CheckResult unreadable = Check.GDL_LOCKSTEP.run(new Subject(Target.of("pennies", pennies)
        .withGdlRules(g -> GdlRules.of("pennies.kif", "(role p1", g, null)), SETTINGS, null));
    assertThat(unreadable.passed()).isFalse();
    assertThat(unreadable.summary()).contains("its GDL-II rules do not load");
    assertThat(unreadable.details()).anyMatch(l -> l.startsWith("pennies.kif:1:"));

    String other = """
        (role alice) (role bob)
        (init (step 0))
        (<= (legal alice noop) (true (step 0)))
        (<= (legal bob noop) (true (step 0)))
        (<= (next (step 1)) (true (step 0)))
        (<= terminal (true (step 1)))
        (<= (goal alice 50) terminal)
        (<= (goal bob 50) terminal)
        """;
    CheckResult disagree = Check.GDL_LOCKSTEP.run(new Subject(Target.of("pennies", pennies)
        .withGdlRules(g -> GdlRules.of("other.kif", other, g, null)), SETTINGS, null));
    assertThat(disagree.passed()).as(disagree.report()).isFalse();
    assertThat(disagree.summary()).startsWith("pennies: difference in playout 0 at step 0");
  }
}
