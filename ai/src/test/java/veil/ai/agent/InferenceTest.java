package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.games.MiniTricks;
import veil.ai.sample.Belief;
import veil.ai.sample.GeneralDeterminizer;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

class InferenceTest {
  /** P1's observation of a random Mini Tricks game after {@code steps} steps. */
  static Observation observation(MiniTricks game, long seed, int steps) {
    SplittableRandom rng = new SplittableRandom(seed);
    State s = game.initialState();
    Percepts p = new Percepts(game.roleCount());
    MoveList ml = new MoveList();
    Observation obs = new Observation(MiniTricks.P1);
    for (int t = 0; t < steps && !game.isTerminal(s); t++) {
      int[] joint = new int[game.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(s, r, ml);
        joint[r] = ml.get(rng.nextInt(ml.size()));
      }
      game.apply(s, joint, p);
      obs.add(joint[MiniTricks.P1], p.sorted(MiniTricks.P1));
    }
    return obs;
  }

  @Test
  void theOpponentModelReweightsTheWorldsAndAFlatModelDoesNot() {
    MiniTricks game = new MiniTricks();
    int checked = 0;
    int reweighted = 0;
    for (long seed = 0; seed < 20 && checked < 5; seed++) {
      // After the deal (6 steps) and the first trick: P2 has played a card P1 saw.
      Observation obs = observation(game, seed, 8);
      if (obs.length() < 8 || Belief.build(game, obs, Belief.Limits.EXACT).size() < 3) {
        continue;
      }
      GeneralDeterminizer sampler = new GeneralDeterminizer(game);
      // Infinite temperature: every move equally likely, as the sampler assumes; the weights stay equal.
      Inference flat = new Inference(game, MiniTricks.P1, 400, 2, 1e12);
      assertThat(flat.build(obs, sampler, new SplittableRandom(seed))).isZero();
      assertThat(flat.effectiveSize()).isGreaterThan(399.9);
      // The playout model prefers some cards to others: where P2 chose, the worlds' weights differ.
      Inference inf = new Inference(game, MiniTricks.P1, 400, 2, 0.1);
      assertThat(inf.build(obs, sampler, new SplittableRandom(seed))).isZero();
      assertThat(inf.size()).isEqualTo(400);
      // (Where P2's card was forced, or its choices score alike, they stay equal.)
      reweighted += inf.effectiveSize() < 380 ? 1 : 0;
      // Every world drawn from the pool is in P1's information set.
      Belief exact = Belief.build(game, obs, Belief.Limits.EXACT);
      State out = game.initialState();
      SplittableRandom rng = new SplittableRandom(seed);
      for (int k = 0; k < 200; k++) {
        inf.pick(rng, out);
        assertThat(exact.indexOf(out)).isNotNegative();
      }
      checked++;
    }
    assertThat(checked).isEqualTo(5);
    assertThat(reweighted).isGreaterThanOrEqualTo(2);
  }
}
