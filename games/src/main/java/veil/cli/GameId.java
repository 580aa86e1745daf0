package veil.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.games.GameRegistry;
import veil.games.GameSource;
import veil.model.GameLoadException;

/**
 * How an arena file names its game, so that {@code veil replay} can load the same rules again: the GAME argument
 * and its options as they would be typed, e.g. {@code hearts --option Passing=right}. A game file is named by its
 * absolute path, so a replay works from any folder. (The arena's config line has one free-text field for the
 * game, and no field for options; the options travel in it, and resuming therefore also requires the same ones.)
 */
final class GameId {
  /** A game id read back: the GAME argument and its options. */
  record Parsed(String game, Map<String, String> options) {}

  private GameId() {}

  static String of(GameRegistry registry, GameArgs args) {
    String game = args.game;
    try {
      GameSource source = registry.resolve(args.game);
      if (!source.isBundled()) {
        game = source.file().toAbsolutePath().normalize().toString();
      }
    } catch (GameLoadException e) {
      // Only called after the game loaded, so this does not happen; the argument as typed is still a fair name.
    }
    StringBuilder sb = new StringBuilder(Shell.quote(game));
    for (Map.Entry<String, String> e : args.loadOptions(registry).entrySet()) {
      sb.append(" --option ").append(Shell.quote(e.getKey() + "=" + e.getValue()));
    }
    return sb.toString();
  }

  /**
   * The GAME argument and options of an id; an id that is not of the form {@code GAME [--option NAME=VALUE]...}
   * (a file written by other code) is taken as a GAME argument as it is.
   */
  static Parsed parse(String id) {
    List<String> words = Shell.split(id);
    if (words == null || words.isEmpty() || words.size() % 2 == 0) {
      return new Parsed(id, Map.of());
    }
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 1; i < words.size(); i += 2) {
      String value = words.get(i + 1);
      int eq = value.indexOf('=');
      if (!words.get(i).equals("--option") || eq <= 0) {
        return new Parsed(id, Map.of());
      }
      options.put(value.substring(0, eq), value.substring(eq + 1));
    }
    return new Parsed(words.get(0), options);
  }
}
