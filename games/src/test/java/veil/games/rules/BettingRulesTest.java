package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.model.PayoffRange;

/**
 * The betting ludemes (pot, bet, handOver, showdown) with three players, where the two-player games cannot show
 * them: a folded player is skipped, a round may open past a folded player, and a split pot's odd chip goes to the
 * earliest seat. The game is the test game three-handed-betting (ConformanceTest runs the conformance suite on it,
 * GDL-II lockstep included).
 */
class BettingRulesTest {

  static Play deal(String... cards) {
    return dealIn("three-handed-betting", cards);
  }

  /** Test game {@code name} with random's first deals scripted. */
  static Play dealIn(String name, String... cards) {
    Play p = new Play(Play.loadTestGame(name, Map.of()));
    for (String c : cards) {
      p.deal("(card " + c + ")");
    }
    return p;
  }

  static int[] amounts(Play p) {
    assertThat(p.over()).isTrue();
    PayoffRange r = p.game.payoffRange();
    int[] out = new int[3];
    for (int i = 0; i < 3; i++) {
      out[i] = r.amount(p.game.goal(p.state, i));
    }
    return out;
  }

  @Test
  void aFoldedPlayerIsSkippedAndCannotWin() throws Exception {
    Play p = deal("king spades", "king hearts", "jack spades");
    p.play("bet"); // P1: 2 in
    assertThat(p.mover()).isEqualTo(1);
    p.play("fold"); // P2 leaves with its ante in the pot
    assertThat(p.mover()).isEqualTo(2);
    assertThat(p.legal(2)).containsExactly("fold", "call", "raise");
    p.play("call"); // round over: P1 opens the second round
    assertThat(p.var("Pot-Round")).isEqualTo(2);
    assertThat(p.mover()).isEqualTo(0);
    p.play("check");
    assertThat(p.mover()).isEqualTo(2); // P2 folded: skipped
    p.play("check");
    // P2's king cannot win: P1's king takes the pot of 5
    assertThat(amounts(p)).containsExactly(3, -1, -2);
  }

  @Test
  void aRoundOpensWithTheFirstPlayerStillIn() throws Exception {
    Play p = deal("jack spades", "queen spades", "king spades");
    p.play("check").play("bet"); // P2 bets
    p.play("call"); // P3 calls; P1 to act
    assertThat(p.mover()).isEqualTo(0);
    p.play("fold");
    // round two would open with P1, who folded: P2 opens it
    assertThat(p.var("Pot-Round")).isEqualTo(2);
    assertThat(p.mover()).isEqualTo(1);
    p.play("bet").play("call");
    assertThat(amounts(p)).containsExactly(-1, -4, 5);
  }

  @Test
  void theLastPlayerInTakesThePot() throws Exception {
    Play p = deal("jack spades", "queen spades", "king spades");
    p.play("bet").play("fold").play("fold");
    assertThat(amounts(p)).containsExactly(2, -1, -1);
  }

  @Test
  void aSplitPotGivesTheOddChipToTheEarliestSeat() throws Exception {
    Play p = deal("jack spades", "jack hearts", "queen spades");
    p.play("bet").play("call").play("fold"); // pot 2 + 2 + 1
    p.play("check").play("check");
    assertThat(amounts(p)).containsExactly(1, 0, -1);
  }
}
