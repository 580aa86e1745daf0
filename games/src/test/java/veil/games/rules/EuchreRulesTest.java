package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;

/**
 * Euchre (euchre.lud): P1+P3 against P2+P4, 24 cards (9 to ace), five each, the next card turned up. Round one:
 * each in turn from P1 passes or orders the dealer (P4) to pick the card up, whose suit is then trump (alone or
 * not); the dealer discards one of its five cards and takes the turned-up card. Round two, if all passed: each names a suit other than the turned-down one, alone
 * or not, or passes (the dealer may not). The jack of trump (right bower) and the other jack of its colour (left
 * bower, a trump for following) are the highest trumps. Makers with 3 or 4 tricks score 1, with 5 score 2 (4
 * alone), with fewer the defenders score 2; a lone maker's partner plays no winning card.
 */
class EuchreRulesTest {
  private static final String[] SUITS = {"clubs", "diamonds", "hearts", "spades"};

  private static Play deal() {
    Play p = new Play("euchre").dealHands("JD 9C 10C QC KC", "JH AH 9S 10S QS", "AD KD QD 10D 9D",
        "AC AS KS JS KH");
    p.deal(Play.card("9H"));
    return p;
  }

  @Test
  void orderingUpBowersAndTheLeftBowerFollowsTrump() {
    Play p = deal();
    assertThat(p.legal(0)).containsExactly("pass", "order", "orderalone");
    p.play("pass");
    p.play("order");
    assertThat(p.var("Trump")).isEqualTo(2); // hearts
    assertThat(p.phase()).isEqualTo("Discard");
    assertThat(p.movers()).containsExactly(3);
    assertThat(p.legal(3)).hasSize(5).doesNotContain("(discard (card 9 hearts))");
    p.playAll("discard", "KS");
    assertThat(p.in("(hand p4)")).contains("(card 9 hearts)").doesNotContain("(card king spades)").hasSize(5);
    assertThat(p.in("kitty")).containsExactly("(card king spades)");
    assertThat(p.phase()).isEqualTo("Play");
    assertThat(p.movers()).containsExactly(0);
    p.playAll("play", "9C JH 9D");
    assertThat(p.legal(3)).containsExactly("(play (card ace clubs))");
    p.playAll("play", "AC");
    assertThat(p.in("(won p2)")).hasSize(4); // the right bower
    p.playAll("play", "AH 10D");
    assertThat(p.legal(3)).containsExactlyInAnyOrder("(play (card 9 hearts))", "(play (card king hearts))");
    p.playAll("play", "9H");
    assertThat(p.legal(0)).containsExactly("(play (card jack diamonds))"); // the left bower is a heart
    p.playAll("play", "JD");
    assertThat(p.in("(won p1)")).hasSize(4); // the left bower beats the ace of trumps
    p.playAll("play", "10C 9S QD KH"); // a trump wins
    assertThat(p.in("(won p4)")).hasSize(4);
    p.playAll("play", "AS QC QS KD JS KC 10S AD");
    assertThat(p.over()).isTrue();
    // Makers p2 and p4 took 4 tricks: 1 point to them, -1 to the defenders (goal (amount + 5) * 10).
    assertThat(p.scores()).containsExactly(new double[] {0.4, 0.6, 0.4, 0.6}, within(1e-12));
  }

  @Test
  void roundTwoNamesAnotherSuitAndTheDealerIsStuck() {
    Play p = deal();
    for (int r = 0; r < 4; r++) {
      p.play("pass");
    }
    assertThat(p.phase()).isEqualTo("Call");
    assertThat(p.in("kitty")).containsExactly("(card 9 hearts)");
    assertThat(p.legal(0)).containsExactly("pass", "(call clubs)", "(call diamonds)", "(call spades)",
        "(callalone clubs)", "(callalone diamonds)", "(callalone spades)");
    p.play("pass");
    p.play("pass");
    p.play("pass");
    assertThat(p.legal(3)).doesNotContain("pass").contains("(call spades)");
    p.play("(callalone spades)");
    assertThat(p.var("Trump")).isEqualTo(3);
    assertThat(p.var("Out")).isEqualTo(1); // p2 sits out
    assertThat(p.phase()).isEqualTo("Play");
    // p1 leads the 9 of clubs; p2's ace would not count anyway; p4's ace of clubs wins.
    p.playAll("play", "9C 9S 9D AC");
    assertThat(p.in("(won p4)")).hasSize(4);
  }

  /** Random games against a reference: bidding, following with bowers, trick winners, the lone hand, the points. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("euchre", Map.of());
    int alone = 0;
    int round2 = 0;
    int euchred = 0;
    for (int seed = 0; seed < 400; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      String up = p.in("up").get(0);
      while (!p.phase().equals("Play")) {
        int m = p.mover();
        if (p.phase().equals("Order")) {
          assertThat(p.legal(m)).containsExactly("pass", "order", "orderalone");
        } else if (p.phase().equals("Call")) {
          List<String> expected = new ArrayList<>();
          if (m != 3) {
            expected.add("pass");
          }
          for (String verb : new String[] {"call", "callalone"}) {
            for (String s : SUITS) {
              if (!s.equals(Play.suitOf(up))) {
                expected.add("(" + verb + " " + s + ")");
              }
            }
          }
          assertThat(p.legal(m)).containsExactlyElementsOf(expected);
        }
        p.randomStep(rng);
      }
      int maker = p.var("Maker");
      int out = p.var("Out");
      String trump = SUITS[p.var("Trump")];
      round2 += p.in("kitty").contains(up) ? 1 : 0;
      alone += out >= 0 ? 1 : 0;
      assertThat(out).isIn(-1, (maker + 2) % 4);
      if (!p.in("kitty").contains(up)) {
        assertThat(trump).isEqualTo(Play.suitOf(up));
      }
      int[] tricks = new int[4];
      int leader = -1;
      List<String> trick = new ArrayList<>();
      while (!p.over()) {
        int m = p.mover();
        List<String> hand = p.in("(hand p" + (m + 1) + ")");
        List<String> allowed = hand;
        if (!trick.isEmpty()) {
          String led = suit(trick.get(0), trump);
          List<String> inSuit = hand.stream().filter(c -> suit(c, trump).equals(led)).toList();
          allowed = inSuit.isEmpty() ? hand : inSuit;
        } else {
          assertThat(m).isNotEqualTo(out);
        }
        assertThat(new HashSet<>(p.legal(m))).as("seed %d", seed)
            .isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")").toList()));
        String c = Play.cardOf(p.randomStep(rng).get(m));
        if (trick.isEmpty()) {
          leader = m;
        }
        trick.add(c);
        if (trick.size() < 4) {
          continue;
        }
        int best = -1;
        int bestKey = Integer.MIN_VALUE;
        for (int i = 0; i < 4; i++) {
          int k = (leader + i) % 4 == out ? -1 : key(trick.get(i), trick.get(0), trump);
          if (k > bestKey) {
            best = i;
            bestKey = k;
          }
        }
        tricks[(leader + best) % 4]++;
        trick.clear();
      }
      int made = tricks[maker] + tricks[(maker + 2) % 4];
      int points = made < 3 ? -2 : made < 5 ? 1 : out < 0 ? 2 : 4;
      euchred += made < 3 ? 1 : 0;
      double[] expected = new double[4];
      for (int r = 0; r < 4; r++) {
        int amount = r % 2 == maker % 2 ? points : -points;
        expected[r] = (amount + 5) / 10.0;
      }
      assertThat(p.scores()).as("seed %d", seed).containsExactly(expected, within(1e-12));
    }
    assertThat(alone).isGreaterThan(20);
    assertThat(round2).isGreaterThan(5);
    assertThat(euchred).isGreaterThan(20);
  }

  private static boolean black(String suit) {
    return suit.equals("clubs") || suit.equals("spades");
  }

  /** The suit a card follows as: a jack of trump's colour is a trump. */
  private static String suit(String card, String trump) {
    String s = Play.suitOf(card);
    return Play.rankOf(card) == 11 && black(s) == black(trump) ? trump : s;
  }

  private static int key(String card, String led, String trump) {
    if (suit(card, trump).equals(trump)) {
      if (Play.rankOf(card) == 11) {
        return Play.suitOf(card).equals(trump) ? 300 : 200;
      }
      return 100 + Play.rankOf(card);
    }
    return suit(card, trump).equals(suit(led, trump)) ? Play.rankOf(card) : 0;
  }
}
