package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.model.GameLoadException;

/** Rules without a finite (or a small enough) grounding end with a clear error, quickly. */
class GroundingLimitsTest {
  static final String BASE = RuleCheckTest.BASE;

  static String error(String text, Map<String, String> options) {
    try {
      new KifLoader().load("test.kif", text, options);
    } catch (GameLoadException e) {
      return e.getMessage();
    }
    throw new AssertionError("loaded");
  }

  @Test
  void unboundedFunctionNesting() {
    // A counter of successor terms passes every check, but its state space has no end: (c (s (s …))).
    String text = BASE + "(init (c 0))\n(<= (next (c (s ?x))) (true (c ?x)))\n";
    assertThat(error(text, Map.of("mode", "strict")))
        .contains("test.kif:8:1: this rule builds terms nested deeper than 100 while grounding");
  }

  @Test
  void recursionRestrictionRejectsGrowingRecursionBeforeGrounding() {
    String text = BASE + "(num 0)\n(<= (num (s ?x)) (num ?x))\n";
    assertThat(error(text, Map.of())).contains("test.kif:8:23: recursion restriction: argument ?x");
  }

  @Test
  void tooManyGroundRules() {
    StringBuilder sb = new StringBuilder(BASE);
    for (int i = 0; i < 30; i++) {
      sb.append("(d ").append(i).append(")\n");
    }
    sb.append("(<= (next (t ?a ?b ?c ?e)) (d ?a) (d ?b) (d ?c) (d ?e) (true p))\n");
    assertThat(error(sb.toString(), Map.of("maxGroundRules", "100000", "reasoner", "grounded")))
        .contains("test.kif:37:1: the grounding has more than 100000", "--option maxGroundRules=N raises the limits",
            "--option reasoner=auto (the default) or topdown plays it without grounding");
  }

  @Test
  void tooManyGroundRulesByDefaultMeansTopDown() throws GameLoadException {
    StringBuilder sb = new StringBuilder(BASE);
    for (int i = 0; i < 30; i++) {
      sb.append("(d ").append(i).append(")\n");
    }
    sb.append("(<= (next (t ?a ?b ?c ?e)) (d ?a) (d ?b) (d ?c) (d ?e) (true p))\n");
    var g = (veil.gdl.reason.KifGame) new KifLoader().load("test.kif", sb.toString(), Map.of("maxGroundRules",
        "100000"));
    assertThat(g).isInstanceOf(veil.gdl.reason.TopDownGame.class);
    assertThat(g.reasonerSummary()).contains("grounding would exceed its limit: the grounding has more than 100000");
  }

  @Test
  void optionsAreChecked() {
    assertThat(error(BASE, Map.of("mode", "fussy"))).contains("mode must be strict or lenient");
    assertThat(error(BASE, Map.of("stepBound", "-3"))).contains("stepBound must be a positive integer");
    assertThat(error(BASE, Map.of("syntax", "xml"))).contains("syntax must be kif, infix or auto");
    assertThat(error(BASE, Map.of("reasoner", "magic"))).contains("reasoner must be one of auto, grounded, topdown");
  }

  @Test
  void stepBoundAndNameOptions() throws GameLoadException {
    var g = new KifLoader().load("dir/some-game.kif", BASE, Map.of("stepBound", "7"));
    assertThat(g.stepBound()).isEqualTo(7);
    assertThat(g.name()).isEqualTo("some-game");
    assertThat(new KifLoader().load("x.kif", BASE, Map.of()).stepBound()).isEqualTo(KifLoader.DEFAULT_STEP_BOUND);
    assertThat(new KifLoader().load("x.kif", BASE, Map.of("name", "Named")).name()).isEqualTo("Named");
  }

  @Test
  void loaderIsRegisteredAsAService() {
    assertThat(java.util.ServiceLoader.load(veil.model.GameLoader.class).stream()
            .map(p -> p.type().getName()))
        .contains(KifLoader.class.getName());
    assertThat(new KifLoader().extensions()).containsExactly("kif", "gdl");
  }
}
