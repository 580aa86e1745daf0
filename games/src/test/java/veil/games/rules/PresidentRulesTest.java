package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;

/** President (president.lud) against games.md: sets of equal rank, beating, passing, clearing, finishing order. */
class PresidentRulesTest {
  static final String P1 = "3C 3D 4C 5C 5D 6C 7C 8C 9C 10C JC QC KC";
  static final String P2 = "3H 4D 5H 6D 7D 8D 9D 9H 10D JD QD KD AC";
  static final String P3 = "3S 4H 5S 6H 7H 8H 10H JH QH KH AD AH 2C";
  static final String P4 = Play.restOf(Play.DECK52, P1, P2, P3);

  static Play dealt() {
    Play p = new Play("president").dealHands(P1, P2, P3, P4);
    assertThat(p.chancePending()).isFalse();
    return p;
  }

  /** President's order of ranks: 3 lowest, then up to ace, then 2 highest. */
  static int order(String card) {
    int r = Play.rankOf(card);
    return r == 2 ? 15 : r;
  }

  static String rankWord(String card) {
    return card.substring("(card ".length(), card.lastIndexOf(' '));
  }

  @Test
  void theLeaderPlaysASetOfOneRankCardByCardInFullView() {
    Play p = dealt();
    assertThat(p.legal(0)).hasSize(13).allMatch(m -> m.startsWith("(lead "));
    p.play("(lead (card 5 clubs))");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(moved (card 5 clubs) (hand p1) table)");
    }
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(more (card 5 diamonds))", "stop");
    p.play("(more (card 5 diamonds))");
    assertThat(p.legal(0)).containsExactly("stop");
    p.play("stop");
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.in("table")).containsExactlyInAnyOrderElementsOf(Play.cards("5C 5D"));
  }

  @Test
  void aSetIsBeatenOnlyByAsManyCardsOfAHigherRank() {
    Play p = dealt().play("(lead (card 5 clubs))").play("(more (card 5 diamonds))").play("stop");
    // p2 holds two nines and no other pair above five.
    assertThat(p.legal(1)).containsExactlyInAnyOrder("(beat 9)", "pass");
    p.play("(beat 9)");
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.legal(1)).containsExactlyInAnyOrder("(add (card 9 diamonds))", "(add (card 9 hearts))");
    p.play("(add (card 9 hearts))").play("(add (card 9 diamonds))");
    assertThat(p.movers()).containsExactly(2);
    // p3: aces (two) beat nines; its single 10, J, Q, K do not. p4: singles of every rank but its three 2s, the
    // highest rank, of which two beat the nines.
    assertThat(p.legal(2)).containsExactlyInAnyOrder("(beat ace)", "pass");
    p.play("pass");
    assertThat(p.legal(3)).containsExactlyInAnyOrder("(beat 2)", "pass");
  }

  @Test
  void whenEveryoneElsePassesTheTableIsClearedAndTheLastToPlayLeads() {
    Play p = dealt().play("(lead (card 5 clubs))").play("(more (card 5 diamonds))").play("stop")
        .play("(beat 9)").play("(add (card 9 hearts))").play("(add (card 9 diamonds))")
        .play("pass").play("pass").play("pass");
    assertThat(p.in("table")).isEmpty();
    assertThat(p.in("discard")).containsExactlyInAnyOrderElementsOf(Play.cards("5C 5D 9H 9D"));
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.legal(1)).hasSize(11).allMatch(m -> m.startsWith("(lead "));
  }

  @Test
  void randomGamesEndWithinTheBound() {
    Play.randomPlayouts("president", Map.of(), 200);
  }

  /**
   * Random games against the rules written independently: what a follower may beat with, that a set is completed
   * in its rank, that the table clears when play comes back to the last to play, and the ranking by finishing order.
   */
  @Test
  void randomGamesAgreeWithAReferenceOfTheRules() {
    CompiledGame game = Play.load("president", Map.of());
    for (int seed = 0; seed < 150; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      List<Integer> finished = new ArrayList<>();
      while (!p.over()) {
        if (p.chancePending()) {
          p.randomStep(rng);
          continue;
        }
        int m = p.mover();
        List<String> legal = p.legal(m);
        List<String> table = p.in("table");
        List<String> hand = p.in(hand(m));
        if (legal.contains("pass")) {
          // A follower: the ranks above the set on the table of which it holds as many cards.
          int top = 0;
          for (String c : table) {
            top = Math.max(top, order(c));
          }
          int need = 0;
          for (String c : table) {
            need += order(c) == top ? 1 : 0;
          }
          Set<String> expected = new HashSet<>(List.of("pass"));
          for (String c : hand) {
            int o = order(c);
            if (o > top && hand.stream().filter(d -> order(d) == o).count() >= need) {
              expected.add("(beat " + rankWord(c) + ")");
            }
          }
          assertThat(new HashSet<>(legal)).as("seed %d", seed).isEqualTo(expected);
        }
        p.randomStep(rng);
        for (int r = 0; r < 4; r++) {
          if (p.in(hand(r)).isEmpty() && !finished.contains(r)) {
            finished.add(r);
          }
        }
      }
      assertThat(finished).as("seed %d: three players out", seed).hasSize(3);
      int[] keys = new int[4];
      for (int i = 0; i < 3; i++) {
        keys[finished.get(i)] = 3 - i;
      }
      for (int r = 0; r < 4; r++) {
        if (!finished.contains(r)) {
          keys[r] = -1;
        }
      }
      assertThat(p.scores()).as("seed %d", seed).containsExactly(Play.rankScores(keys), within(1e-9));
    }
  }

  private static String hand(int r) {
    return "(hand p" + (r + 1) + ")";
  }
}
