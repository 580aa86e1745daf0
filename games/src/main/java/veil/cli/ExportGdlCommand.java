package veil.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.export.ExportException;
import veil.export.GdlExport;
import veil.model.GameLoadException;

/** {@code veil export-gdl GAME [-o FILE]}: the GDL-II rules (KIF) of a ludeme game. */
@Command(
    name = "export-gdl",
    description = {
      "Write the GDL-II rules (KIF) of a ludeme game, on stdout or into a file.",
      "The rules are the game as Veil's engine plays it, step for step: the same roles, legal moves, percepts,"
          + " terminal states and goals (`veil verify-gdl` checks this on random playouts).",
      "A ludeme that cannot be exported yet is named with its position; the exit code is then 1."
    })
final class ExportGdlCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the rules into FILE.")
  Path output;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    GdlExport.Exported e;
    try {
      e = GdlExport.exportGame(main.registry(), args.game, args.loadOptions(main.registry()));
    } catch (GameLoadException ex) {
      Loading.printReport(ex, err);
      return Main.GAME_ERROR;
    } catch (ExportException ex) {
      err.println(ex.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
    if (output == null) {
      out.print(e.kif());
      out.flush();
      return 0;
    }
    try {
      Files.writeString(output, e.kif(), StandardCharsets.UTF_8);
    } catch (IOException ex) {
      err.println("error: cannot write " + output + ": " + ex.getMessage());
      err.flush();
      return Main.GAME_ERROR;
    }
    out.println("wrote the GDL-II rules of " + e.game().name + " to " + output + " (" + e.ruleCount()
        + " rules and facts)");
    out.flush();
    return 0;
  }
}
