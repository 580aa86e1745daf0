package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.ludeme.Slot;

/**
 * (match OUTCOME to:N deals:K): a deal's scores carry over into the totals, the cards are gathered and dealt again,
 * the dealer rotates (the player after the dealer moves first: P1, then P2, …), and the match ends at the target or
 * at the bound on the deals, ranked by the totals.
 */
class MatchRulesTest {
  static CompiledGame mini(Map<String, String> options) {
    return Play.loadTestGame("mini-match", options);
  }

  private static String c(String rank, String suit) {
    return "(card " + rank + " " + suit + ")";
  }

  /** Deals p1 and p2 their three cards, alternately as random deals them. */
  private static void deal(Play p, String[] p1, String[] p2) {
    for (int i = 0; i < 3; i++) {
      p.deal(p1[i]);
      p.deal(p2[i]);
    }
  }

  @Test
  void aTwoDealMatchCarriesTheScoresOverRotatesTheDealerAndEndsAtTheTarget() {
    Play p = new Play(mini(Map.of("Target", "4", "Deals", "3")));
    assertThat(p.var("Deal")).isZero();
    // Deal 1: p1 leads (the player after the dealer, p2), holds all three reds: it takes every trick.
    deal(p, new String[] {c("1", "red"), c("2", "red"), c("3", "red")},
        new String[] {c("1", "blue"), c("2", "blue"), c("3", "blue")});
    assertThat(p.movers()).containsExactly(0);
    p.play("(play " + c("3", "red") + ")").play("(play " + c("1", "blue") + ")");
    p.play("(play " + c("2", "red") + ")").play("(play " + c("2", "blue") + ")");
    int stepBefore = p.state.v[Slot.STEP];
    p.play("(play " + c("1", "red") + ")").play("(play " + c("3", "blue") + ")");
    // The deal is over: 3 tricks to p1. The match goes on: totals 3 and 0, one deal played, all cards back in the
    // deck and the new deal pending; the step count goes on.
    assertThat(p.over()).isFalse();
    assertThat(p.var("Total[p1]")).isEqualTo(3);
    assertThat(p.var("Total[p2]")).isZero();
    assertThat(p.var("Deal")).isEqualTo(1);
    assertThat(p.in("deck")).hasSize(6);
    assertThat(p.in("(won p1)")).isEmpty();
    assertThat(p.state.v[Slot.TRICKS]).isZero();
    assertThat(p.state.v[Slot.STEP]).isEqualTo(stepBefore + 2);
    assertThat(p.chancePending()).isTrue();
    // Deal 2: the dealer moved on: p2 leads. p2 holds the 3 and 2 of red, p1 the 1 of red and two blues.
    deal(p, new String[] {c("1", "red"), c("1", "blue"), c("2", "blue")},
        new String[] {c("3", "red"), c("2", "red"), c("3", "blue")});
    assertThat(p.in("(hand p1)")).hasSize(3);
    assertThat(p.movers()).containsExactly(1);
    p.play("(play " + c("3", "red") + ")").play("(play " + c("1", "red") + ")"); // p2 wins, leads again
    assertThat(p.movers()).containsExactly(1);
    p.play("(play " + c("3", "blue") + ")").play("(play " + c("2", "blue") + ")"); // p2
    assertThat(p.over()).isFalse();
    p.play("(play " + c("2", "red") + ")").play("(play " + c("1", "blue") + ")"); // p2: 3 tricks
    // Totals 3 + 0 = 3 and 0 + 3 = 3: nobody has 4, two deals of three: a third deal, p1 leads again.
    assertThat(p.over()).isFalse();
    assertThat(p.var("Total[p1]")).isEqualTo(3);
    assertThat(p.var("Total[p2]")).isEqualTo(3);
    assertThat(p.var("Deal")).isEqualTo(2);
    deal(p, new String[] {c("3", "red"), c("1", "blue"), c("2", "blue")},
        new String[] {c("1", "red"), c("2", "red"), c("3", "blue")});
    assertThat(p.movers()).containsExactly(0);
    p.play("(play " + c("3", "red") + ")").play("(play " + c("1", "red") + ")"); // p1 reaches 4
    p.play("(play " + c("1", "blue") + ")").play("(play " + c("3", "blue") + ")"); // p2: 4 too
    p.play("(play " + c("2", "red") + ")").play("(play " + c("2", "blue") + ")"); // p2 leads red: p2, 5
    assertThat(p.over()).isTrue();
    assertThat(p.var("Total[p1]")).isEqualTo(4);
    assertThat(p.var("Total[p2]")).isEqualTo(5);
    assertThat(p.scores()).containsExactly(new double[] {0, 1}, within(1e-12));
  }

  @Test
  void aMatchThatHitsItsBoundEndsByTheScoresSoFar() {
    Play p = new Play(mini(Map.of("Target", "10", "Deals", "2")));
    deal(p, new String[] {c("1", "red"), c("2", "red"), c("3", "red")},
        new String[] {c("1", "blue"), c("2", "blue"), c("3", "blue")});
    p.play("(play " + c("3", "red") + ")").play("(play " + c("1", "blue") + ")");
    p.play("(play " + c("2", "red") + ")").play("(play " + c("2", "blue") + ")");
    p.play("(play " + c("1", "red") + ")").play("(play " + c("3", "blue") + ")");
    assertThat(p.over()).isFalse();
    // Deal 2 (p2 leads): p2 takes two tricks, p1 one: totals 4 and 2, short of 10, but the bound of 2 deals ends it.
    deal(p, new String[] {c("1", "red"), c("1", "blue"), c("3", "blue")},
        new String[] {c("3", "red"), c("2", "red"), c("2", "blue")});
    p.play("(play " + c("3", "red") + ")").play("(play " + c("1", "red") + ")");
    p.play("(play " + c("2", "red") + ")").play("(play " + c("1", "blue") + ")");
    p.play("(play " + c("2", "blue") + ")").play("(play " + c("3", "blue") + ")");
    assertThat(p.over()).isTrue();
    assertThat(p.var("Deal")).isEqualTo(2);
    assertThat(p.var("Total[p1]")).isEqualTo(4);
    assertThat(p.var("Total[p2]")).isEqualTo(2);
    assertThat(p.scores()).containsExactly(new double[] {1, 0}, within(1e-12));
  }

  @Test
  void toZeroIsOneDealTheGameAsItIs() {
    CompiledGame one = mini(Map.of("Target", "0"));
    assertThat(one.varNames).isEmpty(); // no totals: the outcome alone
    assertThat(one.stepBound()).isEqualTo(20);
    Play p = new Play(one);
    p.playOut(3);
    assertThat(p.state.v[Slot.TRICKS]).isEqualTo(3);
    assertThat(mini(Map.of("Target", "4", "Deals", "3")).stepBound()).isEqualTo(60); // (bound N) bounds one deal
  }

  /**
   * Short whist (whist.lud, Target=5) against a reference: each deal the side with seven tricks or more scores its
   * tricks over six, the totals carry over, the first leader of deal d is P(d mod 4 + 1), and the match ends when a
   * side has 5 points; the side with the higher total wins.
   */
  @Test
  void shortWhistAgreesWithAReferenceOverWholeMatches() {
    CompiledGame game = Play.load("whist", Map.of("Target", "5"));
    int twoDealsOrMore = 0;
    for (int seed = 0; seed < 40; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      int[] totals = new int[2];
      int deals = 0;
      while (true) {
        p.dealRest(seed * 100L + deals);
        assertThat(p.in("(hand p1)")).hasSize(13);
        assertThat(p.mover()).as("first leader of deal %d", deals).isEqualTo(deals % 4);
        int[] tricks = new int[2];
        int leader = -1;
        List<String> trick = new ArrayList<>();
        for (int played = 0; played < 52; played++) {
          int m = p.mover();
          List<String> hand = p.in("(hand p" + (m + 1) + ")");
          List<String> allowed = hand;
          if (!trick.isEmpty()) {
            String led = Play.suitOf(trick.get(0));
            List<String> inSuit = hand.stream().filter(x -> Play.suitOf(x).equals(led)).toList();
            allowed = inSuit.isEmpty() ? hand : inSuit;
          }
          assertThat(new HashSet<>(p.legal(m)))
              .isEqualTo(new HashSet<>(allowed.stream().map(x -> "(play " + x + ")").toList()));
          trick.add(Play.cardOf(p.randomStep(rng).get(m)));
          if (trick.size() == 1) {
            leader = m;
          }
          if (trick.size() == 4) {
            int best = Play.bestCard(trick, (card, led) -> Play.suitOf(card).equals("hearts")
                ? 100 + Play.rankOf(card) : Play.suitOf(card).equals(Play.suitOf(led)) ? Play.rankOf(card) : 0);
            tricks[(leader + best) % 2]++;
            trick.clear();
          }
        }
        deals++;
        for (int side = 0; side < 2; side++) {
          totals[side] += Math.max(0, tricks[side] - 6);
        }
        assertThat(p.var("Total[p1]")).isEqualTo(totals[0]);
        assertThat(p.var("Total[p3]")).isEqualTo(totals[0]);
        assertThat(p.var("Total[p2]")).isEqualTo(totals[1]);
        assertThat(p.var("Deal")).isEqualTo(deals);
        if (totals[0] >= 5 || totals[1] >= 5) {
          break;
        }
        assertThat(p.over()).isFalse();
        assertThat(p.in("deck")).hasSize(52); // every card gathered, the next deal pending
        assertThat(p.chancePending()).isTrue();
      }
      twoDealsOrMore += deals >= 2 ? 1 : 0;
      assertThat(p.over()).isTrue();
      double ours = totals[0] > totals[1] ? 1 : 0;
      assertThat(p.scores()).as("seed %d", seed).containsExactly(new double[] {ours, 1 - ours, ours, 1 - ours},
          within(1e-12));
    }
    assertThat(twoDealsOrMore).isGreaterThan(20);
  }

  /** Spades to 500 (Target=500): random play never gets there, so every match ends at the bound of 20 hands. */
  @Test
  void spadesToFiveHundredEndsAtItsBoundOfTwentyHands() {
    CompiledGame one = Play.load("spades", Map.of());
    assertThat(one.varNames).doesNotContain("Deal");
    CompiledGame game = Play.load("spades", Map.of("Target", "500"));
    for (int seed = 0; seed < 5; seed++) {
      Play p = new Play(game);
      p.playOut(seed);
      assertThat(p.var("Deal")).isEqualTo(20);
      assertThat(p.var("Total[p1]")).isEqualTo(p.var("Total[p3]")).isLessThan(500);
      assertThat(p.var("Total[p2]")).isEqualTo(p.var("Total[p4]")).isLessThan(500);
      double ours = Integer.compare(p.var("Total[p1]"), p.var("Total[p2]")) * 0.5 + 0.5;
      assertThat(p.scores()).containsExactly(new double[] {ours, 1 - ours, ours, 1 - ours}, within(1e-12));
    }
  }

  /**
   * Hearts to 100 (Target=100): each hand's points (those the one-hand game ranks by) are added to the totals; the
   * match ends at the first hand after which a total is 100 or more, and the lowest total ranks first.
   */
  @Test
  void heartsToOneHundredAddsEachHandsPointsAndTheLowestTotalWins() {
    CompiledGame game = Play.load("hearts", Map.of("Target", "100"));
    for (int seed = 0; seed < 4; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      int[] totals = new int[4];
      int deals = 0;
      while (!p.over()) {
        int before = p.var("Deal");
        while (!p.over() && p.var("Deal") == before) {
          p.randomStep(rng);
        }
        deals++;
        int[] hand = new int[4];
        int sum = 0;
        for (int q = 0; q < 4; q++) {
          hand[q] = p.var("Total[p" + (q + 1) + "]") - totals[q];
          sum += hand[q];
          totals[q] += hand[q];
        }
        assertThat(sum).as("a hand deals out 26 points, or 78 when the moon is shot").isIn(26, 78);
        assertThat(p.var("Deal")).isEqualTo(deals);
        boolean reached = java.util.Arrays.stream(totals).anyMatch(t -> t >= 100);
        assertThat(p.over()).isEqualTo(reached || deals == 20);
      }
      int[] keys = new int[4];
      for (int q = 0; q < 4; q++) {
        keys[q] = -totals[q];
      }
      assertThat(p.scores()).containsExactly(Play.rankScores(keys), within(1e-12));
    }
  }

  @Test
  void aMatchNeedsABoundOnItsDeals() {
    String text = "(game \"M\" (players 2) (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2}) (hand Each)})"
        + " (rules (start (deal 1 to:(hand Each))) (play (pass))"
        + " (end (if (= (turns) 2) (match (byScore (count (hand Player))) to:3)))))";
    assertThatThrownBy(() -> new LudLoader().load("m.lud", text, Map.of()))
        .hasMessageContaining("a match needs a bound on its deals");
  }

  @Test
  void aGamePlaysOneMatch() {
    String text = "(game \"M\" (players 2) (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2}) (hand Each)})"
        + " (rules (start (deal 1 to:(hand Each))) (play (pass))"
        + " (end {(if (= (turns) 2) (match (byScore (count (hand Player))) to:3 deals:2))"
        + " (if (= (turns) 3) (match (byScore (count (hand Player))) to:3 deals:2))})))";
    assertThatThrownBy(() -> new LudLoader().load("m.lud", text, Map.of()))
        .hasMessageContaining("a game plays one match");
  }
}
