package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import veil.ludeme.CompiledGame;
import java.util.SplittableRandom;
import java.util.Set;
import java.util.List;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

/** Golf (golf.lud) against games.md: draw, swap or discard, lowest total after 40 turns. */
class GolfRulesTest {
  /** Deals the three hands, then p1's first drawn card. */
  static Play dealt(String p1, String p2, String p3, String drawn) {
    Play p = new Play("golf").dealHands(p1, p2, p3);
    assertThat(p.chancePending()).as("p1's first draw").isTrue();
    return p.deal(Play.card(drawn));
  }

  /** Everyone discards what they draw until the game ends; returns the number of turns played. */
  static int discardToTheEnd(Play p, int turnsSoFar) {
    int turns = turnsSoFar;
    while (!p.over()) {
      if (p.chancePending()) {
        p.dealAny();
        continue;
      }
      assertThat(turns).as("the game lasts 40 turns").isLessThan(40);
      int mover = p.mover();
      String drawn = p.in("(drawn p" + (mover + 1) + ")").get(0);
      p.play("(toss " + drawn + ")");
      turns++;
    }
    return turns;
  }

  @Test
  void theDrawnCardIsSeenOnlyByItsOwner() {
    Play p = new Play("golf").dealHands("AC 2C KC KD", "JC QC 3C 4C", "10C 9C 5C 6C");
    p.deal("(card king hearts)");
    assertThat(p.seen(0)).containsExactly("(moved (card king hearts) deck (drawn p1))");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck (drawn p1))");
    assertThat(p.seen(2)).containsExactly("(moved hidden deck (drawn p1))");
    assertThat(p.in("deck")).hasSize(39);
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(swap (card ace clubs))", "(swap (card 2 clubs))",
        "(swap (card king clubs))", "(swap (card king diamonds))", "(toss (card king hearts))");
    assertThat(p.game.render(p.state, 1)).contains("(drawn p1): 1 hidden").contains("(hand p1): 4 hidden");
  }

  @Test
  void swapShowsTheReplacedCardToAllButNotTheNewOne() {
    Play p = dealt("AC 2C KC KD", "JC QC 3C 4C", "10C 9C 5C 6C", "KH");
    p.play("(swap (card 2 clubs))");
    assertThat(p.seen(0)).contains("(moved (card 2 clubs) (hand p1) discard)",
        "(moved (card king hearts) (drawn p1) (hand p1))");
    for (int r = 1; r < 3; r++) {
      assertThat(p.seen(r)).contains("(moved (card 2 clubs) (hand p1) discard)", "(moved hidden (drawn p1) (hand p1))")
          .doesNotContain("(moved (card king hearts) (drawn p1) (hand p1))");
    }
    assertThat(p.in("(hand p1)")).containsExactlyInAnyOrderElementsOf(Play.cards("AC KC KD KH"));
    assertThat(p.in("discard")).containsExactly("(card 2 clubs)");
    // Then p2 draws, seen only by p2.
    p.deal("(card ace diamonds)");
    assertThat(p.seen(1)).containsExactly("(moved (card ace diamonds) deck (drawn p2))");
    assertThat(p.seen(0)).containsExactly("(moved hidden deck (drawn p2))");
    assertThat(p.movers()).containsExactly(1);
  }

  @Test
  void discardShowsTheDrawnCardToAll() {
    Play p = dealt("AC 2C KC KD", "JC QC 3C 4C", "10C 9C 5C 6C", "KH");
    p.play("(toss (card king hearts))");
    for (int r = 0; r < 3; r++) {
      assertThat(p.seen(r)).containsExactly("(moved (card king hearts) (drawn p1) discard)");
    }
    assertThat(p.in("(hand p1)")).containsExactlyInAnyOrderElementsOf(Play.cards("AC 2C KC KD"));
  }

  @Test
  void afterFortyTurnsTheLowestTotalWins() {
    Play p = dealt("AC 2C KC KD", "JC QC 3C 4C", "10C 9C 5C 6C", "KH");
    p.play("(swap (card 2 clubs))"); // p1: A K K K = 1
    p.deal("(card ace diamonds)");
    p.play("(swap (card jack clubs))"); // p2: A Q 3 4 = 18
    p.deal("(card 2 diamonds)");
    p.play("(toss (card 2 diamonds))"); // p3: 10 9 5 6 = 30
    assertThat(discardToTheEnd(p, 3)).isEqualTo(40);
    assertThat(p.in("deck")).isEmpty();
    assertThat(p.in("(hand p2)")).containsExactlyInAnyOrderElementsOf(Play.cards("AD QC 3C 4C"));
    assertThat(p.scores()).containsExactly(new double[] {1, 0.5, 0}, within(1e-9));
  }

  @Test
  void equalTotalsShareTheirRanks() {
    // p1: Q J 10 9 = 39; p2: K K 2 3 = 5; p3: A A 3 K = 5.
    Play p = dealt("QC JC 10C 9C", "KC KD 2C 3C", "AC AD 3D KH", "2H");
    assertThat(discardToTheEnd(p, 0)).isEqualTo(40);
    assertThat(p.scores()).containsExactly(new double[] {0, 0.75, 0.75}, within(1e-9));
  }

  @Test
  void randomGamesEndWithinTheBound() {
    Play.randomPlayouts("golf", Map.of(), 300);
  }

  /** Random games checked against a reference implementation: the moves offered, 40 turns, the hand totals. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("golf", Map.of());
    for (int seed = 0; seed < 200; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      int turns = 0;
      while (!p.over()) {
        if (p.chancePending()) {
          p.randomStep(rng);
          continue;
        }
        int m = p.mover();
        List<String> drawn = p.in("(drawn p" + (m + 1) + ")");
        assertThat(drawn).hasSize(1);
        Set<String> expected = new HashSet<>();
        for (String c : p.in("(hand p" + (m + 1) + ")")) {
          expected.add("(swap " + c + ")");
        }
        expected.add("(toss " + drawn.get(0) + ")");
        assertThat(new HashSet<>(p.legal(m))).isEqualTo(expected);
        p.randomStep(rng);
        turns++;
      }
      assertThat(turns).isEqualTo(40);
      int[] keys = new int[3];
      for (int r = 0; r < 3; r++) {
        List<String> hand = p.in("(hand p" + (r + 1) + ")");
        assertThat(hand).hasSize(4);
        for (String c : hand) {
          int rank = Play.rankOf(c);
          keys[r] -= rank == 14 ? 1 : rank == 13 ? 0 : Math.min(rank, 10);
        }
      }
      assertThat(p.scores()).as("seed %d", seed).containsExactly(Play.rankScores(keys), within(1e-9));
    }
  }
}
