package veil.cards;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;

/**
 * pokerRank on card sets of two words (two decks, 104 cards): the value of each showdown hand equals the value the
 * one-word evaluator gives the same faces, on hands without two copies of one card.
 */
class PokerRankWordsTest {
  static final String GAME = """
      (game "Two-deck Hold'em"
        (players 2)
        (bound 60)
        (equipment {(deck "Deck" copies:2) (hand Each) (spot "Board") (pot blinds:{1 2})})
        (rules
          (start {(shuffle "Deck") (deal 2 to:(hand Each))})
          (play (bet sizes:{2 2 4 4} cap:4 first:P2
                     between:{(deal 3 to:(spot "Board")) (deal 1 to:(spot "Board")) (deal 1 to:(spot "Board"))}))
          (end (if (handOver) (showdown (pokerRank (union (hand Player) (spot "Board"))) range:-50..50)))))
      """;

  @Test
  void twoWordsGiveTheOneWordValueOfTheSameFaces() throws Exception {
    CompiledGame g = (CompiledGame) new LudLoader().load("two-deck.lud", GAME, Map.of());
    CardTable.Frozen t = g.cards;
    assertThat(CardTable.wordsFor(t.count())).isEqualTo(2);
    PokerRank.Evaluator big = new PokerRank.Evaluator(t.rank(), t.suit(), t.suitMask(), t.suitNames().length,
        t.rankNames().length);
    // the faces (first copies) as a 52-card deck of one word
    int[] rank52 = new int[52];
    int[] suit52 = new int[52];
    long[] mask52 = new long[t.suitNames().length];
    int[] faceIndex = new int[t.count()];
    Map<Integer, Integer> index = new HashMap<>();
    for (int c = 0; c < t.count(); c++) {
      int f = t.face()[c];
      if (!index.containsKey(f)) {
        int k = index.size();
        index.put(f, k);
        rank52[k] = t.rank()[c];
        suit52[k] = t.suit()[c];
        mask52[t.suit()[c]] |= 1L << k;
      }
      faceIndex[c] = index.get(f);
    }
    assertThat(index).hasSize(52);
    PokerRank.Evaluator small = new PokerRank.Evaluator(rank52, suit52, mask52, t.suitNames().length,
        t.rankNames().length);
    List<String> places = Arrays.asList(g.places.text());
    int board = places.indexOf("board");
    SplittableRandom rng = new SplittableRandom(3);
    MoveList ml = new MoveList();
    int compared = 0;
    int secondWord = 0;
    for (int i = 0; i < 1500; i++) {
      LudState s = (LudState) g.initialState();
      int[] joint = new int[g.roleCount()];
      while (!g.isTerminal(s)) { // random deals, the players check or call to the showdown
        for (int r = 0; r < joint.length; r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
          for (int k = 0; k < ml.size(); k++) {
            String move = g.moveText(r, ml.get(k));
            if (move.equals("call") || move.equals("check")) {
              joint[r] = ml.get(k);
            }
          }
        }
        g.apply(s, joint, null);
      }
      for (String hand : List.of("(hand p1)", "(hand p2)")) {
        int h = places.indexOf(hand);
        CardsExpr cards = (st, w) -> st.places[h * st.words + w] | st.places[board * st.words + w];
        long faces = 0;
        boolean copy = false;
        for (int w = 0; w < s.words; w++) {
          secondWord += w == 1 && cards.eval(s, w) != 0 ? 1 : 0;
          for (long m = cards.eval(s, w); m != 0; m &= m - 1) {
            long bit = 1L << faceIndex[w << 6 | Long.numberOfTrailingZeros(m)];
            copy |= (faces & bit) != 0;
            faces |= bit;
          }
        }
        if (copy) {
          continue;
        }
        assertThat(Long.bitCount(faces)).isEqualTo(7);
        assertThat(big.rank(cards, s)).isEqualTo(small.rank(faces));
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(2000);
    assertThat(secondWord).isGreaterThan(1000);
  }
}
