package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.GameLoadException;
import veil.model.MoveList;

/**
 * A number compared with (rank …) is the rank of that name: (= (rank Card) 8) picks the eights of a standard deck
 * (it used to pick the rank at position 8, the tens). A number the deck does not name as a rank is an error with its
 * position; a deck that names no rank by a number keeps the number as a position.
 */
class RankNumbersTest {
  private static final String GAME = String.join("\n",
      "(game \"T\" (players 2) (bound 10)",
      "  (equipment {(deck \"Deck\"%s) (hand Each) (pile \"Out\" visible:All)})",
      "  (rules (start {(moveAll from:\"Deck\" to:(hand P1))})",
      "    (play (move to:\"Out\" cards:(cards (hand Mover) if:%s)))",
      "    (end (if (empty (hand P1)) (result P1 Win)))))");

  /** The cards P1 may play at the start, as texts. */
  private static List<String> playable(String deck, String filter) throws Exception {
    CompiledGame g = LudLoader.compile("t.lud", String.format(GAME, deck, filter), Map.of());
    LudState s = g.initialState();
    MoveList moves = new MoveList();
    g.legalMoves(s, 0, moves);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < moves.size(); i++) {
      out.add(g.moveText(0, moves.get(i)));
    }
    return out;
  }

  @Test
  void aNumberComparedWithARankIsTheRankOfThatName() throws Exception {
    assertThat(playable("", "(and (= (rank Card) 8) (= (suit Card) Hearts))"))
        .containsExactly("(move (card 8 hearts))");
    assertThat(playable("", "(and (= 8 (rank Card)) (= (suit Card) Hearts))"))
        .containsExactly("(move (card 8 hearts))");
    assertThat(playable("", "(and (> (rank Card) 9) (= (suit Card) Clubs))")).containsExactly(
        "(move (card 10 clubs))", "(move (card jack clubs))", "(move (card queen clubs))", "(move (card king clubs))",
        "(move (card ace clubs))");
    assertThat(playable("", "(and (!= (rank Card) 2) (<= (rank Card) 3))")).hasSize(4);
  }

  @Test
  void aNumberThatNamesNoRankOfTheDeckIsAnError() {
    try {
      LudLoader.compile("t.lud", String.format(GAME, "", "(= (rank Card) 1)"), Map.of());
      throw new AssertionError("no error");
    } catch (veil.dsl.DslException e) {
      assertThat(e.getMessage()).contains("t.lud:4:70: the deck has no rank named 1: a number compared with (rank …) "
          + "is the rank of that name").contains("expected: a rank of the deck: 2 3 4 5 6 7 8 9 10 Jack Queen King Ace");
    }
  }

  /** The cards P1 may play at the start when the move's cards are {@code cards}, as texts. */
  private static List<String> playableCards(String deck, String cards) throws Exception {
    CompiledGame g = LudLoader.compile("t.lud", String.format(GAME, deck, "(= 1 1)")
        .replace("cards:(cards (hand Mover) if:(= 1 1))", "cards:" + cards), Map.of());
    LudState s = g.initialState();
    MoveList moves = new MoveList();
    g.legalMoves(s, 0, moves);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < moves.size(); i++) {
      out.add(g.moveText(0, moves.get(i)));
    }
    return out;
  }

  /**
   * (cards P rank:8) reads the 8 as (= (rank Card) 8) does: the rank named 8 (a newcomer's Cribbage counted its fives
   * with rank:5 and got the sixes; the session-4 trial's Sixty-Six offered its exchange with rank:9, the tenth rank of
   * a six-rank deck: never). A computed number stays a position, as in a comparison.
   */
  @Test
  void aNumberGivenAsRankIsTheRankOfThatName() throws Exception {
    assertThat(playableCards("", "(cards (hand Mover) rank:8 suit:Hearts)")).containsExactly("(move (card 8 hearts))");
    assertThat(playableCards("", "(cards (hand Mover) rank:2 suit:Clubs)")).containsExactly("(move (card 2 clubs))");
    assertThat(playableCards("", "(cards (hand Mover) rank:Queen suit:Clubs)"))
        .containsExactly("(move (card queen clubs))");
    assertThat(playableCards("", "(cards (hand Mover) rank:(+ 0 8) suit:Hearts)"))
        .containsExactly("(move (card 10 hearts))");
    assertThat(playableCards(" suits:{Kuhn} ranks:{Jack Queen King}", "(cards (hand Mover) rank:1)"))
        .containsExactly("(move (card queen kuhn))");
    // -1 names no rank: no card, as before (and as (rank C) of no card).
    assertThat(playableCards("", "(cards (hand Mover) rank:-1)")).isEmpty();
    try {
      playableCards("", "(cards (hand Mover) rank:1)");
      throw new AssertionError("no error");
    } catch (veil.dsl.DslException e) {
      assertThat(e.getMessage()).contains("the deck has no rank named 1: a number given as rank: is the rank of that "
          + "name").contains("expected: a rank of the deck: 2 3 4 5 6 7 8 9 10 Jack Queen King Ace");
    }
  }

  @Test
  void aDeckThatNamesNoRankByANumberKeepsThePosition() throws Exception {
    assertThat(playable(" suits:{Kuhn} ranks:{Jack Queen King}", "(= (rank Card) 1)"))
        .containsExactly("(move (card queen kuhn))");
  }
}
