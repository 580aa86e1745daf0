package veil.ai.games;

import java.util.List;
import veil.model.Game;

/** The hand-written games every agent and sampler test runs on. */
public final class TestGames {
  private TestGames() {}

  public static List<Game> all() {
    return List.of(
        new MontyHall(3, false),
        new MontyHall(4, true),
        new ExplodingBomb(),
        new KuhnPoker(),
        new MiniTricks(),
        new MatchingPennies(),
        new BlindTicTacToe(),
        new OddOneOut(),
        new SpyVsSpy());
  }
}
