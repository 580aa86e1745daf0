package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.gdl.check.Mode;
import veil.gdl.check.Report;
import veil.gdl.ground.Grounder;
import veil.gdl.reason.GroundedGame;
import veil.gdl.reason.KifGame;
import veil.gdl.term.Rule;
import veil.model.State;

/**
 * The grounder projects away the variables a rule uses in one literal only ({@code veil.gdl.ground.Projection}):
 * Arrows (arrows.kif, written for the project in the shape of ggp-base's Amazons) keeps its pieces in place by a rule
 * that reads a whole six-coordinate move but uses only the square it leaves. Without the projection that rule pairs
 * every location with every move; with it, with every square left.
 */
class ProjectionTest {
  private static final String ARROWS = Kif.testResource("arrows.kif");

  @Test
  void theProjectionKeepsTheFrameRuleSmall() {
    Grounder.Limits small = Grounder.Limits.forRules(100_000);
    veil.gdl.term.Symbols symbols = new veil.gdl.term.Symbols();
    List<Rule> rules = rules(ARROWS, symbols);
    Grounder.Attempt without = Grounder.tryGround(rules, symbols, small, new Report(Mode.STRICT), false);
    assertThat(without.program()).isNull();
    assertThat(without.tooLarge()).contains("100000");
    Grounder.Attempt with = Grounder.tryGround(rules, symbols, small, new Report(Mode.STRICT), true);
    assertThat(with.tooLarge()).isNull();
    assertThat(with.program().ruleCount()).isBetween(1_000, 50_000);
    System.out.printf("arrows: %d ground rules with projection; without, more than 100000%n",
        with.program().ruleCount());
  }

  @Test
  void arrowsIsGroundedByDefaultAndPlaysByItsRules() {
    KifGame g = Kif.strict(ARROWS);
    assertThat(g).isInstanceOf(GroundedGame.class);
    State s = g.initialState();
    assertThat(Kif.legalTexts(g, s, g.role("white")))
        .contains("(play 2 1 2 2 2 1)", "(play 2 1 2 2 2 3)", "(play 5 1 6 2 6 3)")
        .doesNotContain("(play 2 1 2 2 2 2)", "(play 2 1 2 3 2 4)", "(play 2 6 2 5 2 4)");
    Kif.step(g, s, "white (play 2 1 2 2 2 1)");
    assertThat(g.trueFacts(s)).contains("(location 2 2 white)", "(location 2 1 arrow)", "(location 5 1 white)",
        "(location 2 6 black)", "(location 5 6 black)").doesNotContain("(location 2 1 white)");
    Kif.step(g, s, "black (play 5 6 5 5 5 4)");
    assertThat(g.trueFacts(s)).contains("(location 5 5 black)", "(location 5 4 arrow)", "(location 2 1 arrow)")
        .doesNotContain("(location 5 6 black)");
  }

  @Test
  void bothReasonersAgreeOnArrows() {
    TopDownReasonerTest.agree("arrows.kif", ARROWS, 30);
  }

  private static List<Rule> rules(String text, veil.gdl.term.Symbols symbols) {
    List<veil.dsl.Node> nodes;
    try {
      nodes = veil.gdl.read.Syntax.parse(null, text).read(veil.dsl.Source.of("arrows.kif", text));
    } catch (veil.dsl.DslException e) {
      throw new AssertionError(e);
    }
    Report report = new Report(Mode.STRICT);
    List<Rule> read = new veil.gdl.read.RuleTranslator(symbols, report).translate(nodes);
    veil.gdl.check.RuleChecker.Result checked = veil.gdl.check.RuleChecker.check(read, symbols, report);
    assertThat(report.hasErrors()).as(report.formatErrors()).isFalse();
    return KifLoader.withMovePercepts(checked.rules(), checked.roles(), symbols);
  }
}
