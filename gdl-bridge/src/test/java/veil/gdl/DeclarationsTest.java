package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.dsl.DslException;
import veil.dsl.Source;
import veil.gdl.check.Mode;
import veil.gdl.check.Report;
import veil.gdl.check.RuleChecker;
import veil.gdl.ground.GroundProgram;
import veil.gdl.ground.GroundTerms;
import veil.gdl.ground.Grounder;
import veil.gdl.read.RuleTranslator;
import veil.gdl.read.Syntax;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;

/**
 * The bundled games declare their base propositions, moves and percepts ({@code base}, {@code input},
 * {@code percept}): every fluent, legal move and percept the grounding finds is declared.
 */
class DeclarationsTest {
  static Stream<String> names() throws IOException {
    return BundledGamesTest.names();
  }

  @ParameterizedTest
  @MethodSource("names")
  void everyFluentMoveAndPerceptIsDeclared(String name) throws DslException {
    Source src = Source.of(name, Kif.bundledText(name));
    Symbols symbols = new Symbols();
    Report report = new Report(Mode.STRICT);
    List<Rule> rules = new RuleTranslator(symbols, report).translate(Syntax.KIF.read(src));
    RuleChecker.Result checked = RuleChecker.check(rules, symbols, report);
    GroundProgram gp = Grounder.ground(checked.rules(), symbols, Grounder.Limits.DEFAULT, report);
    assertThat(report.errors()).isEmpty();
    GroundTerms t = gp.terms();
    Set<String> atoms = new HashSet<>();
    for (int a : gp.atoms()) {
      atoms.add(t.toKif(a, symbols));
    }
    boolean declares = atoms.stream().anyMatch(a -> a.startsWith("(base ") || a.startsWith("(input "));
    List<String> missing = new ArrayList<>();
    for (int a : gp.atoms()) {
      int f = t.functor(a);
      String need = null;
      if (f == Symbols.TRUE) {
        need = "(base " + t.toKif(t.arg(a, 0), symbols) + ")";
      } else if (f == Symbols.LEGAL) {
        need = "(input " + t.toKif(t.arg(a, 0), symbols) + " " + t.toKif(t.arg(a, 1), symbols) + ")";
      } else if (f == Symbols.SEES) {
        need = "(percept " + t.toKif(t.arg(a, 0), symbols) + " " + t.toKif(t.arg(a, 1), symbols) + ")";
      }
      if (need != null && !atoms.contains(need)) {
        missing.add(need);
      }
    }
    assertThat(declares).as("%s declares base and input", name).isTrue();
    assertThat(missing).as("undeclared in %s", name).isEmpty();
  }
}
