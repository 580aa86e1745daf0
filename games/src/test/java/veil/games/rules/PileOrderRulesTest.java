package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;

/**
 * Ordered places and computed cards on the test game pile-order.lud: (top P) is the card put there last,
 * (bottom P) the one put there first or put under the others (at:Bottom), and (card R S) computes a card from a
 * rank and a suit expression.
 */
class PileOrderRulesTest {
  static CompiledGame game() {
    return Play.loadTestGame("pile-order", Map.of());
  }

  /** "3H" as "(card three hearts)": this deck's ranks are Ace Two Three Four Five. */
  static String card(String shortName) {
    String[] rank = {"ace", "two", "three", "four", "five"};
    String suit = shortName.endsWith("C") ? "clubs" : "hearts";
    return "(card " + rank[shortName.charAt(0) - '1'] + " " + suit + ")";
  }

  static java.util.List<String> cards(String shortNames) {
    return java.util.Arrays.stream(shortNames.split(" ")).map(PileOrderRulesTest::card).toList();
  }

  static Play dealt(String p1, String p2, String up) {
    Play p = new Play(game());
    String[] a = p1.split(" ");
    String[] b = p2.split(" ");
    for (int i = 0; i < a.length; i++) {
      p.deal(card(a[i])).deal(card(b[i]));
    }
    return p.deal(card(up));
  }

  static String move(String shortName) {
    return "(move " + card(shortName) + ")";
  }

  @Test
  void theTopCardIsTheOnePutThereLast() {
    Play p = dealt("1C 3H 2C", "1H 4C 2H", "3C");
    assertThat(p.legal(0)).containsExactlyInAnyOrder(move("1C"), move("2C"), move("3H"));
    p.play(move("2C"));
    // The 2 of clubs lies on the 3 of clubs: p2 matches clubs or a 2.
    assertThat(p.in("discard")).containsExactlyInAnyOrderElementsOf(cards("3C 2C"));
    assertThat(p.legal(1)).containsExactlyInAnyOrder(move("4C"), move("2H"));
    p.play(move("2H"));
    assertThat(p.legal(0)).containsExactlyInAnyOrder(move("3H"));
  }

  @Test
  void cardsPutAtTheBottomComeOutFromTheBottom() {
    Play p = dealt("1C 4H 2C", "1H 3H 2H", "3C");
    p.play(move("1C"));
    // (card 5 (suit (lastCard))): the 5 of clubs, from the deck, under the pile.
    assertThat(p.in("under")).containsExactly(card("5C"));
    for (int r = 0; r < 2; r++) {
      assertThat(p.seen(r)).contains("(moved (card five clubs) deck under)");
    }
    assertThat(p.legal(1)).containsExactly(move("1H"));
    p.play(move("1H"));
    assertThat(p.in("under")).containsExactlyInAnyOrderElementsOf(cards("5C 5H"));
    p.play(move("4H"));
    // A 2 brings the bottom card of the pile, the five of hearts put under the five of clubs, onto the discard pile.
    p.play(move("2H"));
    assertThat(p.in("under")).containsExactly(card("5C"));
    assertThat(p.in("discard")).contains(card("5H"));
    // The five of hearts is now on top: the two of clubs matches neither its suit nor its rank, so p1 draws.
    assertThat(p.legal(0)).containsExactly("draw");
    p.play("draw");
    assertThat(p.chancePending()).isTrue();
    p.deal(card("4C"));
    assertThat(p.in("(hand p1)")).containsExactlyInAnyOrderElementsOf(cards("2C 4C"));
    assertThat(p.mover()).isEqualTo(1);
  }

  @Test
  void aComputedCardIsTakenFromWhereverItIs() {
    Play p = dealt("1C 3H 2C", "5C 4C 2H", "3C");
    p.play(move("1C"));
    assertThat(p.in("under")).containsExactly(card("5C"));
    assertThat(p.in("(hand p2)")).containsExactlyInAnyOrderElementsOf(cards("4C 2H"));
    assertThat(p.seen(0)).contains("(moved (card five clubs) (hand p2) under)");
  }

  @Test
  void aPileSlidUnderAnotherKeepsItsOrder() {
    Play p = dealt("3C 4H 1H", "2H 3H 5H", "2C");
    assertThat(p.legal(0)).containsExactly(move("3C"));
    p.play(move("3C"));
    // The discard pile (2C, 3C on top) slides under "Under" in its order: its bottom card, 2C, comes back.
    assertThat(p.in("under")).containsExactly(card("3C"));
    assertThat(p.in("discard")).containsExactly(card("2C"));
    assertThat(p.legal(1)).containsExactly(move("2H"));
  }

  @Test
  void anEmptyPlaceHasNoTopAndNoBottom() {
    Play p = dealt("1C 3H 2C", "1H 4C 2H", "3C");
    // Nothing under the pile yet: a 2 brings nothing.
    p.play(move("2C"));
    assertThat(p.in("under")).isEmpty();
    assertThat(p.in("discard")).containsExactlyInAnyOrderElementsOf(cards("3C 2C"));
    veil.ludeme.Table t = p.game.table;
    assertThat(t.end(p.state, p.placeIndex("under"), true)).isEqualTo(-1);
    assertThat(t.end(p.state, p.placeIndex("under"), false)).isEqualTo(-1);
    assertThat(p.game.cardText(t.end(p.state, p.placeIndex("discard"), true))).isEqualTo(card("2C"));
    assertThat(p.game.cardText(t.end(p.state, p.placeIndex("discard"), false))).isEqualTo(card("3C"));
  }
}
