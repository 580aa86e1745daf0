package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import veil.model.PayoffRange;

/**
 * Gin Rummy (gin-rummy.lud) against docs/games.md: draw from the stock or take the discard, discard (not the card
 * just taken), knock with 10 or less in deadwood; the knocker scores the difference, gin adds 25 and allows no
 * laying off, an undercut gives the defender the difference and 25; a stock down to two cards voids the hand.
 */
class GinRummyRulesTest {
  static int[] amounts(Play p) {
    assertThat(p.over()).isTrue();
    PayoffRange r = p.game.payoffRange();
    return new int[] {r.amount(p.game.goal(p.state, 0)), r.amount(p.game.goal(p.state, 1))};
  }

  /** Deals p1's and p2's ten cards and the up card. */
  static Play dealt(String p1, String p2, String up) {
    Play p = new Play("gin-rummy").dealHands(p1, p2);
    return p.deal(Play.card(up));
  }

  // Melds: A-2-3 of spades, three sevens, J-Q-K of hearts; 5D is deadwood.
  static final String KNOCKER = "AS 2S 3S 7C 7D 7H JH QH KH 5D";

  @Test
  void takingTheDiscardThenKnockingWithTenOrLess() {
    // p2: runs 2-3-4 of clubs and 8-9-10 of spades; KD QD 6H 10H unmatched, 10H goes on p1's J-Q-K of hearts.
    Play p = dealt(KNOCKER, "2C 3C 4C 8S 9S 10S KD QD 6H 10H", "9C");
    assertThat(p.legal(0)).containsExactly("(take (card 9 clubs))", "draw");
    p.play("(take (card 9 clubs))");
    assertThat(p.seen(1)).containsExactly("(moved (card 9 clubs) upcard (taken p1))");
    // The card just taken cannot go straight back; knocking leaves 10 or less: only 5D (9C's 9 is left).
    assertThat(p.legal(0)).doesNotContain("(discard (card 9 clubs))").contains("(discard (card 5 diamonds))")
        .filteredOn(m -> m.startsWith("(knock")).containsExactly("(knock (card 5 diamonds))");
    p.play("(knock (card 5 diamonds))");
    // p1's deadwood 9; p2's 26 after laying 10H off: p1 scores 17.
    assertThat(p.var("Won")).isEqualTo(17);
    assertThat(amounts(p)).containsExactly(17, -17);
  }

  @Test
  void drawingFromTheStockBuriesTheUpCardAndIsHiddenFromTheOpponent() {
    Play p = dealt(KNOCKER, "2C 3C 4C 8S 9S 10S KD QD 6H 10H", "9C");
    p.play("draw");
    assertThat(p.in("dead")).containsExactly(Play.card("9C"));
    assertThat(p.in("upcard")).isEmpty();
    p.deal(Play.card("4S"));
    assertThat(p.seen(0)).containsExactly("(moved (card 4 spades) deck (hand p1))");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck (hand p1))");
    // Now 5D (or the 4S drawn) may go with a knock: A-4 of spades is a run, 5D is the only deadwood.
    assertThat(p.legal(0)).contains("(knock (card 5 diamonds))", "(knock (card 4 spades))");
    p.play("(discard (card 5 diamonds))");
    assertThat(p.mover()).isEqualTo(1);
    assertThat(p.legal(1)).containsExactly("(take (card 5 diamonds))", "draw");
  }

  @Test
  void ginScoresTwentyFiveAndAllowsNoLayingOff() {
    Play p = dealt(KNOCKER, "2C 3C 4C 8S 9S 10S KD QD 6H 10H", "4S");
    p.play("(take (card 4 spades))").play("(knock (card 5 diamonds))");
    // Gin: p2's 10H may not be laid off, so p2 has 36; 36 + 25 = 61 is capped at 50.
    assertThat(p.var("Won")).isEqualTo(61);
    assertThat(amounts(p)).containsExactly(50, -50);
  }

  @Test
  void anUndercutPaysTheDefenderTheDifferenceAndTwentyFive() {
    // p2: 2-3-4 of clubs, 8-9-10 of spades, three kings; 6H is its only deadwood.
    Play p = dealt(KNOCKER, "2C 3C 4C 8S 9S 10S KD KC KS 6H", "9C");
    p.play("(take (card 9 clubs))").play("(knock (card 5 diamonds))");
    // p1 knocks with 9, p2 has 6: p2 scores 9 - 6 + 25 = 28.
    assertThat(amounts(p)).containsExactly(-28, 28);
  }

  @Test
  void equalDeadwoodIsAnUndercutToo() {
    // p2's only deadwood is 9H: 9 against the knocker's 9.
    Play p = dealt(KNOCKER, "2C 3C 4C 8S 9S 10S KD KC KS 9H", "9C");
    p.play("(take (card 9 clubs))").play("(knock (card 5 diamonds))");
    assertThat(amounts(p)).containsExactly(-25, 25);
  }

  @Test
  void aStockDownToTwoCardsVoidsTheHand() {
    Play p = dealt(KNOCKER, "2C 3C 4C 8S 9S 10S KD KC KS 9H", "9C");
    int turns = 0;
    while (!p.over()) {
      // Each draws from the stock and throws the card drawn back (p1 never knocks: it would have to choose to).
      int mover = p.mover();
      p.play("draw");
      java.util.List<String> before = p.in("(hand p" + (mover + 1) + ")");
      p.dealAny();
      java.util.List<String> after = new java.util.ArrayList<>(p.in("(hand p" + (mover + 1) + ")"));
      after.removeAll(before);
      assertThat(after).hasSize(1);
      String drawn = after.get(0);
      p.play("(discard " + drawn + ")");
      assertThat(p.mover()).isEqualTo(1 - mover);
      turns++;
    }
    // 52 - 20 - 1 = 31 cards in the stock; the hand ends when 2 are left: 29 draws.
    assertThat(turns).isEqualTo(29);
    assertThat(p.in("deck")).hasSize(2);
    assertThat(amounts(p)).containsExactly(0, 0);
  }
}
