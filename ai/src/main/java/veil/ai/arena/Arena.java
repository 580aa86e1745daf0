package veil.ai.arena;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import veil.ai.Agents;
import veil.ai.Player;
import veil.ai.Seeds;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/**
 * Tournaments: plays {@code games} matches with seat rotation ({@link SeatRotation}), game i with seed {@link
 * #gameSeed}(master seed, i) so that any single game can be replayed, writes every finished game to the output
 * file at once, and can resume an interrupted run.
 */
public final class Arena {
  private Arena() {}

  /** The seed of game {@code index} of a tournament with master seed {@code masterSeed}. */
  public static long gameSeed(long masterSeed, int index) {
    return Seeds.derive(masterSeed, index);
  }

  /**
   * The seed of game {@code index} in a run: {@link #gameSeed}(master seed, index), or with duplicate deals the seed
   * of its deal (index ÷ seats), so the games of one block replay the same deal in every cyclic seat rotation.
   */
  public static long seedOf(ArenaConfig config, int index) {
    int seats = MatchRunner.seatRoles(config.game()).length;
    return gameSeed(config.masterSeed(), config.duplicate() ? index / seats : index);
  }

  /**
   * Runs (or resumes) a tournament, {@link ArenaConfig#parallel} games at once; the games are written in index
   * order and do not depend on how many run at once.
   *
   * @throws IllegalArgumentException when the agent count differs from the seat count, a spec is unknown, or a
   *     resumed file was written with a different config or is damaged
   * @throws IllegalStateException when another run is writing the output file
   * @throws UncheckedIOException when the output file cannot be written
   */
  public static ArenaResult run(ArenaConfig config) {
    Game game = config.game();
    int[] seatRoles = MatchRunner.seatRoles(game);
    if (config.agents().size() != seatRoles.length) {
      throw new IllegalArgumentException(game.name() + " has " + seatRoles.length + " seats; give one agent per seat ("
          + config.agents().size() + " given)");
    }
    if (config.duplicate() && config.games() % seatRoles.length != 0) {
      throw new IllegalArgumentException("duplicate deals play each deal once per seat rotation: the number of games"
          + " must be a multiple of the " + seatRoles.length + " seats (" + config.games() + " given)");
    }
    for (String spec : config.agents()) {
      Agents.create(spec);
    }
    List<GameResult> results = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    ArenaFile file = null;
    ExecutorService pool = null;
    try {
      if (config.output() != null) {
        file = ArenaFile.open(config.output());
        if (config.resume() && Files.size(config.output()) > 0) {
          ArenaFile.Contents old;
          try {
            old = ArenaFile.read(config.output());
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot resume: " + e.getMessage(), e);
          }
          ArenaFile.ResumePlan plan = ArenaFile.planResume(config.output(), old, config);
          notes.addAll(plan.notes());
          results.addAll(plan.games());
          if (plan.finished()) {
            notes.add(config.output() + " already holds all " + results.size() + " games and the summary; nothing"
                + " to play");
            return result(config, results, notes, results.size());
          }
          file.truncate(plan.keepBytes());
          if (plan.needsNewline()) {
            file.writeRaw("");
          }
        } else {
          file.start(config);
        }
      }
      long start = System.nanoTime();
      int total = config.gamesHere();
      int resumed = results.size();
      config.progress().started(resumed, total);
      int parallel = Math.min(config.parallel(), Math.max(1, total - resumed));
      Deque<Future<GameResult>> running = new ArrayDeque<>();
      if (parallel > 1) {
        pool = Executors.newFixedThreadPool(parallel, job -> {
          Thread t = new Thread(job, "veil-arena-game");
          t.setDaemon(true);
          return t;
        });
      }
      int next = resumed;
      for (int i = resumed; i < total; i++) {
        GameResult r;
        if (pool == null) {
          r = playGame(config, config.indexAt(i), seatRoles);
        } else {
          while (next < total && running.size() < 2 * parallel) {
            int index = config.indexAt(next++);
            running.add(pool.submit(() -> playGame(config, index, seatRoles)));
          }
          r = await(running.poll());
        }
        results.add(r);
        if (file != null) {
          file.writeGame(r, game);
        }
        long elapsed = System.nanoTime() - start;
        int playedNow = i + 1 - resumed;
        long perGame = elapsed / playedNow;
        config.progress().update(i + 1, total, Duration.ofNanos(elapsed),
            Duration.ofNanos(perGame * (total - i - 1)));
      }
      ArenaResult result = result(config, results, notes, resumed);
      if (file != null) {
        file.writeLine(ArenaFile.summaryJson(result.stats(), result.failures()));
      }
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + config.output() + ": " + e.getMessage(), e);
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
      if (file != null) {
        try {
          file.close();
        } catch (IOException ignored) {
          // Every line was already synced; nothing is lost by a failed close.
        }
      }
    }
  }

  private static GameResult await(Future<GameResult> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a game", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(c);
    }
  }

  private static ArenaResult result(ArenaConfig config, List<GameResult> results, List<String> notes,
      int readBack) {
    int failures = (int) results.stream().filter(GameResult::failed).count();
    return new ArenaResult(config, results, ArenaStats.of(config, results), failures, List.copyOf(notes), readBack);
  }

  /** The team of each seat (a seat's role's {@link Game#team}), for a seat rotation that keeps partners together. */
  public static int[] teamOfSeat(Game game, int[] seatRoles) {
    int[] out = new int[seatRoles.length];
    for (int s = 0; s < out.length; s++) {
      out[s] = game.team(seatRoles[s]);
    }
    return out;
  }

  /** Plays game {@code index} of a tournament on its own (the same game the tournament played). */
  public static GameResult playGame(ArenaConfig config, int index) {
    return playGame(config, index, MatchRunner.seatRoles(config.game()));
  }

  private static GameResult playGame(ArenaConfig config, int index, int[] seatRoles) {
    Game game = config.game();
    int[] seating = SeatRotation.seating(seatRoles.length, index, teamOfSeat(game, seatRoles));
    List<Player> players = new ArrayList<>();
    int[] agentOfRole = new int[game.roleCount()];
    String[] specOfRole = new String[game.roleCount()];
    Arrays.fill(agentOfRole, -1);
    for (int seat = 0; seat < seatRoles.length; seat++) {
      String spec = config.agents().get(seating[seat]);
      players.add(Agents.create(spec));
      agentOfRole[seatRoles[seat]] = seating[seat];
      specOfRole[seatRoles[seat]] = spec;
    }
    long seed = seedOf(config, index);
    MatchRecord rec = MatchRunner.play(game, players, seed, config.budget());
    double[] ms = new double[game.roleCount()];
    for (int r = 0; r < ms.length; r++) {
      ms[r] = rec.msPerMove(r);
    }
    return new GameResult(index, seed, agentOfRole, specOfRole, rec.joints(), MatchRunner.jointText(game, rec.joints()),
        rec.scores(), rec.decisions(), ms, rec.iterations(), rec.decisionNanos(), rec.failure(),
        rec.fallbacks(), rec.approximate());
  }

  /** The per-agent table over the games that did not fail. */
  public static List<AgentSummary> summarize(ArenaConfig config, List<GameResult> games) {
    return ArenaStats.of(config, games).agents();
  }

  /** Reads a tournament file's games (for replaying one of them). */
  public static List<GameResult> readGames(java.nio.file.Path file) {
    return ArenaFile.read(file).games();
  }

  static JsonNode configOf(java.nio.file.Path file) {
    return ArenaFile.read(file).config();
  }
}
