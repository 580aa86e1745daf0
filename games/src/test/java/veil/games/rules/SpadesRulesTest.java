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
 * Spades (spades.lud): P1+P3 against P2+P4; each player bids 0..13 in turn from P1 (0 is nil); P1 leads; follow
 * suit; spades are trump and may not be led until one has been played unless the leader holds only spades; a side
 * making its contract scores 10 a bid trick plus 1 a bag, else loses 10 a bid trick; ten bags cost 100; a nil wins or
 * loses 100; the side with the higher score wins whole.
 */
class SpadesRulesTest {
  private static final String CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC";
  private static final String DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD";
  private static final String HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH";
  private static final String SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS";

  private static void bid(Play p, int... bids) {
    for (int r = 0; r < 4; r++) {
      assertThat(p.phase()).isEqualTo("Bid");
      assertThat(p.movers()).containsExactly(r);
      assertThat(p.legal(r)).containsExactlyElementsOf(IntStream.rangeClosed(0, 13).mapToObj(b -> "(bid " + b + ")")
          .toList());
      p.play("(bid " + bids[r] + ")");
    }
    assertThat(p.phase()).isEqualTo("Play");
  }

  @Test
  void spadesAreNotLedUntilBrokenAndTheyTrump() {
    // p1: twelve clubs and the A♠; p2: the A♣ and twelve hearts; p3: twelve spades and the A♥; p4: diamonds.
    Play p = new Play("spades").dealHands("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH", DIAMONDS);
    bid(p, 1, 2, 3, 4);
    assertThat(p.legal(0)).hasSize(12).doesNotContain("(play (card ace spades))");
    p.playAll("play", "2C AC");
    assertThat(p.legal(2)).hasSize(13); // void in clubs
    p.playAll("play", "2S 2D"); // the two of spades trumps the ace of clubs and breaks spades
    assertThat(p.in("(won p3)")).hasSize(4);
    assertThat(p.var("Broken")).isEqualTo(1);
    assertThat(p.legal(2)).hasSize(12).contains("(play (card 3 spades))"); // spades may be led now
  }

  @Test
  void aLeaderHoldingOnlySpadesLeadsThem() {
    Play p = new Play("spades").dealHands(SPADES, HEARTS, CLUBS, DIAMONDS);
    bid(p, 13, 0, 0, 0);
    assertThat(p.legal(0)).hasSize(13);
  }

  /**
   * p1 holds every spade and takes all thirteen tricks. p1 bids 1 and p3 2: contract 3 made with 10 bags, 30 + 10 -
   * 100 = -60. p2 bids nil and takes nothing (+100), p4 bids 13 and fails (-130): -30, so p2 and p4 win. Without the
   * bag penalty p1's side would score 40 and win.
   */
  @Test
  void tenBagsCostAHundredAndANilWinsAHundred() {
    assertThat(playAllSpadesToP1(1, 0, 2, 13)).containsExactly(new double[] {0, 1, 0, 1}, within(1e-12));
    // p1 bids nil and takes 13 (-100) with p3's 1 (10 + 12 bags - 100 = -78): -178 against p2 and p4's 1 + 1
    // failed (-20).
    assertThat(playAllSpadesToP1(0, 1, 1, 1)).containsExactly(new double[] {0, 1, 0, 1}, within(1e-12));
    // p1 makes 12 with a bag (121) and p3's nil succeeds (+100): 221 against p2 and p4's two nils (200).
    assertThat(playAllSpadesToP1(12, 0, 0, 0)).containsExactly(new double[] {1, 0, 1, 0}, within(1e-12));
    // p1 and p3 bid 12 + 3 and take 13: the contract fails, -150 against 200.
    assertThat(playAllSpadesToP1(12, 0, 3, 0)).containsExactly(new double[] {0, 1, 0, 1}, within(1e-12));
  }

  private static double[] playAllSpadesToP1(int... bids) {
    Play p = new Play("spades").dealHands(SPADES, HEARTS, CLUBS, DIAMONDS);
    bid(p, bids);
    String[] ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split(" ");
    for (String r : ranks) {
      assertThat(p.over()).isFalse();
      assertThat(p.movers()).containsExactly(0);
      p.playAll("play", r + "S " + r + "H " + r + "C " + r + "D");
    }
    assertThat(p.over()).isTrue();
    assertThat(p.in("(won p1)")).hasSize(52);
    return p.scores();
  }

  /** Random games against a reference: bids, leading, following, trumps, trick winners and the sides' scores. */
  @Test
  void randomGamesAgreeWithAReferenceImplementation() {
    CompiledGame game = Play.load("spades", Map.of());
    int nils = 0;
    int draws = 0;
    for (int seed = 0; seed < 300; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      int[] bids = new int[4];
      for (int r = 0; r < 4; r++) {
        String m = p.randomStep(rng).get(r);
        bids[r] = Integer.parseInt(m.substring("(bid ".length(), m.length() - 1));
        nils += bids[r] == 0 ? 1 : 0;
      }
      int[] tricks = new int[4];
      boolean broken = false;
      int leader = -1;
      List<String> trick = new ArrayList<>();
      while (!p.over()) {
        int m = p.mover();
        List<String> hand = p.in("(hand p" + (m + 1) + ")");
        List<String> allowed = hand;
        if (trick.isEmpty()) {
          List<String> plain = hand.stream().filter(c -> !Play.suitOf(c).equals("spades")).toList();
          allowed = broken || plain.isEmpty() ? hand : plain;
        } else {
          String led = Play.suitOf(trick.get(0));
          List<String> inSuit = hand.stream().filter(c -> Play.suitOf(c).equals(led)).toList();
          allowed = inSuit.isEmpty() ? hand : inSuit;
        }
        assertThat(new HashSet<>(p.legal(m))).as("seed %d", seed)
            .isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")").toList()));
        String c = Play.cardOf(p.randomStep(rng).get(m));
        broken |= Play.suitOf(c).equals("spades");
        if (trick.isEmpty()) {
          leader = m;
        }
        trick.add(c);
        if (trick.size() < 4) {
          continue;
        }
        int best = Play.bestCard(trick, SpadesRulesTest::key);
        int winner = (leader + best) % 4;
        tricks[winner]++;
        if (!p.over()) {
          assertThat(p.mover()).isEqualTo(winner);
        }
        trick.clear();
      }
      int ours = score(bids, tricks, 0);
      int theirs = score(bids, tricks, 1);
      double[] expected = ours > theirs ? new double[] {1, 0, 1, 0}
          : ours < theirs ? new double[] {0, 1, 0, 1} : new double[] {0.5, 0.5, 0.5, 0.5};
      draws += ours == theirs ? 1 : 0;
      assertThat(p.scores()).as("seed %d: bids %s tricks %s", seed, java.util.Arrays.toString(bids),
          java.util.Arrays.toString(tricks)).containsExactly(expected, within(1e-12));
    }
    assertThat(nils).as("random bids include nils").isGreaterThan(20);
  }

  /** A side's score (side 0: p1 and p3), written from the rules prose. */
  private static int score(int[] bids, int[] tricks, int side) {
    int a = side;
    int b = side + 2;
    int contract = bids[a] + bids[b];
    int taken = tricks[a] + tricks[b];
    int score = taken >= contract ? 10 * contract + (taken - contract) : -10 * contract;
    if (taken - contract >= 10) {
      score -= 100;
    }
    for (int q : new int[] {a, b}) {
      if (bids[q] == 0) {
        score += tricks[q] == 0 ? 100 : -100;
      }
    }
    return score;
  }

  private static int key(String card, String led) {
    String suit = Play.suitOf(card);
    return suit.equals("spades") ? 100 + Play.rankOf(card) : suit.equals(Play.suitOf(led)) ? Play.rankOf(card) : 0;
  }
}
