package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.gdl.reason.KifGame;

/**
 * What a role perceives when a file has no sees rules: GDL-I (no {@code random}, no {@code sees}) lets every role see
 * every move; GDL-II (a {@code random} role) means a role without sees rules perceives nothing.
 */
class Gdl2SemanticsTest {
  /** A die roll by random, then the player guesses; no sees rule at all. */
  static final String GUESS =
      "(role random)\n(role player)\n"
          + "(init (phase rolling))\n"
          + "(<= (legal random (roll ?n)) (true (phase rolling)) (face ?n))\n"
          + "(<= (legal random noop) (true (phase guessing)))\n"
          + "(<= (legal player noop) (true (phase rolling)))\n"
          + "(<= (legal player (guess ?n)) (true (phase guessing)) (face ?n))\n"
          + "(face 1)\n(face 2)\n"
          + "(<= (next (die ?n)) (does random (roll ?n)))\n"
          + "(<= (next (die ?n)) (true (die ?n)))\n"
          + "(<= (next (phase guessing)) (true (phase rolling)))\n"
          + "(<= (next (guessed ?n)) (does player (guess ?n)))\n"
          + "(<= terminal (true (guessed ?n)))\n"
          + "(<= (goal player 100) (true (guessed ?n)) (true (die ?n)))\n"
          + "(<= (goal player 0) (true (guessed ?n)) (not (true (die ?n))))\n"
          + "(goal random 0)\n";

  /** Two players, one move each in turn; no sees rule: GDL-I. */
  static final String PLAIN =
      "(role a)\n(role b)\n(init (turn a))\n"
          + "(<= (legal a (pick ?n)) (true (turn a)) (num ?n))\n(<= (legal b noop) (true (turn a)))\n"
          + "(<= (legal b (pick ?n)) (true (turn b)) (num ?n))\n(<= (legal a noop) (true (turn b)))\n"
          + "(num 1)\n(num 2)\n"
          + "(<= (next (turn b)) (true (turn a)))\n(<= (next done) (true (turn b)))\n"
          + "(<= terminal (true done))\n(goal a 50)\n(goal b 50)\n";

  @Test
  void withRandomAndNoSeesRulesNoRolePerceivesAnything() {
    for (String mode : List.of("strict", "lenient")) {
      KifGame g = Kif.load("guess.kif", GUESS, mode);
      assertThat(((veil.gdl.reason.GroundedGame) g).perceptCount(g.role("player"))).as(mode).isZero();
      var s = g.initialState();
      Map<String, List<String>> seen = Kif.step(g, s, "random (roll 2)");
      assertThat(seen.get("player")).as("the player must not see the die roll (%s)", mode).isEmpty();
      assertThat(Kif.step(g, s, "player (guess 2)").get("player")).isEmpty();
      assertThat(g.goal(s, g.role("player"))).isEqualTo(100);
    }
  }

  @Test
  void plainGdlLetsEveryRoleSeeEveryMove() {
    KifGame g = Kif.strict(PLAIN);
    var s = g.initialState();
    Map<String, List<String>> seen = Kif.step(g, s, "a (pick 2)");
    assertThat(seen.get("b")).containsExactlyInAnyOrder("(move a (pick 2))", "(move b noop)");
    assertThat(seen.get("a")).containsExactlyInAnyOrder("(move a (pick 2))", "(move b noop)");
  }

  @Test
  void aSeesRuleMakesItGdl2WithoutRandomToo() {
    KifGame g = Kif.strict(PLAIN + "(<= (sees b (picked ?n)) (does a (pick ?n)))\n");
    Map<String, List<String>> seen = Kif.step(g, g.initialState(), "a (pick 1)");
    assertThat(seen.get("b")).containsExactly("(picked 1)");
    assertThat(seen.get("a")).isEmpty();
  }

  @Test
  void variableNamesKeepTheirCaseInMessages() {
    String text = PLAIN + "(<= (sees b (x ?Player)) (does a ?Move))\n";
    assertThat(Kif.error(text, "lenient")).contains("unsafe variable ?Player").doesNotContain("?player");
    // ?Player and ?player are one variable (KIF is case-insensitive): this rule is safe.
    KifGame g = Kif.strict(PLAIN + "(<= (sees b (x ?Player)) (does a ?player))\n");
    assertThat(Kif.step(g, g.initialState(), "a (pick 1)").get("b")).containsExactly("(x (pick 1))");
  }

  @Test
  void strictModeReportsTheReadingAndTheCheckingErrorsInOnePass() {
    String text = PLAIN
        + "(<= (sees b (does a ?m)) (does a ?m))\n" // keyword as a term: found while reading
        + "(<= (sees a y) (does b ?m) (and (num ?k) (true (turn b))))\n" // and in a body: found while reading
        + "(<= (sees b late) (does a (pick ?n)) (winner ?n))\n" // undefined relation: found by the checks
        + "(<= (sees a (got ?z)) (does b noop))\n"; // unsafe variable: found by the checks
    String e = Kif.error(text, "strict");
    assertThat(e).contains(
        "test.kif:15:13: keyword 'does' used as a function term",
        "test.kif:16:28: (and …) in a rule body is not GDL",
        "test.kif:17:38: relation 'winner' (arity 1) is used but never defined",
        "test.kif:18:18: unsafe variable ?z");
  }

  @Test
  void aMalformedSentenceDoesNotAlsoCountAsMissing() {
    // The only terminal rule is malformed: its error is given, not also "the game has no rule for terminal".
    String text = PLAIN.replace("(<= terminal (true done))", "(<= terminal (true))")
        + "(<= (sees a late) (does b noop) (winner))\n";
    String e = Kif.error(text, "strict");
    assertThat(e).contains("'true' takes 1 argument", "relation 'winner' (arity 0) is used but never defined")
        .doesNotContain("no rule for terminal");
  }
}
