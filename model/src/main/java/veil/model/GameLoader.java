package veil.model;

import java.nio.file.Path;
import java.util.Map;

/** Turns game text into a {@link Game}: one implementation for ludeme files, one for GDL-II KIF. */
public interface GameLoader {
  /** File extensions this loader reads, without the dot ("lud", "kif"). */
  java.util.List<String> extensions();

  /**
   * Compiles {@code text} (named {@code sourceName} in errors) with the given option values (name → value text).
   *
   * @throws GameLoadException with every error formatted as {@code file:line:col: message}
   */
  Game load(String sourceName, String text, Map<String, String> options) throws GameLoadException;

  default Game load(Path file, Map<String, String> options) throws GameLoadException {
    String text;
    try {
      text = java.nio.file.Files.readString(file);
    } catch (java.io.IOException e) {
      throw new GameLoadException(file + ": cannot read: " + e.getMessage());
    }
    return load(file.toString(), text, options);
  }
}
