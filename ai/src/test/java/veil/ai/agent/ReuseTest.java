package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.games.MiniTricks;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.ai.sample.GeneralDeterminizer;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/** {@code reuse=K}: each world drawn from the information set serves K iterations. */
class ReuseTest {
  /** Mini Tricks whose sampler counts the worlds it draws. */
  static final class Counted implements Game {
    final MiniTricks inner = new MiniTricks();
    final AtomicLong samples = new AtomicLong();
    final Determinizer general = new GeneralDeterminizer(inner);

    @Override
    public Determinizer determinizer() {
      return new Determinizer() {
        @Override
        public boolean sample(Observation observation, SplittableRandom rng, State out) {
          samples.incrementAndGet();
          return general.sample(observation, rng, out);
        }
      };
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public String description() {
      return inner.description();
    }

    @Override
    public int roleCount() {
      return inner.roleCount();
    }

    @Override
    public String roleName(int role) {
      return inner.roleName(role);
    }

    @Override
    public int randomRole() {
      return inner.randomRole();
    }

    @Override
    public int stepBound() {
      return inner.stepBound();
    }

    @Override
    public State initialState() {
      return inner.initialState();
    }

    @Override
    public boolean isTerminal(State s) {
      return inner.isTerminal(s);
    }

    @Override
    public void legalMoves(State s, int role, MoveList out) {
      inner.legalMoves(s, role, out);
    }

    @Override
    public void apply(State s, int[] joint, Percepts percepts) {
      inner.apply(s, joint, percepts);
    }

    @Override
    public int goal(State s, int role) {
      return inner.goal(s, role);
    }

    @Override
    public String moveText(int role, int move) {
      return inner.moveText(role, move);
    }

    @Override
    public String perceptText(int role, int percept) {
      return inner.perceptText(role, percept);
    }

    @Override
    public String render(State s, int viewer) {
      return inner.render(s, viewer);
    }
  }

  private static long[] samplesAndIterations(String spec) {
    Counted game = new Counted();
    List<Player> players = new ArrayList<>();
    for (int i = 0; i < MatchRunner.seatRoles(game).length; i++) {
      players.add(Agents.create(spec));
    }
    MatchRecord rec = MatchRunner.play(game, players, 5, Budget.iterations(500));
    assertThat(rec.failure()).isNull();
    long iterations = 0;
    for (long it : rec.iterations()) {
      iterations += it;
    }
    for (long f : rec.fallbacks()) {
      assertThat(f).isZero();
    }
    return new long[] {game.samples.get(), iterations};
  }

  @Test
  void eachWorldServesKIterations() {
    long[] plain = samplesAndIterations("so-ismcts");
    assertThat(plain[1]).isPositive();
    assertThat(plain[0]).as("a world per iteration").isEqualTo(plain[1]);
    long[] reused = samplesAndIterations("so-ismcts:reuse=5");
    assertThat(reused[1]).isEqualTo(plain[1]); // the same decisions, 500 iterations each
    assertThat(reused[0]).as("a world per 5 iterations").isEqualTo(plain[1] / 5);
    long[] mo = samplesAndIterations("mo-ismcts:reuse=4");
    assertThat(mo[0]).isEqualTo(mo[1] / 4);
  }

  @Test
  void badReuseIsRefused() {
    assertThatThrownBy(() -> Agents.create("so-ismcts:reuse=0")).hasMessageContaining("reuse must be");
    assertThatThrownBy(() -> Agents.create("so-ismcts:reuse=x")).hasMessageContaining("reuse must be");
    assertThatThrownBy(() -> Agents.create("hp-ismcts:reuse=2")).hasMessageContaining("reuse");
    assertThatThrownBy(() -> Agents.create("so-ismcts:infer=10:reuse=2")).hasMessageContaining("do not combine");
    assertThat(Agents.create("so-ismcts:reuse=1").name()).isEqualTo("so-ismcts:reuse=1");
  }
}
