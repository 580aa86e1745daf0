package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import veil.ludeme.CompiledGame;
import java.util.SplittableRandom;
import java.util.HashSet;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * Bottle Imp (bottle-imp.lud) against games.md. Suits run Red, Yellow, Blue by number (1 Red, 2 Yellow, 3 Blue, 4
 * Red, …); a card's worth is its number mod 7.
 */
class BottleImpRulesTest {
  static final String P1 = "1 4 7 10 13 16 22 25 28"; // all red
  static final String P2 = "31 34 37 2 5 8 11 14 17"; // red and yellow
  static final String P3 = "20 23 26 29 32 35 3 6 9"; // yellow and blue
  static final String P4 = "12 15 18 21 24 27 30 33 36"; // all blue

  static List<String> plays(String numbers) {
    return Play.cards(numbers).stream().map(c -> "(play " + c + ")").toList();
  }

  @Test
  void cardNineteenIsThePriceAndTheOtherThirtySixAreDealt() {
    Play p = new Play("bottle-imp");
    assertThat(p.in("imp")).containsExactly("(card 19)");
    assertThat(p.legal(p.game.randomRole())).hasSize(36).doesNotContain("(deal (card 19))");
    assertThat(p.var("Price")).isEqualTo(19);
    p.dealRest(11);
    for (int r = 1; r <= 4; r++) {
      assertThat(p.in("(hand p" + r + ")")).hasSize(9);
    }
    assertThat(p.in("deck")).isEmpty();
    assertThat(p.in("imp")).containsExactly("(card 19)");
    assertThat(p.game.render(p.state, 2)).contains("imp: (card 19)");
  }

  @Test
  void aWholeGame() {
    Play p = new Play("bottle-imp").dealHands(P1, P2, P3, P4);
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).hasSize(9);

    // Trick 1, all above 19: the highest card wins, whatever its suit.
    p.playAll("play", "22");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(moved (card 22) (hand p1) (table p1))");
    }
    assertThat(p.legal(1)).containsExactlyInAnyOrderElementsOf(plays("31 34 37")); // follow red
    p.playAll("play", "31");
    assertThat(p.legal(2)).hasSize(9); // void in red
    p.playAll("play", "35 21");
    assertThat(p.in("(won p3)")).containsExactlyInAnyOrderElementsOf(Play.cards("22 31 35 21"));
    assertThat(p.var("Price")).isEqualTo(19);
    assertThat(p.var("ImpHolder")).isEqualTo(-1);

    // Trick 2: 12 and 17 are below 19; the highest of them, 17, takes the trick and the imp.
    assertThat(p.movers()).containsExactly(2);
    p.playAll("play", "20 12 25");
    assertThat(p.legal(1)).containsExactlyInAnyOrderElementsOf(plays("2 5 8 11 14 17")); // follow yellow
    p.playAll("play", "17");
    assertThat(p.in("(won p2)")).hasSize(4);
    assertThat(p.var("Price")).isEqualTo(17);
    assertThat(p.var("ImpHolder")).isEqualTo(1);

    // Trick 3: 14, 15, 16 are below 17: 16 wins, a card of another suit than the led one.
    p.playAll("play", "14 23 15 16");
    assertThat(p.var("Price")).isEqualTo(16);
    assertThat(p.var("ImpHolder")).isEqualTo(0);
    assertThat(p.movers()).containsExactly(0);

    // Trick 4, all above 16: 34 wins; the imp stays with p1.
    p.playAll("play", "28 34 26 18");
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.var("Price")).isEqualTo(16);
    assertThat(p.var("ImpHolder")).isZero();

    // Trick 5: only 13 is below 16.
    p.playAll("play", "37 29 24");
    assertThat(p.legal(0)).containsExactlyInAnyOrderElementsOf(plays("1 4 7 10 13"));
    p.playAll("play", "13");
    assertThat(p.var("Price")).isEqualTo(13);
    assertThat(p.var("ImpHolder")).isZero();

    // Trick 6: 1, 11, 9 below 13: 11 wins.
    p.playAll("play", "1 11 9 27");
    assertThat(p.var("Price")).isEqualTo(11);
    assertThat(p.var("ImpHolder")).isEqualTo(1);

    // Trick 7: 8 and 10 below 11: 10 wins.
    p.playAll("play", "8");
    assertThat(p.legal(2)).containsExactly("(play (card 32))");
    p.playAll("play", "32 30 10");
    assertThat(p.var("Price")).isEqualTo(10);
    assertThat(p.var("ImpHolder")).isZero();

    p.playAll("play", "7 5 6 33");
    assertThat(p.var("Price")).isEqualTo(7);
    assertThat(p.over()).isFalse();
    p.playAll("play", "4 2 3 36");
    assertThat(p.var("Price")).isEqualTo(4);
    assertThat(p.var("ImpHolder")).isZero();
    assertThat(p.over()).isTrue();

    // Worth taken: p1 53 (but it holds the imp: -53), p2 46, p3 4, p4 0.
    assertThat(p.scores()).containsExactly(new double[] {0, 1, 2 / 3.0, 1 / 3.0}, within(1e-9));
  }

  @Test
  void randomGamesEndWithinTheBound() {
    Play.randomPlayouts("bottle-imp", Map.of(), 300);
  }

  /**
   * Random games checked against a reference implementation written here: the legal cards (follow suit), every
   * trick's winner, the price and the imp's holder after it, and the final scores.
   */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("bottle-imp", Map.of());
    for (int seed = 0; seed < 150; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      int price = 19;
      int imp = -1;
      int[] worth = new int[4];
      int leader = -1;
      List<Integer> trick = new ArrayList<>();
      while (!p.over()) {
        int m = p.mover();
        List<String> hand = p.in("(hand p" + (m + 1) + ")");
        List<String> allowed = hand;
        if (!trick.isEmpty()) {
          int led = suit(trick.get(0));
          List<String> inSuit = hand.stream().filter(c -> suit(number(c)) == led).toList();
          allowed = inSuit.isEmpty() ? hand : inSuit;
        }
        assertThat(new HashSet<>(p.legal(m))).as("seed %d", seed)
            .isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")").toList()));
        int n = number(Play.cardOf(p.randomStep(rng).get(m)));
        if (trick.isEmpty()) {
          leader = m;
        }
        trick.add(n);
        if (trick.size() < 4) {
          continue;
        }
        int best = -1;
        for (int i = 0; i < 4; i++) {
          if (trick.get(i) < price && (best < 0 || trick.get(best) > price || trick.get(i) > trick.get(best))) {
            best = i;
          }
        }
        boolean below = best >= 0;
        if (!below) {
          for (int i = 0; i < 4; i++) {
            if (best < 0 || trick.get(i) > trick.get(best)) {
              best = i;
            }
          }
        }
        int winner = (leader + best) % 4;
        if (below) {
          price = trick.get(best);
          imp = winner;
        }
        for (int c : trick) {
          worth[winner] += c % 7;
        }
        assertThat(p.var("Price")).as("seed %d, trick %s", seed, trick).isEqualTo(price);
        assertThat(p.var("ImpHolder")).as("seed %d, trick %s", seed, trick).isEqualTo(imp);
        if (!p.over()) {
          assertThat(p.mover()).isEqualTo(winner);
        }
        trick.clear();
      }
      if (imp >= 0) {
        worth[imp] = -worth[imp];
      }
      assertThat(p.scores()).as("seed %d", seed).containsExactly(Play.rankScores(worth), within(1e-9));
    }
  }

  static int number(String cardText) {
    return Integer.parseInt(cardText.substring("(card ".length(), cardText.length() - 1));
  }

  /** Red 0, Yellow 1, Blue 2, in number order. */
  static int suit(int number) {
    return (number - 1) % 3;
  }
}
