package veil.cli;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import veil.games.GameRegistry;

/** Runs the command line in-process on the bundled games, with stdin scripted and stdout, stderr captured. */
final class Cli {
  record Run(int code, String out, String err) {}

  private static GameRegistry standard;

  private Cli() {}

  static synchronized GameRegistry standard() {
    if (standard == null) {
      standard = GameRegistry.standard();
    }
    return standard;
  }

  static Run run(String... args) {
    return runWithInput("", args);
  }

  static Run runWithInput(String input, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(standard(), new BufferedReader(new StringReader(input)), new PrintWriter(out),
        new PrintWriter(err), args);
    return new Run(code, out.toString(), err.toString());
  }
}
