package veil.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import veil.model.Game;
import veil.model.GameLoadException;

/** Loads the rules an arena file was played with (from its config line, or from {@code --rules GAME}). */
final class RecordedGame {
  private RecordedGame() {}

  /** The game, or null after printing why it could not be loaded or does not match the file. */
  static Game load(Main main, JsonNode config, String rules, String file, PrintWriter err) {
    JsonNode g = config.get("game");
    String id = g == null || g.isNull() ? "" : g.asText();
    GameId.Parsed parsed = rules != null ? new GameId.Parsed(rules, java.util.Map.of()) : GameId.parse(id);
    Game game;
    try {
      game = main.registry().load(parsed.game(), parsed.options());
    } catch (GameLoadException e) {
      Loading.printReport(e, err);
      err.println("(the rules of " + file + " could not be loaded" + (rules == null ? "; --rules GAME names them"
          : "") + ")");
      err.flush();
      return null;
    }
    List<String> roles = new ArrayList<>();
    for (int r = 0; r < game.roleCount(); r++) {
      roles.add(game.roleName(r));
    }
    List<String> fileRoles = new ArrayList<>();
    config.path("roles").forEach(n -> fileRoles.add(n.asText()));
    String name = config.path("gameName").asText("");
    if (!name.isEmpty() && !name.equals(game.name()) || !fileRoles.equals(roles)) {
      err.println("error: the rules loaded from " + parsed.game() + " (" + game.name() + ", roles " + roles
          + ") are not those " + file + " was played with (" + name + ", roles " + fileRoles + ")");
      err.flush();
      return null;
    }
    return game;
  }
}
