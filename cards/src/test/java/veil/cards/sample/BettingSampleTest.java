package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.Observation;

/**
 * Announced moves (bets, choices every player perceives) in the card sampler: it finds them from their words, and
 * its draws after a betting round and a board card fit the exact posterior; a choice only its mover perceives keeps a
 * game on the general sampler.
 */
class BettingSampleTest {
  static final String LEDUC = """
      (game "Leduc"
        (players 2)
        (bound 30)
        (equipment {
          (deck "Deck" suits:{Spades Hearts} ranks:{Jack Queen King})
          (map "Rank" {(Jack 1) (Queen 2) (King 3)})
          (hand Each)
          (spot "Board")
          (pot ante:1)
        })
        (rules
          (start {(shuffle "Deck") (deal 1 to:(hand Each))})
          (play (bet sizes:{2 4} cap:2 between:{(deal 1 to:(spot "Board"))}))
          (end (if (handOver) (showdown (+ (sum "Rank" (hand Player))
              (if (= (sum "Rank" (hand Player)) (sum "Rank" (spot "Board"))) 10 0)) range:-25..25)))))
      """;

  /** Plays moves by text (every role's one non-noop move per step, deals as "(deal (card …))"). */
  static Play.Game script(CompiledGame g, List<String> moves) {
    Play.Game play = new Play.Game(g);
    MoveList ml = new MoveList();
    int next = 0;
    while (next < moves.size()) {
      int[] joint = new int[g.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(play.state, r, ml);
        if (ml.size() == 1 && ml.get(0) == 0) {
          continue;
        }
        String want = moves.get(next++);
        int found = -1;
        for (int i = 0; i < ml.size(); i++) {
          if (g.moveText(r, ml.get(i)).equals(want)) {
            found = ml.get(i);
          }
        }
        if (found < 0) {
          throw new IllegalStateException(want + " is not legal for " + g.roleName(r));
        }
        joint[r] = found;
      }
      play.step(joint);
    }
    return play;
  }

  @Test
  void afterBetsAndABoardCardTheDrawsFitThePosterior() {
    CompiledGame g = Play.compile("leduc", LEDUC);
    assertThat(CardSampler.supports(g)).isTrue();
    Play.Game play = script(g, List.of("(deal (card king spades))", "(deal (card jack spades))", "bet", "raise",
        "call", "(deal (card queen hearts))", "check", "bet"));
    for (int seat = 0; seat < 2; seat++) {
      Observation obs = play.observations[seat];
      Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
      // the other player's card: any of the four the seat has not seen
      assertThat(posterior).hasSize(4);
      CardSampler sampler = new CardSampler(g);
      SplittableRandom rng = new SplittableRandom(5 + seat);
      Map<LudState, Integer> counts = new HashMap<>();
      int n = 8_000;
      for (int i = 0; i < n; i++) {
        LudState out = g.initialState();
        assertThat(sampler.sample(obs, rng, out)).isTrue();
        counts.merge(out, 1, Integer::sum);
      }
      assertThat(counts.keySet()).isSubsetOf(posterior.keySet());
      double chi = Posterior.chiSquare(posterior, 0, counts, n);
      assertThat(chi).as("seat %d", seat).isLessThan(Posterior.critical(posterior.size() - 1));
    }
  }

  @Test
  void aChoiceOnlyItsMoverPerceivesStaysWithTheGeneralSampler() {
    CompiledGame g = Play.compile("secret", LEDUC.replace("(play (bet sizes:{2 4} cap:2 between:{(deal 1 to:(spot "
        + "\"Board\"))}))", "(play {(bet sizes:{2 4} cap:2) (choose wink visible:Mover)})"));
    assertThat(CardSampler.supports(g)).isFalse();
    assertThat(CardSampler.unsupported(g)).contains("visible:Mover");
  }
}
