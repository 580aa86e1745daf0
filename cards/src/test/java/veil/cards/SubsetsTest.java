package veil.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;
import veil.model.MoveList;

/**
 * (subsets "Map" cards sum:V [with:C] [most:N]) against a count over every subset of the hand: hands of 12 from a
 * two-copy deck (104 cards, two words), queens worth 0 (each doubles a count), a computed sum, a negative sum, with:
 * a card the hand may or may not hold; a set larger than most: is a rule failure; a negative map value is refused.
 */
class SubsetsTest {
  static final String[] RANKS = {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};
  static final int[] PIPS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 0, 10};

  static String game(int hand, String most, String queen) {
    return """
        (game "Fifteens"
          (players 2)
          (bound 200)
          (equipment {(deck "Deck" ranks:{Ace 2 3 4 5 6 7 8 9 10 Jack Queen King} copies:2) (hand Each)
                      (map "Pips" {(Ace 1) (2 2) (3 3) (4 4) (5 5) (6 6) (7 7) (8 8) (9 9) (10 10) (Jack 10)
                                   (Queen %s) (King 10)})})
          (vars {(var "F" Each) (var "Zero" Each) (var "Neg" Each) (var "N" Each) (var "With" Each)
                 (var "Twenty" Each)})
          (rules
            (start {(shuffle "Deck") (deal %d to:(hand Each))
                    (forEach Player {(set "F" Player (subsets "Pips" (hand Player) sum:15%s))
                                     (set "Zero" Player (subsets "Pips" (hand Player) sum:0))
                                     (set "Neg" Player (subsets "Pips" (hand Player) sum:-1))
                                     (set "N" Player (subsets "Pips" (hand Player) sum:(count (hand Player))))
                                     (set "With" Player (subsets "Pips" (hand Player) sum:15
                                                                 with:(card 5 Hearts)))
                                     (set "Twenty" Player (subsets "Pips" (cards (hand Player) suit:Hearts)
                                                                   sum:20))})})
            (play (pass))
            (end (if (= (turns) 1) (result All Draw)))))
        """.formatted(queen, hand, most);
  }

  /** The subsets of the hand (cards) summing to target, holding card {@code with} when not -1. */
  static int brute(CompiledGame g, List<Integer> hand, int target, int with) {
    int n = hand.size();
    int count = 0;
    for (int mask = 0; mask < 1 << n; mask++) {
      int sum = 0;
      boolean holds = with < 0;
      for (int i = 0; i < n; i++) {
        if ((mask >> i & 1) != 0) {
          sum += pips(g.cardText(hand.get(i)));
          holds |= hand.get(i) == with;
        }
      }
      count += sum == target && holds ? 1 : 0;
    }
    return count;
  }

  static int pips(String card) {
    String rank = card.substring("(card ".length(), card.indexOf(' ', "(card ".length()));
    return PIPS[Arrays.asList(RANKS).indexOf(rank)];
  }

  static LudState dealt(CompiledGame g, SplittableRandom rng) {
    LudState s = (LudState) g.initialState();
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    while (s.v[Slot.PENDING] > 0) {
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(s, r, ml);
        joint[r] = ml.get(rng.nextInt(ml.size()));
      }
      g.apply(s, joint, null);
    }
    return s;
  }

  static List<Integer> hand(CompiledGame g, LudState s, int p) {
    int h = Arrays.asList(g.places.text()).indexOf("(hand p" + (p + 1) + ")");
    List<Integer> hand = new ArrayList<>();
    for (int w = 0; w < s.words; w++) {
      for (long m = s.places[h * s.words + w]; m != 0; m &= m - 1) {
        hand.add(w << 6 | Long.numberOfTrailingZeros(m));
      }
    }
    return hand;
  }

  static int var(CompiledGame g, LudState s, String name) {
    return s.v[g.layout.vars + g.varNames.indexOf(name)];
  }

  @Test
  void everyCountIsTheNumberOfSubsetsWithThatSum() throws Exception {
    CompiledGame g = (CompiledGame) new LudLoader().load("fifteens.lud", game(12, " most:12", "0"), Map.of());
    assertThat(g.cards.count()).isEqualTo(104);
    // (card 5 Hearts) names the first of its two copies.
    int fiveOfHearts = 0;
    while (!g.cardText(fiveOfHearts).equals("(card 5 hearts)")) {
      fiveOfHearts++;
    }
    SplittableRandom rng = new SplittableRandom(11);
    int withHeld = 0;
    int withAbsent = 0;
    int zeroAbove1 = 0;
    int fifteens = 0;
    for (int i = 0; i < 200; i++) {
      LudState s = dealt(g, rng);
      for (int p = 0; p < 2; p++) {
        List<Integer> hand = hand(g, s, p);
        assertThat(hand).hasSize(12);
        String who = "[p" + (p + 1) + "]";
        assertThat(var(g, s, "F" + who)).isEqualTo(brute(g, hand, 15, -1));
        assertThat(var(g, s, "Zero" + who)).isEqualTo(brute(g, hand, 0, -1));
        assertThat(var(g, s, "Neg" + who)).isZero();
        assertThat(var(g, s, "N" + who)).isEqualTo(brute(g, hand, 12, -1));
        assertThat(var(g, s, "With" + who)).isEqualTo(brute(g, hand, 15, fiveOfHearts));
        List<Integer> hearts = hand.stream().filter(c -> g.cardText(c).endsWith(" hearts)")).toList();
        assertThat(var(g, s, "Twenty" + who)).isEqualTo(brute(g, hearts, 20, -1));
        boolean held = hand.contains(fiveOfHearts);
        withHeld += held ? 1 : 0;
        withAbsent += held ? 0 : 1;
        zeroAbove1 += var(g, s, "Zero" + who) > 1 ? 1 : 0;
        fifteens += var(g, s, "F" + who);
      }
    }
    // Both sides of with: occur, queens (worth 0) double the empty sum's count, fifteens are many.
    assertThat(withHeld).isPositive();
    assertThat(withAbsent).isPositive();
    assertThat(zeroAbove1).isPositive();
    assertThat(fifteens).isGreaterThan(400);
  }

  static final int[] SOME_SUMS = {0, 7, 15, 23, 31, 40, -2};

  /** A game that sets H_i (and W_i, with: the five of hearts) to 1 when (hasSubset …) holds for SOME_SUMS[i]. */
  static String hasSubsetGame(int hand) {
    StringBuilder vars = new StringBuilder();
    StringBuilder sets = new StringBuilder();
    for (int i = 0; i < SOME_SUMS.length; i++) {
      vars.append(" (var \"H").append(i).append("\" Each) (var \"W").append(i).append("\" Each)");
      sets.append(" (if (hasSubset \"Pips\" (hand Player) sum:").append(SOME_SUMS[i]).append(") (set \"H").append(i)
          .append("\" Player 1))");
      sets.append(" (if (hasSubset \"Pips\" (hand Player) sum:").append(SOME_SUMS[i])
          .append(" with:(card 5 Hearts)) (set \"W").append(i).append("\" Player 1))");
    }
    return """
        (game "Some sums"
          (players 2)
          (bound 200)
          (equipment {(deck "Deck" ranks:{Ace 2 3 4 5 6 7 8 9 10 Jack Queen King} copies:2) (hand Each)
                      (map "Pips" {(Ace 1) (2 2) (3 3) (4 4) (5 5) (6 6) (7 7) (8 8) (9 9) (10 10) (Jack 10)
                                   (Queen 0) (King 10)})})
          (vars {%s})
          (rules
            (start {(shuffle "Deck") (deal %d to:(hand Each)) (forEach Player {%s})})
            (play (pass))
            (end (if (= (turns) 1) (result All Draw)))))
        """.formatted(vars, hand, sets);
  }

  /** (hasSubset …) holds exactly when the brute-force count of (subsets …) is above 0; both answers occur. */
  @Test
  void hasSubsetHoldsExactlyWhenSomeSubsetSums() throws Exception {
    CompiledGame g = (CompiledGame) new LudLoader().load("some-sums.lud", hasSubsetGame(6), Map.of());
    int fiveOfHearts = 0;
    while (!g.cardText(fiveOfHearts).equals("(card 5 hearts)")) {
      fiveOfHearts++;
    }
    SplittableRandom rng = new SplittableRandom(12);
    int[] yes = new int[2];
    int[] no = new int[2];
    for (int d = 0; d < 300; d++) {
      LudState s = dealt(g, rng);
      for (int p = 0; p < 2; p++) {
        List<Integer> hand = hand(g, s, p);
        String who = "[p" + (p + 1) + "]";
        for (int i = 0; i < SOME_SUMS.length; i++) {
          boolean some = brute(g, hand, SOME_SUMS[i], -1) > 0;
          boolean someWith = brute(g, hand, SOME_SUMS[i], fiveOfHearts) > 0;
          assertThat(var(g, s, "H" + i + who) == 1).as("sum %d, hand %s", SOME_SUMS[i], hand).isEqualTo(some);
          assertThat(var(g, s, "W" + i + who) == 1).as("sum %d with, hand %s", SOME_SUMS[i], hand)
              .isEqualTo(someWith);
          yes[0] += some ? 1 : 0;
          no[0] += some ? 0 : 1;
          yes[1] += someWith ? 1 : 0;
          no[1] += someWith ? 0 : 1;
        }
      }
    }
    assertThat(Math.min(yes[0], yes[1])).isGreaterThan(50);
    assertThat(Math.min(no[0], no[1])).isGreaterThan(50);
  }

  @Test
  void aSetOfMoreThanMostCardsIsARuleFailure() throws Exception {
    CompiledGame g = (CompiledGame) new LudLoader().load("fifteens.lud", game(12, " most:11", "0"), Map.of());
    assertThatThrownBy(() -> dealt(g, new SplittableRandom(1)))
        .hasMessageContaining("rule failure: (subsets …) counts the subsets of 12 cards, more than 11 (its most:)")
        .hasMessageContaining("fifteens.lud:11:46");
  }

  @Test
  void mapValuesBelowZeroAreRefused() {
    assertThatThrownBy(() -> new LudLoader().load("fifteens.lud", game(5, "", "-1"), Map.of()))
        .hasMessageContaining("(subsets …) needs map values of 0 or more; (card queen clubs) is worth -1");
  }
}
