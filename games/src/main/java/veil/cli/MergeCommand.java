package veil.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
      if (Files.exists(output) && sameFile(p, output)) {
        err.println("error: the output " + output + " is one of the inputs");
        err.flush();
        return picocli.CommandLine.ExitCode.USAGE;
      }
    }
    if (Files.exists(output) && !force) {
      err.println("error: " + output + " exists; add --force to overwrite it");
      err.flush();
      return picocli.CommandLine.ExitCode.USAGE;
    }
    if (Files.isDirectory(output)) {
      err.println("error: " + output + " is a folder; -o needs a file name");
      err.flush();
      return picocli.CommandLine.ExitCode.USAGE;
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
    Path dirOf = output.toAbsolutePath().getParent();
    try {
      Path tmp = Files.createTempFile(dirOf, ".veil-merge", ".tmp");
      try {
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      err.println("error: cannot write " + output + ": " + e.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
    out.println("merged " + inputs.size() + " files, " + (lines.size() - 2) + " games, into " + output);
    out.flush();
    return 0;
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
