package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;

/**
 * {@code deadwood}'s GDL-II translation (a dynamic programme over the ranks) against the engine's meld search:
 * games that deal two hands and, at every step, store each hand's deadwood, the second hand's deadwood laying off
 * onto the first's melds and the other way round, and let the mover throw only the cards whose removal leaves a
 * deadwood under a bound ({@code without:Card}, a legal-move filter). Run in lockstep with states compared, every
 * step compares all of them. The decks make melds, conflicts and layoffs frequent: few ranks (sets of three and
 * four, a card wanted by a set and a run), two suits of thirteen ranks (long runs, laying off at both ends), and
 * six ranks of four suits (both, and ties between a set and a run in the knocker's arrangement).
 */
class DeadwoodExportTest {
  private static String game(String deck, String values, int cards, int bound) {
    return String.join("\n",
        "(game \"Deadwood hands\"",
        "  (players 2)",
        "  (bound 40)",
        "  (equipment {(deck \"Deck\" " + deck + ") (hand Each) (pile \"Out\") (map \"Value\" {" + values + "})})",
        "  (vars {(var \"First\") (var \"Second\") (var \"SecondOnFirst\") (var \"FirstOnSecond\")})",
        "  (rules",
        "    (start {(shuffle \"Deck\") (deal " + cards + " to:(hand Each))})",
        "    (play (or {(pass name:wait)",
        "               (move to:\"Out\" name:throw",
        "                 cards:(cards (hand Mover) if:(<= (deadwood \"Value\" (hand Mover) without:Card) " + bound
            + ")))})",
        "      then:{(set \"First\" (deadwood \"Value\" (hand P1))) (set \"Second\" (deadwood \"Value\" (hand P2)))",
        "            (set \"SecondOnFirst\" (deadwood \"Value\" (hand P2) layoff:(hand P1)))",
        "            (set \"FirstOnSecond\" (deadwood \"Value\" (hand P1) layoff:(hand P2)))})",
        "    (end (if (>= (turns) 8) (payoff (if (> (var \"SecondOnFirst\") (var \"First\")) 1 -1) range:-1..1)))))");
  }

  private static final String PIPS = "(Ace 1) (2 2) (3 3) (4 4) (5 5) (6 6) (7 7) (8 8) (9 9) (10 10) (Jack 10) "
      + "(Queen 10) (King 10)";

  private static Lockstep.Result verify(String text, int playouts, long seed) throws Exception {
    GdlExport.Exported e = ExportFixtures.exportText("deadwood-hands.lud", text, Map.of());
    KifGame gdl = ExportFixtures.load(e, "strict");
    Lockstep.Result r = Lockstep.run(e.game(), gdl, playouts, seed, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(playouts);
    return r;
  }

  @Test
  void fewRanksSetsOfThreeAndFourAndCardsWantedByASetAndARun() throws Exception {
    verify(game("ranks:{Ace 2 3 4}", "(Ace 1) (2 2) (3 3) (4 4)", 7, 6), 12, 1);
  }

  @Test
  void twoSuitsLongRunsLaidOffAtBothEnds() throws Exception {
    verify(game("suits:{Hearts Spades}", PIPS, 9, 20), 12, 2);
  }

  @Test
  void sixRanksOfFourSuitsSetsRunsAndTiesInTheKnockersArrangement() throws Exception {
    verify(game("ranks:{Ace 2 3 4 5 6}", "(Ace 1) (2 2) (3 3) (4 4) (5 5) (6 6)", 8, 8), 12, 3);
  }

  @Test
  void theStandardDeck() throws Exception {
    verify(game("", PIPS, 10, 25), 6, 4);
  }

  @Test
  void layingOffNeedsValuesOfOneOrMore() {
    String text = game("ranks:{Ace 2 3 4}", "(Ace 0) (2 2) (3 3) (4 4)", 7, 6);
    assertThatThrownBy(() -> ExportFixtures.exportText("deadwood-hands.lud", text, Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("needs card values of 1 or more");
  }
}
