package veil.ai.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.games.MontyHall;
import veil.ai.sample.Belief;
import veil.ai.sample.GeneralDeterminizer;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

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
      MatchRecord bag = play(new WithSampler(new MontyHall(5, true), Belief.Limits.rejectionOnly(100_000)
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

  /** A game as it is, whose sampler is a general one with the given limits. */
  private static final class WithSampler implements Game {
    private final Game g;
    private final Determinizer sampler;

    WithSampler(Game g, Belief.Limits limits) {
      this.g = g;
      this.sampler = new GeneralDeterminizer(g, limits);
    }

    @Override
    public Determinizer determinizer() {
      return sampler;
    }

    @Override
    public String name() {
      return g.name();
    }

    @Override
    public String description() {
      return g.description();
    }

    @Override
    public int roleCount() {
      return g.roleCount();
    }

    @Override
    public String roleName(int role) {
      return g.roleName(role);
    }

    @Override
    public int randomRole() {
      return g.randomRole();
    }

    @Override
    public int stepBound() {
      return g.stepBound();
    }

    @Override
    public State initialState() {
      return g.initialState();
    }

    @Override
    public boolean isTerminal(State s) {
      return g.isTerminal(s);
    }

    @Override
    public void legalMoves(State s, int role, MoveList out) {
      g.legalMoves(s, role, out);
    }

    @Override
    public int randomLegalMove(State s, int role, SplittableRandom rng, MoveList scratch) {
      return g.randomLegalMove(s, role, rng, scratch);
    }

    @Override
    public void apply(State s, int[] joint, Percepts percepts) {
      g.apply(s, joint, percepts);
    }

    @Override
    public int goal(State s, int role) {
      return g.goal(s, role);
    }

    @Override
    public String moveText(int role, int move) {
      return g.moveText(role, move);
    }

    @Override
    public String perceptText(int role, int percept) {
      return g.perceptText(role, percept);
    }

    @Override
    public String render(State s, int viewer) {
      return g.render(s, viewer);
    }
  }
}
