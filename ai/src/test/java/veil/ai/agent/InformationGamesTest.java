package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.games.ExplodingBomb;
import veil.ai.games.MontyHall;
import veil.ai.games.SpyVsSpy;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/** The information games of the design: Monty Hall (posterior right) and Exploding Bomb (value of asking). */
class InformationGamesTest {
  /** Mean score, switch/ask rate of one agent over n one-seat games. */
  record Outcome(double mean, double halfWidth, double actionRate, int n) {}

  static Outcome play(Game game, String spec, int n, int iterations, int actionStep, int action) {
    double sum = 0;
    double sumSq = 0;
    int acted = 0;
    for (int i = 0; i < n; i++) {
      Player p = Agents.create(spec);
      MatchRecord rec = MatchRunner.play(game, List.of(p), 1000 + i, Budget.iterations(iterations));
      assertThat(rec.failure()).isNull();
      double s = rec.scores()[1];
      sum += s;
      sumSq += s * s;
      acted += rec.joints()[actionStep][1] == action ? 1 : 0;
    }
    double mean = sum / n;
    double sd = Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)));
    return new Outcome(mean, 3.29 * sd / Math.sqrt(n), acted / (double) n, n);
  }

  @Test
  void montyHallSoIsmctsSwitchesAndWinsTwoThirds() {
    for (int doors : new int[] {3, 4}) {
      Outcome o = play(new MontyHall(doors, false), "so-ismcts", 400, 300, 3, MontyHall.SWITCH);
      double target = 1 - 1.0 / doors;
      System.out.printf("Monty Hall %d doors, so-ismcts: win %.3f ± %.3f (99.9%%), switched %.3f%n", doors, o.mean,
          o.halfWidth, o.actionRate);
      assertThat(o.actionRate).isGreaterThan(0.95);
      assertThat(target).isBetween(o.mean - o.halfWidth, o.mean + o.halfWidth);
    }
  }

  @Test
  void explodingBombInformationAwareAgentsAskAndPimcDoesNot() {
    ExplodingBomb game = new ExplodingBomb();
    for (String spec : List.of("so-ismcts", "mo-ismcts", "pimc", "uct-cheat", "random")) {
      Outcome o = play(game, spec, 200, 2000, 1, ExplodingBomb.ASK);
      System.out.printf("Exploding Bomb, %s: score %.3f ± %.3f (99.9%%), asked %.3f%n", spec, o.mean, o.halfWidth,
          o.actionRate);
    }
    Outcome so = play(game, "so-ismcts", 200, 2000, 1, ExplodingBomb.ASK);
    Outcome mo = play(game, "mo-ismcts", 200, 2000, 1, ExplodingBomb.ASK);
    Outcome pimc = play(game, "pimc", 200, 2000, 1, ExplodingBomb.ASK);
    assertThat(so.actionRate).isGreaterThan(0.95);
    assertThat(mo.actionRate).isGreaterThan(0.95);
    assertThat(so.mean).isGreaterThan(0.88);
    assertThat(mo.mean).isGreaterThan(0.88);
    assertThat(pimc.actionRate).isLessThan(0.1);
    assertThat(pimc.mean + pimc.halfWidth).isLessThan(0.7);
  }

  @Test
  void spyVsSpyOnlyMultipleObserverIsmctsHidesTheWire() {
    // The opponent is an honest searcher that uses what it is told; against it, telling scores 0.2, hiding 0.4
    // (the opponent cannot do better than guess). Hiding is a mixed-strategy choice (red or blue, which the
    // opponent tries to match), so decoupled UCB spreads visits and the hide rate is high but not 1.
    SpyVsSpy game = new SpyVsSpy();
    int n = 150;
    java.util.Map<String, double[]> out = new java.util.LinkedHashMap<>();
    for (String spec : List.of("mo-ismcts", "so-ismcts", "pimc")) {
      int hid = 0;
      double sum = 0;
      for (int i = 0; i < n; i++) {
        MatchRecord rec = MatchRunner.play(game, List.of(Agents.create(spec), Agents.create("so-ismcts")), 500 + i,
            Budget.iterations(ITER));
        assertThat(rec.failure()).isNull();
        hid += rec.joints()[0][SpyVsSpy.AGENT] >= SpyVsSpy.RED_HIDE ? 1 : 0;
        sum += rec.scores()[SpyVsSpy.AGENT];
      }
      out.put(spec, new double[] {sum / n, hid / (double) n});
      System.out.printf("Spy vs Spy, %s arming against so-ismcts: score %.3f, hid %.3f%n", spec, sum / n,
          hid / (double) n);
    }
    assertThat(out.get("mo-ismcts")[1]).isGreaterThan(0.9);
    assertThat(out.get("so-ismcts")[1]).isLessThan(0.1);
    assertThat(out.get("pimc")[1]).isLessThan(0.1);
    assertThat(out.get("mo-ismcts")[0]).isGreaterThan(out.get("so-ismcts")[0] + 0.05);
  }
  static int ITER = Integer.getInteger("spy.iter", 2000);
}
