package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;

/**
 * A card-sampler analysis that fails part-way (Go Fish, whose "go fish" answers the token model cannot hold) must
 * leave the sampler able to take the next, longer observation: it used to compare that observation with a copy of
 * fewer steps than it had analysed and threw {@code IndexOutOfBoundsException: step N of an observation of N steps}
 * (the arena crash of issue 12).
 */
class FailedAnalysisTest {
  @Test
  void aLongerObservationAfterAFailedAnalysisIsAnsweredNotACrash() throws Exception {
    CompiledGame g;
    try (InputStream in = FailedAnalysisTest.class.getResourceAsStream("/veil/games/lud/go-fish.lud")) {
      g = new LudLoader().load("go-fish.lud", new String(in.readAllBytes(), StandardCharsets.UTF_8), Map.of());
    }
    // Analyses fail less often since the sampler learns from asks, and seldom since it repairs its witnesses: the
    // repairs (and the search, their last resort) are left out here so that they fail; every seat in turn, until the case happened.
    long failures = 0;
    int failedThenAsked = 0;
    for (int seed = 0; seed < 16 && (failures == 0 || failedThenAsked == 0); seed++) {
      int[] r = aGame(g, seed, seed % g.players);
      failures += r[0];
      failedThenAsked += r[1];
    }
    assertThat(failures).as("the case this test is about happened").isPositive();
    assertThat(failedThenAsked).isPositive();
  }

  private static int[] aGame(CompiledGame g, long seed, int observer) {
    CardSampler sampler = new CardSampler(g);
    sampler.options.repairWitnesses = false;
    sampler.options.swapWitnesses = false;
    sampler.options.searchWitnesses = false;
    SplittableRandom play = new SplittableRandom(seed);
    SplittableRandom rng = new SplittableRandom(1);
    var s = g.initialState();
    MoveList moves = new MoveList();
    Percepts percepts = new Percepts(g.roleCount());
    Observation obs = new Observation(observer);
    int failedThenAsked = 0;
    boolean failed = false;
    while (!g.isTerminal(s) && obs.length() < 150) {
      int[] joint = new int[g.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(s, r, moves);
        joint[r] = moves.get(play.nextInt(moves.size()));
      }
      g.apply(s, joint, percepts);
      obs.add(joint[observer], percepts.sorted(observer));
      if (failed) {
        failedThenAsked++;
      }
      if (obs.length() % 7 != 0) {
        continue;
      }
      // As an agent asks at its decisions: a copy of its observation, several steps longer than the last one.
      int[][] history = sampler.sampleHistory(obs.copy(), rng);
      failed |= history == null;
      if (history != null) {
        assertThat(veil.ai.sample.SamplerCheck.mismatch(g, obs, history)).isNull();
      }
    }
    return new int[] {(int) sampler.stats().analysisFailures.sum(), failed ? failedThenAsked : 0};
  }
}
