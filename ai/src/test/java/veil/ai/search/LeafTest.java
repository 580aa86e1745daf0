package veil.ai.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.HonestyCheck;
import veil.ai.Player;
import veil.ai.agent.SearchAgent;
import veil.ai.games.IntState;
import veil.ai.games.KuhnPoker;
import veil.ai.games.MiniTricks;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;
import veil.model.State;

/** {@code leaf=K}: rollouts cut after K moves and valued by the game's running score ({@link Game#heuristic}). */
class LeafTest {
  static final List<String> SPECS =
      List.of("so-ismcts:leaf=0", "mo-ismcts:leaf=2", "pimc:leaf=1", "uct-cheat:leaf=3", "so-ismcts:leaf=2:pool=8",
          "so-ismcts:leaf=1:rollout=mast");

  @Test
  void theOptionParsesOnTheFourSearches() {
    for (String spec : SPECS) {
      Player p = Agents.create(spec);
      assertThat(p).as(spec).isInstanceOf(SearchAgent.class);
      int k = Integer.parseInt(spec.replaceAll(".*leaf=([0-9]+).*", "$1"));
      assertThat(((SearchAgent) p).leaf()).as(spec).isEqualTo(k);
    }
    assertThat(((SearchAgent) Agents.create("so-ismcts")).leaf()).isEqualTo(-1);
  }

  @Test
  void badValuesAreRefused() {
    for (String spec : List.of("so-ismcts:leaf=-1", "so-ismcts:leaf=x", "pimc:leaf=", "uct-cheat:leaf=1.5",
        "mo-ismcts:leaf=" + (Agents.MAX_LEAF + 1))) {
      assertThatThrownBy(() -> Agents.create(spec)).as(spec).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("leaf must be a whole number");
    }
    // agents whose rollouts are not cut do not take it
    for (String spec : List.of("hp-ismcts:leaf=2", "smooth-ismcts:leaf=2", "random:leaf=2")) {
      assertThatThrownBy(() -> Agents.create(spec)).as(spec).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("bad parameter");
    }
  }

  @Test
  void aGameWithoutARunningScoreIsRefusedNotGuessed() {
    Game kuhn = new KuhnPoker();
    assertThat(kuhn.heuristic()).isNull();
    assertThat(Agents.refusal("so-ismcts:leaf=3", kuhn)).contains("leaf=3").contains("has none");
    assertThat(Agents.refusal("so-ismcts", kuhn)).isNull();
    assertThat(Agents.refusal("so-ismcts:leaf=3", new MiniTricks())).isNull();
    Player p = Agents.create("pimc:leaf=0");
    assertThatThrownBy(() -> p.start(kuhn, 1, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has none");
    SearchWorker w = new SearchWorker(kuhn, 1, SearchWorker.Mode.SO_ISMCTS, 0.7);
    assertThatThrownBy(() -> w.setLeaf(0)).isInstanceOf(IllegalArgumentException.class);
  }

  /** A dealt Mini Tricks world: p1 to lead, six deals played. */
  static State dealt(MiniTricks game, long seed) {
    State s = game.initialState();
    SplittableRandom rng = new SplittableRandom(seed);
    game.playout(s, rng, 6, new int[game.roleCount()], new veil.model.MoveList());
    assertThat(((IntState) s).a[0]).isEqualTo(6);
    return s;
  }

  @Test
  void theRolloutStopsAfterKMovesAndTheRunningScoreIsCredited() {
    MiniTricks game = new MiniTricks();
    for (SearchWorker.Mode mode : new SearchWorker.Mode[] {SearchWorker.Mode.UCT, SearchWorker.Mode.SO_ISMCTS,
        SearchWorker.Mode.MO_ISMCTS}) {
      for (int k = 0; k <= 3; k++) {
        SearchWorker w = new SearchWorker(game, MiniTricks.P1, mode, 0.7);
        w.setRandom(new SplittableRandom(k));
        w.setLeaf(k);
        State world = dealt(game, 3 + k);
        w.iterate(world, 6);
        // One step in the tree (p1's lead, a new node), then k rollout moves, then the cut: the world stays there.
        assertThat(((IntState) world).a[0]).as(mode + " leaf=" + k).isEqualTo(6 + 1 + k);
        assertThat(game.isTerminal(world)).isFalse();
        double[] h = new double[game.roleCount()];
        game.heuristic().values(world, null, h);
        SearchTree t = w.searcherTree();
        double credited = 0;
        int visits = 0;
        for (int a = 0; a < t.armCount(); a++) {
          credited += t.reward[a];
          visits += t.visits[a];
        }
        assertThat(visits).isEqualTo(1);
        assertThat(credited).as(mode + " leaf=" + k).isEqualTo(h[MiniTricks.P1]);
      }
      // Without a cut, or with a cut beyond the end, the rollout plays to the end.
      for (int k : new int[] {-1, 100}) {
        SearchWorker w = new SearchWorker(game, MiniTricks.P1, mode, 0.7);
        w.setRandom(new SplittableRandom(1));
        w.setLeaf(k);
        State world = dealt(game, 5);
        w.iterate(world, 6);
        assertThat(game.isTerminal(world)).as(mode + " leaf=" + k).isTrue();
      }
    }
  }

  @Test
  void theHonestAgentsStayHonestWithACut() {
    MiniTricks game = new MiniTricks();
    for (String spec : List.of("so-ismcts:leaf=0", "so-ismcts:leaf=2", "mo-ismcts:leaf=1", "pimc:leaf=2",
        "so-ismcts:leaf=1:pool=8")) {
      int tested = 0;
      for (long seed = 17; seed < 21; seed++) {
        HonestyCheck.Result r = HonestyCheck.check(game, spec, seed, 300);
        assertThat(r.honest()).as(spec + ": " + r.detail()).isTrue();
        tested += r.positionsTested();
      }
      assertThat(tested).as(spec).isPositive();
    }
  }

  @Test
  void theClairvoyantAgentWithACutIsStillCaught() {
    // The check still sees a leak with the cut: uct-cheat:leaf=1 reads the true state.
    boolean caught = false;
    for (long seed = 0; seed < 10 && !caught; seed++) {
      caught = !HonestyCheck.check(new MiniTricks(), "uct-cheat:leaf=1", seed, 500, 8).honest();
    }
    assertThat(caught).isTrue();
  }

  static MatchRecord play(Game game, String spec, long seed, Budget budget) {
    List<Player> players = new java.util.ArrayList<>();
    for (int i = 0; i < MatchRunner.seatRoles(game).length; i++) {
      players.add(Agents.create(spec));
    }
    return MatchRunner.play(game, players, seed, budget);
  }

  @Test
  void sameSeedBudgetAndThreadsGiveTheSameGame() {
    MiniTricks game = new MiniTricks();
    for (String spec : SPECS) {
      for (int threads : new int[] {1, 2}) {
        Budget b = Budget.iterations(400).withThreads(threads);
        MatchRecord first = play(game, spec, 42, b);
        MatchRecord again = play(game, spec, 42, b);
        assertThat(first.failure()).as(spec).isNull();
        assertThat(again.joints()).as(spec + " x" + threads).isDeepEqualTo(first.joints());
        assertThat(again.iterations()).isEqualTo(first.iterations());
      }
    }
  }
}
