package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;

/**
 * {@code pokerRank}'s GDL-II translation (a six-digit key compared digit by digit) against the engine's evaluator:
 * games that deal random hands and pay the pot to the best one ({@code showdown}), run in lockstep with their
 * exported rules, so every playout compares the hands of all players in both and the goals must agree, ties (split
 * pots) included. The decks are chosen to make the rare categories and the corner cases frequent: few ranks (four
 * of a kind, full houses, straights), stripped decks whose straights follow the deck's rank order and the wheel
 * (A-2-3-4-5, five high), two suits (flushes in two suits at once, straight flushes), fewer than five cards (missing
 * kickers), and a four-rank deck where the top rank plays both ends of the only straight.
 */
class PokerRankExportTest {
  private static String game(String deck, int players, int cards, String range) {
    return String.join("\n",
        "(game \"Poker hands\"",
        "  (players " + players + ")",
        "  (bound 80)",
        "  (equipment {(deck \"Deck\" " + deck + ") (hand Each) (pot ante:1)})",
        "  (rules",
        "    (start {(shuffle \"Deck\") (deal " + cards + " to:(hand Each))})",
        "    (play (pass))",
        "    (end (if (= (count (hand P" + players + ")) " + cards + ") (showdown (pokerRank (hand Player)) range:"
            + range + ")))))");
  }

  /** Players sharing a board: their hands differ by their hole cards only, so kickers and ties decide often. */
  private static String shared(String deck, int players, int hole, int board, String range) {
    return String.join("\n",
        "(game \"Shared board\"",
        "  (players " + players + ")",
        "  (bound 80)",
        "  (equipment {(deck \"Deck\" " + deck + ") (hand Each) (spot \"Board\") (pot ante:1)})",
        "  (rules",
        "    (start {(shuffle \"Deck\") (deal " + hole + " to:(hand Each)) (deal " + board + " to:(spot \"Board\"))})",
        "    (play (pass))",
        "    (end (if (= (count (spot \"Board\")) " + board + ")",
        "      (showdown (pokerRank (union (hand Player) (spot \"Board\"))) range:" + range + ")))))");
  }

  private static Lockstep.Result verify(String text, int playouts, long seed) throws Exception {
    GdlExport.Exported e = ExportFixtures.exportText("poker-hands.lud", text, Map.of());
    KifGame gdl = ExportFixtures.load(e, "strict");
    Lockstep.Result r = Lockstep.run(e.game(), gdl, playouts, seed, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(playouts);
    return r;
  }

  @Test
  void sevenCardsOfTheStandardDeck() throws Exception {
    verify(game("", 2, 7, "-1..1"), 200, 1);
  }

  @Test
  void strippedDeckStraightsInDeckOrderAndTheWheel() throws Exception {
    // ranks 2 3 4 5 9 K A: 2-3-4-5-9 is a straight here, and A-2-3-4-5 a five-high one
    verify(game("ranks:{Two Three Four Five Nine King Ace}", 2, 7, "-1..1"), 200, 2);
  }

  @Test
  void fewRanksQuadsFullHousesAndSplitPots() throws Exception {
    verify(game("ranks:{Two Three Four Five Six Ace}", 3, 6, "-1..3"), 200, 3);
  }

  @Test
  void twoSuitsFlushesInBothSuitsAndStraightFlushes() throws Exception {
    verify(game("suits:{Hearts Spades} ranks:{Two Three Four Five Six Seven Eight Ace}", 2, 7, "-1..1"), 150, 4);
    verify(game("suits:{Hearts Spades}", 2, 11, "-1..1"), 150, 5);
  }

  @Test
  void fewerThanFiveCardsMissingKickers() throws Exception {
    verify(game("ranks:{Two Three Four Five Six Seven Eight Ace}", 4, 3, "-1..3"), 200, 6);
  }

  @Test
  void fourRanksTheTopRankEndsTheOnlyStraightAtBothEnds() throws Exception {
    verify(game("ranks:{Two Three Four Ace}", 2, 7, "-1..1"), 200, 7);
  }

  @Test
  void fivePlayersSharingSixBoardCardsKickersDecide() throws Exception {
    verify(shared("ranks:{Two Three Four Five Six Seven Eight Ace}", 5, 1, 6, "-1..4"), 200, 8);
    verify(shared("", 5, 1, 6, "-1..4"), 100, 9);
    verify(shared("ranks:{Two Three Four Five Six Seven Eight Ace}", 4, 2, 5, "-1..4"), 200, 10);
  }

  @Test
  void aHandValueIsOnlyCompared() throws Exception {
    String text = game("", 2, 2, "-1..1").replace("(showdown (pokerRank (hand Player)) range:-1..1)",
        "(byScore (+ (pokerRank (hand Player)) 1))");
    assertThatThrownBy(() -> ExportFixtures.exportText("poker-hands.lud", text, Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("a poker hand's value")
        .hasMessageContaining("can only be compared");
    String chosen = game("", 2, 2, "-1..1").replace("(showdown (pokerRank (hand Player)) range:-1..1)",
        "(byScore (if (>= (if (= (count (hand P1)) 2) (pokerRank (hand P1)) (pokerRank (hand P2))) "
            + "(pokerRank (hand Player))) 1 0))");
    assertThatThrownBy(() -> ExportFixtures.exportText("poker-hands.lud", chosen, Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("compares such values only with each other");
  }
}
