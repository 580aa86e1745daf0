package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import veil.ludeme.CompiledGame;
import java.util.SplittableRandom;
import java.util.HashSet;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Agram (agram.lud) against games.md: 35 cards, six tricks, only the last one counts. */
class AgramRulesTest {
  static final String DECK35 = "3C 4C 5C 6C 7C 8C 9C 10C AC 3D 4D 5D 6D 7D 8D 9D 10D AD "
      + "3H 4H 5H 6H 7H 8H 9H 10H AH 3S 4S 5S 6S 7S 8S 9S 10S";

  @Test
  void thirtyFiveCardsWithoutTheAceOfSpades() {
    Play p = new Play("agram");
    List<String> deals = p.legal(p.game.randomRole());
    assertThat(deals).hasSize(35).doesNotContain("(deal (card ace spades))")
        .contains("(deal (card ace hearts))", "(deal (card 3 spades))", "(deal (card 10 spades))");
    for (String c : Play.cards(DECK35)) {
      assertThat(deals).contains("(deal " + c + ")");
    }
    assertThat(p.legal(0)).containsExactly("noop");
  }

  @Test
  void sixEachAndElevenStayFaceDownUnseen() {
    Play p = new Play("agram");
    p.deal("(card ace hearts)");
    assertThat(p.seen(0)).containsExactly("(moved (card ace hearts) deck (hand p1))");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck (hand p1))");
    p.dealRest(7);
    assertThat(p.chancePending()).isFalse();
    for (int r = 1; r <= 4; r++) {
      assertThat(p.in("(hand p" + r + ")")).hasSize(6);
    }
    assertThat(p.in("deck")).hasSize(11);
    for (int viewer = 0; viewer < 4; viewer++) {
      assertThat(p.game.render(p.state, viewer)).contains("deck: 11 hidden");
    }
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).hasSize(6);
  }

  /**
   * A whole game. Tricks (leader first): p1 A♣ 4♣ 5♣ 6♣ (p1); p1 3♣ 10♣ 9♣ 8♣ (p2); p2 3♦ A♦ 10♦ 4♦ (p3);
   * p3 6♦ 7♥ 5♦ 8♠ (p3); p3 3♠ 5♠ 7♠ 4♠ (p1); p1 6♥ 9♥ 10♠ A♥ (p4).
   */
  static Play wholeGame() {
    Play p = new Play("agram").dealHands("AC 3C 4D 5D 6H 7S", "10C 4C 3D 9H 8S 4S", "9C 5C AD 6D 3S 10S",
        "8C 6C 10D 7H 5S AH");
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).hasSize(6);
    p.playAll("play", "AC");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(moved (card ace clubs) (hand p1) (table p1))");
    }
    assertThat(p.legal(2)).containsExactly("noop");
    assertThat(p.legal(1)).containsExactlyInAnyOrder("(play (card 10 clubs))", "(play (card 4 clubs))");
    p.playAll("play", "4C 5C 6C");
    assertThat(p.in("(won p1)")).hasSize(4);
    assertThat(p.movers()).containsExactly(0);
    p.playAll("play", "3C 10C 9C 8C");
    assertThat(p.movers()).containsExactly(1); // the 10♣ won
    p.playAll("play", "3D");
    assertThat(p.legal(2)).containsExactlyInAnyOrder("(play (card ace diamonds))", "(play (card 6 diamonds))");
    p.playAll("play", "AD 10D 4D");
    assertThat(p.movers()).containsExactly(2); // the ace is high
    p.playAll("play", "6D");
    assertThat(p.legal(3)).hasSize(3); // void in diamonds: anything
    p.playAll("play", "7H 5D 8S");
    assertThat(p.movers()).containsExactly(2); // 6♦ beats 5♦; off-suit cards never win
    p.playAll("play", "3S 5S 7S");
    assertThat(p.legal(1)).containsExactly("(play (card 4 spades))");
    p.playAll("play", "4S");
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.over()).isFalse();
    p.playAll("play", "6H 9H 10S AH");
    return p;
  }

  @Test
  void theLastTrickDecides() {
    Play p = wholeGame();
    assertThat(p.over()).isTrue();
    assertThat(p.in("(won p4)")).hasSize(4); // p4 won only the last trick, yet it wins
    assertThat(p.in("(won p3)")).hasSize(8);
    // p4 won it; p2's 9♥ and p1's 6♥ followed suit; p3's 10♠ (higher, but not of the led suit) comes last.
    assertThat(p.scores()).containsExactly(new double[] {1 / 3.0, 2 / 3.0, 0, 1}, within(1e-9));
  }

  @Test
  void offSuitCardsInTheLastTrickRankByRank() {
    Play p = new Play("agram").dealHands("3C 7C 5D 9D 3S 10C", "4C 8C AD 6D 4S 4H", "5C 9C 3D 7D 5S 7S",
        "AC 6C 4D 8D 6S 5H");
    p.playAll("play", "3C 4C 5C AC");
    p.playAll("play", "6C 7C 8C 9C");
    p.playAll("play", "3D 4D 5D AD");
    p.playAll("play", "6D 7D 8D 9D");
    p.playAll("play", "3S 4S 5S 6S");
    assertThat(p.movers()).containsExactly(3);
    assertThat(p.over()).isFalse();
    // Last trick: p4 leads 5♥ and wins; p2's 4♥ followed suit; of the off-suit cards p1's 10♣ beats p3's 7♠.
    p.playAll("play", "5H 10C 4H 7S");
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {1 / 3.0, 2 / 3.0, 0, 1}, within(1e-9));
  }

  @Test
  void twoPlayersDealSixEachAndLeaveTwentyThree() {
    Play p = new Play("agram", Map.of("Players", "2"));
    p.dealRest(3);
    assertThat(p.in("(hand p1)")).hasSize(6);
    assertThat(p.in("(hand p2)")).hasSize(6);
    assertThat(p.in("deck")).hasSize(23);
  }

  @Test
  void sixPlayersAreRefusedForThirtyFiveCardsCannotDealSixEach() {
    assertThatThrownBy(() -> Play.load("agram", Map.of("Players", "6"))).hasMessageContaining("\"Players\" cannot be 6");
  }

  @ParameterizedTest
  @ValueSource(strings = {"2", "3", "4", "5"})
  void randomGamesEndWithinTheBound(String players) {
    Play.randomPlayouts("agram", Map.of("Players", players), 150);
  }

  /** Random games checked against a reference implementation: legal cards, trick winners, the final ranking. */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4, 5})
  void randomGamesAgreeWithAReferenceImplementation(int n) {
    CompiledGame game = Play.load("agram", Map.of("Players", Integer.toString(n)));
    for (int seed = 0; seed < 100; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      assertThat(p.in("deck")).hasSize(35 - 6 * n);
      int leader = -1;
      int tricks = 0;
      List<String> trick = new ArrayList<>();
      int[] keys = new int[n];
      while (!p.over()) {
        int m = p.mover();
        List<String> hand = p.in("(hand p" + (m + 1) + ")");
        List<String> allowed = hand;
        if (!trick.isEmpty()) {
          String led = Play.suitOf(trick.get(0));
          List<String> inSuit = hand.stream().filter(c -> Play.suitOf(c).equals(led)).toList();
          allowed = inSuit.isEmpty() ? hand : inSuit;
        }
        assertThat(new HashSet<>(p.legal(m))).isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")")
            .toList()));
        String c = Play.cardOf(p.randomStep(rng).get(m));
        if (trick.isEmpty()) {
          leader = m;
        }
        trick.add(c);
        if (trick.size() < n) {
          continue;
        }
        String led = Play.suitOf(trick.get(0));
        int best = 0;
        for (int i = 1; i < n; i++) {
          if (Play.suitOf(trick.get(i)).equals(led) && Play.rankOf(trick.get(i)) > Play.rankOf(trick.get(best))) {
            best = i;
          }
        }
        int winner = (leader + best) % n;
        tricks++;
        if (tricks == 6) {
          for (int i = 0; i < n; i++) {
            String t = trick.get(i);
            keys[(leader + i) % n] = (i == best ? 1000 : 0) + (Play.suitOf(t).equals(led) ? 100 : 0) + Play.rankOf(t);
          }
        } else {
          assertThat(p.over()).isFalse();
          assertThat(p.mover()).isEqualTo(winner);
        }
        trick.clear();
      }
      assertThat(tricks).isEqualTo(6);
      assertThat(p.scores()).as("seed %d", seed).containsExactly(Play.rankScores(keys), within(1e-9));
    }
  }
}
