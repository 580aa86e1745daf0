package veil.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.games.BundledGame;
import veil.model.Game;
import veil.model.GameLoadException;

/** {@code veil list}: the bundled games, each loaded to count its players. */
@Command(
    name = "list",
    description = {
      "List the bundled games: name, number of players, description.",
      "Every game is loaded with its default options; a game that fails to load is reported on stderr, the"
          + " others are still listed, and the exit code is 1."
    })
final class ListCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean failed = false;
    for (String problem : main.registry().problems()) {
      err.println("error: " + problem);
      failed = true;
    }
    List<BundledGame> games = main.registry().bundled();
    if (games.isEmpty()) {
      err.println("no bundled games are installed");
      return failed ? Main.GAME_ERROR : 0;
    }
    int width = 4;
    for (BundledGame g : games) {
      width = Math.max(width, g.name().length());
    }
    for (BundledGame g : games) {
      String players;
      try {
        Game game = main.registry().load(g.name(), Map.of());
        players = Integer.toString(Loading.players(game));
      } catch (GameLoadException e) {
        Loading.printReport(e, err);
        players = "?";
        failed = true;
      } catch (RuntimeException | StackOverflowError e) {
        // One broken loader must not hide the other games.
        err.println("internal error while loading " + g.resource() + ": " + e);
        players = "?";
        failed = true;
      }
      out.printf("%-" + width + "s  %2s  %s%n", g.name(), players, g.description());
    }
    out.flush();
    return failed ? Main.GAME_ERROR : 0;
  }
}
