package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;

/**
 * What a {@code (subsets …)} condition on a hidden hand tells: in Claim Fifteen a player may claim only while its
 * hidden hand holds cards summing to fifteen, so after the second player's claim the first player's sampler must deal
 * it only such hands, each as likely as under the exact posterior (every hand of the unseen cards that holds a
 * fifteen, equally likely: the deal is uniform and the claim is the only thing seen). The sampler learns this by
 * replay; its pair-fact probe (a hand holding every card) used to make the rules fail ({@code most:5}) and threw.
 */
class SubsetsSamplingTest {
  static final Path GAME = Path.of("../games/src/test/resources/veil/testgames/claim-fifteen.lud");

  static int pips(CompiledGame g, int card) {
    String t = g.cardText(card);
    String rank = t.substring("(card ".length(), t.indexOf(' ', "(card ".length()));
    return switch (rank) {
      case "ace" -> 1;
      case "jack", "queen", "king" -> 10;
      default -> Integer.parseInt(rank);
    };
  }

  static boolean hasFifteen(int[] values) {
    for (int mask = 1; mask < 1 << values.length; mask++) {
      int sum = 0;
      for (int i = 0; i < values.length; i++) {
        sum += (mask >> i & 1) != 0 ? values[i] : 0;
      }
      if (sum == 15) {
        return true;
      }
    }
    return false;
  }

  static List<Integer> cardsOf(CompiledGame g, LudState s, String place) {
    int x = java.util.Arrays.asList(g.places.text()).indexOf(place);
    List<Integer> out = new ArrayList<>();
    for (long m = s.places[x * s.words]; m != 0; m &= m - 1) {
      out.add(Long.numberOfTrailingZeros(m));
    }
    return out;
  }

  @Test
  void afterAClaimTheSampledHandsHoldAFifteenAsOftenAsThePosteriorSays() throws Exception {
    CompiledGame g = Play.compile("claim-fifteen.lud", Files.readString(GAME));
    // Deal, then p1 discards the first card it may, then p2 claims: a seed whose p2 hand holds a fifteen.
    Play.Game play = null;
    for (int seed = 0; play == null; seed++) {
      Play.Game p = new Play.Game(g);
      SplittableRandom rng = new SplittableRandom(seed);
      while (p.steps() < 10) {
        p.step(rng);
      }
      int[] joint = new int[g.roleCount()];
      g.legalMoves(p.state, 0, p.moves);
      for (int i = 0; i < p.moves.size(); i++) {
        if (g.moveText(0, p.moves.get(i)).startsWith("(move")) {
          joint[0] = p.moves.get(i);
          break;
        }
      }
      p.step(joint);
      joint = new int[g.roleCount()];
      g.legalMoves(p.state, 1, p.moves);
      for (int i = 0; i < p.moves.size(); i++) {
        if (g.moveText(1, p.moves.get(i)).equals("claim")) {
          joint[1] = p.moves.get(i);
        }
      }
      if (joint[1] != 0) {
        p.step(joint);
        play = p;
      }
    }
    // The exact posterior of p2's hand: every 5 of the 47 cards p1 has not seen that holds a fifteen.
    List<Integer> unseen = new ArrayList<>();
    List<Integer> own = cardsOf(g, play.state, "(hand p1)");
    own.addAll(cardsOf(g, play.state, "(out p1)"));
    for (int c = 0; c < g.cards.count(); c++) {
      if (!own.contains(c)) {
        unseen.add(c);
      }
    }
    assertThat(unseen).hasSize(47);
    double[] exact = new double[6];
    int[] u = unseen.stream().mapToInt(Integer::intValue).toArray();
    int[] v = new int[5];
    long hands = 0;
    for (int a = 0; a < 47; a++) {
      for (int b = a + 1; b < 47; b++) {
        for (int c = b + 1; c < 47; c++) {
          for (int d = c + 1; d < 47; d++) {
            for (int e = d + 1; e < 47; e++) {
              int[] hand = {u[a], u[b], u[c], u[d], u[e]};
              int tens = 0;
              for (int i = 0; i < 5; i++) {
                v[i] = pips(g, hand[i]);
                tens += v[i] == 10 ? 1 : 0;
              }
              if (hasFifteen(v)) {
                exact[tens]++;
                hands++;
              }
            }
          }
        }
      }
    }
    // Draws: p2's sampled hand, by its number of cards worth ten.
    CardSampler sampler = new CardSampler(g);
    SplittableRandom rng = new SplittableRandom(7);
    int n = 3000;
    int[] seen = new int[6];
    Map<String, Integer> distinct = new HashMap<>();
    for (int i = 0; i < n; i++) {
      int[][] history = sampler.sampleHistory(play.observations[0], rng);
      assertThat(history).as("draw " + i).isNotNull();
      LudState s = Play.replayChecked(g, history, play.observations[0]);
      List<Integer> hand = cardsOf(g, s, "(hand p2)");
      assertThat(hand).hasSize(5);
      int tens = 0;
      for (int k = 0; k < 5; k++) {
        v[k] = pips(g, hand.get(k));
        tens += v[k] == 10 ? 1 : 0;
      }
      assertThat(hasFifteen(v)).as("sampled hand " + hand + " holds a fifteen").isTrue();
      seen[tens]++;
      distinct.merge(hand.toString(), 1, Integer::sum);
    }
    double chi = 0;
    int df = -1;
    for (int k = 0; k < 6; k++) {
      double expected = n * exact[k] / hands;
      if (expected >= 5) {
        chi += (seen[k] - expected) * (seen[k] - expected) / expected;
        df++;
      } else {
        assertThat(seen[k]).as("cards worth ten: " + k).isLessThanOrEqualTo((int) Math.ceil(expected * 4 + 5));
      }
    }
    assertThat(chi).as("chi-square, seen %s, exact %s", java.util.Arrays.toString(seen),
        java.util.Arrays.toString(exact)).isLessThan(Posterior.critical(df));
    assertThat(distinct.size()).as("distinct hands").isGreaterThan(n * 9 / 10);
  }
}
