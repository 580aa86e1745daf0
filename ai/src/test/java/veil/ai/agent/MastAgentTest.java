package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.games.MiniTricks;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;

/** {@code rollout=mast} on every search agent. */
class MastAgentTest {
  private static MatchRecord play(String spec, long seed) {
    MiniTricks game = new MiniTricks();
    List<Player> players = new ArrayList<>();
    for (int i = 0; i < MatchRunner.seatRoles(game).length; i++) {
      players.add(Agents.create(spec));
    }
    return MatchRunner.play(game, players, seed, Budget.iterations(400));
  }

  @Test
  void everySearchAgentTakesTheOptionAndPlaysDifferently() {
    for (String agent : List.of("uct-cheat", "pimc", "so-ismcts", "mo-ismcts", "hp-ismcts")) {
      int differ = 0;
      for (long seed = 1; seed <= 6; seed++) {
        MatchRecord nst = play(agent + ":rollout=nst", seed);
        assertThat(nst.failure()).as(agent).isNull();
        MatchRecord mast = play(agent + ":rollout=mast", seed);
        assertThat(mast.failure()).as(agent).isNull();
        for (long f : mast.fallbacks()) {
          assertThat(f).isZero();
        }
        MatchRecord random = play(agent + ":rollout=random", seed);
        assertThat(random.joints()).as("rollout=random is the default")
            .isDeepEqualTo(play(agent, seed).joints());
        if (!java.util.Arrays.deepEquals(mast.joints(), random.joints())) {
          differ++;
        }
      }
      // The same seeds, another rollout policy: the option reaches the search.
      assertThat(differ).as(agent).isPositive();
    }
  }

  @Test
  void badValuesAreRefused() {
    assertThatThrownBy(() -> Agents.create("so-ismcts:rollout=gibbs")).hasMessageContaining("random, mast or nst");
    assertThatThrownBy(() -> Agents.create("so-ismcts:eps=0.2")).hasMessageContaining("rollout=mast");
    assertThatThrownBy(() -> Agents.create("uct-cheat:rollout=mast:eps=2")).hasMessageContaining("0..1");
    assertThatThrownBy(() -> Agents.create("pimc:rollout=mast:eps=x")).hasMessageContaining("number");
    assertThatThrownBy(() -> Agents.create("random:rollout=mast")).hasMessageContaining("takes none");
    assertThat(Agents.create("so-ismcts:rollout=mast:eps=0").name()).isEqualTo("so-ismcts:rollout=mast:eps=0");
  }
}
