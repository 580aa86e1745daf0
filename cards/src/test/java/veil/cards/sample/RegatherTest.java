package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * Cards seen face up gathered back into the deck and dealt again (Knock-Out Whist's rounds, found by the newcomer
 * trial): the deck then holds known and unknown cards, and chance deals any of them alike. The token walk drops the
 * pins of the deck there ({@link TokenWalk#forgetPins}); the samples must fit the exact posterior at every point of
 * both deals and their play, and the sampler must never fail (with the pins kept, it declined or ran out of
 * draws on most of them).
 */
class RegatherTest {
  static final String REGATHER = """
      (game "Regather"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3 4})
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (vars {(var "Round" 1) (var "Done")})
        (rules
          (start {(shuffle "Deck")})
          (phases {
            (phase "Deal"
              entry:{(forEach Player (moveAll from:(pile "Won" Player) to:(place "Deck")))
                     (shuffle "Deck")
                     (deal 2 to:(hand Each))}
              (play (pass))
              (nextPhase (>= (var "Round") 1) "Play"))
            (phase "Play"
              (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1 afterTrick:(add "Done" 1)))
              (nextPhase (= (var "Done") 2) "Score"))
            (phase "Score"
              entry:{(add "Round" 1) (set "Done" 0)}
              (play (pass))
              (nextPhase (>= (var "Round") 1) "Deal"))})
          (end (if (= (var "Round") 3) (byScore (count (pile "Won" Player)))))))
      """;

  @Test
  void samplesExactlyAfterCardsSeenAreDealtAgain() {
    CompiledGame g = Play.compile("regather", REGATHER);
    assertThat(CardSampler.supports(g)).isTrue();
    int tested = 0;
    for (long seed = 1; seed <= 3; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(rng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2) {
            continue;
          }
          CardSampler sampler = new CardSampler(g);
          SplittableRandom draws = new SplittableRandom(seed * 100 + p);
          int n = 300 * posterior.size();
          Map<LudState, Integer> counts = new HashMap<>();
          for (int i = 0; i < n; i++) {
            LudState out = g.initialState();
            assertThat(sampler.sample(obs, draws, out)).as("p%d step %d: %s", p + 1, obs.length(), sampler.stats())
                .isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          Play.replayChecked(g, sampler.sampleHistory(obs, draws), obs);
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          int df = posterior.size() - 1;
          assertThat(chi).as("seed %d p%d step %d: %d states", seed, p + 1, obs.length(), posterior.size())
              .isLessThan(Posterior.critical(df));
          tested++;
        }
      }
    }
    assertThat(tested).isGreaterThan(10);
  }

}
