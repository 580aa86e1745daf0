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
}
