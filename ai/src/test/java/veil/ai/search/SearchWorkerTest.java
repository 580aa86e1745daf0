package veil.ai.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.games.ExplodingBomb;
import veil.ai.games.MiniTricks;
import veil.ai.sample.GeneralDeterminizer;
import veil.model.Observation;
import veil.model.State;

class SearchWorkerTest {
  /** The bomb agent's observation after random armed a wire: nothing seen. */
  static Observation afterArming() {
    Observation obs = new Observation(ExplodingBomb.AGENT);
    obs.add(-1, new int[0]);
    return obs;
  }

  static SearchWorker run(SearchWorker.Mode mode, int iterations) {
    ExplodingBomb game = new ExplodingBomb();
    SearchWorker w = new SearchWorker(game, ExplodingBomb.AGENT, mode, 0.7);
    SplittableRandom rng = new SplittableRandom(1);
    w.setRandom(rng);
    GeneralDeterminizer d = new GeneralDeterminizer(game);
    State world = game.initialState();
    Observation obs = afterArming();
    for (int i = 0; i < iterations; i++) {
      assertThat(d.sample(obs, rng, world)).isTrue();
      w.iterate(world, 1);
    }
    return w;
  }

  @Test
  void informationSetTreesValueAskingAtNinety() {
    for (SearchWorker.Mode mode : new SearchWorker.Mode[] {SearchWorker.Mode.SO_ISMCTS, SearchWorker.Mode.MO_ISMCTS}) {
      SearchTree t = run(mode, 3000).searcherTree();
      // After "ask" the percept splits the tree (red / blue), so the cut is right but for exploration: ~0.9.
      assertThat(t.meanReward(SearchTree.ROOT, ExplodingBomb.AGENT, ExplodingBomb.ASK)).isCloseTo(0.9, within(0.02));
      // After "noop" both colours share one node: cutting is a coin flip, worth about 0.5.
      assertThat(t.meanReward(SearchTree.ROOT, ExplodingBomb.AGENT, -1)).isBetween(0.3, 0.7);
      assertThat(t.visits(SearchTree.ROOT, ExplodingBomb.AGENT, ExplodingBomb.ASK))
          .isGreaterThan(t.visits(SearchTree.ROOT, ExplodingBomb.AGENT, -1));
    }
  }

  @Test
  void aTreeStopsGrowingAtItsNodeCap() {
    MiniTricks game = new MiniTricks();
    SearchWorker w = new SearchWorker(game, MiniTricks.P1, SearchWorker.Mode.UCT, 0.7);
    w.setRandom(new SplittableRandom(2));
    w.setMaxNodes(50);
    State root = game.initialState();
    State world = game.initialState();
    for (int i = 0; i < 2000; i++) {
      world.copyFrom(root);
      w.iterate(world, 0);
    }
    assertThat(w.nodeCount()).isEqualTo(50);
    w.clear();
    assertThat(w.nodeCount()).isEqualTo(1);
  }
}
