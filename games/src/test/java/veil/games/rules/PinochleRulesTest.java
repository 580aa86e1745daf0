package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Double-deck Pinochle (pinochle.lud): 80 cards, P1+P3 against P2+P4, twenty each; an auction from 50 in which a pass
 * is final and the dealer (P4) must bid if the first three pass; the bid's winner names trump and leads; melds from
 * each hand by the table of docs/games.md; follow suit and head the trick, void trump (heading any trump in it);
 * aces, tens and kings count 1, the last trick 2; a side's meld counts only if it takes a counter; the bidders score
 * their points if they reach the bid, else lose the bid.
 */
class PinochleRulesTest {
  // Hearts trump: p1 two runs 150, a royal marriage 4, a marriage 2, double pinochle 30 = 186;
  // p2 double aces around 100, kings around 8, a marriage 2 = 110;
  // p3 marriages in clubs and diamonds 4, queens around 6, jacks around 4, pinochle 4 = 18;
  // p4 marriages in clubs and twice in diamonds 6, jacks around 4 = 10.
  static final String P1 = "AH AH 10H 10H KH KH KH QH QH QH JH JH QS QS JD JD KC QC AD AS";
  static final String P2 = "AC AC AD AD AH AH AS AS KC KD KH KS QS 10C 10C 10D 10D 10S 10S JC";
  static final String P3 = "JC JD JH JS QC QD QH QS KC KD 10C 10C 10D 10D 10H 10H AC AC AD AS";
  static final String P4 = "10S 10S KC KD KD KS KS KS QC QC QD QD QD JC JC JD JH JS JS JS";

  /** Deals the four hands (round robin from P1), each card as its lowest copy still in the deck. */
  static Play dealt(String... hands) {
    Play p = new Play("pinochle");
    String[][] h = new String[hands.length][];
    for (int i = 0; i < hands.length; i++) {
      h[i] = hands[i].split(" ");
    }
    int random = p.game.randomRole();
    for (int i = 0; i < 20; i++) {
      for (String[] hand : h) {
        String face = Play.card(hand[i]);
        String move = p.legal(random).stream().filter(m -> m.endsWith(" " + face + "))")).findFirst()
            .orElseThrow(() -> new AssertionError("no copy of " + face + " left to deal"));
        p.step(Map.of(random, move));
      }
    }
    return p;
  }

  /** Deals at random. */
  static Play dealtAtRandom(SplittableRandom rng) {
    Play p = new Play("pinochle");
    int random = p.game.randomRole();
    while (p.chancePending()) {
      List<String> legal = p.legal(random);
      p.step(Map.of(random, legal.get(rng.nextInt(legal.size()))));
    }
    return p;
  }

  static List<String> bids(int from) {
    return IntStream.rangeClosed(from, 100).mapToObj(b -> "(bid " + b + ")").toList();
  }

  @Test
  void theAuctionRaisesPassesAreFinalAndTheWinnerNamesTrump() {
    Play p = dealt(P1, P2, P3, P4);
    assertThat(p.phase()).isEqualTo("Auction");
    List<String> open = new ArrayList<>(bids(50));
    open.add(0, "pass");
    assertThat(p.legal(0)).containsExactlyInAnyOrderElementsOf(open);
    p.play("(bid 50)");
    assertThat(p.legal(1)).contains("pass", "(bid 51)", "(bid 100)").doesNotContain("(bid 50)").hasSize(51);
    p.play("(bid 60)");
    p.play("pass");
    p.play("pass");
    p.play("(bid 70)");
    p.play("(bid 75)");
    // p3 and p4 passed: they are out of the auction.
    assertThat(p.legal(2)).containsExactly("out");
    p.step(Map.of(2, "out"));
    assertThat(p.legal(3)).containsExactly("out");
    p.step(Map.of(3, "out"));
    p.play("(bid 80)");
    p.play("pass");
    assertThat(p.phase()).isEqualTo("Trump");
    assertThat(p.var("Bid")).isEqualTo(80);
    assertThat(p.var("Bidder")).isEqualTo(0);
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(trump clubs)", "(trump diamonds)", "(trump hearts)",
        "(trump spades)");
    p.play("(trump hearts)");
    assertThat(p.phase()).isEqualTo("Play");
    assertThat(p.movers()).containsExactly(0); // the bidder leads
  }

  @Test
  void theDealerMustBidWhenTheOthersPassed() {
    Play p = dealt(P1, P2, P3, P4);
    p.play("pass");
    p.play("pass");
    p.play("pass");
    assertThat(p.legal(3)).containsExactlyInAnyOrderElementsOf(bids(50));
    p.play("(bid 50)");
    assertThat(p.phase()).isEqualTo("Trump");
    assertThat(p.var("Bidder")).isEqualTo(3);
    assertThat(p.movers()).containsExactly(3);
  }

  /** p1 wins the auction at 50 and names the trump. */
  static Play named(String trump) {
    Play p = dealt(P1, P2, P3, P4);
    p.play("(bid 50)");
    p.play("pass");
    p.play("pass");
    p.play("pass");
    p.play("(trump " + trump + ")");
    return p;
  }

  @Test
  void meldsAreScoredFromEachHandByTheTable() {
    Play p = named("hearts");
    assertThat(List.of(p.var("Meld[p1]"), p.var("Meld[p2]"), p.var("Meld[p3]"), p.var("Meld[p4]")))
        .containsExactly(186, 110, 18, 10);
    // Spades trump: p1 has no run and no royal marriage: marriages in clubs and three in hearts 8, double pinochle
    // 30; p2's marriage in spades is royal (4), so 112; p3 and p4 hold no king and queen of spades.
    Play q = named("spades");
    assertThat(List.of(q.var("Meld[p1]"), q.var("Meld[p2]"), q.var("Meld[p3]"), q.var("Meld[p4]")))
        .containsExactly(38, 112, 18, 10);
  }

  @Test
  void followHeadTrumpAndOvertrump() {
    Play p = named("hearts");
    p.play("(play (card king clubs))");
    // p2 must beat the king with a club: the ten or the ace (ten ranks above king).
    assertThat(p.legal(1)).containsExactlyInAnyOrder("(play (card 10 clubs))", "(play (card ace clubs))");
    p.play("(play (card 10 clubs))");
    assertThat(p.legal(2)).containsExactly("(play (card ace clubs))");
    p.play("(play (card ace clubs))");
    // p4 cannot beat the ace: any club.
    assertThat(p.legal(3)).containsExactlyInAnyOrder("(play (card king clubs))", "(play (card queen clubs))",
        "(play (card jack clubs))");
    p.play("(play (card jack clubs))");
    assertThat(p.in("(won p3)")).hasSize(4);
    // p3 leads the ten of clubs; p1's last club follows.
    p.playAll("play", "10C QC");
    assertThat(p.legal(0)).containsExactly("(play (card queen clubs))");
    p.play("(play (card queen clubs))");
    p.play("(play (card ace clubs))");
    assertThat(p.in("(won p2)")).hasSize(4);
    // p2 leads the ace of clubs: an identical ace does not head it; p1, void in clubs, must trump: any heart heads.
    p.playAll("play", "AC JC QC");
    assertThat(p.legal(0)).containsExactlyInAnyOrderElementsOf(
        Play.cards("AH 10H KH QH JH").stream().map(c -> "(play " + c + ")").toList());
    p.play("(play (card jack hearts))");
    assertThat(p.in("(won p1)")).hasSize(4);
  }

  // ------------------------------------------------------------------ an independent reading of the rules

  static final List<String> RANKS = List.of("jack", "queen", "king", "10", "ace");

  static String suitOf(String card) {
    String[] w = card.replace(")", "").split(" ");
    return w[2];
  }

  static int rankOf(String card) {
    return RANKS.indexOf(card.replace(")", "").split(" ")[1]);
  }

  static int key(String card, String trump, String led) {
    String s = suitOf(card);
    return s.equals(trump) ? 100 + rankOf(card) : s.equals(led) ? rankOf(card) : 0;
  }

  /** The cards a player may play: follow and head, else follow; void: trump and head, else trump; else any. */
  static Set<String> allowed(List<String> hand, List<String> trick, String trump) {
    Set<String> all = new HashSet<>(hand);
    if (trick.isEmpty()) {
      return all;
    }
    String led = suitOf(trick.get(0));
    int best = trick.stream().mapToInt(c -> key(c, trump, led)).max().orElseThrow();
    for (String suit : List.of(led, trump)) {
      Set<String> of = new HashSet<>();
      Set<String> heads = new HashSet<>();
      for (String c : all) {
        if (suitOf(c).equals(suit)) {
          of.add(c);
          if (key(c, trump, led) > best) {
            heads.add(c);
          }
        }
      }
      if (!heads.isEmpty()) {
        return heads;
      }
      if (!of.isEmpty()) {
        return of;
      }
    }
    return all;
  }

  static int counters(Play p, int seat) {
    int n = 0;
    for (String c : p.in("(won p" + (seat + 1) + ")")) {
      n += rankOf(c) >= 2 ? 1 : 0;
    }
    return n + p.var("Last[p" + (seat + 1) + "]");
  }

  /**
   * Random deals, auctions and play: every legal card is what the independent reading allows, and the end pays
   * by the contract, the bidders made or set.
   */
  @Test
  void randomHandsKeepTheObligationsAndScoreByTheContract() {
    int made = 0;
    int set = 0;
    int checked = 0;
    for (long seed = 1; seed <= 40; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      Play p = dealtAtRandom(rng);
      String trump = null;
      List<String> trick = new ArrayList<>();
      while (!p.over()) {
        int mover = p.movers().get(0);
        List<String> legal = p.legal(mover);
        if (p.phase().equals("Play")) {
          List<String> hand = p.in("(hand p" + (mover + 1) + ")");
          Set<String> want = new HashSet<>();
          for (String c : allowed(hand, trick, trump)) {
            want.add("(play " + c + ")");
          }
          assertThat(new HashSet<>(legal)).as("seed %d, trick %s, hand %s", seed, trick, hand).isEqualTo(want);
          checked++;
        }
        // In the auction, a third of the time pass and a third raise by one, so that both made and set contracts
        // occur; else any move.
        String move = legal.get(rng.nextInt(legal.size()));
        if (legal.contains("pass")) {
          int r = rng.nextInt(3);
          move = r == 0 ? "pass" : r == 1 ? legal.stream().filter(m -> m.startsWith("(bid")).findFirst()
              .orElse("pass") : move;
        }
        p.step(Map.of(mover, move));
        if (move.startsWith("(trump ")) {
          trump = move.substring(7, move.length() - 1);
        }
        if (move.startsWith("(play ")) {
          trick.add(move.substring(6, move.length() - 1));
          if (trick.size() == 4) {
            trick.clear();
          }
        }
      }
      int bidder = p.var("Bidder");
      int bid = p.var("Bid");
      int[] side = new int[2];
      for (int s = 0; s < 2; s++) {
        int count = counters(p, s) + counters(p, s + 2);
        int meld = p.var("Meld[p" + (s + 1) + "]") + p.var("Meld[p" + (s + 3) + "]");
        side[s] = count > 0 ? count + meld : 0;
      }
      assertThat(counters(p, 0) + counters(p, 1) + counters(p, 2) + counters(p, 3)).isEqualTo(50);
      int b = bidder % 2;
      if (side[b] >= bid) {
        made++;
      } else {
        side[b] = -bid;
        set++;
      }
      for (int q = 0; q < 4; q++) {
        assertThat(p.var("Score[p" + (q + 1) + "]")).as("seed %d", seed).isEqualTo(side[q % 2]);
      }
      double[] s = p.scores();
      double want = side[0] > side[1] ? 1.0 : side[0] == side[1] ? 0.5 : 0.0;
      assertThat(s[0]).as("seed %d", seed).isEqualTo(want);
      assertThat(s[2]).isEqualTo(want);
      assertThat(s[1]).isEqualTo(1.0 - want).isEqualTo(s[3]);
    }
    assertThat(checked).isEqualTo(40 * 80);
    assertThat(made).isPositive();
    assertThat(set).isPositive();
  }
}
