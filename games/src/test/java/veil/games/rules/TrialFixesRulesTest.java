package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;
import veil.ludeme.CompiledGame;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.GdlExport;
import veil.model.GameLoadException;

/** The language fixes found by the newcomer trial (ten classic card games written from the reference alone). */
class TrialFixesRulesTest {
  static CompiledGame load(String text) throws GameLoadException {
    return new LudLoader().load("trial.lud", text, Map.of());
  }

  /** A counter that wraps around: 0, 1, …, top, 0, … */
  static String wrap(String decl, int top) {
    return wrap(decl, top, 30);
  }

  static String wrap(String decl, int top, int bound) {
    return String.join("\n",
        "(game \"Wrap\" (players 2) (bound " + bound + ")",
        "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2}) (hand Each)})",
        "  (vars {" + decl + " (var \"N\" range:0..20)})",
        "  (rules (start {(deal 1 to:(hand Each))})",
        "    (play (choose tick then:{(if (= (var \"C\") " + top + ") (set \"C\" 0) (add \"C\" 1))",
        "                                 (add \"N\" 1)}))",
        "    (end (if (= (var \"N\") 20) (result All Draw)))))");
  }

  @Test
  void aDeclaredRangeLetsTheExportBoundAWrappingCounter() throws Exception {
    // Without the range the exporter cannot tell that the counter stays small.
    // (A bound of 6000 steps: within it the counter could count past 5000 as far as the exporter can tell.)
    CompiledGame open = load(wrap("(var \"C\")", 2, 6000));
    assertThatThrownBy(() -> GdlExport.export(open)).isInstanceOf(ExportException.class)
        .hasMessageContaining("cannot bound the values of var_c");
    // With it the export holds exactly the range's values and agrees with the engine step by step.
    CompiledGame ranged = load(wrap("(var \"C\" range:0..2)", 2, 6000));
    GdlExport.Exported e = GdlExport.export(ranged);
    assertThat(e.kif()).contains("(init (var_c 0))");
    KifGame gdl = new KifLoader().load("wrap.kif", e.kif(), Map.of("mode", "strict"));
    Lockstep.Result r = Lockstep.run(ranged, gdl, 20, 1, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
  }

  @Test
  void leavingTheDeclaredRangeIsARuleFailure() throws Exception {
    Play p = new Play(load(wrap("(var \"C\" range:0..1)", 2)));
    p.deal("(card 1 red)").deal("(card 2 red)");
    p.play("tick");
    assertThatThrownBy(() -> p.play("tick")).hasMessageContaining("rule failure: (add \"C\" …) at trial.lud:5:62")
        .hasMessageContaining("leaves the range 0..1: 2");
  }

  @Test
  void aRangeMustHoldTheInitialValue() {
    assertThatThrownBy(() -> load(wrap("(var \"C\" 5 range:0..2)", 2))).isInstanceOf(GameLoadException.class)
        .hasMessageContaining("trial.lud:3:19: the initial value 5 is outside the range 0..2");
    assertThatThrownBy(() -> load(wrap("(var \"C\" range:3..2)", 2))).isInstanceOf(GameLoadException.class)
        .hasMessageContaining("the range 3..2 is empty");
  }
}
