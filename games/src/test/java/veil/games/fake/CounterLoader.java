package veil.games.fake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import veil.dsl.Diagnostic;
import veil.dsl.Pos;
import veil.dsl.Source;
import veil.dsl.Names;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.GameLoader;

/**
 * Loads {@code .fake} files into {@link CounterGame}s, standing in for the .lud and .kif loaders in tests. A file
 * is lines of {@code key value}; {@code #} starts a comment:
 *
 * <pre>
 * name Counter
 * description Two players race to a target count
 * target 10
 * bug stuck 5          (optional: one of CounterGame.Bug, lower case, and a threshold)
 * crash                (optional: the loader throws IllegalStateException, a stand-in for a loader bug)
 * </pre>
 *
 * The one option, {@code Target}, overrides the target. Errors are reported like the real loaders do.
 */
public final class CounterLoader implements GameLoader {
  private static final List<String> KEYS = List.of("name", "description", "target", "bug");
  private static final List<String> OPTIONS = List.of("Target");

  @Override
  public List<String> extensions() {
    return List.of("fake");
  }

  @Override
  public Game load(String sourceName, String text, Map<String, String> options) throws GameLoadException {
    Source source = Source.of(sourceName, text);
    List<Diagnostic> errors = new ArrayList<>();
    String name = "Counter";
    String description = "";
    int target = 10;
    CounterGame.Bug bug = CounterGame.Bug.NONE;
    int threshold = 0;
    String[] lines = text.split("\n", -1);
    int offset = 0;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      int lineOffset = offset;
      offset += line.length() + 1;
      String content = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
      if (content.isBlank()) {
        continue;
      }
      int keyCol = content.length() - content.stripLeading().length() + 1;
      String[] words = content.strip().split("\\s+", 2);
      String key = words[0];
      String rest = words.length > 1 ? words[1].strip() : "";
      int restCol = words.length > 1 ? content.indexOf(rest, keyCol - 1 + key.length()) + 1 : keyCol + key.length();
      Pos keyPos = new Pos(source, i + 1, keyCol, lineOffset + keyCol - 1);
      Pos restPos = new Pos(source, i + 1, restCol, lineOffset + restCol - 1);
      switch (key) {
        case "crash" -> throw new IllegalStateException("the loader crashed on purpose");
        case "name" -> name = rest;
        case "description" -> description = rest;
        case "target" -> {
          Integer t = parseTarget(rest, restPos, errors);
          if (t != null) {
            target = t;
          }
        }
        case "bug" -> {
          String[] b = rest.split("\\s+");
          try {
            bug = CounterGame.Bug.valueOf(b[0].toUpperCase(Locale.ROOT).replace('-', '_'));
            threshold = b.length > 1 ? Integer.parseInt(b[1]) : 0;
          } catch (IllegalArgumentException e) {
            errors.add(Diagnostic.at(restPos, "unknown bug '" + rest + "'", "stuck, goal, throw, bound, shared-copy, random-move,"
                + " same-text (and a threshold)"));
          }
        }
        default -> errors.add(new Diagnostic(keyPos, "unknown key '" + key + "'", String.join(", ", KEYS),
            Names.nearest(key, KEYS, 3)));
      }
    }
    if (!errors.isEmpty()) {
      throw new GameLoadException(Diagnostic.formatAll(errors));
    }
    for (Map.Entry<String, String> option : options.entrySet()) {
      if (!OPTIONS.contains(option.getKey())) {
        List<String> near = Names.nearest(option.getKey(), OPTIONS, 3);
        throw new GameLoadException(new Diagnostic(null, "unknown option '" + option.getKey() + "' for " + name,
            String.join(", ", OPTIONS), near).format(), true);
      }
      try {
        target = Integer.parseInt(option.getValue());
      } catch (NumberFormatException e) {
        target = -1;
      }
      if (target < 1 || target > 1000) {
        throw new GameLoadException(Diagnostic.at(null, "option Target must be an integer in 1..1000, got '"
            + option.getValue() + "'").format());
      }
    }
    return new CounterGame(name, description, target, bug, threshold);
  }

  private static Integer parseTarget(String text, Pos pos, List<Diagnostic> errors) {
    try {
      int t = Integer.parseInt(text);
      if (t >= 1 && t <= 1000) {
        return t;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    errors.add(Diagnostic.at(pos, "bad target '" + text + "'", "an integer in 1..1000"));
    return null;
  }
}
