package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import veil.ai.Agent;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.SearchStats;
import veil.ai.games.MiniTricks;
import veil.ai.match.MatchRunner;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;

/**
 * A time budget on the CPU clock gives each decision its CPU time whatever else runs on the machine; the wall clock
 * gives it only the share of a core the scheduler grants. Busy threads (more than the cores) compete with the search
 * here, so a wall-clock deadline would leave the search with well under its budget of CPU time.
 */
class CpuClockTest {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final long BUDGET_MS = 25;

  /** Records the calling thread's CPU time spent in each decision of the agent it wraps. */
  private static final class Timed implements Agent {
    final Agent inner;
    final List<Long> cpuNanos = new ArrayList<>();

    Timed(Agent inner) {
      this.inner = inner;
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public void start(Game game, int role, long seed) {
      inner.start(game, role, seed);
    }

    @Override
    public SearchStats lastStats() {
      return inner.lastStats();
    }

    @Override
    public int choose(Observation obs, MoveList legal, Budget budget) {
      long t0 = THREADS.getCurrentThreadCpuTime();
      int move = inner.choose(obs, legal, budget);
      if (legal.size() > 1) {
        cpuNanos.add(THREADS.getCurrentThreadCpuTime() - t0);
      }
      return move;
    }
  }

  @Test
  void eachDecisionGetsItsCpuTimeUnderLoad() throws InterruptedException {
    assertThat(THREADS.isCurrentThreadCpuTimeSupported()).isTrue();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> busy = new ArrayList<>();
    for (int i = 0; i < Runtime.getRuntime().availableProcessors() * 2; i++) {
      Thread t = new Thread(() -> {
        long x = 0;
        while (!stop.get()) {
          x += System.nanoTime() & 1;
        }
        if (x == 42) {
          System.out.print("");
        }
      });
      t.setDaemon(true);
      t.start();
      busy.add(t);
    }
    try {
      for (String spec : List.of("so-ismcts", "pimc")) {
        Game game = new MiniTricks();
        List<Player> players = new ArrayList<>();
        List<Timed> timed = new ArrayList<>();
        for (int i = 0; i < MatchRunner.seatRoles(game).length; i++) {
          Timed t = new Timed((Agent) Agents.create(spec));
          timed.add(t);
          players.add(t);
        }
        MatchRunner.play(game, players, 3, Budget.cpuMillis(BUDGET_MS));
        long decisions = 0;
        long total = 0;
        for (Timed t : timed) {
          for (long ns : t.cpuNanos) {
            // The deadline is on this thread's CPU clock, so a decision never ends before its budget of CPU.
            assertThat(ns).as(spec).isGreaterThanOrEqualTo(BUDGET_MS * 1_000_000L);
            decisions++;
            total += ns;
          }
        }
        assertThat(decisions).as(spec + " decisions").isPositive();
        // Nor does it run on much past it (the check is per iteration).
        assertThat(total / decisions).as(spec + " mean CPU per decision").isLessThan(3 * BUDGET_MS * 1_000_000L);
      }
    } finally {
      stop.set(true);
      for (Thread t : busy) {
        t.join();
      }
    }
  }

  @Test
  void aCpuClockIsOnlyForTimeBudgets() {
    assertThat(Budget.cpuMillis(5).cpuClock()).isTrue();
    assertThat(Budget.cpuMillis(5).withThreads(2).cpuClock()).isTrue();
    assertThat(Budget.millis(5).cpuClock()).isFalse();
    assertThat(Budget.cpuMillis(5).toString()).isEqualTo("5 ms of CPU");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Budget(10, 0, 1, true))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
