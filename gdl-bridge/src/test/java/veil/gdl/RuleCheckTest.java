package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each rule-check error on its own, with the position it must point at. */
class RuleCheckTest {
  /** A valid one-role game in six lines; each test appends its fault from line 7 on. */
  static final String BASE =
      "(role a)\n"
          + "(init p)\n"
          + "(legal a noop)\n"
          + "(<= (next p) (true p))\n"
          + "(<= terminal (true p))\n"
          + "(goal a 100)\n";

  static String strictError(String extra) {
    return Kif.error(BASE + extra, "strict");
  }

  @Test
  void baseGameIsValid() {
    assertThat(Kif.strict(BASE).warnings()).isEmpty();
  }

  @Test
  void unsafeVariableInHead() {
    assertThat(strictError("(<= (legal a (m ?x)) (true p))\n"))
        .contains("test.kif:7:17: unsafe variable ?x: it occurs in the head");
  }

  @Test
  void unsafeVariableInNegation() {
    assertThat(strictError("(r 1)\n(<= (next q) (true p) (not (r ?y)))\n"))
        .contains("test.kif:8:31: unsafe variable ?y: it occurs in a negated atom");
  }

  @Test
  void unsafeVariableInDistinct() {
    assertThat(strictError("(<= (next q) (true p) (distinct ?z 1))\n"))
        .contains("test.kif:7:33: unsafe variable ?z: it occurs in a distinct");
  }

  @Test
  void unsafeVariableOnALaterLineNamesTheRuleLine() {
    assertThat(strictError("(<= (next q)\n    (true p)\n    (not (r ?y)))\n(r 1)\n"))
        .contains("test.kif:9:13: unsafe variable ?y", "(rule at line 7)");
  }

  @Test
  void negationCycle() {
    String e = strictError("(<= s (not t))\n(<= t (not s))\n");
    assertThat(e).contains("test.kif:7:7: negation cycle: s depends on (not t)");
    assertThat(e).contains("test.kif:8:7: negation cycle: t depends on (not s)");
  }

  @Test
  void negationCycleThroughAPositiveStep() {
    assertThat(strictError("(<= s (true p) (not u))\n(<= u s)\n"))
        .contains("test.kif:7:16: negation cycle: s depends on (not u)");
  }

  @Test
  void doesInLegal() {
    assertThat(strictError("(<= (legal a x) (does a noop))\n"))
        .contains("test.kif:7:17: legal may not depend on the moves, but this rule uses (does …)");
  }

  @Test
  void doesInLegalThroughAHelper() {
    assertThat(strictError("(<= h (does a noop))\n(<= (legal a y) h)\n"))
        .contains("test.kif:8:17: legal may not depend on the moves, but 'h' depends on (does …)");
  }

  @Test
  void doesInTerminalAndGoal() {
    String e = strictError("(<= terminal (does a noop))\n(<= (goal a 0) (does a noop))\n");
    assertThat(e).contains("test.kif:7:14: terminal may not depend on the moves");
    assertThat(e).contains("test.kif:8:16: goal may not depend on the moves");
  }

  @Test
  void trueInInit() {
    assertThat(strictError("(<= (init q) (true p))\n"))
        .contains("test.kif:7:14: init may not depend on the state, but this rule uses (true …)");
  }

  @Test
  void trueInBaseAndRoleDefinitions() {
    assertThat(strictError("(<= (base q) (true p))\n"))
        .contains("test.kif:7:14: base may not depend on the state");
  }

  @Test
  void goalValueOutOfRange() {
    assertThat(strictError("(<= (goal a 101) (true p))\n"))
        .contains("test.kif:7:13: goal value 101 is not an integer from 0 to 100");
    assertThat(strictError("(goal a high)\n")).contains("test.kif:7:9: goal value high is not an integer");
  }

  @Test
  void derivedGoalValueOutOfRange() {
    assertThat(strictError("(v 150)\n(<= (goal a ?v) (v ?v))\n"))
        .contains("test.kif:8:1: goal value 150 derived for role a is not an integer from 0 to 100");
  }

  @Test
  void recursionRestriction() {
    assertThat(strictError("(q (f (f 1)))\n(<= (q ?x) (q (f ?x)))\n"))
        .contains("test.kif:8:15: recursion restriction: argument (f ?x) of the recursive atom (q (f ?x))");
  }

  @Test
  void recursionThatTheRestrictionAllows() {
    // reach(?y) is bound by the non-recursive edge: allowed.
    String ok = BASE + "(edge 1 2)\n(edge 2 3)\n(<= (reach ?x) (edge 1 ?x))\n(<= (reach ?y) (reach ?x) (edge ?x ?y))\n"
        + "(<= (next (at ?x)) (reach ?x) (true p))\n";
    assertThat(Kif.strict(ok).trueFacts(Kif.strict(ok).initialState())).containsExactly("p");
  }

  @Test
  void roleNotGround() {
    assertThat(strictError("(role ?r)\n")).contains("test.kif:7:7: a role must be a ground name, not ?r");
    assertThat(strictError("(<= (role b) (true p))\n"))
        .contains("test.kif:7:1: roles must be given as facts (role name), not derived by a rule");
    assertThat(strictError("(role (f b))\n")).contains("test.kif:7:7: a role must be a ground name");
  }

  @Test
  void undefinedRelationIsAnErrorInStrictModeWithSuggestions() {
    String e = strictError("(<= (next q) (true p) (termnal))\n");
    assertThat(e).contains("test.kif:7:23: relation 'termnal' (arity 0) is used but never defined");
    assertThat(e).contains("did you mean: terminal");
  }

  @Test
  void initAndSeesInBodies() {
    assertThat(strictError("(<= (next q) (init p))\n"))
        .contains("test.kif:7:14: (init …) may only appear in rule heads");
    assertThat(Kif.error(BASE + "(<= (next q) (sees a p))\n", "lenient"))
        .contains("test.kif:7:14: (sees …) may only appear in rule heads");
  }

  @Test
  void malformedRules() {
    assertThat(strictError("(<=)\n")).contains("test.kif:7:1: a rule (<= …) needs a head");
    assertThat(strictError("(<= ?x (true p))\n")).contains("test.kif:7:5: a variable cannot stand as a rule head");
    assertThat(strictError("(<= (q) 3)\n")).contains("test.kif:7:9: a number cannot stand as a literal");
    assertThat(strictError("((a) b)\n")).contains("test.kif:7:2: (a …) cannot be a function or relation name");
    assertThat(strictError("(legal a)\n")).contains("test.kif:7:1: 'legal' takes 2 arguments, not 1");
    assertThat(strictError("(<= (not q) (true p))\n")).contains("test.kif:7:5: 'not' cannot be the head");
    assertThat(strictError("(<= (true q) (true p))\n")).contains("test.kif:7:5: 'true' cannot be defined");
    assertThat(strictError("(<= (next q) (distinct p))\n"))
        .contains("test.kif:7:14: (distinct …) takes two terms, not 1");
    assertThat(strictError("(<= (next q) (not (not p)))\n"))
        .contains("test.kif:7:19: (not …) must hold an atom, not (not …)");
    assertThat(strictError("\"text\"\n")).contains("test.kif:7:1: the string \"text\" is not part of GDL");
    assertThat(strictError("(<= (next q) ())\n")).contains("test.kif:7:14: empty parentheses");
  }

  @Test
  void missingPieces() {
    assertThat(Kif.error("(role a)\n(legal a x)\n(goal a 1)\n", "lenient")).contains("no rule for terminal");
    assertThat(Kif.error("(legal a x)\n(goal a 1)\n(<= terminal (true p))\n", "lenient"))
        .contains("declares no roles");
    assertThat(Kif.error("(role a)\n(role b)\n(legal a x)\n(goal a 1)\n(goal b 1)\n(<= terminal (true p))\n",
        "lenient")).contains("role 'b' has no legal rule");
    assertThat(Kif.error("(role a)\n(role b)\n(legal ?r x)\n(goal a 1)\n(<= terminal (true p))\n", "lenient"))
        .contains("role 'b' has no goal rule");
    assertThat(Kif.error("(role a)\n(role a)\n(legal a x)\n(goal a 1)\n(<= terminal (true p))\n", "lenient"))
        .contains("test.kif:2:1: role 'a' is declared twice");
  }

  @Test
  void everyErrorIsReportedNotJustTheFirst() {
    String e = strictError("(<= (legal a (m ?x)) (true p))\n(goal a 101)\n");
    assertThat(e).contains("test.kif:7:17:", "test.kif:8:9:");
  }
}
