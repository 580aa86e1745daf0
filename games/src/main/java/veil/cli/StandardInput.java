package veil.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Standard input, or an empty input when it was closed before Veil started ({@code veil play GAME <&-}). A closed
 * descriptor 0 is handed to the first file the JVM opens (its own jar or module image), so reading "standard input"
 * would read that file; on Linux {@code /proc/self/fd/0} names what descriptor 0 really is.
 */
final class StandardInput {
  private StandardInput() {}

  static BufferedReader open() {
    if (closedBeforeStart(fd0())) {
      return new BufferedReader(new StringReader(""));
    }
    return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
  }

  /** What descriptor 0 is, or null where the system does not say. */
  private static Path fd0() {
    try {
      Path link = Path.of("/proc/self/fd/0");
      return Files.isSymbolicLink(link) ? Files.readSymbolicLink(link) : null;
    } catch (IOException | InvalidPathException | UnsupportedOperationException | SecurityException e) {
      return null;
    }
  }

  /**
   * True when descriptor 0 is a file the JVM itself opened: a jar or class file on the class path, or a file of the
   * Java installation. Nobody types moves from those.
   */
  static boolean closedBeforeStart(Path target) {
    if (target == null) {
      return false;
    }
    String t = target.toString();
    if (t.endsWith(".jar") || t.endsWith(".jsa") || t.endsWith(".class") || t.endsWith("/lib/modules")) {
      return true;
    }
    String home = System.getProperty("java.home");
    return home != null && !home.isEmpty() && t.startsWith(home.endsWith("/") ? home : home + "/");
  }
}
