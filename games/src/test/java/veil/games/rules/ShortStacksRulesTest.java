package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;

/**
 * Betting with stacks (pot … stacks:{10 2 5}): a player short of a bet calls all-in, is skipped from then on and
 * still shows down; the pot splits into side pots by stake; a bet or raise needs the chips for it and someone who
 * can still answer; when at most one player can act, the board is dealt out and the hand ends. The game is the
 * test game short-stacks (ConformanceTest runs the conformance suite on it, GDL-II lockstep included). Each amount
 * below is worked out by hand in the comment above it.
 */
class ShortStacksRulesTest {

  static Play deal(String... cards) {
    return BettingRulesTest.dealIn("short-stacks", cards);
  }

  static int[] amounts(Play p) {
    return BettingRulesTest.amounts(p);
  }

  /** What a seat has put in (its Pot-In). */
  static int stake(Play p, int seat) {
    return p.state.v[p.game.layout.vars + p.game.vars.get("Pot-In")[0] + seat];
  }

  @Test
  void aShortStackIsAllInAndWinsOnlyTheMainPot() throws Exception {
    Play p = deal("queen spades", "ace spades", "king spades");
    p.play("bet"); // P1: 2 in
    p.play("call"); // P2: 2, its whole stack: all-in
    p.play("raise"); // P3: 3 (the cap: a bet and a raise)
    assertThat(p.mover()).isEqualTo(0);
    p.play("call"); // P1: 3; round one over, P2 all-in, P1 and P3 can still act
    assertThat(p.var("Pot-Round")).isEqualTo(2);
    p.deal("(card jack hearts)"); // the board
    assertThat(p.mover()).isEqualTo(0);
    p.play("bet"); // P1: 5
    assertThat(p.mover()).as("P2 is all-in: skipped").isEqualTo(2);
    assertThat(p.legal(2)).containsExactly("fold", "call");
    p.play("call"); // P3: 5, all-in
    // stakes 5, 2, 5: the main pot 2 + 2 + 2 = 6 to P2's ace; the side pot 3 + 3 = 6 to P3's king over P1's queen
    assertThat(amounts(p)).containsExactly(-5, 4, 1);
  }

  @Test
  void aCallForLessThanTheBetSplitsThePotIntoLayers() throws Exception {
    Play p = deal("king spades", "jack spades", "king hearts");
    p.play("check").play("check").play("bet"); // P3: 2
    p.play("raise"); // P1: 3
    assertThat(p.legal(1)).containsExactly("fold", "call");
    p.play("call"); // P2: 2 of 3, all-in for less
    assertThat(stake(p, 1)).as("P2's stake").isEqualTo(2);
    assertThat(p.mover()).isEqualTo(2);
    p.play("call"); // P3: 3
    assertThat(p.var("Pot-Round")).isEqualTo(2);
    p.deal("(card queen hearts)");
    p.play("check");
    assertThat(p.mover()).isEqualTo(2);
    p.play("check");
    // stakes 3, 2, 3: main pot 6 split by the two kings (3 each), side pot 2 split (1 each); P2's jack loses
    assertThat(amounts(p)).containsExactly(1, -2, 1);
  }

  @Test
  void whenOnlyOnePlayerCanActTheBoardIsDealtOutAndTheOddChipGoesToTheEarliestSeat() throws Exception {
    Play p = deal("king spades", "king hearts", "ace spades");
    p.play("bet"); // P1: 2
    p.play("call"); // P2: 2, all-in
    p.play("fold"); // P3 folds its ante; P1 alone can act: no more betting
    assertThat(p.var("Pot-Over")).isEqualTo(1);
    assertThat(p.over()).as("the board is still to come").isFalse();
    p.deal("(card queen spades)");
    // the pot 2 + 2 + 1 = 5 split between the kings: 2 each, the odd chip to P1
    assertThat(amounts(p)).containsExactly(1, 0, -1);
  }

  @Test
  void noRaiseAgainstPlayersWhoCannotAnswerIt() throws Exception {
    Play p = deal("jack spades", "queen spades", "king spades");
    p.play("check");
    p.play("bet"); // P2: 2, all-in by betting
    p.play("fold");
    // P2 is all-in and P3 folded: P1 may call or fold, not raise
    assertThat(p.legal(0)).containsExactly("fold", "call");
    p.play("call");
    p.deal("(card ace hearts)");
    // the pot 2 + 2 + 1: P2's queen beats P1's jack
    assertThat(amounts(p)).containsExactly(-2, 3, -1);
  }

  @Test
  void aBetNeedsTheChipsForAllOfIt() throws Exception {
    Play p = deal("jack spades", "queen spades", "king spades");
    p.play("check").play("check").play("check");
    p.deal("(card ace hearts)");
    // round two's bet is 2: stakes 1 → 3; P2 has 2 chips: it may only check
    p.play("check");
    assertThat(p.legal(1)).containsExactly("check");
  }

  /**
   * Random hands against side pots computed another way (stakes sorted, each layer to its best eligible hands):
   * every stake stays within its stack, nobody folded or all-in is asked to move, and each payoff is the reference's.
   */
  @Test
  void randomHandsPayTheSidePotsOfAnIndependentReference() throws Exception {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(10);
    int[] stacks = {10, 2, 5};
    int allIns = 0;
    int layered = 0;
    for (int game = 0; game < 400; game++) {
      Play p = deal();
      while (!p.over()) {
        if (!p.chancePending()) {
          int m = p.mover();
          assertThat(p.var("Pot-Out[" + p.game.roleName(m) + "]")).as("a folded player moves").isZero();
          assertThat(stake(p, m)).as("an all-in player moves").isLessThan(stacks[m]);
        }
        p.randomStep(rng);
        for (int s = 0; s < 3; s++) {
          assertThat(stake(p, s)).isLessThanOrEqualTo(stacks[s]);
        }
      }
      int[] in = new int[3];
      boolean[] still = new boolean[3];
      int[] strength = new int[3];
      List<String> board = p.in("board");
      for (int s = 0; s < 3; s++) {
        in[s] = stake(p, s);
        still[s] = p.var("Pot-Out[" + p.game.roleName(s) + "]") == 0;
        int rank = rank(p.in("(hand " + p.game.roleName(s) + ")").get(0));
        strength[s] = rank + (!board.isEmpty() && rank(board.get(0)) == rank ? 10 : 0);
        allIns += still[s] && in[s] == stacks[s] ? 1 : 0;
      }
      int[] expected = sidePots(in, still, strength);
      layered += java.util.Arrays.stream(in).filter(x -> x > 0).distinct().count() > 1 ? 1 : 0;
      assertThat(amounts(p)).as("game %d: stakes %s, still in %s, strengths %s", game,
          java.util.Arrays.toString(in), java.util.Arrays.toString(still), java.util.Arrays.toString(strength))
          .containsExactly(expected);
    }
    assertThat(allIns).as("all-ins seen").isGreaterThan(50);
    assertThat(layered).as("hands with unequal stakes").isGreaterThan(50);
  }

  private static int rank(String card) {
    return card.contains("jack") ? 1 : card.contains("queen") ? 2 : card.contains("king") ? 3 : 4;
  }

  /** Side pots by sorting the distinct stakes of the players still in; odd chips one each from the first seat. */
  static int[] sidePots(int[] in, boolean[] still, int[] strength) {
    int n = in.length;
    int[] won = new int[n];
    java.util.TreeSet<Integer> levels = new java.util.TreeSet<>();
    for (int s = 0; s < n; s++) {
      if (still[s]) {
        levels.add(in[s]);
      }
    }
    int prev = 0;
    for (int level : levels) {
      int pot = 0;
      for (int s = 0; s < n; s++) {
        pot += Math.max(0, Math.min(in[s], level) - prev);
      }
      int top = Integer.MIN_VALUE;
      for (int s = 0; s < n; s++) {
        if (still[s] && in[s] >= level) {
          top = Math.max(top, strength[s]);
        }
      }
      List<Integer> winners = new java.util.ArrayList<>();
      for (int s = 0; s < n; s++) {
        if (still[s] && in[s] >= level && strength[s] == top) {
          winners.add(s);
        }
      }
      for (int k = 0; k < winners.size(); k++) {
        won[winners.get(k)] += pot / winners.size() + (k < pot % winners.size() ? 1 : 0);
      }
      prev = level;
    }
    for (int s = 0; s < n; s++) {
      won[s] -= in[s];
    }
    return won;
  }

  @Test
  void aStackMustCoverTheAnteAndBlind() {
    String game = "(game \"T\" (players 2) (equipment {(deck \"Deck\" suits:{S} ranks:{A B C}) (hand Each) "
        + "(pot ante:1 blinds:{1 2} stacks:{10 3})}) (rules (start {(shuffle \"Deck\") (deal 1 to:(hand Each))}) "
        + "(play (bet sizes:{1} cap:1)) (end (if (handOver) (showdown 0 range:-20..20)))))";
    assertThatThrownBy(() -> new LudLoader().load("t.lud", game, Map.of()))
        .hasMessageContaining("P2's stack of 3 chips does not cover its ante and blind (3)");
  }
}
