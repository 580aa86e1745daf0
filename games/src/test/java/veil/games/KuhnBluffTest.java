package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/**
 * Bluffing in Kuhn poker: the most visited move rarely bets the Jack (a deterministic search plays a pure strategy,
 * and betting the lowest card is seldom its best average), while {@code final=visits} draws the move in proportion
 * to the root visits and so bets the Jack more often — the mixed play poker needs. The test asks only that
 * {@code final=visits} bluffs more, so a default that learns to bluff does not break it.
 */
class KuhnBluffTest {
  /** How often the searcher (seats alternating) bet holding the Jack, in {@code n} games against pimc. */
  static int jackBets(Game game, String agent, int n) {
    int bets = 0;
    for (int i = 0; i < n; i++) {
      int seat = i % 2;
      List<veil.ai.Player> players = seat == 0 ? List.of(Agents.create(agent), Agents.create("pimc"))
          : List.of(Agents.create("pimc"), Agents.create(agent));
      MatchRecord rec = MatchRunner.play(game, players, 300 + i, Budget.iterations(500));
      assertThat(rec.failure()).isNull();
      assertThat(Arrays.stream(rec.fallbacks()).sum()).isZero();
      String[][] text = MatchRunner.jointText(game, rec.joints());
      String card = text[seat][2]; // step 0 deals P1's card, step 1 P2's (role 2 is random)
      if (!card.contains("jack")) {
        continue;
      }
      for (String[] joint : text) {
        bets += joint[seat].equals("bet") ? 1 : 0;
      }
    }
    return bets;
  }

  @Test
  void drawingTheFinalMoveByVisitsBluffsTheJackMoreOftenThanTheMostVisitedMove() throws Exception {
    Game game = GameRegistry.standard().load("kuhn-poker", Map.of());
    int max = jackBets(game, "so-ismcts", 300);
    int visits = jackBets(game, "so-ismcts:final=visits", 300);
    System.out.printf("Kuhn poker, 300 games against pimc: so-ismcts bets the Jack %d times, with final=visits %d%n",
        max, visits);
    assertThat(visits).isGreaterThan(max);
  }

  @Test
  void theFinalParameterIsChecked() {
    assertThat(Agents.create("mo-ismcts:final=max").name()).isEqualTo("mo-ismcts:final=max");
    assertThatThrownBy(() -> Agents.create("so-ismcts:final=sometimes")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("final must be max or visits");
  }
}
