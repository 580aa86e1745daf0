package veil.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import veil.cards.LanguageReference;

/** {@code veil reference [-o FILE]}: the ludeme language reference, generated from the ludeme classes. */
@Command(name = "reference", mixinStandardHelpOptions = false,
    description = "Print the ludeme language reference generated from the code (or write it with -o).")
final class ReferenceCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE instead of standard output")
  Path output;

  @Option(names = "--force", description = "overwrite an existing FILE")
  boolean force;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
  boolean help;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    if (output != null) {
      try {
        OutputFiles.check(output, "-o", force, List.of());
      } catch (OutputFiles.Refused e) {
        err.println("error: " + e.getMessage());
        err.flush();
        return CommandLine.ExitCode.USAGE;
      }
    }
    String text = LanguageReference.render();
    if (output == null) {
      spec.commandLine().getOut().print(text);
    } else if (!OutputFiles.write(output, text, err)) {
      return Main.GAME_ERROR;
    }
    return 0;
  }
}
