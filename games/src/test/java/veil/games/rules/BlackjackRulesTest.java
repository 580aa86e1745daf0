package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import veil.model.PayoffRange;

/**
 * Blackjack (blackjack.lud) against docs/games.md: bets of 2 to 10, two cards each face up, the dealer one up and
 * one in the hole; hit, stand, or double on the first two cards; an ace counts 11 unless that busts; the dealer
 * draws to 17 and stands on every 17, soft or hard; a blackjack pays 3 to 2 and beats a later 21.
 */
class BlackjackRulesTest {
  static int[] amounts(Play p) {
    assertThat(p.over()).isTrue();
    PayoffRange r = p.game.payoffRange();
    return new int[] {r.amount(p.game.goal(p.state, 0)), r.amount(p.game.goal(p.state, 1))};
  }

  /** Bets, then deals the two hands, the dealer's up card and its hole card. */
  static Play dealt(int bet1, int bet2, String p1, String p2, String up, String hole) {
    Play p = new Play("blackjack");
    assertThat(p.legal(0)).containsExactly("(bet 2)", "(bet 4)", "(bet 6)", "(bet 8)", "(bet 10)");
    p.play("(bet " + bet1 + ")").play("(bet " + bet2 + ")");
    return p.dealHands(p1, p2).deal(Play.card(up)).deal(Play.card(hole));
  }

  @Test
  void theDealerDrawsToSeventeenAndABlackjackPaysThreeToTwo() {
    Play p = dealt(4, 2, "10C 6D", "AS KH", "9S", "7H");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck hole)");
    assertThat(p.legal(0)).containsExactly("hit", "stand", "double");
    p.play("hit").deal(Play.card("5C"));
    // 21 with three cards: p1 still moves (it may hit again), and may no longer double.
    assertThat(p.mover()).isEqualTo(0);
    assertThat(p.legal(0)).containsExactly("hit", "stand");
    p.play("stand").play("stand");
    assertThat(p.phase()).isEqualTo("Dealer");
    assertThat(p.in("dealer")).containsExactlyInAnyOrder(Play.card("9S"), Play.card("7H"));
    // 16: the dealer draws (p1's one move says when).
    assertThat(p.legal(0)).containsExactly("dealer");
    p.play("dealer").deal(Play.card("8D"));
    // The dealer busts with 24: p1 wins its bet, p2's blackjack pays 3 to 2.
    assertThat(amounts(p)).containsExactly(4, 3);
  }

  @Test
  void aceIsElevenUnlessThatBustsAndTheDealerStandsOnSoftSeventeen() {
    Play p = dealt(2, 2, "AC 6D", "9H 8H", "AH", "6H");
    p.play("hit").deal(Play.card("10S"));
    // A, 6, 10 is a hard 17 (the ace counts 1), not a bust.
    assertThat(p.legal(0)).containsExactly("hit", "stand");
    p.play("stand").play("stand");
    // The dealer's ace and six: soft 17, and it stands. Both players have 17 too: two pushes.
    assertThat(amounts(p)).containsExactly(0, 0);
  }

  @Test
  void aBustEndsTheTurnAndLosesEvenIfTheDealerBusts() {
    Play p = dealt(6, 2, "10C 6D", "5H 6H", "10D", "6S");
    p.play("hit").deal(Play.card("KS"));
    assertThat(p.legal(0)).containsExactly("bust");
    p.play("bust");
    // Double: twice the bet, one card, and the turn is over.
    p.play("double").deal(Play.card("10H"));
    assertThat(p.var("Doubled[p2]")).isEqualTo(1);
    assertThat(p.phase()).isEqualTo("Dealer");
    p.play("dealer").deal(Play.card("QS"));
    // The dealer busts with 26: p1 had busted first and loses 6; p2's doubled 2 wins 4.
    assertThat(amounts(p)).containsExactly(-6, 4);
  }

  @Test
  void theDealersBlackjackBeatsTwentyOneAndPushesWithABlackjack() {
    Play p = dealt(2, 4, "7C 4D", "AD QD", "AC", "KC");
    p.play("double").deal(Play.card("10C"));
    p.play("stand");
    // The dealer's blackjack: p1's 21 in three cards loses its doubled bet; p2's blackjack pushes.
    assertThat(amounts(p)).containsExactly(-4, 0);
  }
}
