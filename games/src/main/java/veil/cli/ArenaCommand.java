package veil.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ai.Budget;
import veil.ai.arena.Arena;
import veil.ai.arena.ArenaConfig;
import veil.ai.arena.ArenaFile;
import veil.ai.arena.ArenaResult;
import veil.ai.arena.GameResult;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/** {@code veil arena GAME --agents A,B,...}: a tournament with seat rotation, statistics and a resumable file. */
@Command(
    name = "arena",
    sortOptions = false,
    description = {
      "Play a tournament between agents: scores with 95%% confidence intervals, win rates, cost per move.",
      "One agent per seat; seats rotate from game to game so that every agent plays every seat equally often."
          + " Prints, per agent, the mean score (0..1) with a 95%% confidence interval, the win rate, the mean"
          + " thinking time per move and search iterations per second.",
      "Agents: random, uct-cheat (clairvoyant: it sees the true state), pimc, so-ismcts, mo-ismcts, hp-ismcts;"
          + " parameters follow colons, e.g. pimc:worlds=20:c=1.0.",
      "Game i depends only on --seed, i, the agents and the iteration budget (and --threads), so a run can be"
          + " repeated. --json FILE writes every game as soon as it ends (JSON Lines: a config line, one line per"
          + " game, a summary line): an interrupted run keeps its finished games and continues with --resume."
    })
final class ArenaCommand implements Callable<Integer> {
  /** Failed games printed on stderr; all of them are in the JSON file. */
  private static final int FAILURES_SHOWN = 5;

  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--agents", paramLabel = "SPEC", split = ",", required = true,
      description = "One agent per seat, comma-separated, e.g. so-ismcts,random.")
  List<String> agents;

  @Option(names = "--games", paramLabel = "N", defaultValue = "100",
      description = "Number of games (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Master seed; game i plays from a seed derived from S and i (default: ${DEFAULT-VALUE}).")
  long seed;

  @Mixin BudgetArgs budgetArgs;

  @Option(names = "--json", paramLabel = "FILE",
      description = "Write the games and the table to FILE (JSON Lines), each game as soon as it ends.")
  Path json;

  @Option(names = "--resume", description = "Continue the run in the --json FILE: keep its games, play the rest"
      + " (same game, agents, seed and budget; --games may grow).")
  boolean resume;

  @Option(names = "--force", description = "Overwrite an existing --json FILE.")
  boolean force;

  @Option(names = "--no-progress", description = "Do not show progress on stderr.")
  boolean noProgress;

  @Override
  public Integer call() {
    if (games < 1) {
      throw new ParameterException(spec.commandLine(), "--games must be at least 1, got " + games);
    }
    if (resume && json == null) {
      throw new ParameterException(spec.commandLine(), "--resume continues the run in a --json FILE; give one");
    }
    if (resume && force) {
      throw new ParameterException(spec.commandLine(), "give either --resume (continue the file) or --force"
          + " (overwrite it), not both");
    }
    Budget budget = budgetArgs.budget(spec.commandLine());
    List<String> specs = AgentSpecs.check(spec.commandLine(), agents);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (json != null && Files.exists(json) && !resume && !force) {
      err.println("error: " + json + " exists; add --resume to continue that run, or --force to overwrite it");
      return usageError();
    }
    if (json != null && Files.isDirectory(json)) {
      err.println("error: " + json + " is a folder; --json needs a file name");
      return usageError();
    }
    Game game = Loading.load(main, args, err);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    int seats = MatchRunner.seatRoles(game).length;
    if (specs.size() != seats) {
      throw new ParameterException(spec.commandLine(), args.game + " has " + AgentSpecs.seats(game)
          + ": give one agent per seat with --agents (" + specs.size() + " given: " + String.join(",", specs)
          + ")");
    }

    int resumed = 0;
    if (resume && Files.exists(json)) {
      try {
        resumed = contiguousGames(ArenaFile.read(json).games(), games);
      } catch (IllegalArgumentException | UncheckedIOException e) {
        err.println("error: cannot resume from " + json + ": " + e.getMessage());
        return usageError();
      }
    }
    ProgressLine progress = noProgress ? null : new ProgressLine(err, game.name(), ProgressLine.stderrIsTerminal());
    ArenaConfig config = ArenaConfig.of(game, specs)
        .withGameId(GameId.of(main.registry(), args))
        .withGames(games)
        .withSeed(seed)
        .withBudget(budget)
        .withOutput(json, resume)
        .withProgress(progress == null ? null : (done, total, elapsed, remaining) ->
            progress.update(done, total, elapsed.toNanos(), remaining.toNanos()));
    if (json != null && resumed == 0) {
      err.println("writing " + json + "; an interrupted run continues with the same command and --resume");
      err.flush();
    }
    ArenaResult result;
    long start = System.nanoTime();
    try {
      result = Arena.run(config);
    } catch (IllegalArgumentException e) {
      // The arena's own checks: a resumed file written by another run.
      finish(progress);
      err.println("error: " + e.getMessage());
      return usageError();
    } catch (UncheckedIOException e) {
      finish(progress);
      err.println("error: " + e.getMessage());
      return Main.GAME_ERROR;
    }
    finish(progress);
    double seconds = (System.nanoTime() - start) / 1e9;

    printHeader(out, game, specs, budget);
    out.print(result.format());
    printFallbacks(out, game, result, budget);
    out.println(String.format(Locale.ROOT, "time      %.1f s for %d game%s%s", seconds, games - resumed,
        games - resumed == 1 ? "" : "s", resumed > 0 ? " (" + resumed + " read back from " + json + ")" : ""));
    if (json != null) {
      out.println("json      " + json);
    }
    out.flush();
    printFailures(err, result);
    return result.failures() > 0 ? Main.GAME_ERROR : 0;
  }

  private int usageError() {
    spec.commandLine().getErr().flush();
    return picocli.CommandLine.ExitCode.USAGE;
  }

  private static void finish(ProgressLine progress) {
    if (progress != null) {
      progress.finish();
    }
  }

  /** Games 0, 1, 2, ... present in order in a file: those a resumed run keeps (as the arena counts them). */
  private static int contiguousGames(List<GameResult> read, int games) {
    int n = 0;
    for (GameResult g : read) {
      if (g.index() == n && n < games) {
        n++;
      }
    }
    return n;
  }

  private void printHeader(PrintWriter out, Game game, List<String> specs, Budget budget) {
    out.println("game      " + game.name() + " (" + args.game + ")");
    out.println("options   " + args.optionsText());
    out.println("run       " + games + (games == 1 ? " game" : " games") + ", seed " + seed + ", "
        + BudgetArgs.text(budget));
    out.println("agents    " + String.join(", ", specs) + (specs.size() > 1 ? " (seats rotate from game to game)"
        : ""));
    out.println();
    out.flush();
  }

  /**
   * Says when a search agent played random moves because its information-set sampler found no state consistent
   * with what it saw: exact counts, per agent, from each game's record.
   */
  static void printFallbacks(PrintWriter out, Game game, ArenaResult result, Budget budget) {
    List<String> specs = result.config().agents();
    List<String> lines = new ArrayList<>();
    for (int a = 0; a < specs.size(); a++) {
      long decisions = 0;
      long fallbacks = 0;
      for (GameResult g : result.games()) {
        for (int r = 0; r < g.agentOfRole().length; r++) {
          if (g.agentOfRole()[r] == a) {
            decisions += g.decisions()[r];
            fallbacks += g.fallbacks()[r];
          }
        }
      }
      if (fallbacks == 0) {
        continue;
      }
      String who = specs.get(a) + (specs.indexOf(specs.get(a)) != specs.lastIndexOf(specs.get(a)) ? "#" + (a + 1)
          : "");
      lines.add(String.format(Locale.ROOT, "  %s: %d of %d decisions", who, fallbacks, decisions));
    }
    if (lines.isEmpty()) {
      return;
    }
    out.println("fallback  these agents moved at random where their information-set sampler found no state");
    out.println("          consistent with what they saw" + (game.determinizer() == null ? " (" + game.name()
        + " has no fast sampler)" : "") + ":");
    lines.forEach(out::println);
  }

  private void printFailures(PrintWriter err, ArenaResult result) {
    int shown = 0;
    for (GameResult g : result.games()) {
      if (!g.failed() || shown == FAILURES_SHOWN) {
        continue;
      }
      shown++;
      err.println("failed game " + g.index() + " (seed " + g.seed() + "): " + g.failure());
      if (json != null) {
        err.println("  replay: " + Shell.program() + " replay " + Shell.quote(json.toString()) + " --game "
            + g.index());
      }
    }
    if (result.failures() > shown) {
      err.println("... and " + (result.failures() - shown) + " more failed games"
          + (json != null ? " (all are in " + json + ")" : ""));
    }
    err.flush();
  }
}
