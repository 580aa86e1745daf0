package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * Hands hidden from their own owner ({@code (hand Each visible:None)}): the observer does not see the card it plays,
 * but its move names it. The case {@link RandomCardGamesTest} shrank to (2 players, 3 suits x 3 ranks, 4 cards
 * each, tricks, hands and table visible:None, won piles visible to their owner, an up card), played through: at
 * every step each player's samples must replay to its observation and the sampler must never fail. Before the fix
 * the observer's own plays were anonymous hidden moves: the analysis found no witness once a play needed the card
 * in the hand (a sample failed mid-game here), and draws were rejected unless they guessed the card.
 */
class HiddenOwnHandTest {
  static final RandomCardGamesTest.Spec SHRUNK = new RandomCardGamesTest.Spec(2, 3, 3, 4, true, "None", "None",
      "Owner", "All", false, true, false, false, false, 0L);

  @Test
  void samplesOfAHandHiddenFromItsOwnerReplayToTheObservation() {
    String text = SHRUNK.text();
    CompiledGame g = Play.compile("generated", text);
    assertThat(CardSampler.supports(g)).as(text).isTrue();
    CardSampler sampler = new CardSampler(g);
    SplittableRandom playRng = new SplittableRandom(SHRUNK.seed());
    SplittableRandom rng = new SplittableRandom(~SHRUNK.seed());
    Play.Game play = new Play.Game(g);
    int points = 0;
    while (!play.over()) {
      play.step(playRng);
      for (int p = 0; p < g.players; p++) {
        Observation obs = play.observations[p].copy();
        for (int k = 0; k < 3; k++) {
          int[][] history = sampler.sampleHistory(obs, rng);
          assertThat(history).as("p%d step %d of\n%s\n%s", p + 1, obs.length(), text, sampler.stats()).isNotNull();
          Play.replayChecked(g, history, obs);
          LudState out = g.initialState();
          assertThat(sampler.sample(obs, rng, out)).as(text).isTrue();
        }
        points++;
      }
    }
    assertThat(points).isGreaterThan(2 * SHRUNK.perHand() * SHRUNK.players());
    assertThat(sampler.stats().failures.sum()).as("%s", sampler.stats()).isZero();
    assertThat(sampler.stats().analysisFailures.sum()).as("%s", sampler.stats()).isZero();
    assertThat(sampler.stats().structureMismatches.sum()).as("%s", sampler.stats()).isZero();
  }
}
