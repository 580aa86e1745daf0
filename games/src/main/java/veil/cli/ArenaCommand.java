package veil.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import veil.ai.arena.ArenaProgress;
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
      "Agents: random, uct-cheat (clairvoyant: it sees the true state), pimc, so-ismcts, mo-ismcts, hp-ismcts,"
          + " smooth-ismcts (mixed strategies by smooth UCT, for poker: it bluffs; eta, target, root=now|start);"
          + " parameters follow colons, e.g. pimc:worlds=20:c=1.0. so-ismcts:pool=W (also mo-ismcts) draws W worlds"
          + " per decision and revisits them at random, so it runs about as many iterations as pimc at equal time"
          + " (on Hearts, pool=64 beats pimc at 10 ms of CPU a move). leaf=K (uct-cheat, pimc, so-ismcts, mo-ismcts)"
          + " cuts each rollout after K moves and values the world by the game's running score (its end rule's"
          + " byScore, ranking, byTeam or payoff applied now); refused on a game whose end rule does not score.",
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

  @Option(names = "--parallel", paramLabel = "N",
      description = "Play N games at once (default: the machine's cores divided by --threads). Results do not"
          + " depend on N; games are written in index order.")
  Integer parallel;

  @Option(names = "--shard", paramLabel = "K/N",
      description = "Play only the games whose index is K modulo N (0 <= K < N), for a cluster job array;"
          + " join the shards' files with `veil merge`.")
  String shard;

  @Option(names = "--duplicate",
      description = "Duplicate deals: each deal is played once per cyclic seat rotation (--games must be a"
          + " multiple of the seats), so the luck of the cards cancels in the paired differences.")
  boolean duplicate;

  @Option(names = "--slurm", paramLabel = "N",
      description = "Do not play: write a Slurm script (--slurm-script, default arena.sbatch) that runs this arena as"
          + " a job array of N shards and merges them into the --json FILE in a job that waits for the array."
          + " `bash arena.sbatch` submits both.")
  Integer slurm;

  @Option(names = "--slurm-script", paramLabel = "FILE", defaultValue = "arena.sbatch",
      description = "Where --slurm writes its script (default: ${DEFAULT-VALUE}).")
  Path slurmScript;

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
    int[] kn = parseShard();
    if (slurm != null) {
      return writeSlurm(budget);
    }
    int cores = Runtime.getRuntime().availableProcessors();
    int par = parallel != null ? parallel : Math.max(1, cores / budget.threads());
    if (par < 1 || par > 1024) {
      throw new ParameterException(spec.commandLine(), "--parallel must be between 1 and 1024, got " + par);
    }

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
    Repairs.note(game, args.game, err);
    int seats = MatchRunner.seatRoles(game).length;
    if (specs.size() != seats) {
      throw new ParameterException(spec.commandLine(), args.game + " has " + AgentSpecs.seats(game)
          + ": give one agent per seat with --agents (" + specs.size() + " given: " + String.join(",", specs)
          + ")");
    }
    for (String a : specs) {
      String refused = veil.ai.Agents.refusal(a, game);
      if (refused != null) {
        throw new ParameterException(spec.commandLine(), refused);
      }
    }

    if (duplicate && games % seats != 0) {
      throw new ParameterException(spec.commandLine(), "--duplicate plays each deal once per seat rotation: --games"
          + " must be a multiple of the " + seats + " seats, got " + games);
    }
    ProgressLine progress = noProgress ? null : new ProgressLine(err, game.name(), ProgressLine.stderrIsTerminal());
    ArenaConfig config = ArenaConfig.of(game, specs)
        .withGameId(GameId.of(main.registry(), args))
        .withGames(games)
        .withSeed(seed)
        .withBudget(budget)
        .withOutput(json, resume)
        .withParallel(par)
        .withShard(kn[0], kn[1])
        .withDuplicate(duplicate)
        .withProgress(new ArenaProgress() {
          @Override
          public void update(int done, int total, Duration elapsed, Duration remaining) {
            if (progress != null) {
              progress.update(done, total, elapsed.toNanos(), remaining.toNanos());
            }
          }

          @Override
          public void started(int readBack, int total) {
            // Said once the file is locked (and, on resume, checked): a refused run does not claim to write it.
            if (json != null && readBack == 0) {
              err.println("writing " + json + "; an interrupted run continues with the same command and --resume");
              err.flush();
            }
          }
        });
    ArenaResult result;
    long start = System.nanoTime();
    try {
      result = Arena.run(config);
    } catch (IllegalArgumentException | IllegalStateException e) {
      // The arena's own checks: a resumed file written by another run or damaged, a file another run is writing.
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
    for (String note : result.notes()) {
      err.println("note: " + note);
    }
    err.flush();
    int resumed = result.readBack();
    int played = result.games().size() - resumed;

    printHeader(out, game, specs, budget);
    out.print(result.format());
    printFallbacks(out, game, result, budget);
    out.println(String.format(Locale.ROOT, "time      %.1f s for %d game%s%s, %d at once", seconds, played,
        played == 1 ? "" : "s", resumed > 0 ? " (" + resumed + " read back from " + json + ")" : "", par));
    if (json != null) {
      out.println("json      " + json);
    }
    out.flush();
    printFailures(err, result);
    Repairs.playWarnings(game, err);
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

  /** {K, N} from {@code --shard K/N}; {0, 1} without it. */
  private int[] parseShard() {
    if (shard == null) {
      return new int[] {0, 1};
    }
    String[] p = shard.split("/", -1);
    try {
      int k = Integer.parseInt(p[0].trim());
      int n = Integer.parseInt(p[1].trim());
      if (p.length == 2 && n >= 1 && n <= 100_000 && k >= 0 && k < n) {
        return new int[] {k, n};
      }
    } catch (RuntimeException e) {
      // reported below
    }
    throw new ParameterException(spec.commandLine(), "--shard takes K/N with 0 <= K < N <= 100000, e.g. 0/4; got "
        + shard);
  }

  /** Writes the Slurm script of {@code --slurm N}. */
  private int writeSlurm(Budget budget) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (slurm < 1 || slurm > 100_000) {
      throw new ParameterException(spec.commandLine(), "--slurm takes the number of shards, 1 to 100000; got "
          + slurm);
    }
    if (json == null) {
      throw new ParameterException(spec.commandLine(), "--slurm needs --json FILE: the merged result goes there");
    }
    if (shard != null || resume) {
      throw new ParameterException(spec.commandLine(), "--slurm writes the shards itself; leave out --shard and"
          + " --resume");
    }
    int refused = OutputFiles.check(slurmScript, "--slurm", force, List.of(), err);
    if (refused != 0) {
      return refused;
    }
    if (Files.exists(json) && !force) {
      err.println("error: " + json + " exists; add --force to let the merge job overwrite it");
      err.flush();
      return usageError();
    }
    Game game = Loading.load(main, args, err);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    String gameArg = GameId.of(main.registry(), args);
    String veil = Path.of(System.getProperty("veil.launcher", "veil")).toAbsolutePath().normalize().toString();
    if (System.getProperty("veil.launcher") == null) {
      veil = "veil";
    }
    Path outFile = json.toAbsolutePath().normalize();
    String base = Shell.quote(outFile.toString());
    StringBuilder run = new StringBuilder("\"$VEIL\" arena " + gameArg + " --agents "
        + Shell.quote(String.join(",", agents)) + " --games " + games + " --seed " + seed + BudgetArgs.args(budget)
        + (parallel != null ? " --parallel " + parallel : "") + (duplicate ? " --duplicate" : ""));
    int cpus = budget.threads() * (parallel != null ? parallel : 1);
    StringBuilder shards = new StringBuilder();
    for (int k = 0; k < slurm; k++) {
      shards.append(' ').append(Shell.quote(outFile + ".shard-" + k + "-of-" + slurm + ".jsonl"));
    }
    String script = "#!/bin/bash\n"
        + "# A Veil arena as a Slurm job array, written by veil arena --slurm " + slurm + ".\n"
        + "#   bash " + slurmScript.getFileName() + "     submits the array (one shard per task) and the merge,"
        + " which waits for it\n"
        + "#   sbatch " + slurmScript.getFileName() + "   submits the array alone (merge later with the command"
        + " below)\n"
        + "# A task that is cut short and requeued continues its shard (--resume).\n"
        + "#SBATCH --job-name=veil-arena\n"
        + "#SBATCH --array=0-" + (slurm - 1) + "\n"
        + "#SBATCH --ntasks=1\n"
        + "#SBATCH --cpus-per-task=" + cpus + "\n"
        + "#SBATCH --output=" + outFile + ".shard-%a-of-" + slurm + ".log\n"
        + "set -euo pipefail\n"
        + "VEIL=${VEIL:-" + Shell.quote(veil) + "}\n"
        + "OUT=" + base + "\n"
        + "N=" + slurm + "\n"
        + "if [ -z \"${SLURM_ARRAY_TASK_ID:-}\" ]; then\n"
        + "  array=$(sbatch --parsable \"$0\")\n"
        + "  merge=$(sbatch --parsable --dependency=afterok:\"${array%%;*}\" --job-name=veil-merge"
        + " --output=\"$OUT.merge.log\" --wrap \"$(printf '%q ' \"$VEIL\" merge" + shards + " -o \"$OUT\""
        + " --force)\")\n"
        + "  echo \"submitted shards as job array ${array%%;*} and the merge as job ${merge%%;*}; result: $OUT\"\n"
        + "  exit 0\n"
        + "fi\n"
        + "k=$SLURM_ARRAY_TASK_ID\n"
        + "exec " + run + " --shard \"$k/$N\" --json \"$OUT.shard-$k-of-$N.jsonl\" --resume --no-progress\n";
    int written = OutputFiles.write(slurmScript, script, err) ? 0 : Main.GAME_ERROR;
    if (written != 0) {
      return written;
    }
    slurmScript.toFile().setExecutable(true);
    out.println("wrote " + slurmScript + ": " + slurm + " shards of " + games + " games; submit with: bash "
        + Shell.quote(slurmScript.toString()));
    out.println("merge by hand: " + Shell.program() + " merge" + shards + " -o " + base);
    out.flush();
    return 0;
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
   * with what it saw, and when it drew worlds from an approximate belief (the general sampler's particle bag)
   * instead of the exact posterior: exact counts, per agent, from each game's record. Silent when there is neither.
   */
  static void printFallbacks(PrintWriter out, Game game, ArenaResult result, Budget budget) {
    List<String> fallbacks = perAgent(result, GameResult::fallbacks);
    if (!fallbacks.isEmpty()) {
      out.println("fallback  these agents moved at random where their information-set sampler found no state");
      out.println("          consistent with what they saw" + (game.determinizer() == null ? " (" + game.name()
          + " has no fast sampler)" : "") + ":");
      fallbacks.forEach(out::println);
    }
    List<String> approximate = perAgent(result, GameResult::approximate);
    if (!approximate.isEmpty()) {
      out.println("approx    these agents drew worlds from a bag of particles, an approximation of their belief,");
      out.println("          where the exact set of consistent states grew too large:");
      approximate.forEach(out::println);
    }
  }

  /** "  agent: n of m decisions" for each agent whose count (summed over its roles and games) is not zero. */
  private static List<String> perAgent(ArenaResult result, java.util.function.Function<GameResult, int[]> count) {
    List<String> specs = result.config().agents();
    List<String> lines = new ArrayList<>();
    for (int a = 0; a < specs.size(); a++) {
      long decisions = 0;
      long counted = 0;
      for (GameResult g : result.games()) {
        for (int r = 0; r < g.agentOfRole().length; r++) {
          if (g.agentOfRole()[r] == a) {
            decisions += g.decisions()[r];
            counted += count.apply(g)[r];
          }
        }
      }
      if (counted == 0) {
        continue;
      }
      String who = specs.get(a) + (specs.indexOf(specs.get(a)) != specs.lastIndexOf(specs.get(a)) ? "#" + (a + 1)
          : "");
      lines.add(String.format(Locale.ROOT, "  %s: %d of %d decisions", who, counted, decisions));
    }
    return lines;
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
