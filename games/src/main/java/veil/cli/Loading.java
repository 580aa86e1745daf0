package veil.cli;

import java.io.PrintWriter;
import veil.model.Game;
import veil.model.GameLoadException;

/** Loads a command's GAME, printing a loader's report as it is when the game cannot be loaded. */
final class Loading {
  private Loading() {}

  /** The loaded game, or null after printing why it could not be loaded. */
  static Game load(Main main, GameArgs args, PrintWriter err) {
    try {
      return main.registry().load(args.game, args.loadOptions(main.registry()));
    } catch (GameLoadException e) {
      printReport(e, err);
      return null;
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
