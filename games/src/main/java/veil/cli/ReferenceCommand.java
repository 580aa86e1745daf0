package veil.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
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

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
  boolean help;

  @Override
  public Integer call() throws IOException {
    String text = LanguageReference.render();
    if (output == null) {
      spec.commandLine().getOut().print(text);
    } else {
      Files.writeString(output, text, StandardCharsets.UTF_8);
    }
    return 0;
  }
}
