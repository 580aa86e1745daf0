package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.games.RuleFailure.Kind;
import veil.model.Game;
import veil.model.GameLoadException;

class SimulatorTest {
  private static Game load(String argument) throws GameLoadException {
    return TestGames.registry().load(argument, Map.of());
  }

  @Test
  void playsHealthyGamesToTheEnd() throws GameLoadException {
    Game counter = load("counter");
    SimulationResult r = new Simulator(counter).run(1, 0, 500, null);
    assertThat(r.ok()).isTrue();
    assertThat(r.failures()).isEmpty();
    assertThat(r.games()).isEqualTo(500);
    assertThat(r.completed()).isEqualTo(500);
    // Adding 1 or 2 a step, a race to 10 lasts 5 to 10 steps; 500 games see nearly the whole range.
    assertThat(r.minLength()).isBetween(5, 6);
    assertThat(r.maxLength()).isBetween(8, 10);
    assertThat(r.meanLength()).isBetween((double) r.minLength(), (double) r.maxLength());
    assertThat(r.totalSteps()).isEqualTo(Math.round(r.meanLength() * 500));
    double[] s = r.meanScores();
    assertThat(s[0] + s[1]).isCloseTo(1.0, within(1e-9));
    assertThat(s[0]).isBetween(0.3, 0.7);
    assertThat(s[2]).isZero();
    assertThat(r.gamesPerSecond()).isPositive();
  }

  @Test
  void theSameSeedGivesTheSameRunAndOtherSeedsOtherRuns() throws GameLoadException {
    Game counter = load("counter-long");
    SimulationResult a = new Simulator(counter).run(42, 0, 300, null);
    SimulationResult b = new Simulator(counter).run(42, 0, 300, null);
    SimulationResult c = new Simulator(counter).run(43, 0, 300, null);
    assertThat(b.totalSteps()).isEqualTo(a.totalSteps());
    assertThat(b.meanScores()).containsExactly(a.meanScores());
    assertThat(c.totalSteps() != a.totalSteps() || c.meanScores()[0] != a.meanScores()[0]).isTrue();
  }

  @Test
  void eachGameOfARunPlaysAsItWouldAlone() throws GameLoadException {
    Game counter = load("counter-long");
    Simulator sim = new Simulator(counter);
    SimulationResult all = sim.run(7, 10, 40, null);
    long steps = 0;
    double p1 = 0;
    for (int i = 10; i < 50; i++) {
      SimulationResult one = sim.run(7, i, 1, null);
      steps += one.totalSteps();
      p1 += one.meanScores()[0];
    }
    assertThat(steps).isEqualTo(all.totalSteps());
    assertThat(p1 / 40).isCloseTo(all.meanScores()[0], within(1e-9));
  }

  @Test
  void gameSeedsDependOnBothMasterSeedAndIndex() {
    assertThat(Simulator.gameSeed(1, 0)).isNotEqualTo(Simulator.gameSeed(1, 1));
    assertThat(Simulator.gameSeed(1, 0)).isNotEqualTo(Simulator.gameSeed(2, 0));
    assertThat(Simulator.gameSeed(1, 5)).isEqualTo(Simulator.gameSeed(1, 5));
  }

  @Test
  void aRoleWithoutLegalMovesIsAFailureThatReplaysAlone() throws GameLoadException {
    Game stuck = load(TestGames.broken("stuck"));
    SimulationResult r = new Simulator(stuck).run(3, 0, 20, null);
    assertThat(r.ok()).isFalse();
    assertThat(r.failureCount()).isEqualTo(20);
    assertThat(r.completed()).isZero();
    RuleFailure f = r.failures().get(7);
    assertThat(f.kind()).isEqualTo(Kind.NO_LEGAL_MOVE);
    assertThat(f.gameIndex()).isEqualTo(7);
    assertThat(f.gameSeed()).isEqualTo(Simulator.gameSeed(3, 7));
    assertThat(f.role()).isEqualTo(1);
    assertThat(f.step()).isBetween(3, 5);
    assertThat(f.message()).startsWith("role p2 has no legal move in a non-terminal state (after the joint move p1: ");
    RuleFailure alone = new Simulator(stuck).run(3, 7, 1, null).failures().get(0);
    assertThat(alone.summary()).isEqualTo(f.summary());
  }

  @Test
  void aGoalOutOfRangeIsAFailure() throws GameLoadException {
    RuleFailure f = new Simulator(load(TestGames.broken("goal"))).run(1, 0, 5, null).failures().get(0);
    assertThat(f.kind()).isEqualTo(Kind.GOAL_OUT_OF_RANGE);
    assertThat(f.message()).matches("goal of p[12] is 150, outside 0..100");
  }

  @Test
  void anExceptionFromTheGameIsAFailureWithItsCause() throws GameLoadException {
    RuleFailure f = new Simulator(load(TestGames.broken("throw"))).run(1, 0, 5, null).failures().get(0);
    assertThat(f.kind()).isEqualTo(Kind.EXCEPTION);
    assertThat(f.cause()).isInstanceOf(IllegalStateException.class);
    assertThat(f.message()).startsWith("the game threw while applying a joint move (the joint move p1: ");
    assertThat(f.message()).matches("(?s).*: java.lang.IllegalStateException: counter broken on purpose at total [67]");
  }

  @Test
  void aGameLongerThanItsStepBoundIsAFailure() throws GameLoadException {
    RuleFailure f = new Simulator(load(TestGames.broken("bound"))).run(1, 0, 5, null).failures().get(0);
    assertThat(f.kind()).isEqualTo(Kind.STEP_BOUND_EXCEEDED);
    assertThat(f.step()).isEqualTo(2);
  }

  @Test
  void statesSharingMutablePartsAreAFailure() throws GameLoadException {
    SimulationResult r = new Simulator(load(TestGames.broken("shared-copy"))).run(1, 0, 5, null);
    assertThat(r.failureCount()).isEqualTo(5);
    assertThat(r.failures()).extracting(RuleFailure::kind).containsOnly(Kind.SHARED_STATE);
  }

  @Test
  void keepsAtMostALimitedNumberOfFailuresButCountsAll() throws GameLoadException {
    SimulationResult r = new Simulator(load(TestGames.broken("stuck"))).run(1, 0, 150, null);
    assertThat(r.failureCount()).isEqualTo(150);
    assertThat(r.failures()).hasSize(Simulator.MAX_FAILURES_KEPT);
  }

  @Test
  void reportsProgressOnLongRuns() throws GameLoadException {
    List<int[]> updates = new ArrayList<>();
    Simulator sim = new Simulator(load("counter-long"));
    // Longer runs until one outlasts a progress interval, whatever the machine's speed.
    int games = 5000;
    while (updates.isEmpty() && games <= 20_000_000) {
      int total = games;
      sim.run(1, 0, total, (done, all, elapsed) -> updates.add(new int[] {done, all, total}));
      games *= 4;
    }
    assertThat(updates).isNotEmpty();
    for (int[] u : updates) {
      assertThat(u[0]).isBetween(1, u[1]);
      assertThat(u[1]).isEqualTo(u[2]);
    }
  }

  @Test
  void thePlayoutLoopAllocatesNothingPerStep() throws GameLoadException {
    Game game = load("counter-long");
    Simulator sim = new Simulator(game);
    sim.run(1, 0, 20_000, null); // warm up
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    SimulationResult r = sim.run(2, 0, 20_000, null);
    long bytes = threads.getThreadAllocatedBytes(thread) - before;
    // Per game: one random generator and the scores array. A race to 40 has about 27 steps, so any allocation per
    // step (16 bytes or more) would show as 400+ bytes per game.
    assertThat(r.meanLength()).isGreaterThan(20);
    assertThat(bytes / 20_000.0).isLessThan(200);
  }
}
