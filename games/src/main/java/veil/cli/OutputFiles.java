package veil.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Output files of the report commands: never an input, never overwritten without --force, written whole. */
final class OutputFiles {
  private OutputFiles() {}

  /** 0 when {@code output} may be written, else the exit code after printing why not. */
  static int check(Path output, boolean force, List<Path> inputs, PrintWriter err) {
    for (Path in : inputs) {
      try {
        if (Files.exists(output) && Files.isSameFile(in, output)) {
          err.println("error: the output " + output + " is one of the inputs");
          err.flush();
          return picocli.CommandLine.ExitCode.USAGE;
        }
      } catch (IOException e) {
        // Cannot tell: the checks below still hold.
      }
    }
    if (Files.isDirectory(output)) {
      err.println("error: " + output + " is a folder; give a file name");
      err.flush();
      return picocli.CommandLine.ExitCode.USAGE;
    }
    if (Files.exists(output) && !force) {
      err.println("error: " + output + " exists; add --force to overwrite it");
      err.flush();
      return picocli.CommandLine.ExitCode.USAGE;
    }
    return 0;
  }

  /** Writes {@code text} to a temporary file next to {@code output} and moves it there; 0 or an exit code. */
  static int write(Path output, String text, PrintWriter err) {
    try {
      Path dir = output.toAbsolutePath().getParent();
      Path tmp = Files.createTempFile(dir, ".veil-", ".tmp");
      try {
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
      return 0;
    } catch (IOException e) {
      err.println("error: cannot write " + output + ": " + e.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
  }
}
