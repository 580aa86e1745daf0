package veil.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ludeme.gdl.GdlExport;

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

  @Option(names = "--force", description = "Overwrite an existing FILE.")
  boolean force;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (output != null) {
      try {
        OutputFiles.check(output, "-o", force, Loading.gameFiles(main, args));
      } catch (OutputFiles.Refused ex) {
        err.println("error: " + ex.getMessage());
        err.flush();
        return CommandLine.ExitCode.USAGE;
      }
    }
    GdlExport.Exported e = Loading.exportGdl(main, args, args.loadOptions(main.registry()), err);
    if (e == null) {
      return Main.GAME_ERROR;
    }
    if (output == null) {
      out.print(e.kif());
      out.flush();
      return 0;
    }
    if (!OutputFiles.write(output, e.kif(), err)) {
      return Main.GAME_ERROR;
    }
    out.println("wrote the GDL-II rules of " + e.game().name + " to " + output + " (" + e.ruleCount()
        + " rules and facts)");
    out.flush();
    return 0;
  }
}
