package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.model.PayoffRange;

/**
 * Heads-up limit Texas Hold'em (limit-holdem.lud) against docs/games.md: P1 posts the small blind 1, P2 the big
 * blind 2; two hole cards each; bets of 2 before the flop and on it, 4 on the turn and river; at most four bets a
 * round (the big blind is the first before the flop); P1 acts first before the flop, P2 after it; the best five of
 * seven cards wins, equal hands split.
 */
class LimitHoldemRulesTest {
  static int[] amounts(Play p) {
    assertThat(p.over()).isTrue();
    PayoffRange r = p.game.payoffRange();
    return new int[] {r.amount(p.game.goal(p.state, 0)), r.amount(p.game.goal(p.state, 1))};
  }

  static Play board(Play p, String cards) {
    for (String c : Play.cards(cards)) {
      p.deal(c);
    }
    return p;
  }

  @Test
  void blindsThenTheBigBlindsOption() {
    Play p = new Play("limit-holdem").dealHands("AS AH", "KS KH");
    assertThat(p.var("Pot-In[p1]")).isEqualTo(1);
    assertThat(p.var("Pot-In[p2]")).isEqualTo(2);
    // the small blind acts first, facing the big blind
    assertThat(p.legal(0)).containsExactly("fold", "call", "raise");
    p.play("call");
    // the big blind's option: check or raise, not bet (its blind was the round's first bet)
    assertThat(p.legal(1)).containsExactly("check", "raise");
    p.play("check");
    // the flop is dealt, then the big blind acts first
    assertThat(p.legal(0)).containsExactly("noop");
    board(p, "2C 7D 9H");
    assertThat(p.in("board")).containsExactlyInAnyOrderElementsOf(Play.cards("2C 7D 9H"));
    assertThat(p.legal(1)).containsExactly("check", "bet");
    assertThat(p.legal(0)).containsExactly("noop");
  }

  @Test
  void fourBetsARoundAtMostAndSizesDoubleOnTheTurn() {
    Play p = new Play("limit-holdem").dealHands("AS AH", "KS KH");
    p.play("raise").play("raise").play("raise"); // 2 (blind) + 3 raises of 2: capped at 8
    assertThat(p.var("Pot-In[p1]")).isEqualTo(8);
    assertThat(p.legal(1)).containsExactly("fold", "call");
    p.play("call");
    board(p, "2C 7D 9H");
    p.play("bet").play("raise").play("raise").play("raise"); // four bets of 2 on the flop: 16 each
    assertThat(p.legal(1)).containsExactly("fold", "call");
    p.play("call");
    assertThat(p.var("Pot-In[p1]")).isEqualTo(16);
    board(p, "JC");
    p.play("bet"); // 4 on the turn
    assertThat(p.var("Pot-In[p2]")).isEqualTo(20);
    p.play("call");
    board(p, "3S");
    p.play("check").play("check");
    // aces beat kings: P1 wins what P2 put in
    assertThat(amounts(p)).containsExactly(20, -20);
  }

  @Test
  void aFoldEndsTheHandAndTheFolderLosesItsStake() {
    Play p = new Play("limit-holdem").dealHands("2C 7D", "AS AH");
    p.play("fold");
    assertThat(amounts(p)).containsExactly(-1, 1);
    p = new Play("limit-holdem").dealHands("2C 7D", "AS AH");
    p.play("call").play("check");
    board(p, "KD QD JD");
    p.play("bet").play("fold"); // the big blind bet, the small blind gave up its 2
    assertThat(amounts(p)).containsExactly(-2, 2);
  }

  @Test
  void theBestFiveOfSevenWinsAndTheBoardCanSplit() {
    // a wheel straight (A-2-3-4-5) beats three kings
    Play p = new Play("limit-holdem").dealHands("AS 2H", "KS KH");
    p.play("call").play("check");
    board(p, "3C 4D 5H");
    p.play("check").play("check");
    board(p, "KD");
    p.play("check").play("check");
    board(p, "9S");
    p.play("check").play("check");
    assertThat(amounts(p)).containsExactly(2, -2);
    // a flush beats a straight
    p = new Play("limit-holdem").dealHands("2H 9H", "10S JC");
    p.play("call").play("check");
    board(p, "QH KH 3H");
    p.play("check").play("check");
    board(p, "AD");
    p.play("check").play("check");
    board(p, "4C");
    p.play("check").play("check");
    assertThat(amounts(p)).containsExactly(2, -2);
    // the board's straight plays for both: a split pot
    p = new Play("limit-holdem").dealHands("2C 3D", "4S 2H");
    p.play("call").play("check");
    board(p, "10S JD QH");
    p.play("bet").play("call");
    board(p, "KC");
    p.play("check").play("check");
    board(p, "AS");
    p.play("check").play("check");
    assertThat(amounts(p)).containsExactly(0, 0);
    // the same pair: the kicker decides
    p = new Play("limit-holdem").dealHands("AC 9D", "AD 8S");
    p.play("call").play("check");
    board(p, "AS 5D 2H");
    p.play("check").play("check");
    board(p, "JC");
    p.play("check").play("check");
    board(p, "3S");
    p.play("check").play("check");
    assertThat(amounts(p)).containsExactly(2, -2);
  }

  @Test
  void everyoneSeesTheBetsAndTheBoardButNotTheOtherHand() {
    Play p = new Play("limit-holdem").deal(Play.card("AS")); // P1's first hole card
    assertThat(String.join(" ", p.seen(0))).contains("ace");
    assertThat(String.join(" ", p.seen(1))).doesNotContain("ace");
    p.deal(Play.card("KS")); // P2's
    assertThat(String.join(" ", p.seen(0))).doesNotContain("king");
    assertThat(String.join(" ", p.seen(1))).contains("king");
    p.deal(Play.card("AH")).deal(Play.card("KH"));
    p.play("raise");
    assertThat(p.seen(0)).containsExactly("raise");
    assertThat(p.seen(1)).containsExactly("raise");
    p.play("call");
    p.deal(Play.card("2C"));
    assertThat(String.join(" ", p.seen(0))).contains("2 clubs");
    assertThat(p.seen(1)).isEqualTo(p.seen(0));
  }
}
