package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;

/**
 * Oh Hell (oh-hell.lud): N cards each, the next card turned up names trump; bids 0..N in turn from P1, the dealer
 * (the last player) may not bid what makes the bids total N; P1 leads; follow suit; the highest trump or else the
 * highest card of the suit led wins; taking exactly the bid scores 10 plus the bid, else 0; the ranking is by score.
 */
class OhHellRulesTest {
  private static List<String> bids(int lo, int hi, int without) {
    return IntStream.rangeClosed(lo, hi).filter(b -> b != without).mapToObj(b -> "(bid " + b + ")").toList();
  }

  @Test
  void theTurnedUpCardNamesTrumpAndTheDealerIsHooked() {
    Play p = new Play("oh-hell", Map.of("Cards", "3")).dealHands("2C 3C AH", "AC 2D 3D", "4C 5C 6C", "7C 8C 4D");
    p.deal(Play.card("2H")); // trump: hearts
    assertThat(p.in("trump")).containsExactly("(card 2 hearts)");
    assertThat(p.legal(0)).containsExactlyElementsOf(bids(0, 3, -1));
    p.play("(bid 1)");
    p.play("(bid 1)");
    assertThat(p.legal(2)).containsExactlyElementsOf(bids(0, 3, -1));
    p.play("(bid 0)");
    assertThat(p.legal(3)).containsExactlyElementsOf(bids(0, 3, 1)); // 1 + 1 + 0 + 1 would be 3 tricks
    p.play("(bid 2)");
    assertThat(p.phase()).isEqualTo("Play");
    // p1 leads a club; p2 takes it with the ace; p2 leads a diamond, p1 trumps with the ace of hearts.
    p.playAll("play", "2C AC 4C 7C");
    assertThat(p.in("(won p2)")).hasSize(4);
    p.playAll("play", "2D 5C");
    assertThat(p.legal(3)).containsExactly("(play (card 4 diamonds))");
    p.playAll("play", "4D");
    assertThat(p.legal(0)).containsExactly("(play (card 3 clubs))", "(play (card ace hearts))");
    p.playAll("play", "AH");
    assertThat(p.in("(won p1)")).hasSize(4);
    p.playAll("play", "3C 3D 6C 8C");
    // p1 bid 1 and took 1 (11), p2 bid 1 and took 1 (11), p3 bid 0 and took 0 (10), p4 bid 2 and took 1 (0).
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(Play.rankScores(new int[] {11, 11, 10, 0}), within(1e-12));
  }

  @Test
  void anotherTurnedUpSuitIsAnotherTrump() {
    Play p = new Play("oh-hell", Map.of("Cards", "1")).dealHands("2C", "AC", "2S", "3D");
    p.deal(Play.card("9S")); // trump: spades
    p.play("(bid 0)");
    p.play("(bid 1)");
    p.play("(bid 1)");
    assertThat(p.legal(3)).containsExactlyElementsOf(bids(0, 1, -1)); // the bids are over 1 already: no hook
    p.play("(bid 1)");
    p.playAll("play", "2C AC 2S 3D"); // the two of spades trumps the ace of clubs
    assertThat(p.in("(won p3)")).hasSize(4);
    assertThat(p.scores()).containsExactly(Play.rankScores(new int[] {10, 0, 11, 0}), within(1e-12));
  }

  /** Random games against a reference: bids and the hook, follow suit, trump, trick winners and the scores. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    for (String players : new String[] {"3", "4", "5"}) {
      int n = Integer.parseInt(players);
      int cards = 13 / n + 2;
      CompiledGame game = Play.load("oh-hell", Map.of("Players", players, "Cards", Integer.toString(cards)));
      for (int seed = 0; seed < 60; seed++) {
        Play p = new Play(game);
        SplittableRandom rng = new SplittableRandom(seed);
        p.dealRest(seed);
        String trump = Play.suitOf(p.in("trump").get(0));
        int[] bid = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++) {
          int hooked = r == n - 1 ? cards - total : -1;
          assertThat(p.legal(r)).containsExactlyElementsOf(bids(0, cards, hooked));
          String m = p.randomStep(rng).get(r);
          bid[r] = Integer.parseInt(m.substring("(bid ".length(), m.length() - 1));
          total += bid[r];
        }
        int[] tricks = new int[n];
        int leader = -1;
        List<String> trick = new ArrayList<>();
        while (!p.over()) {
          int m = p.mover();
          List<String> hand = p.in("(hand p" + (m + 1) + ")");
          List<String> allowed = hand;
          if (!trick.isEmpty()) {
            String led = Play.suitOf(trick.get(0));
            List<String> inSuit = hand.stream().filter(c -> Play.suitOf(c).equals(led)).toList();
            allowed = inSuit.isEmpty() ? hand : inSuit;
          }
          assertThat(new HashSet<>(p.legal(m)))
              .isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")").toList()));
          String c = Play.cardOf(p.randomStep(rng).get(m));
          if (trick.isEmpty()) {
            leader = m;
          }
          trick.add(c);
          if (trick.size() < n) {
            continue;
          }
          int best = Play.bestCard(trick, (card, led) -> key(card, led, trump));
          tricks[(leader + best) % n]++;
          trick.clear();
        }
        int[] score = new int[n];
        for (int r = 0; r < n; r++) {
          score[r] = tricks[r] == bid[r] ? 10 + bid[r] : 0;
        }
        assertThat(p.scores()).as("%s players, seed %d", players, seed)
            .containsExactly(Play.rankScores(score), within(1e-12));
      }
    }
  }

  private static int key(String card, String led, String trump) {
    String suit = Play.suitOf(card);
    return suit.equals(trump) ? 100 + Play.rankOf(card) : suit.equals(Play.suitOf(led)) ? Play.rankOf(card) : 0;
  }
}
