package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;

/**
 * Whist (whist.lud): P1+P3 against P2+P4, P1 leads, follow suit, the highest trump (Hearts by default) or else the
 * highest card of the suit led wins; the side with more tricks wins whole (each member 1, the others 0).
 */
class WhistRulesTest {
  /** p1 holds twelve clubs and the A♠, p2 the A♣ and twelve hearts, p3 twelve spades and the A♥, p4 diamonds. */
  static Play mixed(Map<String, String> options) {
    return new Play("whist", options).dealHands("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD");
  }

  @Test
  void partnersSitAcrossAndTheRandomRoleIsNoOnesPartner() {
    CompiledGame g = Play.load("whist", Map.of());
    assertThat(g.team(0)).isEqualTo(g.team(2));
    assertThat(g.team(1)).isEqualTo(g.team(3)).isNotEqualTo(g.team(0));
    assertThat(g.team(4)).isNotIn(g.team(0), g.team(1));
  }

  @Test
  void followSuitAndTheLowestTrumpBeatsTheAceLed() {
    Play p = mixed(Map.of());
    assertThat(p.movers()).containsExactly(0);
    p.playAll("play", "2C");
    assertThat(p.legal(1)).containsExactly("(play (card ace clubs))"); // must follow
    p.playAll("play", "AC");
    assertThat(p.legal(2)).hasSize(13); // void in clubs: anything
    p.playAll("play", "AH 2D");
    assertThat(p.in("(won p3)")).hasSize(4); // the ace of trumps beats the ace of clubs
    assertThat(p.movers()).containsExactly(2);
    p.playAll("play", "2S 3D");
    assertThat(p.legal(0)).containsExactly("(play (card ace spades))");
    p.playAll("play", "AS 2H");
    assertThat(p.in("(won p2)")).hasSize(4); // the two of trumps beats the ace of spades
    assertThat(p.movers()).containsExactly(1);
  }

  @Test
  void theTrumpOptionChangesTheTrump() {
    Play p = mixed(Map.of("Trump", "Spades"));
    p.playAll("play", "2C AC 2S 2D"); // hearts are plain now: the two of trumps (spades) wins
    assertThat(p.in("(won p3)")).hasSize(4);
  }

  @Test
  void theSideWithMoreTricksWinsWhole() {
    // p2 holds every trump: it ruffs the first club and then leads trumps to the end: 13 tricks to p2 and p4.
    Play p = new Play("whist").dealHands("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD");
    p.playAll("play", "2C 2H 2S 2D");
    String[] ranks = "3 4 5 6 7 8 9 10 J Q K A".split(" ");
    for (String r : ranks) {
      assertThat(p.over()).isFalse();
      assertThat(p.movers()).containsExactly(1);
      p.playAll("play", r + "H " + r + "S " + r + "D " + r + "C");
    }
    assertThat(p.over()).isTrue();
    assertThat(p.in("(won p2)")).hasSize(52);
    assertThat(p.scores()).containsExactly(new double[] {0, 1, 0, 1}, within(1e-12));
    for (int r = 0; r < 4; r++) {
      assertThat(p.game.goal(p.state, r)).isEqualTo(r % 2 == 1 ? 100 : 0);
    }
  }

  /** Random games against a reference: follow suit, trump, trick winners, and the sides' whole results. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("whist", Map.of());
    for (int seed = 0; seed < 150; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      int[] tricks = new int[4];
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
        if (trick.size() < 4) {
          continue;
        }
        int best = Play.bestCard(trick, WhistRulesTest::key);
        int winner = (leader + best) % 4;
        tricks[winner]++;
        if (!p.over()) {
          assertThat(p.mover()).isEqualTo(winner);
        }
        trick.clear();
      }
      int ours = tricks[0] + tricks[2];
      double[] expected = ours > 6 ? new double[] {1, 0, 1, 0} : new double[] {0, 1, 0, 1};
      assertThat(p.scores()).as("seed %d", seed).containsExactly(expected, within(1e-12));
    }
  }

  private static int key(String card, String led) {
    String suit = Play.suitOf(card);
    return suit.equals("hearts") ? 100 + Play.rankOf(card) : suit.equals(Play.suitOf(led)) ? Play.rankOf(card) : 0;
  }

  /**
   * byTeam itself on a test game of three sides ({P1 P4} {P2} {P3 P5}) where a side's score is its first member's
   * bid plus its left neighbour's: the side no other beats or ties wins whole (1 each), sides tied at the top draw.
   */
  @Test
  void byTeamRanksTheSidesByTheirFirstMembersScores() throws Exception {
    String text;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("veil/export/sides.lud")) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    CompiledGame g = new LudLoader().load("sides.lud", text, Map.of());
    assertThat(g.team(0)).isEqualTo(g.team(3));
    assertThat(g.team(2)).isEqualTo(g.team(4));
    assertThat(g.team(1)).isNotIn(g.team(0), g.team(2));
    // bids 2 0 1 0 1: sides score p1 2+0=2, p2 0+1=1, p3 1+0=1 (p5's own 1+2=3 is not its side's score).
    assertThat(result(g, 2, 0, 1, 0, 1)).containsExactly(new double[] {1, 0, 0, 1, 0}, within(1e-12));
    // bids 1 0 1 1 1: 1, 1, 2: the side of p3 and p5 wins.
    assertThat(result(g, 1, 0, 1, 1, 1)).containsExactly(new double[] {0, 0, 1, 0, 1}, within(1e-12));
    // bids 1 1 1 0 0: 2, 2, 1: two sides tie at the top and draw.
    assertThat(result(g, 1, 1, 1, 0, 0)).containsExactly(new double[] {0.5, 0.5, 0, 0.5, 0}, within(1e-12));
    // bids 1 0 1 0 1: 1, 1, 1: all three tie.
    assertThat(result(g, 1, 0, 1, 0, 1)).containsExactly(new double[] {0.5, 0.5, 0.5, 0.5, 0.5}, within(1e-12));
  }

  private static double[] result(CompiledGame g, int... bids) {
    Play p = new Play(g);
    for (int r = 0; r < bids.length; r++) {
      assertThat(p.movers()).containsExactly(r);
      p.step(Map.of(r, "(bid " + bids[r] + ")"));
    }
    assertThat(p.over()).isTrue();
    return p.scores();
  }
}
