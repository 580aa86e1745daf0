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
 *
 * <p>{@code parallel} games are played at once (results do not depend on it); a run may be one shard
 * {@code shardIndex} of {@code shardCount} (it plays the games whose index is {@code shardIndex} modulo
 * {@code shardCount}); {@code duplicate} plays each deal once per cyclic seat rotation (games come in blocks of as
 * many games as seats, all with the same seed).
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
    ArenaProgress progress,
    int parallel,
    int shardIndex,
    int shardCount,
    boolean duplicate) {
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
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be >= 1, was " + parallel);
    }
    if (shardCount < 1 || shardIndex < 0 || shardIndex >= shardCount) {
      throw new IllegalArgumentException("shard must be K/N with 0 <= K < N, was " + shardIndex + "/" + shardCount);
    }
  }

  /** A config with defaults: 1 game, seed 1, 1000 iterations per move, no output, no progress, one game at once. */
  public static ArenaConfig of(Game game, List<String> agents) {
    return new ArenaConfig(game, game.name(), agents, 1, 1, Budget.iterations(1000), null, false, null, 1, 0, 1,
        false);
  }

  public ArenaConfig withGames(int n) {
    return new ArenaConfig(game, gameId, agents, n, masterSeed, budget, output, resume, progress, parallel,
        shardIndex, shardCount, duplicate);
  }

  public ArenaConfig withSeed(long seed) {
    return new ArenaConfig(game, gameId, agents, games, seed, budget, output, resume, progress, parallel,
        shardIndex, shardCount, duplicate);
  }

  public ArenaConfig withBudget(Budget b) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, b, output, resume, progress, parallel,
        shardIndex, shardCount, duplicate);
  }

  public ArenaConfig withOutput(Path file, boolean resumeIt) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, file, resumeIt, progress, parallel,
        shardIndex, shardCount, duplicate);
  }

  public ArenaConfig withProgress(ArenaProgress p) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, output, resume, p, parallel,
        shardIndex, shardCount, duplicate);
  }

  public ArenaConfig withGameId(String id) {
    return new ArenaConfig(game, id, agents, games, masterSeed, budget, output, resume, progress, parallel,
        shardIndex, shardCount, duplicate);
  }

  /** Plays {@code n} games at once (1: one after the other). */
  public ArenaConfig withParallel(int n) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, output, resume, progress, n,
        shardIndex, shardCount, duplicate);
  }

  /** Plays only the games whose index is {@code k} modulo {@code n}. */
  public ArenaConfig withShard(int k, int n) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, output, resume, progress, parallel,
        k, n, duplicate);
  }

  /** Duplicate deals: the games of a block of {@code seats} consecutive games share their seed. */
  public ArenaConfig withDuplicate(boolean d) {
    return new ArenaConfig(game, gameId, agents, games, masterSeed, budget, output, resume, progress, parallel,
        shardIndex, shardCount, d);
  }

  /** True when this run is one shard of several. */
  public boolean sharded() {
    return shardCount > 1;
  }

  /** True when this run plays game {@code index}. */
  public boolean plays(int index) {
    return index >= 0 && index < games && index % shardCount == shardIndex;
  }

  /** How many games this run plays. */
  public int gamesHere() {
    return games <= shardIndex ? 0 : (games - shardIndex + shardCount - 1) / shardCount;
  }

  /** The i-th game index this run plays. */
  public int indexAt(int i) {
    return shardIndex + i * shardCount;
  }
}
