package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.model.MoveList;
import veil.model.State;

/**
 * Card filters that depend only on the card are folded into masks when a game compiles; filters that read the
 * state or the mover must not be. Each game here is played until every player has had a choice, and the moves
 * listed must be those the filter allows in that state.
 */
class FoldingTest {
  private static CompiledGame game(String filter) throws Exception {
    String text = """
        (game "Filter"
          (players 2)
          (bound 40)
          (equipment {(deck "Deck" numbers:{1..8}) (hand Each) (pile "Out" visible:All)})
          (rules
            (start {(shuffle "Deck") (deal 4 to:(hand Each))})
            (play (move to:(pile "Out") cards:(cards (hand Mover) if:%s)))
            (end (if (= (count (pile "Out")) 4) (byScore (count (hand Player)))))))
        """.formatted(filter);
    return new LudLoader().load("filter.lud", text, Map.of());
  }

  /** The numbers of the cards a player may move, and of the cards in its hand, at the first turns of a game. */
  private static List<int[]> turns(CompiledGame g, long seed) {
    State s = g.initialState();
    SplittableRandom rng = new SplittableRandom(seed);
    MoveList moves = new MoveList();
    int[] joint = new int[g.roleCount()];
    List<int[]> out = new ArrayList<>();
    while (!g.isTerminal(s) && out.size() < 6) {
      boolean dealing = g.isDealing((veil.ludeme.LudState) s);
      if (!dealing) {
        int mover = ((veil.ludeme.LudState) s).v[veil.ludeme.Slot.MOVER];
        g.legalMoves(s, mover, moves);
        int[] allowed = new int[moves.size() + 1];
        allowed[0] = mover;
        for (int i = 0; i < moves.size(); i++) {
          allowed[i + 1] = Integer.parseInt(g.moveText(mover, moves.get(i)).replaceAll("\\D+", " ").trim());
        }
        out.add(allowed);
      }
      if (g.randomJointMove(s, rng, joint, moves) >= 0) {
        break;
      }
      g.apply(s, joint, null);
    }
    return out;
  }

  @Test
  void aFilterOfTheCardAloneAllowsTheSameCardsForEveryPlayer() throws Exception {
    for (long seed = 1; seed <= 20; seed++) {
      for (int[] t : turns(game("(> (number Card) 4)"), seed)) {
        for (int i = 1; i < t.length; i++) {
          assertThat(t[i]).isGreaterThan(4);
        }
      }
    }
  }

  @Test
  void aFilterNamingTheMoverIsEvaluatedForEachMover() throws Exception {
    // Player 1 may move odd numbers, player 2 even ones: folding with one mover would give both the same set.
    boolean sawBoth = false;
    boolean[] sawMover = new boolean[2];
    for (long seed = 1; seed <= 20; seed++) {
      for (int[] t : turns(game("(= (- (number Card) (* 2 (/ (number Card) 2))) (- 1 Mover))"), seed)) {
        sawMover[t[0]] |= t.length > 1;
        for (int i = 1; i < t.length; i++) {
          assertThat(t[i] % 2).as("mover %d may move %d", t[0], t[i]).isEqualTo(t[0] == 0 ? 1 : 0);
        }
      }
    }
    sawBoth = sawMover[0] && sawMover[1];
    assertThat(sawBoth).as("both players had cards to move").isTrue();
  }

  @Test
  void aFilterReadingTheStateFollowsTheState() throws Exception {
    // Only cards numbered above the count of cards already out: the allowed set shrinks as the game goes on.
    for (long seed = 1; seed <= 20; seed++) {
      int out = 0;
      for (int[] t : turns(game("(> (number Card) (count (pile \"Out\")))"), seed)) {
        for (int i = 1; i < t.length; i++) {
          assertThat(t[i]).isGreaterThan(out);
        }
        out++;
      }
    }
  }
}
