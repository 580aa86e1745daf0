package veil.ai.arena;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
   * Runs (or resumes) a tournament.
   *
   * @throws IllegalArgumentException when the agent count differs from the seat count, a spec is unknown, or a
   *     resumed file was written with a different config
   * @throws UncheckedIOException when the output file cannot be written
   */
  public static ArenaResult run(ArenaConfig config) {
    Game game = config.game();
    int[] seatRoles = MatchRunner.seatRoles(game);
    if (config.agents().size() != seatRoles.length) {
      throw new IllegalArgumentException(game.name() + " has " + seatRoles.length + " seats; give one agent per seat ("
          + config.agents().size() + " given)");
    }
    for (String spec : config.agents()) {
      Agents.create(spec);
    }
    List<GameResult> results = new ArrayList<>();
    ArenaFile file = null;
    try {
      if (config.output() != null) {
        if (config.resume() && Files.exists(config.output())) {
          ArenaFile.Contents old = ArenaFile.read(config.output());
          String why = ArenaFile.mismatch(old.config(), config);
          if (why != null) {
            throw new IllegalArgumentException("cannot resume: " + why);
          }
          for (GameResult g : old.games()) {
            if (g.index() == results.size() && g.index() < config.games()) {
              results.add(g);
            }
          }
          file = ArenaFile.append(config.output(), old.validBytes());
        } else {
          file = ArenaFile.create(config.output(), config);
        }
      }
      long start = System.nanoTime();
      int resumed = results.size();
      for (int g = resumed; g < config.games(); g++) {
        GameResult r = playGame(config, g, seatRoles);
        results.add(r);
        if (file != null) {
          file.writeGame(r, game);
        }
        long elapsed = System.nanoTime() - start;
        int playedNow = g + 1 - resumed;
        long perGame = elapsed / playedNow;
        config.progress().update(g + 1, config.games(), Duration.ofNanos(elapsed),
            Duration.ofNanos(perGame * (config.games() - g - 1)));
      }
      List<AgentSummary> table = summarize(config, results);
      int failures = (int) results.stream().filter(GameResult::failed).count();
      if (file != null) {
        file.writeLine(ArenaFile.summaryJson(table, failures));
      }
      return new ArenaResult(config, results, table, failures);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + config.output() + ": " + e.getMessage(), e);
    } finally {
      if (file != null) {
        try {
          file.close();
        } catch (IOException ignored) {
          // Every line was already synced; nothing is lost by a failed close.
        }
      }
    }
  }

  /** Plays game {@code index} of a tournament on its own (the same game the tournament played). */
  public static GameResult playGame(ArenaConfig config, int index) {
    return playGame(config, index, MatchRunner.seatRoles(config.game()));
  }

  private static GameResult playGame(ArenaConfig config, int index, int[] seatRoles) {
    Game game = config.game();
    int[] seating = SeatRotation.seating(seatRoles.length, index);
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
    long seed = gameSeed(config.masterSeed(), index);
    MatchRecord rec = MatchRunner.play(game, players, seed, config.budget());
    double[] ms = new double[game.roleCount()];
    for (int r = 0; r < ms.length; r++) {
      ms[r] = rec.msPerMove(r);
    }
    return new GameResult(index, seed, agentOfRole, specOfRole, rec.joints(), MatchRunner.jointText(game, rec.joints()),
        rec.scores(), rec.decisions(), ms, rec.iterations(), rec.decisionNanos(), rec.failure(),
        rec.fallbacks());
  }

  /** The per-agent table over the games that did not fail. */
  public static List<AgentSummary> summarize(ArenaConfig config, List<GameResult> games) {
    int k = config.agents().size();
    int[] n = new int[k];
    double[] sum = new double[k];
    double[] sumSq = new double[k];
    double[] wins = new double[k];
    long[] decisions = new long[k];
    long[] nanos = new long[k];
    long[] iterations = new long[k];
    for (GameResult g : games) {
      if (g.failed()) {
        continue;
      }
      int[] who = g.agentOfRole();
      double best = Double.NEGATIVE_INFINITY;
      int seats = 0;
      for (int r = 0; r < who.length; r++) {
        if (who[r] >= 0) {
          best = Math.max(best, g.scores()[r]);
          seats++;
        }
      }
      int top = 0;
      for (int r = 0; r < who.length; r++) {
        if (who[r] >= 0 && g.scores()[r] == best) {
          top++;
        }
      }
      for (int r = 0; r < who.length; r++) {
        int a = who[r];
        if (a < 0) {
          continue;
        }
        double s = g.scores()[r];
        n[a]++;
        sum[a] += s;
        sumSq[a] += s * s;
        if (seats == 1) {
          wins[a] += s >= 1.0 ? 1 : 0;
        } else if (s == best) {
          wins[a] += 1.0 / top;
        }
        decisions[a] += g.decisions()[r];
        nanos[a] += g.decisionNanos()[r];
        iterations[a] += g.iterations()[r];
      }
    }
    List<AgentSummary> rows = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      double mean = n[a] == 0 ? 0 : sum[a] / n[a];
      double var = n[a] < 2 ? 0 : Math.max(0, (sumSq[a] - n[a] * mean * mean) / (n[a] - 1));
      double half = n[a] < 2 ? 0 : 1.96 * Math.sqrt(var / n[a]);
      rows.add(new AgentSummary(a, config.agents().get(a), n[a], mean, half, n[a] == 0 ? 0 : wins[a] / n[a],
          decisions[a] == 0 ? 0 : nanos[a] / 1e6 / decisions[a], nanos[a] == 0 ? 0 : iterations[a] * 1e9 / nanos[a],
          decisions[a]));
    }
    return rows;
  }

  /** Reads a tournament file's games (for replaying one of them). */
  public static List<GameResult> readGames(java.nio.file.Path file) {
    return ArenaFile.read(file).games();
  }

  static JsonNode configOf(java.nio.file.Path file) {
    return ArenaFile.read(file).config();
  }
}
