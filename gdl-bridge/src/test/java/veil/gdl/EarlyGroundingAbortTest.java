package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import veil.gdl.check.Mode;
import veil.gdl.check.Report;
import veil.gdl.ground.GroundProgram;
import veil.gdl.ground.Grounder;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.model.GameLoadException;

/**
 * The grounder counts the ground rules while it derives the atoms, and stops as soon as the count passes the limit,
 * instead of after the whole fixpoint and the pass that builds the rules. The count is exact: on every bundled and
 * test game it equals the number of ground rules, so a game that grounds within its limit is never stopped early.
 */
class EarlyGroundingAbortTest {
  /** Every game that grounds: the bundled GDL-II games and the project's test games. */
  static List<String[]> games() throws IOException {
    List<String[]> out = new ArrayList<>();
    for (String name : List.of("eight-by-eight.kif", "deck-builder.kif", "arrows.kif", "pawn-race.kif",
        "recursive-paths.kif", "recursive-reach.kif")) {
      out.add(new String[] {name, Kif.testResource(name)});
    }
    for (String line : Files.readAllLines(Kif.KIF_DIR.resolve("index.txt"))) {
      if (!line.isBlank()) {
        String name = line.split("\t")[0];
        out.add(new String[] {name, Kif.bundledText(name)});
      }
    }
    return out;
  }

  private static Symbols symbols;

  private static List<Rule> rules(String name, String text) {
    symbols = new Symbols();
    List<veil.dsl.Node> nodes;
    try {
      nodes = veil.gdl.read.Syntax.parse(null, text).read(veil.dsl.Source.of(name, text));
    } catch (veil.dsl.DslException e) {
      throw new AssertionError(e);
    }
    Report report = new Report(Mode.LENIENT);
    List<Rule> read = new veil.gdl.read.RuleTranslator(symbols, report).translate(nodes);
    veil.gdl.check.RuleChecker.Result checked = veil.gdl.check.RuleChecker.check(read, symbols, report);
    assertThat(report.hasErrors()).as(name + ": " + report.formatErrors()).isFalse();
    return KifLoader.withMovePercepts(checked.rules(), checked.roles(), symbols);
  }

  /** A limit on ground rules only (atoms and match steps unbounded). */
  private static Grounder.Limits rulesAtMost(int n) {
    return new Grounder.Limits(n, Integer.MAX_VALUE, Long.MAX_VALUE);
  }

  @Test
  void theCountMadeWhileDerivingAtomsIsExactlyTheNumberOfGroundRules() throws IOException {
    int games = 0;
    for (String[] g : games()) {
      List<Rule> rules = rules(g[0], g[1]);
      Grounder.Attempt free = Grounder.tryGround(rules, symbols, Grounder.Limits.DEFAULT, new Report(Mode.LENIENT));
      assertThat(free.tooLarge()).as(g[0]).isNull();
      int n = free.program().ruleCount();
      // A limit of exactly n: it grounds (the early count never exceeds the ground rules), to the same program size.
      Grounder.Attempt exact = Grounder.tryGround(rules, symbols, rulesAtMost(n), new Report(Mode.LENIENT));
      assertThat(exact.tooLarge()).as(g[0] + ", limit " + n).isNull();
      assertThat(exact.program().ruleCount()).as(g[0]).isEqualTo(n);
      // One less: refused while the atoms are derived (the early count reaches n, it does not fall short of it).
      Grounder.Attempt less = Grounder.tryGround(rules, symbols, rulesAtMost(n - 1), new Report(Mode.LENIENT));
      assertThat(less.program()).as(g[0]).isNull();
      assertThat(less.tooLarge()).as(g[0]).startsWith("the grounding has more than " + (n - 1)
          + " ground rules (counted as its atoms were derived, before any rule was built)");
      games++;
    }
    assertThat(games).isGreaterThanOrEqualTo(15);
  }

  @Test
  void roundsThatJoinOnlyTheRulesOfNewAtomsGiveTheSameProgram() throws IOException {
    for (String[] g : games()) {
      // Each grounding reads the rules afresh: the projection adds relations to the symbols it is given.
      GroundProgram skipping = Grounder.tryGround(rules(g[0], g[1]), symbols, Grounder.Limits.DEFAULT,
          new Report(Mode.LENIENT), true, false).program();
      GroundProgram every = Grounder.tryGround(rules(g[0], g[1]), symbols, Grounder.Limits.DEFAULT,
          new Report(Mode.LENIENT), true, true).program();
      // The same atoms and rules in the same order (as text: skipped joins no longer intern their constants, so
      // term ids may differ).
      assertThat(text(skipping)).as(g[0]).isEqualTo(text(every));
      assertThat(skipping.ruleOrigin()).as(g[0]).isEqualTo(every.ruleOrigin());
    }
  }

  /** A ground program as text: its atoms in order, then its rules in order (origin, head, body). */
  static List<String> text(GroundProgram p) {
    List<String> out = new ArrayList<>();
    for (int a : p.atoms()) {
      out.add(p.terms().toKif(a, p.symbols()));
    }
    for (int r = 0; r < p.ruleCount(); r++) {
      StringBuilder sb = new StringBuilder().append(p.ruleOrigin()[r]).append(": ")
          .append(p.terms().toKif(p.ruleHead()[r], p.symbols())).append(" <=");
      for (int i = p.ruleBodyStart()[r]; i < p.ruleBodyStart()[r + 1]; i++) {
        int e = p.ruleBody()[i];
        sb.append(GroundProgram.negated(e) ? " not " : " ").append(p.terms().toKif(GroundProgram.atomOf(e),
            p.symbols()));
      }
      out.add(sb.toString());
    }
    return out;
  }

  @Test
  void aCounterThatGrowsOneAtomARoundDoesNotJoinEveryRuleEveryRound() {
    // A successor chain of 3,000 numbers derived one a round (reach), beside 2,000 rules of unrelated relations:
    // joining every rule in every round costs 3,000 x 2,000 joins; joining only the rules of new atoms, a few a
    // round. The chain's grounding is the same either way; only the time differs.
    StringBuilder sb = new StringBuilder(GroundingLimitsTest.BASE);
    for (int i = 0; i < 3000; i++) {
      sb.append("(succ n").append(i).append(" n").append(i + 1).append(")\n");
    }
    sb.append("(reach n0)\n(<= (reach ?y) (reach ?x) (succ ?x ?y))\n");
    for (int i = 0; i < 2000; i++) {
      sb.append("(<= (other").append(i).append(" ?x) (true (other").append(i).append(" ?x)))\n");
    }
    List<Rule> rules = rules("chain.kif", sb.toString());
    long t0 = System.nanoTime();
    GroundProgram skipping = Grounder.tryGround(rules, symbols, Grounder.Limits.DEFAULT, new Report(Mode.LENIENT),
        true, false).program();
    long t1 = System.nanoTime();
    rules = rules("chain.kif", sb.toString());
    long t2 = System.nanoTime();
    GroundProgram every = Grounder.tryGround(rules, symbols, Grounder.Limits.DEFAULT, new Report(Mode.LENIENT),
        true, true).program();
    long t3 = System.nanoTime();
    assertThat(text(skipping)).isEqualTo(text(every));
    assertThat(skipping.ruleCount()).isEqualTo(every.ruleCount()).isGreaterThan(3000);
    System.out.printf(java.util.Locale.ROOT, "chain of 3000 beside 2000 idle rules: %.2f s joining the rules of new"
        + " atoms, %.2f s joining every rule every round%n", (t1 - t0) / 1e9, (t3 - t2) / 1e9);
  }

  @Test
  void aGameTooLargeIsStoppedWithinTheFixpoint() throws GameLoadException {
    // 30^4 = 810,000 instances of one rule (deriving 30 atoms), over a limit of 100,000: stopped once 100,001 are
    // counted.
    StringBuilder sb = new StringBuilder(GroundingLimitsTest.BASE);
    for (int i = 0; i < 30; i++) {
      sb.append("(d ").append(i).append(")\n");
    }
    sb.append("(<= (next (t ?a)) (d ?a) (d ?b) (d ?c) (d ?e) (true p))\n");
    var g = (veil.gdl.reason.KifGame) new KifLoader().load("test.kif", sb.toString(), java.util.Map.of(
        "maxGroundRules", "100000"));
    assertThat(g).isInstanceOf(veil.gdl.reason.TopDownGame.class);
    assertThat(((veil.gdl.reason.TopDownGame) g).why()).contains("the grounding has more than 100000 ground rules"
        + " (counted as its atoms were derived, before any rule was built)");
  }
}
