package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * War (war.lud) against docs/games.md: the top cards are turned up, the higher takes both under its pile, equal
 * cards are a war (three face down each, then the next battle takes all), no cards to turn up loses, and a bound.
 */
class WarRulesTest {
  /**
   * Deals the two piles so that each turns up the given cards first (short names, first turned up first), the rest
   * of the deck after them: the last card dealt to a pile is its top.
   */
  static Play dealt(String p1First, String p2First) {
    String[] a = p1First.split(" ");
    String[] b = p2First.split(" ");
    String rest = Play.restOf(Play.DECK52, p1First, p2First);
    String[] r = rest.split(" ");
    // 26 cards a pile: the rest fills the bottoms, the named cards go on last (reversed: first named = top).
    String[] p1 = new String[26];
    String[] p2 = new String[26];
    int k = 0;
    for (int i = 0; i < 26 - a.length; i++) {
      p1[i] = r[k++];
    }
    for (int i = 0; i < 26 - b.length; i++) {
      p2[i] = r[k++];
    }
    for (int i = 0; i < a.length; i++) {
      p1[25 - i] = a[i];
    }
    for (int i = 0; i < b.length; i++) {
      p2[25 - i] = b[i];
    }
    Play p = new Play("war");
    for (int i = 0; i < 26; i++) {
      p.deal(Play.card(p1[i])).deal(Play.card(p2[i]));
    }
    return p;
  }

  static int top(Play p, String place) {
    return p.game.table.end(p.state, p.placeIndex(place), true);
  }

  static int bottom(Play p, String place) {
    return p.game.table.end(p.state, p.placeIndex(place), false);
  }

  @Test
  void theHigherCardTakesBothUnderItsPile() {
    Play p = dealt("KH 2C", "5S 3D");
    assertThat(p.chancePending()).isFalse();
    assertThat(p.legal(0)).containsExactly("turn");
    p.play("turn");
    assertThat(p.seen(1)).containsExactly("(moved (card king hearts) (stock p1) (table p1))");
    assertThat(p.legal(1)).containsExactly("turn");
    p.play("turn");
    // King beats five: both under p1's pile, p2's five (on top of the pot) first, so p1's king is the bottom card.
    assertThat(p.in("(stock p1)")).hasSize(27);
    assertThat(p.in("(stock p2)")).hasSize(25);
    assertThat(p.game.cardText(bottom(p, "(stock p1)"))).isEqualTo(Play.card("KH"));
    assertThat(p.game.cardText(top(p, "(stock p1)"))).isEqualTo(Play.card("2C"));
    assertThat(p.seen(0)).contains("(moved (card king hearts) (table p1) pot)",
        "(moved (card 5 spades) (table p2) pot)", "(moved hidden pot (stock p1))");
    assertThat(p.var("Battles")).isEqualTo(1);
    // The next battle: two of clubs against three of diamonds, p2 wins.
    p.play("turn").play("turn");
    assertThat(p.in("(stock p2)")).hasSize(26);
    assertThat(p.game.cardText(bottom(p, "(stock p2)"))).isEqualTo(Play.card("2C"));
  }

  @Test
  void equalCardsAreAWarOfThreeFaceDownAndTheNextBattleTakesAll() {
    Play p = dealt("9H 2C 3C 4C JS", "9D 5C 6C 7C 10S");
    p.play("turn").play("turn");
    // Nines: both go to the pot, and three cards each face down: hidden moves both players see as such.
    assertThat(p.in("pot")).hasSize(8);
    assertThat(p.seen(0)).contains("(moved hidden (stock p1) pot)", "(moved hidden (stock p2) pot)");
    assertThat(p.in("(stock p1)")).hasSize(22);
    p.play("turn").play("turn");
    // Jack beats ten: p1 takes the ten cards of the war.
    assertThat(p.in("pot")).isEmpty();
    assertThat(p.in("(stock p1)")).hasSize(31);
    assertThat(p.in("(stock p2)")).hasSize(21);
    // The pot slid under in its order: its first card, p1's nine, is at the very bottom.
    assertThat(p.game.cardText(bottom(p, "(stock p1)"))).isEqualTo(Play.card("9H"));
  }

  @Test
  void aPlayerWithNoCardToTurnUpLoses() {
    Play p = dealt("AS", "2H");
    // Doctored: p2's pile is reduced to its top card (the rules take many battles to get there).
    int top2 = top(p, "(stock p2)");
    for (String c : p.in("(stock p2)")) {
      if (!c.equals(p.game.cardText(top2))) {
        p.state.places[p.placeIndex("(stock p2)")] &= ~(1L << cardIndex(p, c));
        p.state.places[p.placeIndex("(stock p1)")] |= 1L << cardIndex(p, c);
      }
    }
    p.play("turn").play("turn");
    assertThat(p.in("(stock p2)")).isEmpty();
    // p1 to turn up: the game goes on; after p1's turn p2 has nothing to turn up and loses.
    assertThat(p.over()).isFalse();
    p.play("turn");
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(1.0, 0.0);
  }

  static int cardIndex(Play p, String text) {
    for (int c = 0; c < p.game.cards.count(); c++) {
      if (p.game.cardText(c).equals(text)) {
        return c;
      }
    }
    throw new IllegalArgumentException(text);
  }
}
