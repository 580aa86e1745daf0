package veil.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ai.arena.ArenaFile;
import veil.ai.arena.GameResult;
import veil.ai.match.Replay;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.State;

/** {@code veil replay FILE --game I}: one game of an arena file, move by move, as every role (or one) saw it. */
@Command(
    name = "replay",
    sortOptions = false,
    description = {
      "Replay a game recorded by veil arena --json, as every role or one role saw it.",
      "Prints every joint move, then what each role perceived and its view of the game. With --viewer ROLE, only"
          + " what that role saw: its own moves, its percepts and its view, nothing of the other roles' moves.",
      "Without --game, list the games in the file.",
      "The rules are loaded again from the game named in the file (a bundled name, or the game file's path);"
          + " --rules GAME loads them from elsewhere, e.g. when the file has moved."
    })
final class ReplayCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Parameters(index = "0", paramLabel = "FILE", description = "A JSON Lines file written by veil arena --json.")
  Path file;

  @Option(names = "--game", paramLabel = "I", description = "The index of the game to replay (0 is the first).")
  Integer gameIndex;

  @Option(names = "--viewer", paramLabel = "ROLE",
      description = "Show only what this role saw (a role name, e.g. white).")
  String viewer;

  @Option(names = "--rules", paramLabel = "GAME",
      description = "Load the rules from GAME (a bundled name or a file) instead of the game the file names.")
  String rules;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!Files.isRegularFile(file)) {
      err.println("error: no such file: " + file);
      return Main.GAME_ERROR;
    }
    ArenaFile.Contents contents;
    try {
      contents = ArenaFile.read(file);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      err.println("error: " + e.getMessage());
      return Main.GAME_ERROR;
    } catch (NullPointerException | ClassCastException | UnsupportedOperationException e) {
      // A line with a field missing or of the wrong kind (an edited file): the file's fault, not a bug of ours.
      err.println("error: " + file + ": a line lacks a field or has one of the wrong kind; the file was edited or"
          + " was not written by veil arena --json");
      return Main.GAME_ERROR;
    }
    JsonNode config = contents.config();
    for (String note : contents.notes()) {
      err.println("note: " + note);
    }
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (int i = 0; i < contents.games().size(); i++) {
      int index = contents.games().get(i).index();
      if (!seen.add(index)) {
        err.println("warning: " + file + ":" + contents.gameLines().get(i) + ": game " + index
            + " appears a second time (two runs wrote this file?)");
      }
    }
    err.flush();
    if (gameIndex == null) {
      listGames(out, config, contents.games());
      return 0;
    }
    GameResult recorded = null;
    for (GameResult g : contents.games()) {
      if (g.index() == gameIndex) {
        recorded = g;
      }
    }
    if (recorded == null) {
      err.println("error: " + file + " has no game " + gameIndex + " (" + rangeText(contents.games()) + ")");
      return Main.GAME_ERROR;
    }

    String malformed = malformed(recorded, config.has("roles") ? config.get("roles").size() : -1);
    if (malformed != null) {
      err.println("error: " + file + ": game " + gameIndex + " " + malformed);
      return Main.GAME_ERROR;
    }
    GameId.Parsed id = rules != null ? new GameId.Parsed(rules, Map.of()) : GameId.parse(text(config, "game"));
    Game game;
    try {
      game = main.registry().load(id.game(), id.options());
    } catch (GameLoadException e) {
      Loading.printReport(e, err);
      err.println("(the rules of " + file + " could not be loaded" + (rules == null ? "; --rules GAME names them"
          : "") + ")");
      err.flush();
      return Main.GAME_ERROR;
    }
    String mismatch = mismatch(game, config, recorded);
    if (mismatch != null) {
      err.println("error: the rules loaded from " + id.game() + " are not those " + file + " was played with: "
          + mismatch);
      return Main.GAME_ERROR;
    }
    int role = -1;
    if (viewer != null) {
      role = role(game, viewer);
      if (role < 0) {
        err.println("error: " + game.name() + " has no role '" + viewer + "'; roles: " + players(game));
        return picocli.CommandLine.ExitCode.USAGE;
      }
    }

    printHeader(out, game, recorded);
    if (role < 0) {
      Replay.print(game, recorded.moves(), -1, out);
    } else {
      RoleView.printReplay(game, recorded.moves(), role, out);
    }
    if (recorded.failed()) {
      out.println("the game failed here: " + recorded.failure());
    }
    out.flush();
    return 0;
  }

  /**
   * Null when a recorded game has the shape a replay needs: its moves, one per role at every step, and a seat entry
   * per role; else what is wrong. {@code roles} is the file's role count, or -1 when it names none.
   */
  static String malformed(GameResult g, int roles) {
    int n = roles >= 0 ? roles : g.agentOfRole() == null ? -1 : g.agentOfRole().length;
    if (g.moves() == null) {
      return "has no moves (\"moves\" is missing or null)";
    }
    if (g.agentOfRole() == null || g.agentSpecOfRole() == null || (n >= 0 && g.agentOfRole().length != n)) {
      return "does not list a seat for each of the " + n + " roles";
    }
    for (int t = 0; t < g.moves().length; t++) {
      if (g.moves()[t] == null || g.moves()[t].length != n) {
        return "has " + (g.moves()[t] == null ? "no" : Integer.toString(g.moves()[t].length)) + " moves at step "
            + t + ", not one for each of the " + n + " roles";
      }
      if (g.movesText() != null && t < g.movesText().length
          && (g.movesText()[t] == null || g.movesText()[t].length != n)) {
        return "has a \"movesText\" row at step " + t + " without one text for each of the " + n + " roles";
      }
    }
    if (g.scores() != null && g.scores().length != n) {
      return "has " + g.scores().length + " scores for " + n + " roles";
    }
    return null;
  }

  private static String text(JsonNode config, String field) {
    JsonNode n = config.get(field);
    return n == null || n.isNull() ? "" : n.asText();
  }

  private void listGames(PrintWriter out, JsonNode config, List<GameResult> games) {
    out.println(file + ": " + text(config, "gameName") + " (" + text(config, "game") + "), " + games.size()
        + (games.size() == 1 ? " game" : " games") + ", seed " + text(config, "masterSeed"));
    for (GameResult g : games) {
      int roles = config.has("roles") ? config.get("roles").size() : -1;
      String bad = malformed(g, roles);
      if (bad != null) {
        out.println(String.format(Locale.ROOT, "%5d  malformed: it %s", g.index(), bad));
        continue;
      }
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%5d  %3d steps ", g.index(),
          g.moves().length));
      for (int r = 0; r < g.agentOfRole().length; r++) {
        if (g.agentOfRole()[r] < 0) {
          continue;
        }
        String name = config.has("roles") && r < config.get("roles").size() ? config.get("roles").get(r).asText()
            : "role" + r;
        line.append(' ').append(name).append('=').append(g.agentSpecOfRole()[r]);
        if (g.scores() != null) {
          line.append(String.format(Locale.ROOT, " %.2f", g.scores()[r]));
        }
      }
      if (g.failed()) {
        line.append("  FAILED: ").append(g.failure());
      }
      out.println(line);
    }
    out.println("replay one with: " + Shell.program() + " replay " + Shell.quote(file.toString()) + " --game I");
    out.flush();
  }

  private static String rangeText(List<GameResult> games) {
    if (games.isEmpty()) {
      return "it has no finished game";
    }
    return "its games are " + games.get(0).index() + ".." + games.get(games.size() - 1).index();
  }

  /**
   * Null when the game can replay the record: same name and roles, and every recorded move legal and written as
   * the file wrote it (a game file edited since the run would replay something else).
   */
  static String mismatch(Game game, JsonNode config, GameResult g) {
    String name = text(config, "gameName");
    if (!name.isEmpty() && !name.equals(game.name())) {
      return "the file's game is '" + name + "', the rules are '" + game.name() + "'";
    }
    List<String> roles = new ArrayList<>();
    for (int r = 0; r < game.roleCount(); r++) {
      roles.add(game.roleName(r));
    }
    List<String> fileRoles = new ArrayList<>();
    if (config.has("roles")) {
      config.get("roles").forEach(n -> fileRoles.add(n.asText()));
    }
    if (!fileRoles.isEmpty() && !fileRoles.equals(roles)) {
      return "the file's roles are " + fileRoles + ", the rules have " + roles;
    }
    String bad = malformed(g, game.roleCount());
    if (bad != null) {
      return "the game " + bad;
    }
    State s = game.initialState();
    MoveList legal = new MoveList();
    for (int t = 0; t < g.moves().length; t++) {
      if (game.isTerminal(s)) {
        return "the game ends before step " + t;
      }
      for (int r = 0; r < game.roleCount(); r++) {
        int move = g.moves()[t][r];
        game.legalMoves(s, r, legal);
        String written = g.movesText() != null && t < g.movesText().length ? g.movesText()[t][r] : null;
        if (!legal.contains(move) || (written != null && !written.equals(game.moveText(r, move)))) {
          return "at step " + t + ", " + game.roleName(r) + "'s recorded move " + (written != null ? written
              : "#" + move) + " is not a legal move of these rules";
        }
      }
      game.apply(s, g.moves()[t], null);
    }
    return null;
  }

  /** A role by name (case-insensitive); -1 for none or for the random role, whose view is not a player's. */
  static int role(Game game, String name) {
    for (int r = 0; r < game.roleCount(); r++) {
      if (r != game.randomRole() && game.roleName(r).equalsIgnoreCase(name.trim())) {
        return r;
      }
    }
    return -1;
  }

  static String players(Game game) {
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < game.roleCount(); r++) {
      if (r != game.randomRole()) {
        sb.append(sb.length() == 0 ? "" : ", ").append(game.roleName(r));
      }
    }
    return sb.toString();
  }

  private void printHeader(PrintWriter out, Game game, GameResult g) {
    out.println("game " + g.index() + " of " + file + " (seed " + g.seed() + ")");
    for (int r = 0; r < game.roleCount(); r++) {
      if (g.agentOfRole()[r] < 0) {
        continue;
      }
      out.print("  " + game.roleName(r) + ": " + g.agentSpecOfRole()[r]);
      if (g.scores() != null) {
        out.print(String.format(Locale.ROOT, ", score %.3f", g.scores()[r]));
      }
      out.println();
    }
    out.println();
  }
}
