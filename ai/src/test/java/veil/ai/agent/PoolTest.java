package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;

/** {@code pool=W}: W worlds drawn per decision, every later iteration from a copy of one of them. */
class PoolTest {
  private static long[] samplesAndIterations(String spec, int iterations) {
    ReuseTest.Counted game = new ReuseTest.Counted();
    List<Player> players = new ArrayList<>();
    for (int i = 0; i < MatchRunner.seatRoles(game).length; i++) {
      players.add(Agents.create(spec));
    }
    MatchRecord rec = MatchRunner.play(game, players, 5, Budget.iterations(iterations));
    assertThat(rec.failure()).isNull();
    long total = 0;
    for (long it : rec.iterations()) {
      total += it;
    }
    for (long f : rec.fallbacks()) {
      assertThat(f).isZero();
    }
    return new long[] {game.samples.get(), total};
  }

  @Test
  void eachDecisionDrawsItsPoolOnce() {
    long[] plain = samplesAndIterations("so-ismcts", 500);
    assertThat(plain[0]).as("a world per iteration").isEqualTo(plain[1]);
    long decisions = plain[1] / 500;
    assertThat(decisions).isPositive();
    long[] pooled = samplesAndIterations("so-ismcts:pool=7", 500);
    assertThat(pooled[1]).isEqualTo(plain[1]); // the same decisions, 500 iterations each
    assertThat(pooled[0]).as("7 worlds per decision").isEqualTo(7 * decisions);
    long[] mo = samplesAndIterations("mo-ismcts:pool=3", 500);
    assertThat(mo[0]).isEqualTo(3 * (mo[1] / 500));
    // fewer iterations than the pool: every iteration draws its own world
    long[] small = samplesAndIterations("so-ismcts:pool=50", 20);
    assertThat(small[0]).isEqualTo(small[1]);
  }

  @Test
  void badPoolIsRefused() {
    assertThatThrownBy(() -> Agents.create("so-ismcts:pool=0")).hasMessageContaining("pool must be");
    assertThatThrownBy(() -> Agents.create("so-ismcts:pool=x")).hasMessageContaining("pool must be");
    assertThatThrownBy(() -> Agents.create("hp-ismcts:pool=2")).hasMessageContaining("pool");
    assertThatThrownBy(() -> Agents.create("pimc:pool=2")).hasMessageContaining("pool");
    assertThatThrownBy(() -> Agents.create("so-ismcts:reuse=2:pool=5")).hasMessageContaining("does not combine");
    assertThatThrownBy(() -> Agents.create("so-ismcts:infer=10:pool=5")).hasMessageContaining("does not combine");
    assertThat(Agents.create("so-ismcts:pool=1").name()).isEqualTo("so-ismcts:pool=1");
  }
}
