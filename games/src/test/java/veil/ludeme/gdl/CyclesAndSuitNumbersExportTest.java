package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;
import veil.ludeme.CompiledGame;

/**
 * Two forms the export once refused, each on a small game of its own that uses it at every turn, in lockstep with
 * the engine (states compared too); and each test fails on rules broken on purpose, so it can see a wrong translation:
 *
 * <ul>
 *   <li>phases that cycle ({@code rounds.lud}: deal, tricks, score, deal again with a card fewer; the step of the
 *       last trick goes Play, Score (entered) and Deal): settling unrolled as far as the engine may change phase;
 *   <li>suits as numbers ({@code suit-numbers.lud}: a card named by a number, its suit Choice / 3; a suit's position
 *       added to a score and compared in order with a number): the table (suitindex SUIT I).
 * </ul>
 */
class CyclesAndSuitNumbersExportTest {
  private static String resource(String name) throws Exception {
    return new String(CyclesAndSuitNumbersExportTest.class.getClassLoader().getResourceAsStream("veil/export/" + name)
        .readAllBytes(), StandardCharsets.UTF_8);
  }

  /** Lockstep of the engine against the exported rules, changed by {@code mutate} before they are loaded. */
  private static Lockstep.Result lockstep(String name, UnaryOperator<String> mutate, int playouts) throws Exception {
    GdlExport.Exported e = ExportFixtures.exportText(name, resource(name), Map.of());
    String kif = mutate.apply(e.kif());
    KifGame gdl = new KifLoader().load(name + ".kif", kif, Map.of("mode", "strict"));
    return Lockstep.run(e.game(), gdl, playouts, 21, e::facts, gdl::trueFacts);
  }

  @Test
  void phasesThatReturnToAnEarlierPhaseExportExactly() throws Exception {
    Lockstep.Result r = lockstep("rounds.lud", k -> k, 40);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(40);
    // Three rounds of 3, 2 and 1 tricks (two players): every playout goes round the cycle twice.
    assertThat(r.steps()).isGreaterThanOrEqualTo(40L * 2 * (3 + 2 + 1));
  }

  /** Broken on purpose: Score no longer returns to Deal (its change of phase writes no phase): the lockstep sees it. */
  @Test
  void rulesThatDoNotReturnToTheEarlierPhaseFailTheLockstep() throws Exception {
    Pattern back = Pattern.compile("\\(<= \\(phase_[0-9]+ deal_phase\\) g_[0-9]+\\)\n");
    UnaryOperator<String> noReturn = k -> {
      Matcher m = back.matcher(k);
      assertThat(m.find()).as("the export writes Score's return to Deal").isTrue();
      return m.replaceAll("");
    };
    Lockstep.Result r = lockstep("rounds.lud", noReturn, 40);
    assertThat(r.ok()).isFalse();
  }

  @Test
  void suitsComputedAsNumbersAndNumbersFromSuitsExportExactly() throws Exception {
    Lockstep.Result r = lockstep("suit-numbers.lud", k -> k, 100);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(100);
  }

  /** Broken on purpose: diamonds and hearts swap positions in the table; the lockstep sees it. */
  @Test
  void aWrongSuitPositionFailsTheLockstep() throws Exception {
    UnaryOperator<String> swapped = k -> {
      assertThat(k).contains("(suitindex diamonds 1)").contains("(suitindex hearts 2)");
      return k.replace("(suitindex diamonds 1)", "(suitindex diamonds x)").replace("(suitindex hearts 2)",
          "(suitindex hearts 1)").replace("(suitindex diamonds x)", "(suitindex diamonds 2)");
    };
    Lockstep.Result r = lockstep("suit-numbers.lud", swapped, 100);
    assertThat(r.ok()).isFalse();
  }

  /** A number that may be no suit's position is refused with its position, not written as a guess. */
  @Test
  void aNumberThatMayBeNoSuitIsRefused() throws Exception {
    String text = resource("suit-numbers.lud").replace("(define \"S\" (/ Choice 3))", "(define \"S\" (/ Choice 2))");
    CompiledGame g = ExportFixtures.compile("suit-numbers.lud", text, Map.of());
    assertThatThrownBy(() -> GdlExport.export(g)).isInstanceOf(ExportException.class)
        .hasMessageContaining("this number is used as a suit and can be 4, the position of no suit");
  }

  /** Plays the first legal move of every role to the end. */
  private static veil.ludeme.LudState play(CompiledGame g) {
    veil.ludeme.LudState s = g.initialState();
    int[] joint = new int[g.roleCount()];
    veil.model.MoveList moves = new veil.model.MoveList();
    while (!g.isTerminal(s)) {
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(s, r, moves);
        joint[r] = moves.get(0);
      }
      g.apply(s, joint, null);
    }
    return s;
  }

  /** Phases that change forever without a move: the engine fails the step once they changed more than it has. */
  @Test
  void theEngineBoundsPhaseChangesInOneStepByThePhases() throws Exception {
    String text = String.join("\n",
        "(game \"Loop\" (players 2) (bound 20)",
        "  (equipment {(deck \"Deck\") (hand Each)})",
        "  (vars {(var \"N\" range:0..2)})",
        "  (rules (start {(shuffle \"Deck\") (deal 1 to:(hand Each))}) (phases {",
        "    (phase \"A\" (play (pass)) (nextPhase (< (var \"N\") %d) \"B\" then:(add \"N\" 1)))",
        "    (phase \"B\" (play (pass)) (nextPhase True \"A\"))})",
        "    (end (if (> (turns) 3) (result All Draw)))))");
    // A to B, back to A, to B again once the cards are dealt: three changes in one step, more than the two phases.
    CompiledGame twice = ExportFixtures.compile("loop.lud", String.format(text, 2), Map.of());
    assertThatThrownBy(() -> play(twice)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("change more than 2 times in one step without a move")
        .hasMessageContaining("last from \"A\" to \"B\"");
    // A to B and back: two changes, allowed; the game exports and agrees with its rules.
    CompiledGame once = ExportFixtures.compile("loop.lud", String.format(text, 1), Map.of());
    assertThat(play(once).v[veil.ludeme.Slot.PHASE]).isZero();
    GdlExport.Exported e = GdlExport.export(once);
    KifGame gdl = ExportFixtures.load(e, "strict");
    Lockstep.Result r = Lockstep.run(e.game(), gdl, 5, 3, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
  }
}
