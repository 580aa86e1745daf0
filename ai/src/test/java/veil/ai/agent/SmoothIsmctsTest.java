package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.games.KuhnPoker;
import veil.ai.games.MiniTricks;
import veil.ai.search.SearchWorker;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/** smooth-ismcts's parameters and the observation keys its trees are keyed by. */
class SmoothIsmctsTest {
  @Test
  void itsParametersAreChecked() {
    assertThat(Agents.create("smooth-ismcts:eta=0.5:target=0.3:root=start:c=0.2").name())
        .isEqualTo("smooth-ismcts:eta=0.5:target=0.3:root=start:c=0.2");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:eta=0")).hasMessageContaining("eta must be a number in (0,1]");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:eta=1.5")).hasMessageContaining("eta must be");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:target=1")).hasMessageContaining("target must be");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:target=0")).hasMessageContaining("target must be");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:root=later")).hasMessageContaining("root must be start or now");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:final=max")).hasMessageContaining("bad parameter");
    assertThatThrownBy(() -> Agents.create("smooth-ismcts:reuse=2")).hasMessageContaining("bad parameter");
  }

  /**
   * The key the search builds step by step from the percepts (in any order, with duplicates) equals the key of the
   * observation, for every role along random games; and two different observations get different keys.
   */
  @Test
  void theStepwiseKeyIsTheKeyOfTheObservation() {
    for (Game game : new Game[] {new KuhnPoker(), new MiniTricks()}) {
      SplittableRandom rng = new SplittableRandom(5);
      java.util.Set<java.util.List<Long>> keys = new java.util.HashSet<>();
      java.util.Set<Observation> seen = new java.util.HashSet<>();
      for (int g = 0; g < 50; g++) {
        State s = game.initialState();
        Percepts percepts = new Percepts(game.roleCount());
        Observation[] obs = new Observation[game.roleCount()];
        long[] step = new long[game.roleCount()];
        for (int r = 0; r < obs.length; r++) {
          obs[r] = new Observation(r);
          step[r] = SearchWorker.OBSERVATION_SEED;
        }
        int[] joint = new int[game.roleCount()];
        MoveList ml = new MoveList();
        int[] buf = new int[64];
        while (!game.isTerminal(s)) {
          for (int r = 0; r < joint.length; r++) {
            game.legalMoves(s, r, ml);
            joint[r] = ml.get(rng.nextInt(ml.size()));
          }
          game.apply(s, joint, percepts);
          for (int r = 0; r < obs.length; r++) {
            obs[r].add(joint[r], percepts.sorted(r));
            step[r] = SearchWorker.observationStep(step[r], joint[r], percepts, r, buf);
            assertThat(step[r]).isEqualTo(SearchWorker.observationKey(obs[r]));
            if (seen.add(obs[r].copy())) {
              assertThat(keys.add(java.util.List.of((long) r, step[r]))).as("a new observation gets a new key").isTrue();
            }
          }
        }
      }
      assertThat(seen.size()).isGreaterThan(20);
    }
  }
}
