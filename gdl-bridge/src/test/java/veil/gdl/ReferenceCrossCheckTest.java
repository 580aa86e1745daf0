package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.gdl.check.Mode;
import veil.gdl.check.Report;
import veil.gdl.check.RuleChecker;
import veil.gdl.reason.KifGame;
import veil.gdl.term.Rule;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * The compiled reasoner agrees with {@link ReferenceReasoner} (naive evaluation of the non-ground rules) on random
 * playouts of every bundled game and of a test game with recursive atoms: legal moves, terminal, goals, next state
 * and percepts, state by state.
 */
class ReferenceCrossCheckTest {
  static java.util.stream.Stream<String> names() throws java.io.IOException {
    return BundledGamesTest.names();
  }

  @ParameterizedTest
  @MethodSource("names")
  void reasonerAgreesWithNaiveEvaluation(String name) {
    int playouts = name.startsWith("krieg") || name.startsWith("battleships") ? 2 : 6;
    crossCheck(Kif.bundled(name), name, playouts);
  }

  /** A game whose state and moves feed recursive atoms, which no bundled game has. */
  @Test
  void reasonerAgreesWithNaiveEvaluationOnRecursiveAtoms() {
    crossCheck(Kif.strict(Kif.testResource("recursive-reach.kif")), "recursive-reach", 30);
  }

  private static void crossCheck(KifGame g, String name, int playouts) {
    Report report = new Report(Mode.STRICT);
    RuleChecker.Result checked = RuleChecker.check(g.rules(), g.symbols(), report);
    List<Rule> rules = KifLoader.withMovePercepts(checked.rules(), checked.roles(), g.symbols());
    ReferenceReasoner ref = new ReferenceReasoner(rules, g.symbols());
    SplittableRandom rng = new SplittableRandom(name.hashCode());
    MoveList ml = new MoveList();
    Percepts percepts = new Percepts(g.roleCount());
    for (int i = 0; i < playouts; i++) {
      State s = g.initialState();
      Set<String> derivedInit = ref.derive(Set.of());
      Set<String> expectedState = new HashSet<>();
      for (String f : derivedInit) {
        if (f.startsWith("(init ")) {
          expectedState.add(inner(f, "(init "));
        }
      }
      assertThat(g.trueFacts(s)).containsExactlyInAnyOrderElementsOf(expectedState);
      while (true) {
        Set<String> inputs = new HashSet<>();
        for (String f : g.trueFacts(s)) {
          inputs.add("(true " + f + ")");
        }
        Set<String> d = ref.derive(inputs);
        assertThat(g.isTerminal(s)).isEqualTo(d.contains("terminal"));
        if (g.isTerminal(s)) {
          for (int r = 0; r < g.roleCount(); r++) {
            assertThat(d).contains("(goal " + g.roleName(r) + " " + g.goal(s, r) + ")");
          }
          break;
        }
        int[] joint = new int[g.roleCount()];
        for (int r = 0; r < g.roleCount(); r++) {
          List<String> expected = new ArrayList<>();
          String prefix = "(legal " + g.roleName(r) + " ";
          for (String f : d) {
            if (f.startsWith(prefix)) {
              expected.add(f.substring(prefix.length(), f.length() - 1));
            }
          }
          assertThat(Kif.legalTexts(g, s, r)).containsExactlyInAnyOrderElementsOf(expected);
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
          inputs.add("(does " + g.roleName(r) + " " + g.moveText(r, joint[r]) + ")");
        }
        Set<String> dm = ref.derive(inputs);
        g.apply(s, joint, percepts);
        Set<String> next = new HashSet<>();
        for (String f : dm) {
          if (f.startsWith("(next ")) {
            next.add(inner(f, "(next "));
          }
        }
        assertThat(g.trueFacts(s)).containsExactlyInAnyOrderElementsOf(next);
        for (int r = 0; r < g.roleCount(); r++) {
          Set<String> seen = new HashSet<>();
          String prefix = "(sees " + g.roleName(r) + " ";
          for (String f : dm) {
            if (f.startsWith(prefix)) {
              seen.add(f.substring(prefix.length(), f.length() - 1));
            }
          }
          assertThat(new HashSet<>(InfixKifTest.texts(g, percepts, r))).isEqualTo(seen);
        }
      }
    }
  }

  private static String inner(String f, String prefix) {
    return f.substring(prefix.length(), f.length() - 1);
  }
}
