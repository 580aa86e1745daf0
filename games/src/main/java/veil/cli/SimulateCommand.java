package veil.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.games.RuleFailure;
import veil.games.SimulationResult;
import veil.games.Simulator;
import veil.gdl.reason.KifGame;
import veil.model.Game;

/** {@code veil simulate GAME}: random playouts as a rules stress test and a speed figure. */
@Command(
    name = "simulate",
    sortOptions = false,
    description = {
      "Play games with uniformly random moves for every role (chance included) from the start to the end.",
      "Checks that every role has a legal move in every state before the end, that the game ends within its"
          + " step bound, that goals are in 0..100 and scores in [0, 1], and that nothing throws.",
      "Prints games per second, game length and the mean score of each seat. Each rule failure is printed on"
          + " stderr with a command that replays that game alone; the exit code is then 1.",
      "Game i of a run depends only on --seed and i, so the same --seed and --games give the same games."
    })
final class SimulateCommand implements Callable<Integer> {
  /** Failures printed on stderr; the rest are counted (and in the JSON file, up to the simulator's limit). */
  private static final int FAILURES_SHOWN = 10;

  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--games", paramLabel = "N", defaultValue = "1000",
      description = "Number of games to play (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Master seed; game i plays from a seed derived from S and i (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--first-game", paramLabel = "I", defaultValue = "0",
      description = "Index of the first game to play, to replay one game of a longer run with --games 1"
          + " (default: ${DEFAULT-VALUE}).")
  int firstGame;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the figures and failures as JSON.")
  Path json;

  @Option(names = "--force", description = "Overwrite an existing --json FILE.")
  boolean force;

  @Option(names = "--no-progress", description = "Do not show progress on stderr.")
  boolean noProgress;

  @Override
  public Integer call() {
    if (games < 1) {
      throw new ParameterException(spec.commandLine(), "--games must be at least 1, got " + games);
    }
    if (firstGame < 0 || (long) firstGame + games > Integer.MAX_VALUE) {
      throw new ParameterException(spec.commandLine(), "--first-game must be in 0.." + (Integer.MAX_VALUE - games));
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (json != null) {
      try {
        OutputFiles.check(json, "--json", force, Loading.gameFiles(main, args));
      } catch (OutputFiles.Refused e) {
        err.println("error: " + e.getMessage());
        err.flush();
        return CommandLine.ExitCode.USAGE;
      }
    }
    Game game = Loading.load(main, args, err);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    Repairs.note(game, args.game, err);

    ProgressLine progress = noProgress ? null : new ProgressLine(err, game.name(),
        ProgressLine.stderrIsTerminal());
    SimulationResult result = new Simulator(game).run(seed, firstGame, games, progress);
    if (progress != null) {
      progress.finish();
    }

    List<String> reproduce = new ArrayList<>();
    for (RuleFailure f : result.failures()) {
      reproduce.add(Shell.program() + " simulate " + Shell.quote(args.game) + args.optionArgs() + " --seed " + seed
          + " --first-game " + f.gameIndex() + " --games 1");
    }
    printTable(out, game, result);
    printFailures(err, result, reproduce);
    Repairs.playWarnings(game, err);

    if (json != null) {
      String text;
      try {
        text = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .writeValueAsString(SimulationReport.of(game, args, result, reproduce)) + "\n";
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("the report cannot be written as JSON", e);
      }
      if (!OutputFiles.write(json, text, err)) {
        return Main.GAME_ERROR;
      }
    }
    return result.ok() ? 0 : Main.GAME_ERROR;
  }

  private void printTable(PrintWriter out, Game game, SimulationResult r) {
    out.println("game      " + game.name() + " (" + args.game + ")");
    out.println("options   " + args.optionsText());
    out.println("run       " + r.games() + (r.games() == 1 ? " game" : " games") + " from game " + r.firstGame()
        + ", seed " + r.masterSeed());
    out.println(String.format(Locale.ROOT, "speed     %.1f games/s, %.0f steps/s (%.2f s)", r.gamesPerSecond(),
        r.stepsPerSecond(), r.seconds()));
    if (r.completed() > 0) {
      out.println(String.format(Locale.ROOT, "length    mean %.1f steps, min %d, max %d (step bound %d)",
          r.meanLength(), r.minLength(), r.maxLength(), game.stepBound()));
      out.println("seat      mean score");
      for (int s = 0; s < game.roleCount(); s++) {
        if (s != game.randomRole()) {
          out.println(String.format(Locale.ROOT, "  %-7s %.3f", game.roleName(s), r.meanScores()[s]));
        }
      }
    } else {
      out.println("length    no game completed");
    }
    if (game instanceof KifGame k && k.severalGoalStates() > 0) {
      out.println("goals     " + k.severalGoalStates() + " of " + r.games() + " games ended in a state that gives a"
          + " role several goal values (lenient mode took the largest; --mode strict fails them)");
    }
    out.println("failures  " + (r.ok() ? "none" : r.failureCount() + " of " + r.games() + " games broke the rules"
        + " (details on stderr)"));
    out.flush();
  }

  private static void printFailures(PrintWriter err, SimulationResult r, List<String> reproduce) {
    int shown = Math.min(FAILURES_SHOWN, r.failures().size());
    for (int i = 0; i < shown; i++) {
      RuleFailure f = r.failures().get(i);
      err.println("rule failure: " + f.summary());
      err.println("  replay: " + reproduce.get(i));
    }
    if (r.failureCount() > shown) {
      err.println("... and " + (r.failureCount() - shown) + " more failed games"
          + " (--json FILE lists up to " + Simulator.MAX_FAILURES_KEPT + ")");
    }
    err.flush();
  }
}
