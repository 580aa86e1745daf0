package veil.cli;

import java.io.PrintWriter;
import veil.model.Game;
import veil.model.Percepts;
import veil.model.State;

/**
 * One role's side of a game as text: its own move and percepts of a step, and the game's rendering of a state for
 * that role ({@link Game#render} with the role as viewer). Nothing here shows another role's move: what a role
 * learns of the others it learns from its percepts.
 */
final class RoleView {
  private RoleView() {}

  /** A role's percepts of one step, e.g. {@code ok, (played p2 (card 3 hearts))}, or {@code nothing}. */
  static String percepts(Game game, int role, int[] sorted) {
    if (sorted.length == 0) {
      return "nothing";
    }
    StringBuilder sb = new StringBuilder();
    for (int p : sorted) {
      sb.append(sb.length() == 0 ? "" : ", ").append(game.perceptText(role, p));
    }
    return sb.toString();
  }

  /**
   * One step for a role: {@code step 3: white played (mark 1 1) and saw: ok}, or {@code step 4: white saw:
   * nothing} when its move was {@code noop}.
   */
  static String step(Game game, int role, int step, int move, int[] sorted, String who) {
    String text = game.moveText(role, move);
    return "step " + step + ": " + who + (text.equals("noop") ? "" : " played " + text + " and") + " saw: "
        + percepts(game, role, sorted);
  }

  /** The state as {@code role} may see it, each line indented; nothing when the game draws nothing. */
  static void printView(Game game, State s, int role, PrintWriter out, String indent) {
    String view = game.render(s, role);
    if (view == null || view.isEmpty()) {
      return;
    }
    for (String line : view.split("\n")) {
      out.println(indent + line);
    }
  }

  /**
   * A recorded game as {@code role} lived it: its view of the start, then per step its own move, its percepts
   * and its view; at the end the goals (public once the game is over).
   */
  static void printReplay(Game game, int[][] joints, int role, PrintWriter out) {
    State s = game.initialState();
    Percepts p = new Percepts(game.roleCount());
    out.println(game.name() + " as " + game.roleName(role) + " saw it: " + joints.length + " steps");
    printView(game, s, role, out, "    ");
    for (int t = 0; t < joints.length; t++) {
      game.apply(s, joints[t], p);
      out.println(step(game, role, t, joints[t][role], p.sorted(role), game.roleName(role)));
      printView(game, s, role, out, "    ");
    }
    if (game.isTerminal(s)) {
      out.println("terminal; goals:" + goals(game, s));
    }
  }

  /** The goals of the players at a terminal state, e.g. {@code  white=100 black=0}. */
  static String goals(Game game, State s) {
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < game.roleCount(); r++) {
      if (r != game.randomRole()) {
        sb.append(' ').append(game.roleName(r)).append('=').append(game.goal(s, r));
      }
    }
    return sb.toString();
  }
}
