package veil.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;
import veil.ai.Agent;
import veil.ai.Budget;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;

/**
 * A person at the terminal, seated like any honest agent: the match runner hands it its observation and its legal
 * moves only. The one extra it shows is the game's rendering of the state for this role, which the runner (the
 * holder of the true state) draws after every step and passes in as text ({@code view}); the game's {@code render}
 * shows a viewer only what that role may see.
 *
 * <p>Input: a move's number in the list, or the move's text (case and spacing do not matter); {@code quit} or the
 * end of the input stops the game, by throwing {@link Quit} out of {@link #choose}.
 */
final class HumanPlayer implements Agent {
  /** Thrown when the person stops: the runner ends the match and the command says so. */
  static final class Quit extends RuntimeException {
    Quit(String why) {
      super(why, null, false, false);
    }
  }

  /** Lines in a row that are not moves before the game stops: a person never types this many. */
  static final int MAX_WRONG_LINES = 100;

  private final BufferedReader in;
  private final PrintWriter out;
  private final Supplier<String> view;
  private Game game;
  private int role;
  private String quit;

  HumanPlayer(BufferedReader in, PrintWriter out, Supplier<String> view) {
    this.in = in;
    this.out = out;
    this.view = view;
  }

  @Override
  public String name() {
    return "human";
  }

  @Override
  public void start(Game game, int role, long seed) {
    this.game = game;
    this.role = role;
  }

  /** Why the person stopped ("quit" or "end of input"), or null while they play. */
  String quit() {
    return quit;
  }

  @Override
  public int choose(Observation obs, MoveList legal, Budget budget) {
    out.println();
    String v = view.get();
    if (!v.isEmpty()) {
      out.println("your view:");
      out.print(v);
    }
    out.println("your moves:");
    for (int i = 0; i < legal.size(); i++) {
      out.println(String.format(Locale.ROOT, "  %3d  %s", i + 1, game.moveText(role, legal.get(i))));
    }
    int wrong = 0;
    while (true) {
      out.print("move> ");
      out.flush();
      String line;
      try {
        line = in.readLine();
      } catch (IOException e) {
        line = null;
      }
      if (line == null) {
        out.println();
        quit = "end of input";
        throw new Quit(quit);
      }
      String typed = normalize(line);
      if (typed.isEmpty()) {
        continue;
      }
      int move = parse(typed, legal);
      if (move != Integer.MIN_VALUE) {
        return move;
      }
      if (typed.equals("quit") || typed.equals("exit")) {
        quit = "quit";
        throw new Quit(quit);
      }
      if (++wrong == MAX_WRONG_LINES) {
        out.println();
        quit = MAX_WRONG_LINES + " lines in a row were not moves (is the input a file of something else?)";
        throw new Quit(quit);
      }
      String shown = line.trim().length() > 60 ? line.trim().substring(0, 60) + "…" : line.trim();
      out.println("'" + shown + "' is not one of your moves: type a number from 1 to " + legal.size()
          + " or a move as listed (quit stops the game)");
    }
  }

  /** The legal move a typed line names (its number or its text), or Integer.MIN_VALUE for none. */
  private int parse(String typed, MoveList legal) {
    if (typed.chars().allMatch(Character::isDigit)) {
      try {
        int n = Integer.parseInt(typed);
        return n >= 1 && n <= legal.size() ? legal.get(n - 1) : Integer.MIN_VALUE;
      } catch (NumberFormatException e) {
        return Integer.MIN_VALUE;
      }
    }
    for (int i = 0; i < legal.size(); i++) {
      if (normalize(game.moveText(role, legal.get(i))).equals(typed)) {
        return legal.get(i);
      }
    }
    return Integer.MIN_VALUE;
  }

  /** Trimmed, lower case, runs of blanks as one space, no blank just inside a parenthesis. */
  static String normalize(String s) {
    return s.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replace("( ", "(").replace(" )", ")");
  }
}
