package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.dsl.Diagnostic;
import veil.gdl.reason.GdlPlayException;
import veil.gdl.reason.KifGame;
import veil.model.State;

/**
 * The deviations real GDL-II files make: strict mode rejects each with its position, lenient mode accepts it with
 * one warning per rule and plays what the rules clearly mean.
 */
class LenientStrictTest {
  /** Two roles, one step: a moves go or stay, b waits; then the game ends. */
  static final String BASE =
      "(role a)\n"
          + "(role b)\n"
          + "(legal a go)\n"
          + "(legal a stay)\n"
          + "(legal b wait)\n"
          + "(<= (next done) (does a ?m))\n"
          + "(<= terminal (true done))\n"
          + "(goal a 100)\n"
          + "(goal b 0)\n";

  static List<String> warnings(KifGame g) {
    return g.warnings().stream().map(Diagnostic::format).toList();
  }

  @Test
  void keywordAsFunctionTermInsideAPercept() {
    String text = BASE + "(<= (sees ?r (does ?p ?m)) (role ?r) (does ?p ?m))\n";
    assertThat(Kif.error(text, "strict"))
        .contains("test.kif:10:14: keyword 'does' used as a function term inside an argument; read as an ordinary function symbol (not allowed in strict");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
    assertThat(warnings(g).get(0)).startsWith("test.kif:10:14: keyword 'does'");
    State s = g.initialState();
    Map<String, List<String>> seen = Kif.step(g, s, "a go");
    assertThat(seen.get("b")).containsExactlyInAnyOrder("(does a go)", "(does b wait)");
  }

  @Test
  void nextInsideASeesBodyReadsTheNextState() {
    String text = BASE + "(<= (sees b (now ?x)) (next ?x))\n";
    assertThat(Kif.error(text, "strict")).contains("test.kif:10:23: (next …) used in a rule body");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
    Map<String, List<String>> seen = Kif.step(g, g.initialState(), "a stay");
    assertThat(seen.get("b")).containsExactly("(now done)");
  }

  @Test
  void unsafeRoleVariableInASeesHeadRangesOverTheRoles() {
    String text = BASE + "(<= (sees ?r moved) (does a go))\n";
    assertThat(Kif.error(text, "strict")).contains("test.kif:10:11: unsafe variable ?r in the role position");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
    Map<String, List<String>> seen = Kif.step(g, g.initialState(), "a go");
    assertThat(seen.get("a")).containsExactly("moved");
    assertThat(seen.get("b")).containsExactly("moved");
    assertThat(Kif.step(g, g.initialState(), "a stay").get("b")).isEmpty();
  }

  @Test
  void otherUnsafeVariablesStayErrorsInLenientMode() {
    assertThat(Kif.error(BASE + "(<= (sees b (x ?y)) (does a go))\n", "lenient"))
        .contains("test.kif:10:16: unsafe variable ?y");
  }

  @Test
  void andInsideOr() {
    String text = BASE + "(<= (sees b both) (or (and (does a go) (does b wait)) (does a fly)))\n";
    assertThat(Kif.error(text, "strict")).contains("test.kif:10:23: (and …) inside (or …) is not GDL");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
    assertThat(Kif.step(g, g.initialState(), "a go").get("b")).containsExactly("both");
    assertThat(Kif.step(g, g.initialState(), "a stay").get("b")).isEmpty();
  }

  @Test
  void noGoalForRandom() {
    String text = "(role random)\n(role a)\n(legal random coin)\n(legal a go)\n(<= (next done) (does a go))\n"
        + "(<= terminal (true done))\n(goal a 100)\n";
    assertThat(Kif.error(text, "strict")).contains("test.kif:1:1: role random has no goal rule");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
    State s = g.initialState();
    Kif.step(g, s, "a go");
    assertThat(g.goal(s, g.randomRole())).isZero();
    assertThat(g.goal(s, g.role("a"))).isEqualTo(100);
  }

  @Test
  void severalGoalValuesInATerminalState() {
    String text = BASE + "(<= (goal a 50) (true done))\n";
    KifGame strict = Kif.strict(text);
    State s = strict.initialState();
    Kif.step(strict, s, "a go");
    assertThatThrownBy(() -> strict.goal(s, 0))
        .isInstanceOf(GdlPlayException.class)
        .hasMessageContaining("role a has several goal values (50, 100) in state {done}")
        .hasMessageContaining("strict mode refuses");
    KifGame lenient = Kif.lenient(text);
    State t = lenient.initialState();
    Kif.step(lenient, t, "a go");
    assertThat(lenient.goal(t, 0)).isEqualTo(100);
    assertThat(lenient.goal(t.copy(), 0)).isEqualTo(100);
    assertThat(lenient.playWarnings()).hasSize(1);
    assertThat(lenient.playWarnings().get(0)).contains("several goal values (50, 100)", "lenient mode took 100");
    assertThat(lenient.severalGoalStates()).as("t and its copy, each counted once").isEqualTo(2);
    lenient.goal(t, 0);
    assertThat(lenient.severalGoalStates()).as("asking again about the same state").isEqualTo(2);
  }

  @Test
  void noGoalInATerminalStateIsAPlayError() {
    String text = BASE.replace("(goal a 100)\n", "(<= (goal a 100) (not (true done)))\n");
    KifGame g = Kif.lenient(text);
    State s = g.initialState();
    Kif.step(g, s, "a go");
    assertThatThrownBy(() -> g.goal(s, 0))
        .isInstanceOf(GdlPlayException.class)
        .hasMessageContaining("role a has no goal value in the terminal state {done}");
  }

  @Test
  void oneFunctionSymbolWithDifferentArities() {
    String text = BASE + "(<= (sees b (f 1)) (does a go))\n(<= (sees b (f 1 2)) (does a stay))\n";
    assertThat(Kif.error(text, "strict")).contains("test.kif:11:13: 'f' is used with 2 argument(s) here and with 1");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
    assertThat(Kif.step(g, g.initialState(), "a stay").get("b")).containsExactly("(f 1 2)");
    assertThat(Kif.step(g, g.initialState(), "a go").get("b")).containsExactly("(f 1)");
  }

  @Test
  void undefinedRelationIsFalseInLenientMode() {
    String text = BASE + "(<= (sees b odd) (does a go) (not (weird)))\n(<= (sees b never) (does a go) (weird))\n";
    assertThat(Kif.error(text, "strict")).contains("test.kif:10:35: relation 'weird' (arity 0) is used but never");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(2);
    assertThat(Kif.step(g, g.initialState(), "a go").get("b")).containsExactly("odd");
  }

  @Test
  void nameThatIsNotARole() {
    String text = BASE + "(<= (sees b x) (does c go))\n(legal c go)\n";
    String e = Kif.error(text, "strict");
    assertThat(e).contains("test.kif:10:22: 'c' is not a role", "test.kif:11:8: 'c' is not a role");
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(2);
    assertThat(Kif.step(g, g.initialState(), "a go").get("b")).isEmpty();
  }

  @Test
  void oneWarningPerRuleAndKind() {
    String text = BASE + "(<= (sees b (pair (does a go) (does b wait))) (does a go) (does b wait))\n";
    KifGame g = Kif.lenient(text);
    assertThat(warnings(g)).hasSize(1);
  }
}
