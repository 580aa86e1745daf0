package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import veil.ludeme.CompiledGame;
import java.util.SplittableRandom;
import java.util.List;
import java.util.HashSet;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Hearts as in the thesis (hearts-simple.lud): p1 leads, follow suit, hearts 1 and Q♠ 13, shooting the moon. */
class HeartsSimpleRulesTest {
  static Play simple(String p1, String p2, String p3) {
    return new Play("hearts-simple").dealHands(p1, p2, p3, Play.restOf(Play.DECK52, p1, p2, p3));
  }

  @Test
  void p1LeadsAnythingAndThereIsNoFirstTrickRule() {
    // p2 holds the 2♣, yet p1 leads; p1 may lead a heart at once.
    Play p = simple("3C 4C 5C 6C 7C 8C 2H 3H 4H 5H 6H 7H 8H",
        "2C 9H 10H JH QH KH AH 2S 3S 4S 5S 6S QS",
        "9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D");
    assertThat(p.phase()).isEqualTo("Play");
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).hasSize(13).contains("(play (card 2 hearts))", "(play (card 3 clubs))");
    p.playAll("play", "3C");
    // Following suit is the only rule: p2 must play its only club.
    assertThat(p.legal(1)).containsExactly("(play (card 2 clubs))");
    p.playAll("play", "2C");
    assertThat(p.legal(2)).hasSize(6).allMatch(m -> m.contains("clubs"));
    p.playAll("play", "9C");
    // p4 (diamonds and spades) is void in clubs: any card.
    assertThat(p.legal(3)).hasSize(13);
    p.playAll("play", "AS");
    assertThat(p.in("(won p3)")).hasSize(4);
    assertThat(p.movers()).containsExactly(2);
  }

  @Test
  void aVoidPlayerMayDiscardPointsOnTheFirstTrick() {
    Play p = simple("2C 3C 4C 5C 6C 7C 2H 3H 4H 5H 6H 7H 8H",
        "9H 10H JH QH KH AH 2S 3S 4S 5S 6S 7S QS",
        "8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D");
    p.playAll("play", "2C");
    assertThat(p.legal(1)).hasSize(13).contains("(play (card queen spades))", "(play (card ace hearts))");
    p.playAll("play", "QS 8C");
    p.playAll("play", "8D");
    assertThat(p.in("(won p3)")).contains("(card queen spades)");
  }

  /**
   * p1 holds twelve clubs and the Q♠, p2 the 2♣ and twelve other spades, p3 all hearts, p4 all diamonds. p1 wins
   * every club trick, collecting a heart each time, and leads the Q♠ to the last trick.
   */
  static Play scoringDeal(String p2Spades) {
    Play p = simple("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC QS", "2C 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
        Play.restOf(Play.DECK52, "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC QS 2C 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"));
    p.playAll("play", "3C 2C 2H 2D");
    String[] clubs = "4C 5C 6C 7C 8C 9C 10C JC QC KC AC".split(" ");
    String[] spades = p2Spades.split(" ");
    String[] hearts = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH".split(" ");
    String[] diamonds = "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD".split(" ");
    for (int i = 0; i < 11; i++) {
      assertThat(p.movers()).containsExactly(0);
      p.playAll("play", clubs[i] + " " + spades[i] + " " + hearts[i] + " " + diamonds[i]);
    }
    assertThat(p.legal(0)).containsExactly("(play (card queen spades))");
    return p;
  }

  @Test
  void eachHeartCostsOneAndTheQueenOfSpadesThirteen() {
    Play p = scoringDeal("2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS");
    p.playAll("play", "QS AS AH AD"); // p2 takes the Q♠ and the A♥
    assertThat(p.over()).isTrue();
    assertThat(p.var("Points[p1]")).isEqualTo(12);
    assertThat(p.var("Points[p2]")).isEqualTo(14);
    assertThat(p.var("Points[p3]")).isZero();
    assertThat(p.var("Points[p4]")).isZero();
    assertThat(p.scores()).containsExactly(new double[] {1 / 3.0, 0, 5 / 6.0, 5 / 6.0}, within(1e-9));
  }

  @Test
  void shootingTheMoon() {
    Play p = scoringDeal("3S 4S 5S 6S 7S 8S 9S 10S JS KS AS");
    p.playAll("play", "QS 2S AH AD");
    assertThat(p.over()).isTrue();
    assertThat(p.in("(won p1)")).hasSize(52);
    assertThat(p.var("Points[p1]")).isZero();
    assertThat(p.var("Points[p2]")).isEqualTo(26);
    assertThat(p.scores()).containsExactly(new double[] {1, 1 / 3.0, 1 / 3.0, 1 / 3.0}, within(1e-9));
  }

  @Test
  void randomGamesEndWithinTheBound() {
    Play.randomPlayouts("hearts-simple", Map.of(), 300);
  }

  /** Random games checked against a reference implementation: follow suit, trick winners, points, scores. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("hearts-simple", Map.of());
    for (int seed = 0; seed < 150; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      assertThat(p.mover()).isZero();
      int[] points = new int[4];
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
        assertThat(new HashSet<>(p.legal(m))).isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")")
            .toList()));
        String c = Play.cardOf(p.randomStep(rng).get(m));
        if (trick.isEmpty()) {
          leader = m;
        }
        trick.add(c);
        if (trick.size() < 4) {
          continue;
        }
        int best = 0;
        for (int i = 1; i < 4; i++) {
          if (Play.suitOf(trick.get(i)).equals(Play.suitOf(trick.get(0)))
              && Play.rankOf(trick.get(i)) > Play.rankOf(trick.get(best))) {
            best = i;
          }
        }
        int winner = (leader + best) % 4;
        for (String t : trick) {
          points[winner] += Play.suitOf(t).equals("hearts") ? 1 : t.equals("(card queen spades)") ? 13 : 0;
        }
        if (!p.over()) {
          assertThat(p.mover()).isEqualTo(winner);
        }
        trick.clear();
      }
      for (int r = 0; r < 4; r++) {
        if (points[r] == 26) {
          for (int q = 0; q < 4; q++) {
            points[q] = 26 - points[q];
          }
          break;
        }
      }
      int[] keys = new int[4];
      for (int r = 0; r < 4; r++) {
        keys[r] = -points[r];
      }
      assertThat(p.scores()).as("seed %d", seed).containsExactly(Play.rankScores(keys), within(1e-9));
    }
  }
}
