package veil.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * (meld cards {card …} points:{…}): the times a hand holds a combination is the fewest copies it holds of any of
 * its cards, on a deck of three copies (156 cards, three words, a card's copies straddling two words), against a
 * count of the hand's card texts.
 */
class MeldTest {
  static String game(String points) {
    return """
        (game "Melds"
          (players 2)
          (bound 200)
          (equipment {(deck "Deck" copies:3) (hand Each)})
          (vars {(var "Pin" Each) (var "Royal" Each) (var "Aces" Each) (var "Split" Each) (var "T")})
          (rules
            (start {(shuffle "Deck") (deal 60 to:(hand Each)) (set "T" Hearts)
                    (forEach Player {(set "Split" Player (meld (hand Player) {(card 10 Diamonds) (card 5 Spades)}))
                                     (set "Pin" Player (meld (hand Player) {(card Queen Spades) (card Jack Diamonds)}))
                                     (set "Royal" Player (meld (hand Player) {(card King (var "T"))
                                                                              (card Queen (var "T"))
                                                                              (card King Hearts)}))
                                     (set "Aces" Player (meld (hand Player) {(card Ace Clubs) (card Ace Diamonds)
                                                                             (card Ace Hearts) (card Ace Spades)}
                                                              points:%s))})})
            (play (pass))
            (end (if (= (turns) 1) (result All Draw)))))
        """.formatted(points);
  }

  static int copies(List<String> hand, String card) {
    return (int) hand.stream().filter(card::equals).count();
  }

  @Test
  void theFewestCopiesHeldOfAnyCardOfTheCombination() throws Exception {
    CompiledGame g = (CompiledGame) new LudLoader().load("melds.lud", game("{10 100 150}"), Map.of());
    assertThat(g.cards.count()).isEqualTo(156);
    // The copies of the ten of diamonds and of the five of spades straddle words 0-1 and 1-2.
    assertThat(g.cardText(63)).isEqualTo(g.cardText(64)).isEqualTo("(card 10 diamonds)");
    assertThat(g.cardText(127)).isEqualTo(g.cardText(128)).isEqualTo("(card 5 spades)");
    List<String> places = Arrays.asList(g.places.text());
    int[] aces = {0, 10, 100, 150};
    SplittableRandom rng = new SplittableRandom(5);
    MoveList ml = new MoveList();
    int[] seen = new int[4];
    int[] seenSplit = new int[4];
    for (int i = 0; i < 300; i++) {
      LudState s = (LudState) g.initialState();
      int[] joint = new int[g.roleCount()];
      while (s.v[Slot.PENDING] > 0) {
        for (int r = 0; r < joint.length; r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
        }
        g.apply(s, joint, null);
      }
      for (int p = 0; p < 2; p++) {
        int h = places.indexOf("(hand p" + (p + 1) + ")");
        List<String> hand = new java.util.ArrayList<>();
        for (int w = 0; w < s.words; w++) {
          for (long m = s.places[h * s.words + w]; m != 0; m &= m - 1) {
            hand.add(g.cardText(w << 6 | Long.numberOfTrailingZeros(m)));
          }
        }
        assertThat(hand).hasSize(60);
        int pin = Math.min(copies(hand, "(card queen spades)"), copies(hand, "(card jack diamonds)"));
        int royal = Math.min(copies(hand, "(card king hearts)"), copies(hand, "(card queen hearts)"));
        int around = 3;
        for (String suit : List.of("clubs", "diamonds", "hearts", "spades")) {
          around = Math.min(around, copies(hand, "(card ace " + suit + ")"));
        }
        String who = "[p" + (p + 1) + "]";
        assertThat(var(g, s, "Split" + who))
            .isEqualTo(Math.min(copies(hand, "(card 10 diamonds)"), copies(hand, "(card 5 spades)")));
        assertThat(var(g, s, "Pin" + who)).isEqualTo(pin);
        assertThat(var(g, s, "Royal" + who)).isEqualTo(royal);
        assertThat(var(g, s, "Aces" + who)).isEqualTo(aces[around]);
        seen[pin]++;
        seenSplit[var(g, s, "Split" + who)]++;
      }
    }
    // Every count occurs, 0 to 3 copies.
    assertThat(Arrays.stream(seen).min().orElseThrow()).isPositive();
    assertThat(Arrays.stream(seenSplit).min().orElseThrow()).isPositive();
  }

  static int var(CompiledGame g, LudState s, String name) {
    return s.v[g.layout.vars + g.varNames.indexOf(name)];
  }

  @Test
  void pointsNeedOneValueForEveryNumberOfCopies() {
    assertThatThrownBy(() -> new LudLoader().load("melds.lud", game("{10 100}"), Map.of()))
        .hasMessageContaining("melds.lud:15:62:")
        .hasMessageContaining("points: gives 2 values; the deck has up to 3 copies of a card");
  }
}
