package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.model.Observation;

/**
 * The analysis of a long Go Fish observation needs a witness history for every step, and the token walk alone
 * (SOME facts designated at random, no look-ahead) stops finding one once a hand has been asked about many ranks:
 * in the three-player game of seed 7 every player's analysis failed by step 121, and the sampler then declined every
 * later decision of that player. The witness repair (a local search over the assignment, {@code
 * Worker.repairWitness}) finds one. Without it ({@link Worker#repairWitnesses} false) some of them fail,
 * so the test is about the repair. Where the sampler answers, its history replays to the observation.
 */
class GoFishWitnessTest {
  private static final int STEPS = 121;

  @Test
  void longObservationsAreAnalysedWithTheRepairAndNotWithout() throws Exception {
    CompiledGame g = LudLoader.compile("go-fish.lud", Files.readString(Play.LUD.resolve("go-fish.lud")),
        Map.of("Players", "3"));
    assertThat(g.players).isEqualTo(3);
    Play.Game play = new Play.Game(g);
    SplittableRandom rng = new SplittableRandom(7);
    while (play.steps() < STEPS) {
      assertThat(play.over()).isFalse();
      play.step(rng);
    }
    int withRepair = 0;
    int without = 0;
    for (int p = 0; p < g.players; p++) {
      Observation obs = play.observations[p];
      withRepair += new Worker(g, new CardSampler.Stats()).prepare(obs) ? 1 : 0;
      Worker.repairWitnesses = false;
      try {
        without += new Worker(g, new CardSampler.Stats()).prepare(obs) ? 1 : 0;
      } finally {
        Worker.repairWitnesses = true;
      }
      int[][] h = new CardSampler(g).sampleHistory(obs, new SplittableRandom(p));
      if (h != null) {
        Play.replayChecked(g, h, obs);
      }
    }
    System.out.printf("go fish, 3 players, seed 7, %d steps: analyses that hold %d of %d with the repair, %d "
        + "without%n", STEPS, withRepair, g.players, without);
    assertThat(withRepair).as("analyses with the witness repair").isEqualTo(g.players);
    assertThat(without).as("analyses without it (the case this test is about)").isLessThan(g.players);
  }
}
