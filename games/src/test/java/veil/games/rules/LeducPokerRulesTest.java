package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import veil.model.PayoffRange;

/**
 * Leduc poker (leduc-poker.lud) against docs/games.md: ante 1; bets of 2 in the first round and 4 in the second, at
 * most a bet and a raise per round; a board card between the rounds; a pair with the board beats any other hand.
 */
class LeducPokerRulesTest {
  static String card(String rank, String suit) {
    return "(card " + rank + " " + suit + ")";
  }

  static int[] amounts(Play p) {
    assertThat(p.over()).isTrue();
    PayoffRange r = p.game.payoffRange();
    return new int[] {r.amount(p.game.goal(p.state, 0)), r.amount(p.game.goal(p.state, 1))};
  }

  @Test
  void aPairWithTheBoardBeatsAKingAfterRaisesInBothRounds() {
    Play p = new Play("leduc-poker").deal(card("jack", "spades")).deal(card("king", "spades"));
    assertThat(p.legal(0)).containsExactly("check", "bet");
    p.play("bet"); // p1 puts 1 + 2
    assertThat(p.legal(1)).containsExactly("fold", "call", "raise");
    p.play("raise"); // p2 puts 3 + 2
    assertThat(p.legal(0)).containsExactly("fold", "call"); // two bets a round at most
    p.play("call"); // 5 each
    assertThat(p.var("Pot-In[p1]")).isEqualTo(5);
    p.deal(card("jack", "hearts"));
    assertThat(p.in("board")).containsExactly(card("jack", "hearts"));
    assertThat(p.legal(0)).containsExactly("check", "bet"); // p1 opens the second round
    p.play("check").play("bet").play("raise").play("call"); // 4 then 4 more: 13 each
    assertThat(amounts(p)).containsExactly(13, -13);
  }

  @Test
  void theHigherCardWinsWithoutAPairAndEqualHandsSplit() {
    Play p = new Play("leduc-poker").deal(card("queen", "spades")).deal(card("king", "spades"));
    p.play("check").play("check").deal(card("jack", "hearts")).play("check").play("check");
    assertThat(amounts(p)).containsExactly(-1, 1);
    p = new Play("leduc-poker").deal(card("queen", "spades")).deal(card("queen", "hearts"));
    p.play("check").play("bet").play("call").deal(card("king", "hearts")).play("bet").play("call");
    assertThat(amounts(p)).containsExactly(0, 0);
  }

  @Test
  void aFoldLosesWhatIsInThePot() {
    Play p = new Play("leduc-poker").deal(card("king", "spades")).deal(card("jack", "spades"));
    p.play("bet").play("call").deal(card("queen", "hearts")).play("bet").play("fold");
    assertThat(amounts(p)).containsExactly(3, -3);
  }
}
