package veil.ludeme.gdl;

import veil.gdl.Lockstep;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every exportable bundled game: the exported rules load in the reasoner's strict mode and agree with the engine on
 * random playouts — roles, legal moves, percepts, terminal, goals, and the states themselves.
 */
class ExportLockstepTest {
  @Test
  void blindTicTacToe() throws Exception {
    Lockstep.Result r = ExportFixtures.verify("blind-tic-tac-toe", Map.of(), "strict", 200, 1);
    assertThat(r.steps()).isGreaterThan(200 * 4);
  }

  @Test
  void heartsSimple() throws Exception {
    ExportFixtures.verify("hearts-simple", Map.of(), "strict", 12, 2);
  }

  @Test
  void agramForEveryNumberOfPlayers() throws Exception {
    ExportFixtures.verify("agram", Map.of(), "strict", 15, 3);
    ExportFixtures.verify("agram", Map.of("Players", "2"), "strict", 15, 4);
    ExportFixtures.verify("agram", Map.of("Players", "5"), "strict", 10, 5);
  }

  @Test
  void bottleImp() throws Exception {
    ExportFixtures.verify("bottle-imp", Map.of(), "strict", 10, 6);
  }

  @Test
  void ninetyEight() throws Exception {
    ExportFixtures.verify("ninety-eight", Map.of(), "strict", 20, 7);
  }

  @Test
  void heartsWithPassingAndWithout() throws Exception {
    ExportFixtures.verify("hearts", Map.of(), "strict", 4, 8);
    ExportFixtures.verify("hearts", Map.of("Pass", "None"), "strict", 3, 9);
  }

  /** Test games of their own that use most of the remaining ludemes (see their comments). */
  @Test
  void gamesUsingTheOtherLudemes() throws Exception {
    for (String name : new String[] {"sink", "mini-tricks", "draws", "sides"}) {
      String resource = "veil/export/" + name + ".lud";
      String text = new String(getClass().getClassLoader().getResourceAsStream(resource).readAllBytes(),
          java.nio.charset.StandardCharsets.UTF_8);
      GdlExport.Exported e = ExportFixtures.exportText(resource, text, Map.of());
      veil.gdl.reason.KifGame gdl = ExportFixtures.load(e, "strict");
      Lockstep.Result r = Lockstep.run(e.game(), gdl, 100, 12, e::facts, gdl::trueFacts);
      assertThat(r.ok()).as(() -> name + ": " + r.mismatch().describe("engine", "gdl")).isTrue();
    }
  }

  @Test
  void whist() throws Exception {
    ExportFixtures.verify("whist", Map.of(), "strict", 20, 11);
  }

  /** Go Fish is not bundled yet (its honest agents fall back), so the conformance suite does not run its lockstep. */
  @Test
  void goFishAsksMovesByPropertyAndBooks() throws Exception {
    ExportFixtures.verify("go-fish", Map.of(), "strict", 5, 12);
  }

  @Test
  void golfVerifiesInStrictMode() throws Exception {
    ExportFixtures.verify("golf", Map.of(), "strict", 15, 10);
  }

  /**
   * A match that keeps a variable of the game from deal to deal (keep:): mini-match.lud with "Taken", each player's
   * tricks over all deals so far, added to at the end of each deal and ranked on; the export must not reset it at a
   * new deal (states compared fact by fact), and the engine keeps it too.
   */
  @Test
  void aMatchKeepsItsKeptVariablesFromDealToDeal() throws Exception {
    String resource = "veil/testgames/mini-match.lud";
    String text = new String(getClass().getClassLoader().getResourceAsStream(resource).readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8);
    String end = "(match (byScore (/ (count (pile \"Won\" Player)) 2)) to:<Target> deals:<Deals>)";
    assertThat(text).contains(end).contains("  (rules");
    String kept = text.replace(end, "(match (byScore (var \"Taken\" Player)) to:<Target> deals:<Deals> "
        + "keep:{\"Taken\"}) before:(forEach Player (add \"Taken\" Player (/ (count (pile \"Won\" Player)) 2)))")
        .replace("  (rules", "  (vars {(var \"Taken\" Each range:0..9)})\n  (rules");
    Map<String, String> options = Map.of("Target", "10", "Deals", "3");
    GdlExport.Exported e = ExportFixtures.exportText(resource, kept, options);
    veil.gdl.reason.KifGame gdl = ExportFixtures.load(e, "strict");
    Lockstep.Result r = Lockstep.run(e.game(), gdl, 60, 13, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.steps()).isGreaterThanOrEqualTo(60 * 2 * 12);
    // The engine: after two deals of three tricks, Taken is 3 for both or 6 for one (it was not reset).
    veil.ludeme.CompiledGame g = e.game();
    veil.ludeme.LudState st = g.initialState();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(5);
    veil.model.MoveList ml = new veil.model.MoveList();
    veil.model.Percepts pc = new veil.model.Percepts(g.roleCount());
    int deal = g.varNames.indexOf("Deal");
    int t1 = g.varNames.indexOf("Taken[p1]");
    while (st.v[g.layout.vars + deal] < 2) {
      int[] joint = new int[g.roleCount()];
      for (int role = 0; role < g.roleCount(); role++) {
        g.legalMoves(st, role, ml);
        joint[role] = ml.size() == 0 ? 0 : ml.get(rng.nextInt(ml.size()));
      }
      g.apply(st, joint, pc);
    }
    assertThat(st.v[g.layout.vars + t1] + st.v[g.layout.vars + t1 + 1]).isEqualTo(6);
  }

  /**
   * A match of several deals (mini-match.lud): the totals carried over, the cards gathered and dealt again, the
   * dealer rotated and newdeal told, at the target and at the bound on the deals, states compared fact by fact.
   */
  @Test
  void aMatchOfSeveralDeals() throws Exception {
    String resource = "veil/testgames/mini-match.lud";
    String text = new String(getClass().getClassLoader().getResourceAsStream(resource).readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8);
    for (Map<String, String> options : java.util.List.of(Map.of("Target", "4", "Deals", "3"),
        Map.of("Target", "10", "Deals", "2"))) {
      GdlExport.Exported e = ExportFixtures.exportText(resource, text, options);
      veil.gdl.reason.KifGame gdl = ExportFixtures.load(e, "strict");
      Lockstep.Result r = Lockstep.run(e.game(), gdl, 60, 13, e::facts, gdl::trueFacts);
      assertThat(r.ok()).as(() -> options + ": " + r.mismatch().describe("engine", "gdl")).isTrue();
      assertThat(r.steps()).isGreaterThanOrEqualTo(60 * 2 * 12); // two deals or more per playout
    }
  }

  /**
   * A match whose totals take more values than one constant each allows (digit-match.lud: 13 x pick^3 - 4000 a deal,
   * 10,983 totals): they are written digit by digit, the amounts added with a carry chain, compared with the target
   * and ranked digit by digit (highest and, misere, lowest first); the engine and the strict GDL-II reasoner agree
   * fact by fact on every digit of every total, while the totals cross zero both ways.
   */
  @Test
  void aMatchsTotalsWithTooManyValuesAreWrittenDigitByDigit() throws Exception {
    String resource = "veil/testgames/digit-match.lud";
    String text = new String(getClass().getClassLoader().getResourceAsStream(resource).readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8);
    assertThat(text).containsOnlyOnce("4000))\n");
    for (String variant : java.util.List.of(text, text.replace("4000))\n", "4000) misere:True)\n"))) {
      GdlExport.Exported e = ExportFixtures.exportText(resource, variant, Map.of());
      // Digits: 0 offset by 32000 (the lowest total, 8 deals of -4000) in five digits, and the carry table.
      assertThat(e.kif()).contains("(init (var_total p1 0 3))").contains("(init (var_total p2 4 0))")
          .contains("(digitadd 9 9 1 9 1)").doesNotContain("(plus 13453 ");
      veil.gdl.reason.KifGame gdl = ExportFixtures.load(e, "strict");
      Lockstep.Result r = Lockstep.run(e.game(), gdl, 60, 17, e::facts, gdl::trueFacts);
      assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
      assertThat(r.steps()).isGreaterThanOrEqualTo(60 * 4 * 2);
    }
    // The engine's totals over random matches cross zero both ways (what the digits above went through).
    veil.ludeme.CompiledGame g = ExportFixtures.compile(resource, text, Map.of());
    int t1 = g.layout.vars + g.varNames.indexOf("Total[p1]");
    java.util.SplittableRandom rng = new java.util.SplittableRandom(17);
    veil.model.MoveList ml = new veil.model.MoveList();
    veil.model.Percepts pc = new veil.model.Percepts(g.roleCount());
    int up = 0;
    int down = 0;
    for (int game = 0; game < 60; game++) {
      veil.ludeme.LudState st = g.initialState();
      int before = 0;
      while (!g.isTerminal(st)) {
        int[] joint = new int[g.roleCount()];
        for (int role = 0; role < g.roleCount(); role++) {
          g.legalMoves(st, role, ml);
          joint[role] = ml.size() == 0 ? 0 : ml.get(rng.nextInt(ml.size()));
        }
        g.apply(st, joint, pc);
        int now = st.v[t1];
        up += before < 0 && now >= 0 ? 1 : 0;
        down += before >= 0 && now < 0 ? 1 : 0;
        before = now;
      }
    }
    assertThat(up).isPositive();
    assertThat(down).isPositive();
  }
}
