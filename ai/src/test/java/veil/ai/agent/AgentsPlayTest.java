package veil.ai.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.games.TestGames;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;

class AgentsPlayTest {
  @Test
  void everyAgentPlaysEveryTestGameToTheEnd() {
    for (Game game : TestGames.all()) {
      for (String spec : Agents.names()) {
        for (int threads = 1; threads <= 2; threads++) {
          int seats = MatchRunner.seatRoles(game).length;
          List<Player> players = new ArrayList<>();
          for (int i = 0; i < seats; i++) {
            players.add(Agents.create(spec));
          }
          MatchRecord rec = MatchRunner.play(game, players, 7 + threads, Budget.iterations(300).withThreads(threads));
          assertThat(rec.failure()).as(game.name() + " / " + spec).isNull();
          assertThat(rec.scores()).hasSize(game.roleCount());
          for (int r = 0; r < game.roleCount(); r++) {
            assertThat(rec.scores()[r]).isBetween(0.0, 1.0);
            assertThat(rec.fallbacks()[r]).as(game.name() + " / " + spec + " fallbacks").isZero();
          }
        }
      }
    }
  }

  @Test
  void unknownAgentNamesTheKnownOnes() {
    assertThatThrownBy(() -> Agents.create("ismcts"))
        .hasMessageContaining("unknown agent 'ismcts'")
        .hasMessageContaining("random, uct-cheat, pimc, so-ismcts, mo-ismcts, hp-ismcts");
    assertThatThrownBy(() -> Agents.create("pimc:depth=3")).hasMessageContaining("worlds");
    assertThat(Agents.create("pimc:worlds=4:c=1.2").name()).isEqualTo("pimc:worlds=4:c=1.2");
    assertThat(Agents.isClairvoyant("uct-cheat")).isTrue();
    assertThat(Agents.isClairvoyant("so-ismcts")).isFalse();
  }
}
