package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import veil.ludeme.CompiledGame;
import java.util.SplittableRandom;
import java.util.List;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

/** Ninety-Eight (ninety-eight.lud) against games.md: the running total, drawing, and who loses. */
class NinetyEightRulesTest {
  static Play dealt() {
    return new Play("ninety-eight").dealHands("KC AC 3C 7C", "10C 9C 2C 8C", "JC 10D 4C KD", "QC 5C 6C QD");
  }

  /** The mover plays a card, then random deals the card it draws; returns the total. */
  static int turn(Play p, String played, String drawn) {
    p.play("(play " + Play.card(played) + ")");
    assertThat(p.chancePending()).as("a draw follows every play while the pile lasts").isTrue();
    p.deal(Play.card(drawn));
    return p.var("Total");
  }

  @Test
  void fourEachAndTheRestIsTheDrawPile() {
    Play p = dealt();
    for (int r = 1; r <= 4; r++) {
      assertThat(p.in("(hand p" + r + ")")).hasSize(4);
    }
    assertThat(p.in("deck")).hasSize(36);
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(play (card king clubs))", "(play (card ace clubs))",
        "(play (card 3 clubs))", "(play (card 7 clubs))");
  }

  @Test
  void whatEachCardDoesToTheTotal() {
    Play p = dealt();
    assertThat(p.var("Total")).isZero();
    assertThat(turn(p, "KC", "2S")).as("king sets 98").isEqualTo(98);
    assertThat(turn(p, "10C", "3S")).as("ten subtracts 10").isEqualTo(88);
    assertThat(turn(p, "JC", "4S")).as("jack adds 0").isEqualTo(88);
    assertThat(turn(p, "QC", "5S")).as("queen adds 0").isEqualTo(88);
    assertThat(turn(p, "AC", "6S")).as("ace adds 1").isEqualTo(89);
    assertThat(turn(p, "9C", "7S")).isEqualTo(98);
    assertThat(turn(p, "10D", "8S")).isEqualTo(88);
    assertThat(turn(p, "5C", "9S")).isEqualTo(93);
    assertThat(turn(p, "3C", "10S")).isEqualTo(96);
    assertThat(turn(p, "2C", "JS")).isEqualTo(98);
    assertThat(p.over()).isFalse();
    // p3 takes the total to 102 and loses; the other three tie.
    p.play("(play (card 4 clubs))");
    assertThat(p.var("Total")).isEqualTo(102);
    if (p.chancePending()) {
      p.dealAny();
    }
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {2 / 3.0, 2 / 3.0, 0, 2 / 3.0}, within(1e-9));
  }

  @Test
  void aKingSetsNinetyEightFromBelowAndTenGoesNegative() {
    Play p = new Play("ninety-eight").dealHands("10C AC 3C 7C", "KC 9C 2C 8C", "JC 10D 4C KD", "QC 5C 6C QD");
    assertThat(turn(p, "10C", "2S")).isEqualTo(-10);
    assertThat(turn(p, "KC", "3S")).isEqualTo(98);
    assertThat(turn(p, "KD", "4S")).isEqualTo(98);
    assertThat(p.over()).isFalse();
    // Exactly 98 is safe; 99 loses.
    assertThat(turn(p, "QD", "5S")).isEqualTo(98);
    p.play("(play (card ace clubs))");
    if (p.chancePending()) {
      p.dealAny();
    }
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {0, 2 / 3.0, 2 / 3.0, 2 / 3.0}, within(1e-9));
  }

  @Test
  void onlyTheDrawerSeesTheDrawnCardButAllSeeThePlayedOne() {
    Play p = dealt();
    p.play("(play (card king clubs))");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(moved (card king clubs) (hand p1) played)");
    }
    p.deal("(card 2 spades)");
    assertThat(p.seen(0)).containsExactly("(moved (card 2 spades) deck (hand p1))");
    for (int r = 1; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(moved hidden deck (hand p1))");
    }
    assertThat(p.in("(hand p1)")).hasSize(4).contains("(card 2 spades)");
    assertThat(p.game.render(p.state, 1)).contains("(hand p1): 4 hidden").contains("played: (card king clubs)");
  }

  /**
   * Running out of cards. With four players and 52 cards the rules never get there by play: every player has to
   * play all 13 cards first, and whatever the order the total would end at 180 − 40 = 140 or more (kings only
   * raise it), so someone passes 98 before. The position is therefore doctored: the pile is empty and the hands
   * are small.
   */
  @Test
  void whenThePileIsEmptyThereIsNoDrawAndWhoeverCannotPlayLoses() {
    Play p = dealt();
    for (String c : Play.restOf(Play.DECK52, "AC 3C", "2C", "4C", "5C").split(" ")) {
      p.put(c, "played");
    }
    assertThat(p.in("deck")).isEmpty();
    assertThat(p.in("(hand p1)")).hasSize(2);
    p.play("(play (card ace clubs))");
    assertThat(p.chancePending()).isFalse();
    assertThat(p.in("(hand p1)")).containsExactly("(card 3 clubs)");
    p.play("(play (card 2 clubs))");
    p.play("(play (card 4 clubs))");
    p.play("(play (card 5 clubs))");
    assertThat(p.over()).isFalse();
    p.play("(play (card 3 clubs))");
    assertThat(p.var("Total")).isEqualTo(15);
    // p2 is to move with an empty hand: p2 loses, the others tie.
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {2 / 3.0, 0, 2 / 3.0, 2 / 3.0}, within(1e-9));
  }

  @Test
  void randomGamesEndWithinTheBound() {
    Play.randomPlayouts("ninety-eight", Map.of(), 300);
  }

  /** Random games checked against a reference implementation: the total after every card, who loses. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("ninety-eight", Map.of());
    for (int seed = 0; seed < 300; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      int total = 0;
      int loser = -1;
      while (!p.over()) {
        if (p.chancePending()) {
          p.randomStep(rng);
          continue;
        }
        int m = p.mover();
        List<String> hand = p.in("(hand p" + (m + 1) + ")");
        assertThat(hand).isNotEmpty();
        assertThat(new HashSet<>(p.legal(m))).isEqualTo(new HashSet<>(hand.stream().map(c -> "(play " + c + ")")
            .toList()));
        String c = Play.cardOf(p.randomStep(rng).get(m));
        int rank = Play.rankOf(c);
        if (rank == 13) {
          total = 98; // king
        } else if (rank == 10) {
          total -= 10;
        } else if (rank != 11 && rank != 12) { // jack and queen add nothing
          total += rank == 14 ? 1 : rank;
        }
        assertThat(p.var("Total")).as("seed %d after %s", seed, c).isEqualTo(total);
        if (total > 98) {
          loser = m;
        }
      }
      assertThat(loser).as("with 52 cards someone passes 98").isGreaterThanOrEqualTo(0);
      int[] keys = {1, 1, 1, 1};
      keys[loser] = 0;
      assertThat(p.scores()).containsExactly(Play.rankScores(keys), within(1e-9));
    }
  }
}
