package veil.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ai.arena.ArenaFile;
import veil.model.Game;

/** {@code veil merge A.jsonl B.jsonl ... -o all.jsonl}: the shards of an arena run joined into one file. */
@Command(
    name = "merge",
    sortOptions = false,
    description = {
      "Join the files of the shards of one arena run (veil arena ... --shard K/N --json FILE) into the file the"
          + " whole run would have written: its config line, every game in index order, and the summary.",
      "Checks that the files share one configuration, that every shard is there once, and that every game index"
          + " appears exactly once."
    })
final class MergeCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Parameters(paramLabel = "FILE", arity = "1..*", description = "The shards' JSON Lines files, in any order.")
  List<Path> inputs;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "The merged file.")
  Path output;

  @Option(names = "--force", description = "Overwrite an existing output file.")
  boolean force;

  @Option(names = "--rules", paramLabel = "GAME",
      description = "Load the rules from GAME instead of the game the files name.")
  String rules;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    for (Path p : inputs) {
      if (!Files.isRegularFile(p)) {
        err.println("error: " + p + (Files.isDirectory(p) ? " is a folder" : ": no such file"));
        err.flush();
        return Main.GAME_ERROR;
      }
    }
    int refused = OutputFiles.check(output, "-o", force, inputs, err);
    if (refused != 0) {
      return refused;
    }
    List<String> lines;
    try {
      ArenaFile.Contents first = ArenaFile.read(inputs.get(0));
      Game game = RecordedGame.load(main, first.config(), rules, inputs.get(0).toString(), err);
      if (game == null) {
        return Main.GAME_ERROR;
      }
      lines = ArenaFile.merge(inputs, game);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      err.println("error: cannot merge: " + e.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
    int written = OutputFiles.write(output, String.join("\n", lines) + "\n", err) ? 0 : Main.GAME_ERROR;
    if (written != 0) {
      return written;
    }
    out.println("merged " + inputs.size() + " files, " + (lines.size() - 2) + " games, into " + output);
    out.flush();
    return 0;
  }
}
