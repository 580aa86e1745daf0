package veil.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Helpers for printing command lines a user can paste back into a POSIX shell. */
final class Shell {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=+,@%-]+");

  private Shell() {}

  /** {@code s} quoted for a POSIX shell when it needs quoting. */
  static String quote(String s) {
    return PLAIN.matcher(s).matches() ? s : "'" + s.replace("'", "'\\''") + "'";
  }

  /** How the user started Veil: the launcher passes its path as {@code veil.launcher}; otherwise "veil". */
  static String program() {
    return quote(System.getProperty("veil.launcher", "veil"));
  }

  /**
   * Splits a line into words as a POSIX shell would for what {@link #quote} writes: blanks separate words,
   * {@code '...'} is literal, a backslash escapes the next character. Null when a quote is not closed.
   */
  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ' ' || c == '\t') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        continue;
      }
      if (word == null) {
        word = new StringBuilder();
      }
      if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        if (end < 0) {
          return null;
        }
        word.append(line, i + 1, end);
        i = end;
      } else if (c == '\\' && i + 1 < line.length()) {
        word.append(line.charAt(++i));
      } else {
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }
}
