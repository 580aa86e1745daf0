package veil.ai.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.games.MontyHall;
import veil.ai.games.WithSampler;
import veil.ai.sample.Belief;
import veil.ai.sample.GeneralDeterminizer;
import veil.model.Game;

/**
 * A decision whose worlds come from the general sampler's bag of particles (an approximation of the belief) is
 * counted in the match record, per role, so that an arena can say how often play rested on it; an exact belief
 * counts nothing.
 */
class ApproximateBeliefTest {
  @Test
  void decisionsOnTheBagOfParticlesAreCountedAndExactOnesAreNot() {
    for (String agent : List.of("so-ismcts", "pimc", "mo-ismcts", "hp-ismcts", "so-ismcts:infer=4")) {
      // Exact filtering for the first step only, then the bag: the player's second decision rests on the bag.
      MatchRecord bag = play(WithSampler.general(new MontyHall(5, true), Belief.Limits.rejectionOnly(100_000)
          .exactSteps(1).withParticles(50)), agent);
      MatchRecord exact = play(new MontyHall(5, true), agent);
      assertThat(bag.failure()).isNull();
      assertThat(exact.failure()).isNull();
      assertThat(bag.approximate()[1]).as(agent).isPositive().isLessThanOrEqualTo(bag.decisions()[1]);
      assertThat(exact.approximate()).as(agent).containsOnly(0);
      assertThat(bag.fallbacks()).as(agent).containsOnly(0);
    }
  }

  private static MatchRecord play(Game game, String agent) {
    return MatchRunner.play(game, List.of(Agents.create(agent), Agents.create(agent)), 7, Budget.iterations(40));
  }
}
