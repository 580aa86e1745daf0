package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Crazy Eights (crazy-eights.lud) against docs/games.md: match the top card's suit or rank, eights are wild and call
 * a suit, draw until able to play, pass when the stock is empty, the lower penalty count wins.
 */
class CrazyEightsRulesTest {
  /** A card by short name ("9C", "8S"): this deck names its eights Eight. */
  static String card(String shortName) {
    return Play.card(shortName).replace("(card 8 ", "(card eight ");
  }

  static String play(String shortName) {
    return "(move " + card(shortName) + ")";
  }

  /** Deals the two hands of seven (short names) and the starter. */
  static Play dealt(String p1, String p2, String starter) {
    Play p = new Play("crazy-eights");
    String[] a = p1.split(" ");
    String[] b = p2.split(" ");
    for (int i = 0; i < 7; i++) {
      p.deal(card(a[i])).deal(card(b[i]));
    }
    return p.deal(card(starter));
  }

  static final String P1 = "3C 9H KD 8S 2H 5D 6S";
  static final String P2 = "4C 10C QH JD 7S AC 2S";

  @Test
  void aCardMatchesTheTopCardsSuitOrRankOrIsAnEight() {
    Play p = dealt(P1, P2, "9C");
    assertThat(p.in("discard")).containsExactly(card("9C"));
    assertThat(p.in("deck")).hasSize(52 - 15);
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder(play("3C"), play("9H"), play("8S"));
    p.play(play("9H"));
    // The nine of hearts is on top now: hearts or nines.
    assertThat(p.legal(1)).containsExactly(play("QH"));
    for (int r = 0; r < 2; r++) {
      assertThat(p.seen(r)).containsExactly("(moved " + card("9H") + " (hand p1) discard)");
    }
  }

  @Test
  void anEightCallsTheSuitTheNextPlayerFollows() {
    Play p = dealt(P1, P2, "9C");
    p.play(play("8S"));
    // Its player keeps the turn to call a suit: one choice, seen by both.
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(call clubs)", "(call diamonds)", "(call hearts)",
        "(call spades)");
    p.play("(call diamonds)");
    assertThat(p.seen(1)).containsExactly("(call diamonds)");
    assertThat(p.movers()).containsExactly(1);
    // Diamonds, not the eight's spades: the jack of diamonds only (no eight, no other diamond).
    assertThat(p.legal(1)).containsExactly(play("JD"));
  }

  @Test
  void aPlayerWhoCannotPlayDrawsUntilItCan() {
    Play p = dealt("3C 9H KD 7D 2H 5D 6S", P2, "9C");
    p.play(play("3C"));
    assertThat(p.legal(1)).containsExactlyInAnyOrder(play("4C"), play("10C"), play("AC"));
    p.play(play("10C"));
    // No club, no ten, no eight: p1 draws, and keeps drawing while the card drawn does not match.
    assertThat(p.legal(0)).containsExactly("draw");
    p.play("draw");
    p.deal(card("4H"));
    assertThat(p.seen(0)).containsExactly("(moved " + card("4H") + " deck (hand p1))");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck (hand p1))");
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactly("draw");
    p.play("draw");
    p.deal(card("JC"));
    assertThat(p.legal(0)).containsExactly(play("JC"));
  }

  @Test
  void withTheStockEmptyAPlayerWhoCannotPlayPassesAndTwoPassesEndTheGame() {
    Play p = dealt("3H 9H KD 7D 2H 5D 6S", "10H QH JD 7S AH 2S 3S", "4C");
    // Doctored: the stock is put under the discard pile (the rules empty it only after many draws).
    int deck = p.placeIndex("deck");
    int discard = p.placeIndex("discard");
    p.state.places[discard] |= p.state.places[deck];
    p.state.places[deck] = 0;
    assertThat(p.legal(0)).containsExactly("pass");
    p.play("pass");
    assertThat(p.over()).isFalse();
    assertThat(p.legal(1)).containsExactly("pass");
    p.play("pass");
    // Blocked: the lower penalty count wins, 3+9+10+7+2+5+6 = 42 against 10+10+10+7+1+2+3 = 43.
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(1.0, 0.0);
  }

  @Test
  void theGameEndsWhenAHandIsEmpty() {
    Play p = dealt("3C 9H KD 7D 2H 5D 6S", "4C 10C QH 8D 7S AC 2S", "9C");
    // Doctored: p1 keeps only the three of clubs (the rest back to the stock).
    for (String c : List.of("9H", "KD", "7D", "2H", "5D", "6S")) {
      p.put(c, "deck");
    }
    p.play(play("3C"));
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(1.0, 0.0);
  }
}
