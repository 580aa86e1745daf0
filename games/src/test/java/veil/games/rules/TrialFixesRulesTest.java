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

  /** Two players, a card each; a move drops a card, and (setMover (right Mover)) in its then: keeps the turn. */
  static final String KEEP = String.join("\n",
      "(define \"Out\" (empty (hand Mover)))",
      "(game \"Keep\" (players 2) (bound 20)",
      "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2 3 4}) (hand Each) (pile \"Out\" visible:All)})",
      "  (rules (start {(deal 2 to:(hand Each))})",
      "    (play (move to:(pile \"Out\") then:(if (= (count (hand Mover)) 1) (setMover (right Mover)))))",
      "    (end (if (some Player (empty (hand Player))) (result (holder (card 1 Red)) Win)))))");

  /**
   * (setMover X) in a nextPhase's then: or a phase's entry: is final, as in (play … then:): X moves first in the new
   * phase (session 8's newcomer relied on it for Sheepshead's picker, who buries after picking; the reference says it
   * only of play's then: and a move's own then:).
   */
  @Test
  void setMoverInAPhaseChangeOrEntryIsFinal() throws Exception {
    Play p = new Play(load(String.join("\n",
        "(game \"Turns\" (players 3) (bound 20)",
        "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2}) (hand Each)})",
        "  (rules (phases {",
        "    (phase \"A\" (play (choose a)) (nextPhase (= (turns) 1) \"B\" then:(setMover P3)))",
        "    (phase \"B\" (play (choose b)) (nextPhase (= (turns) 2) \"C\"))",
        "    (phase \"C\" (play (choose c)) entry:(setMover P2) (nextPhase (= (turns) 3) \"D\"))",
        "    (phase \"D\" (play (choose d)))})",
        "   (end (if (= (turns) 4) (result All Draw)))))")));
    assertThat(p.legal(0)).containsExactly("a");
    p.play("a");
    // The turn passed to P2; the change's then: gave it to P3.
    assertThat(p.legal(2)).containsExactly("b");
    assertThat(p.legal(1)).containsExactly("noop");
    p.play("b");
    // The turn passed to P1; C's entry gave it to P2.
    assertThat(p.legal(1)).containsExactly("c");
    assertThat(p.legal(0)).containsExactly("noop");
    p.play("c");
    assertThat(p.legal(2)).containsExactly("d");
  }

  @Test
  void aBareMacroNameIsExplainedInTheError() {
    String bare = KEEP.replace("(end (if (some Player (empty (hand Player)))", "(end (if \"Out\"");
    assertThatThrownBy(() -> load(bare)).isInstanceOf(GameLoadException.class)
        .hasMessageContaining("expected a condition, found the string \"Out\" (a macro is called in parentheses even "
            + "without arguments: (\"Out\"))");
  }

  @Test
  void setMoverInAMovesThenRunsBeforeTheTurnPasses() throws Exception {
    // P1 plays its first card and, holding one card then, keeps the turn: the turn passes on after the then:.
    Play p = new Play(load(KEEP));
    p.deal("(card 1 red)").deal("(card 2 red)").deal("(card 3 red)").deal("(card 4 red)");
    assertThat(p.legal(0)).isNotEmpty();
    p.play("(move (card 1 red))");
    assertThat(p.legal(0)).containsExactly("(move (card 3 red))");
    assertThat(p.legal(1)).containsExactly("noop");
    p.play("(move (card 3 red))");
    // (result (holder …) Win) with a computed player: the 1 lies in the shared pile, holder -1, so P1 empties its
    // hand and the end rule holds; the winner is who holds the 1 (nobody): both lose.
    assertThat(p.game.isTerminal(p.state)).isTrue();
  }

  @Test
  void resultTakesAComputedPlayer() throws Exception {
    String who = KEEP.replace("(holder (card 1 Red))", "(holder (card 2 Red))");
    Play p = new Play(load(who));
    p.deal("(card 1 red)").deal("(card 2 red)").deal("(card 3 red)").deal("(card 4 red)");
    p.play("(move (card 1 red))").play("(move (card 3 red))");
    assertThat(p.game.isTerminal(p.state)).isTrue();
    // P2 holds the 2 of Red: it wins, P1 loses.
    assertThat(p.game.goal(p.state, 1)).isEqualTo(100);
    assertThat(p.game.goal(p.state, 0)).isEqualTo(0);
  }

  @Test
  void aCardMoveNamedLikeAPlaceIsRefusedByTheExportWithItsName() throws Exception {
    // Before, the export wrote (out CARD) next to the place constant out, which strict GDL-II refuses to load.
    CompiledGame clash = load(KEEP.replace("(move to:(pile \"Out\")", "(move to:(pile \"Out\") name:out"));
    assertThatThrownBy(() -> GdlExport.export(clash)).isInstanceOf(ExportException.class)
        .hasMessageContaining("the move name out is also the GDL-II name of a shared place")
        // Where the move is written (session 11's newcomer had to search Scopa for its (move … name:play)).
        .hasMessageContaining("trial.lud:5:11: the move name out");
    CompiledGame fine = load(KEEP.replace("(move to:(pile \"Out\")", "(move to:(pile \"Out\") name:drop"));
    GdlExport.Exported e = GdlExport.export(fine);
    KifGame gdl = new KifLoader().load("keep.kif", e.kif(), Map.of("mode", "strict"));
    Lockstep.Result r = Lockstep.run(fine, gdl, 20, 1, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
  }

  /** Session 11's newcomer (Durak): a second (choose done) in another branch was refused without a position. */
  @Test
  void twoMovesOfOnePhaseWithOneNameAreRefusedWithBothPositions() throws Exception {
    CompiledGame twice = load(String.join("\n",
        "(game \"Twice\" (players 2) (bound 20)",
        "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2 3 4}) (hand Each) (pile \"Out\" visible:All)})",
        "  (rules (start {(deal 2 to:(hand Each))})",
        "    (play (if (= (count (hand Mover)) 2) (or {(move to:(pile \"Out\") name:drop) (choose done)})",
        "              (or {(move to:(pile \"Out\") name:put) (choose done)})))",
        "    (end (if (some Player (empty (hand Player))) (result (holder (card 1 Red)) Win)))))"));
    assertThatThrownBy(() -> GdlExport.export(twice)).isInstanceOf(ExportException.class)
        .hasMessageContaining("trial.lud:5:52: two moves of one phase are both named done (the other at trial.lud:4:80)");
  }

  @Test
  void twelveSingleCardDealsInTheStartAreAllQueued() throws Exception {
    // Memory's grid: one face-down card to each of twelve sites. The queue held eight deals, and the ninth threw
    // an IllegalStateException when the game began (veil check said ok).
    StringBuilder spots = new StringBuilder();
    StringBuilder deals = new StringBuilder();
    for (int i = 1; i <= 12; i++) {
      spots.append(" (spot \"S").append(i).append("\" visible:None)");
      deals.append(" (deal 1 to:(spot \"S").append(i).append("\"))");
    }
    String text = String.join("\n",
        "(game \"Grid\" (players 2) (bound 40)",
        "  (equipment {(deck \"Deck\" suits:{Red Black} ranks:{1 2 3 4 5 6})" + spots + "})",
        "  (rules (start {(shuffle \"Deck\")" + deals + "})",
        "    (play (choose look))",
        "    (end (if (= (turns) 2) (result All Draw)))))");
    CompiledGame game = load(text);
    assertThat(game.layout.pendingCapacity).isGreaterThanOrEqualTo(12);
    Play p = new Play(game);
    for (int i = 0; i < 12; i++) {
      p.dealAny();
    }
    for (int i = 1; i <= 12; i++) {
      assertThat(p.in("s" + i)).as("site " + i).hasSize(1);
    }
    p.play("look").play("look");
    assertThat(game.isTerminal(p.state)).isTrue();
  }

  /** A wrapping counter C (0, 1, 2, 0, …) and a step counter N; the game ends by an (if …) used as a condition. */
  static String ifEnd(String cond) {
    return String.join("\n",
        "(game \"IfEnd\" (players 2) (bound 40)",
        "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2}) (hand Each)})",
        "  (vars {(var \"C\" range:0..2) (var \"N\" range:0..30)})",
        "  (rules (start {(deal 1 to:(hand Each))})",
        "    (play (choose tick then:{(if (= (var \"C\") 2) (set \"C\" 0) (add \"C\" 1)) (add \"N\" 1)}))",
        "    (end (if " + cond + " (result All Draw)))))");
  }

  /** Ticks played before the game ends (the two deal steps left out). */
  static int ticks(CompiledGame g) {
    veil.model.State s = g.initialState();
    veil.model.MoveList ml = new veil.model.MoveList();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(1);
    int[] joint = new int[g.roleCount()];
    int steps = 0;
    while (!g.isTerminal(s)) {
      g.randomJointMove(s, rng, joint, ml);
      g.apply(s, joint, null);
      steps++;
    }
    return steps - 2;
  }

  @Test
  void ifIsAConditionWhenItsBranchesAreConditions() throws Exception {
    // N = 9 has C = 0: the else branch (N >= 11) is false; N = 10 has C = 1: the then branch (N >= 9) holds.
    CompiledGame both = load(ifEnd("(if (= (var \"C\") 1) (>= (var \"N\") 9) (>= (var \"N\") 11))"));
    assertThat(ticks(both)).isEqualTo(10);
    // Without the else branch the condition is false whenever c is.
    CompiledGame noElse = load(ifEnd("(if (= (var \"C\") 1) (>= (var \"N\") 9))"));
    assertThat(ticks(noElse)).isEqualTo(10);
    // The else branch decides: N = 4 has C = 1 (then branch, false); N = 5 has C = 2 (else branch, true).
    CompiledGame early = load(ifEnd("(if (= (var \"C\") 1) (>= (var \"N\") 30) (>= (var \"N\") 5))"));
    assertThat(ticks(early)).isEqualTo(5);
    for (CompiledGame g : java.util.List.of(both, noElse, early)) {
      GdlExport.Exported e = GdlExport.export(g);
      KifGame gdl = new KifLoader().load("ifend.kif", e.kif(), Map.of("mode", "strict"));
      Lockstep.Result r = Lockstep.run(g, gdl, 10, 1, e::facts, gdl::trueFacts);
      assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    }
  }
}
