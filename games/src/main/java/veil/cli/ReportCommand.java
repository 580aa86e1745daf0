package veil.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ai.Budget;
import veil.ai.arena.ArenaConfig;
import veil.ai.arena.ArenaFile;
import veil.ai.arena.ArenaStats;
import veil.model.Game;

/** {@code veil report FILE.jsonl -o report.html}: an arena run as a self-contained HTML page. */
@Command(
    name = "report",
    sortOptions = false,
    description = {
      "Write an arena run (veil arena --json FILE) as one HTML page that needs no network: scores and 95%%"
          + " intervals per agent, seat and team, paired differences, game length and score distributions, each"
          + " agent's score over the run, time per move and fallbacks, as tables and inline SVG figures.",
      "An unfinished run (no summary yet) is reported over the games it has."
    })
final class ReportCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Parameters(index = "0", paramLabel = "FILE", description = "A JSON Lines file written by veil arena --json.")
  Path file;

  @Option(names = {"-o", "--output"}, paramLabel = "HTML", required = true, description = "The page to write.")
  Path output;

  @Option(names = "--force", description = "Overwrite an existing output file.")
  boolean force;

  @Option(names = "--rules", paramLabel = "GAME",
      description = "Load the rules from GAME instead of the game the file names.")
  String rules;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!Files.isRegularFile(file)) {
      err.println("error: " + file + (Files.isDirectory(file) ? " is a folder" : ": no such file"));
      err.flush();
      return Main.GAME_ERROR;
    }
    int refused = OutputFiles.check(output, "-o", force, List.of(file), err);
    if (refused != 0) {
      return refused;
    }
    ArenaFile.Contents contents;
    try {
      contents = ArenaFile.read(file);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
    Game game = RecordedGame.load(main, contents.config(), rules, file.toString(), err);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    ArenaConfig config;
    try {
      config = ArenaFile.configFromJson(contents.config(), game);
    } catch (IllegalArgumentException e) {
      err.println("error: " + file + ":1: bad config line: " + e.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
    List<String> notes = new ArrayList<>(contents.notes());
    if (!contents.finished()) {
      notes.add("This run is unfinished: " + contents.games().size() + " of its " + config.gamesHere()
          + " games are in the file.");
    }
    ArenaStats stats = ArenaStats.of(config, contents.games());
    Budget b = config.budget();
    List<String> run = List.of(
        "game: " + game.name() + " (" + contents.config().path("game").asText() + ")",
        "agents: " + String.join(", ", config.agents()) + (config.agents().size() > 1 ? " (seats rotate)" : ""),
        contents.games().size() + " games, seed " + config.masterSeed() + ", " + BudgetArgs.text(b)
            + (config.duplicate() ? ", duplicate deals" : "")
            + (config.sharded() ? ", shard " + config.shardIndex() + "/" + config.shardCount() : ""));
    String html = ReportHtml.render("Arena report: " + file.getFileName(), run, notes, config, contents.games(),
        stats);
    int written = OutputFiles.write(output, html, err) ? 0 : Main.GAME_ERROR;
    if (written != 0) {
      return written;
    }
    out.println("wrote " + output + " (" + contents.games().size() + " games)");
    out.flush();
    return 0;
  }
}
