package veil.ai.arena;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import veil.ai.Budget;
import veil.model.Game;

/**
 * A tournament: the game, one agent spec per seat (non-random role), the number of games, the master seed, the
 * search budget (with threads), an optional JSON Lines output file, whether to resume it, and a progress callback.
 * {@code gameId} names the game in the output (a file path or bundled name); resuming requires the same one.
 */
public record ArenaConfig(
    Game game,
    String gameId,
    List<String> agents,
    int games,
    long masterSeed,
    Budget budget,
    Path output,
    boolean resume,
    ArenaProgress progress) {
  public ArenaConfig {
    Objects.requireNonNull(game, "game");
    agents = List.copyOf(agents);
    if (games < 0) {
      throw new IllegalArgumentException("games must be >= 0");
    }
    Objects.requireNonNull(budget, "budget");
    if (gameId == null) {
      gameId = game.name();
    }
    if (progress == null) {
      progress = ArenaProgress.NONE;
    }
    if (resume && output == null) {
      throw new IllegalArgumentException("resume needs an output file");
    }
  }

  /** A config with defaults: 1 game, seed 1, 1000 iterations per move, no output, no progress. */
  public static ArenaConfig of(Game game, List<String> agents) {
    return new ArenaConfig(game, game.name(), agents, 1, 1, Budget.iterations(1000), null, false, null);
  }

  public ArenaConfig withGames(int n) {
    return new ArenaConfig(game, gameId, agents, n, masterSeed, budget, output, resume, progress);
  }

  public ArenaConfig withSeed(long seed) {
    return new ArenaConfig(game, gameId, agents, games, seed, budget, output, resume, progress);
  }

  public ArenaConfig withBudget(Budget b) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, b, output, resume, progress);
  }

  public ArenaConfig withOutput(Path file, boolean resumeIt) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, file, resumeIt, progress);
  }

  public ArenaConfig withProgress(ArenaProgress p) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, output, resume, p);
  }

  public ArenaConfig withGameId(String id) {
    return new ArenaConfig(game, id, agents, games, masterSeed, budget, output, resume, progress);
  }
}
