package veil.ai.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.Agent;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.games.ExplodingBomb;
import veil.ai.games.KuhnPoker;
import veil.ai.games.MatchingPennies;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

class MatchRunnerTest {
  /** Records what it is shown; plays its first legal move (or a fixed move when told to). */
  static final class Recorder implements Agent {
    final List<Observation> seen = new ArrayList<>();
    final List<int[]> legals = new ArrayList<>();
    final int forced;

    Recorder(int forced) {
      this.forced = forced;
    }

    @Override
    public String name() {
      return "recorder";
    }

    @Override
    public void start(Game game, int role, long seed) {}

    @Override
    public int choose(Observation obs, MoveList legal, Budget budget) {
      seen.add(obs.copy());
      legals.add(legal.toArray());
      obs.add(12345, new int[] {1}); // an agent scribbling on its copy must not disturb the runner
      return forced != Integer.MIN_VALUE ? forced : legal.get(0);
    }
  }

  @Test
  void anHonestAgentSeesItsObservationAndLegalMovesOnly() {
    Recorder p1 = new Recorder(Integer.MIN_VALUE);
    MatchRecord rec = MatchRunner.play(new KuhnPoker(), List.of(p1, Agents.create("random")), 4, Budget.iterations(1));
    assertThat(rec.failure()).isNull();
    // p1 is asked first after the deal: it knows the deal step (its own noop, its card) and nothing else.
    Observation first = p1.seen.get(0);
    assertThat(first.length()).isEqualTo(1);
    assertThat(first.move(0)).isEqualTo(-1);
    assertThat(first.percepts(0)).hasSize(1);
    int card = rec.joints()[0][0] / 3;
    assertThat(first.percepts(0)).containsExactly(100 + card);
    assertThat(p1.legals.get(0)).containsExactly(KuhnPoker.PASS, KuhnPoker.BET);
    // The runner's own record is intact despite the scribbling.
    assertThat(Replay.observation(new KuhnPoker(), rec.joints(), 1, 1)).isEqualTo(first);
  }

  @Test
  void anIllegalMoveIsReportedAsAnAgentFailure() {
    MatchRecord rec = MatchRunner.play(new ExplodingBomb(), List.of(new Recorder(77)), 1, Budget.iterations(1));
    assertThat(rec.failed()).isTrue();
    assertThat(rec.failure()).contains("illegal move").contains("recorder");
    assertThat(rec.scores()).isNull();
  }

  /** A game that never ends: the runner must stop at the step bound. */
  static final class Endless extends veil.ai.games.TestGame {
    @Override
    public String name() {
      return "Endless";
    }

    @Override
    public int roleCount() {
      return 1;
    }

    @Override
    public String roleName(int role) {
      return "p";
    }

    @Override
    public int randomRole() {
      return -1;
    }

    @Override
    public int stepBound() {
      return 5;
    }

    @Override
    public State initialState() {
      return new veil.ai.games.IntState(0);
    }

    @Override
    public boolean isTerminal(State s) {
      return false;
    }

    @Override
    public void legalMoves(State s, int role, MoveList out) {
      out.clear();
      out.add(0);
      out.add(1);
    }

    @Override
    public void apply(State s, int[] joint, veil.model.Percepts p) {
      if (p != null) {
        p.clear();
      }
      a(s)[0]++;
    }

    @Override
    public int goal(State s, int role) {
      return 0;
    }
  }

  @Test
  void ruleFailuresAreReportedNotThrown() {
    MatchRecord rec = MatchRunner.play(new Endless(), List.of(Agents.create("random")), 1, Budget.iterations(10));
    assertThat(rec.failure()).contains("step bound");
    assertThat(rec.steps()).isEqualTo(5);
    // A search agent hits the bound inside its playouts: reported as that agent's failure, with the cause.
    MatchRecord searched =
        MatchRunner.play(new Endless(), List.of(Agents.create("so-ismcts")), 1, Budget.iterations(10));
    assertThat(searched.failure()).contains("step bound");
  }

  @Test
  void simultaneousMovesAreAskedOfBothRoles() {
    Recorder a = new Recorder(Integer.MIN_VALUE);
    Recorder b = new Recorder(Integer.MIN_VALUE);
    MatchRecord rec = MatchRunner.play(new MatchingPennies(), List.of(a, b), 1, Budget.iterations(1));
    assertThat(rec.failure()).isNull();
    assertThat(a.seen).hasSize(1);
    assertThat(b.seen).hasSize(1);
    assertThat(rec.scores()).containsExactly(1.0, 0.0);
  }

  @Test
  void replayPrintsEveryRolesView() {
    KuhnPoker game = new KuhnPoker();
    MatchRecord rec = MatchRunner.play(game, List.of(Agents.create("random"), Agents.create("random")), 8,
        Budget.iterations(1));
    StringBuilder all = new StringBuilder();
    Replay.print(game, rec.joints(), -1, all);
    assertThat(all.toString()).contains("p1 sees:").contains("p2 sees:").contains("(deal ");
    StringBuilder one = new StringBuilder();
    Replay.print(game, rec.joints(), 1, one);
    assertThat(one.toString()).contains("p1 sees:").doesNotContain("p2 sees:");
  }
}
