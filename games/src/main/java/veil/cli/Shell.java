package veil.cli;

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
}
