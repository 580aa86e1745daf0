package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;

/**
 * Double-deck Pinochle, play of the hand (test game veil/bigdecks/pinochle-play.lud): 80 cards, four identical
 * copies of each; must follow suit and beat the trick if possible; void, must trump (beating a trump in the trick if
 * possible); of identical cards the first played wins; aces, tens and kings count 1, the last trick 2.
 */
class PinochlePlayRulesTest {
  static CompiledGame load() {
    try (InputStream in = PinochlePlayRulesTest.class.getResourceAsStream("/veil/bigdecks/pinochle-play.lud")) {
      return new LudLoader().load("pinochle-play.lud", new String(in.readAllBytes(), StandardCharsets.UTF_8),
          Map.of());
    } catch (Exception e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  static final String P1 = "JC JC QC QC KC AD AD AD AD 10D 10D 10D 10D KD KD KD KD QD QD QD";
  static final String P2 = "KC 10C 10C AC JH JH AS AS AS AS 10S 10S 10S 10S KS KS KS KS QS QS";
  static final String P3 = "AC AC AC JD JD JD JD QD QS QS JS JS JS JS KC KC QC QC JC JC";
  static final String P4 = "10C 10C AH AH AH AH 10H 10H 10H 10H KH KH KH KH QH QH QH QH JH JH";

  /** Deals the four hands (round robin from P1), each card as its lowest copy still in the deck. */
  static Play dealt() {
    Play p = new Play(load());
    String[][] hands = {P1.split(" "), P2.split(" "), P3.split(" "), P4.split(" ")};
    int random = p.game.randomRole();
    for (int i = 0; i < 20; i++) {
      for (String[] h : hands) {
        String face = Play.card(h[i]);
        String move = p.legal(random).stream().filter(m -> m.endsWith(" " + face + "))")).findFirst()
            .orElseThrow(() -> new AssertionError("no copy of " + face + " left to deal"));
        p.step(Map.of(random, move));
      }
    }
    return p;
  }

  @Test
  void copiesPrintAlikeAndAreOneMove() {
    Play p = dealt();
    assertThat(p.game.cards.count()).isEqualTo(80);
    assertThat(Collections.frequency(p.in("(hand p4)"), Play.card("AH"))).isEqualTo(4);
    assertThat(p.legal(0)).containsExactlyInAnyOrderElementsOf(Play.cards("JC QC KC AD 10D KD QD")
        .stream().map(c -> "(play " + c + ")").toList());
  }

  @Test
  void followHeadTrumpAndTheFirstOfTwoIdenticalCardsWins() {
    Play p = dealt();
    p.play("(play (card queen clubs))");
    // p2 must beat the queen with a club: every club it holds does (the two tens are one move).
    assertThat(p.legal(1)).containsExactlyInAnyOrder("(play (card king clubs))", "(play (card 10 clubs))",
        "(play (card ace clubs))");
    p.play("(play (card king clubs))");
    assertThat(p.legal(2)).containsExactly("(play (card ace clubs))"); // only the ace beats the king
    p.play("(play (card ace clubs))");
    assertThat(p.legal(3)).containsExactly("(play (card 10 clubs))"); // cannot beat: any club
    p.play("(play (card 10 clubs))");
    assertThat(p.in("(won p3)")).hasSize(4);
    assertThat(p.movers()).containsExactly(2);
    // Two identical aces: the first played wins.
    p.playAll("play", "AC 10C KC");
    assertThat(p.legal(1)).containsExactlyInAnyOrder("(play (card 10 clubs))", "(play (card ace clubs))");
    p.play("(play (card ace clubs))");
    assertThat(p.in("(won p3)")).hasSize(8);
    // Void in diamonds: p4 must trump (any trump beats the jack); p2, void too, must trump though it cannot beat.
    p.play("(play (card jack diamonds))");
    assertThat(p.legal(3)).hasSize(5).allMatch(m -> m.endsWith(" hearts))"));
    p.play("(play (card queen hearts))");
    assertThat(p.legal(0)).hasSize(4).allMatch(m -> m.endsWith(" diamonds))"));
    p.play("(play (card ace diamonds))");
    assertThat(p.legal(1)).containsExactly("(play (card jack hearts))");
    p.play("(play (card jack hearts))");
    assertThat(p.in("(won p4)")).hasSize(4);
    assertThat(p.movers()).containsExactly(3);
  }

  @Test
  void theSideWithMoreCountersWins() {
    for (long seed = 1; seed <= 5; seed++) {
      Play p = dealt();
      SplittableRandom rng = new SplittableRandom(seed);
      while (!p.over()) {
        int mover = p.movers().get(0);
        List<String> legal = p.legal(mover);
        p.play(legal.get(rng.nextInt(legal.size())));
      }
      int[] counters = new int[4];
      for (int q = 0; q < 4; q++) {
        for (String c : p.in("(won p" + (q + 1) + ")")) {
          counters[q] += c.startsWith("(card ace ") || c.startsWith("(card 10 ") || c.startsWith("(card king ") ? 1
              : 0;
        }
        counters[q] += p.var("Last[p" + (q + 1) + "]");
      }
      int us = counters[0] + counters[2];
      int them = counters[1] + counters[3];
      assertThat(us + them).isEqualTo(50);
      double[] s = p.scores();
      assertThat(s[0]).isEqualTo(s[2]).isEqualTo(us > them ? 1.0 : us == them ? 0.5 : 0.0);
      assertThat(s[1]).isEqualTo(s[3]).isEqualTo(1.0 - s[0]);
    }
  }
}
