package veil.cli;

import java.io.PrintWriter;
import veil.ludeme.CompiledGame;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.GdlExport;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.gdl.reason.KifGame;
import veil.model.Game;
import veil.model.GameLoadException;

/** Loads a command's GAME, printing a loader's report as it is when the game cannot be loaded. */
final class Loading {
  private Loading() {}

  /** The loaded game, or null after printing why it could not be loaded; a count of its load warnings, if any. */
  static Game load(Main main, GameArgs args, PrintWriter err) {
    return load(main, args, err, false);
  }

  /**
   * The loaded game, or null after printing why it could not be loaded. The deviations a lenient GDL-II load
   * accepted are never silent: all of them with {@code allWarnings} (for {@code veil check}), else their count.
   */
  static Game load(Main main, GameArgs args, PrintWriter err, boolean allWarnings) {
    Game game;
    try {
      game = main.registry().load(args.game, args.loadOptions(main.registry()));
    } catch (GameLoadException e) {
      throwIfUsage(args, e);
      printReport(e, err);
      return null;
    }
    if (game instanceof KifGame kif && !kif.warnings().isEmpty()) {
      List<Diagnostic> ws = kif.warnings();
      if (allWarnings) {
        for (Diagnostic d : ws) {
          err.print("warning: " + d.format());
        }
      } else {
        err.println("warning: " + ws.size() + " deviation" + (ws.size() == 1 ? "" : "s") + " from GDL-II accepted"
            + " in lenient mode (`veil check " + Shell.quote(args.game) + "` lists them; --option mode=strict"
            + " rejects them)");
      }
      err.flush();
    }
    return game;
  }

  /** The game file a GAME argument names (as a list for {@link OutputFiles#check}), or none for a bundled game. */
  static List<String> gameFiles(Main main, GameArgs args) {
    try {
      veil.games.GameSource source = main.registry().resolve(args.game);
      return source.file() == null ? List.of() : List.of(source.file().toString());
    } catch (GameLoadException e) {
      return List.of(); // reported when the game is loaded
    }
  }

  /**
   * The GDL-II rules of a ludeme game a GAME argument names (a bundled game or a .lud file), exported from the
   * compiled game; null after printing why not (no such game, a GDL-II game, a game that does not compile, a ludeme
   * with no translation). {@code options} are the ludeme game's ({@code --mode}, when a command has it for the
   * exported rules, is not one of them).
   */
  static GdlExport.Exported exportGdl(Main main, GameArgs args, java.util.Map<String, String> options,
      PrintWriter err) {
    try {
      return exportGdl(main, args, options);
    } catch (GameLoadException e) {
      throwIfUsage(args, e);
      printReport(e, err);
    } catch (ExportException e) {
      err.println(e.getMessage());
      err.flush();
    }
    return null;
  }

  private static GdlExport.Exported exportGdl(Main main, GameArgs args, java.util.Map<String, String> options)
      throws GameLoadException, ExportException {
    if (!main.registry().resolve(args.game).extension().equals("lud")) {
      throw new GameLoadException("error: " + args.game + " is not a ludeme game (.lud): export-gdl exports ludeme "
          + "games to GDL-II\n");
    }
    Game g = main.registry().load(args.game, options);
    if (!(g instanceof CompiledGame game)) {
      throw new GameLoadException("error: " + args.game + " did not load as a ludeme game\n");
    }
    return GdlExport.export(game);
  }

  /** An option name the game does not take is the command line's fault: a usage error (exit 2), not a game error. */
  private static void throwIfUsage(GameArgs args, GameLoadException e) {
    if (e.usage()) {
      throw new picocli.CommandLine.ParameterException(args.command.commandLine(), e.getMessage().strip());
    }
  }

  /** A loader's report is complete and formatted: printed as it is, ending with a newline. */
  static void printReport(GameLoadException e, PrintWriter err) {
    String report = e.getMessage() == null ? "error: the game could not be loaded" : e.getMessage();
    err.print(report);
    if (!report.endsWith("\n")) {
      err.println();
    }
    err.flush();
  }

  /** Number of players: roles other than {@code random}. */
  static int players(Game game) {
    return game.roleCount() - (game.randomRole() >= 0 ? 1 : 0);
  }
}
