package veil.ludeme.gdl;

import veil.gdl.Lockstep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.CardLibrary;
import veil.dsl.Expander;
import veil.dsl.Node;
import veil.dsl.Reader;
import veil.dsl.Source;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;
import veil.ludeme.CompiledGame;
import veil.ludeme.compile.GameCompiler;
import veil.ludeme.compile.Type;

/** What cannot be exported is refused with its name and position; and the lockstep check does find differences. */
class ExportErrorsTest {
  private static final String REVEALING = String.join("\n",
      "(game \"Peek\"",
      "  (players 2)",
      "  (bound 20)",
      "  (equipment {(deck \"Deck\" ranks:{1 2 3} suits:{Red}) (hand Each) (pile \"Out\" visible:All)})",
      "  (rules",
      "    (start {(deal 1 to:(hand Each))})",
      "    (play (move to:\"Out\" name:drop then:(reveal (lastCard))))",
      "    (end (if (empty (hand Mover)) (result LastMover Win)))))");

  private static List<Node> forms(String text) throws Exception {
    return Expander.expand(Reader.read(Source.of("peek.lud", text)), Map.of());
  }

  @Test
  void aLudemeWithoutTranslationIsNamedWithItsPosition() throws Exception {
    List<Node> forms = forms(REVEALING);
    CompiledGame game = GameCompiler.compile(forms, "peek.lud", CardLibrary.language());
    Emitters without = new Emitters(CardLibrary.language()).without("reveal", Type.EFFECT);
    assertThatThrownBy(() -> GdlExport.export(game, without)).isInstanceOf(ExportException.class)
        .hasMessage("export-gdl: the ludeme (reveal …) at peek.lud:7:41 cannot be exported to GDL-II yet");
  }

  @Test
  void theSameGameWithTheTranslationExportsAndVerifies() throws Exception {
    List<Node> forms = forms(REVEALING);
    CompiledGame game = GameCompiler.compile(forms, "peek.lud", CardLibrary.language());
    GdlExport.Exported e = GdlExport.export(game);
    assertThat(e.kif()).contains("(revealed ");
    KifGame gdl = new KifLoader().load("peek.kif", e.kif(), Map.of("mode", "strict"));
    Lockstep.Result r = Lockstep.run(game, gdl, 30, 1, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
  }

  /**
   * Phases that return to an earlier one export: settling is unrolled as far as the engine lets one step change phase
   * (CyclesAndSuitNumbersExportTest runs such games in lockstep).
   */
  @Test
  void phasesThatCanCycleExport() throws Exception {
    String text = String.join("\n",
        "(game \"Loop\" (players 2) (bound 10)",
        "  (equipment {(deck \"Deck\" ranks:{1 2} suits:{Red}) (hand Each)})",
        "  (rules (phases {(phase \"A\" (play (pass)) (nextPhase (= (turns) 3) \"B\"))",
        "                  (phase \"B\" (play (pass)) (nextPhase (= (turns) 5) \"A\"))})",
        "         (end (if (= (turns) 8) (result All Draw)))))");
    GdlExport.Exported e = ExportFixtures.exportText("loop.lud", text, Map.of());
    assertThat(e.kif()).containsPattern("\\(<= \\(phase_[0-9]+ a\\) g_[0-9]+\\)");
  }

  /**
   * An arithmetic expression with too many values is refused at its position with what the analysis found: the
   * operator, its values and its operands' (a newcomer's Cribbage summed products of counts and got only "this
   * expression can take more than 5000 values"). The counts filter by if:, which the export does not narrow (a rank:
   * filter is bounded by the cards of that rank: RankCountsExportTest).
   */
  @Test
  void anExpressionWithTooManyValuesSaysWhatItsOperandsTake() {
    String text = String.join("\n",
        "(define \"N\" (count (cards (union (hand #1) (pile \"Out\")) if:(= (rank Card) #2))))",
        "(game \"Wide\" (players 2) (bound 120)",
        "  (equipment {(deck \"Deck\") (hand Each) (pile \"Out\" visible:All)})",
        "  (rules (start {(shuffle \"Deck\") (deal 5 to:(hand Each))})",
        "    (play (move to:\"Out\"))",
        "    (end (if (empty (hand P2))",
        "      (byScore (+ (* (\"N\" Player Ace) (\"N\" Player Ace)) (* (\"N\" Player King) (\"N\" Player King))",
        "                  (* (\"N\" Player Queen) (\"N\" Player Queen))))))))");
    assertThatThrownBy(() -> ExportFixtures.exportText("wide.lud", text, Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("wide.lud:7:16: this (+ …) can take more than 5000 values (")
        .hasMessageMatching("(?s).*: its operands can take [0-9]+ and [0-9]+ values; the export bounds a count by the "
            + "cards its place can hold and a variable by its range:, and writes every value an expression can take\\).*");
  }

  /** A test of the checker itself: rules changed to give a wrong percept are caught, with the step and history. */
  @Test
  void lockstepFindsAWrongPercept() throws Exception {
    GdlExport.Exported e = ExportFixtures.export("blind-tic-tac-toe", Map.of());
    String broken = e.kif().replace("(<= (sees white ok)", "(<= (sees black ok)");
    assertThat(broken).isNotEqualTo(e.kif());
    KifGame gdl = new KifLoader().load("broken.kif", broken, Map.of("mode", "strict"));
    Lockstep.Result r = Lockstep.run(e.game(), gdl, 5, 1, null, null);
    assertThat(r.ok()).isFalse();
    assertThat(r.mismatch().what()).startsWith("percepts of ");
    assertThat(r.mismatch().history()).isNotEmpty();
    assertThat(r.mismatch().describe("engine", "gdl")).contains("history", "(mark ", "engine: [", "gdl: [");
  }

  @Test
  void lockstepFindsAWrongGoal() throws Exception {
    GdlExport.Exported e = ExportFixtures.export("agram", Map.of("Players", "2"));
    String broken = e.kif().replace("(goalof 0 1 100)", "(goalof 0 1 99)");
    assertThat(broken).isNotEqualTo(e.kif());
    KifGame gdl = new KifLoader().load("broken.kif", broken, Map.of("mode", "strict"));
    Lockstep.Result r = Lockstep.run(e.game(), gdl, 5, 1, null, null);
    assertThat(r.ok()).isFalse();
    assertThat(r.mismatch().what()).startsWith("goal of ");
  }

  /**
   * A player variable compared with the number 0 (a newcomer's Skat: "no declarer yet" as (< (var "Decl") 0)) plays,
   * but only -1 stands for "no player" in the export: the message says so instead of "a num is used where a player is
   * expected"; with -1 the game exports.
   */
  @Test
  void aNumberUsedAsAPlayerSaysThatOnlyMinusOneIsNone() throws Exception {
    String text = String.join("\n",
        "(game \"Decl\" (players 2) (bound 10)",
        "  (equipment {(deck \"Deck\" ranks:{1 2} suits:{Red}) (hand Each) (pile \"Out\" visible:All)})",
        "  (vars {(var \"Decl\" -1)})",
        "  (rules (start {(shuffle \"Deck\") (deal 1 to:(hand Each))})",
        "    (play (move to:\"Out\" then:(set \"Decl\" Mover)))",
        "    (end (if (and (empty (hand P2)) (%s (var \"Decl\") %s)) (result (var \"Decl\") Win))",
        "         (if (empty (hand P2)) (result All Draw)))))");
    assertThatThrownBy(() -> ExportFixtures.exportText("decl.lud", String.format(text, "<", "0"), Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("decl.lud:6:37: the number 0 is used where a player is expected (compared with one, or "
            + "given as one): the export writes players by name, and the only number that stands for one is -1, for "
            + "none; test for \"no player\" with (= … -1), or name the player");
    assertThat(ExportFixtures.exportText("decl.lud", String.format(text, "!=", "-1"), Map.of()).kif())
        .contains("(role p1)");
  }
}
