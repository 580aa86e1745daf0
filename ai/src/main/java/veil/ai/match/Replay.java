package veil.ai.match;

import java.io.IOException;
import java.io.UncheckedIOException;
import veil.model.Game;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/** Reconstructs a recorded match from its joint moves: states, observations, and a step-by-step printout. */
public final class Replay {
  private Replay() {}

  /** The state after the first {@code steps} joint moves. */
  public static State stateAfter(Game game, int[][] joints, int steps) {
    State s = game.initialState();
    for (int t = 0; t < steps; t++) {
      game.apply(s, joints[t], null);
    }
    return s;
  }

  /** The observation {@code role} had after the first {@code steps} joint moves. */
  public static Observation observation(Game game, int[][] joints, int role, int steps) {
    State s = game.initialState();
    Percepts p = new Percepts(game.roleCount());
    Observation obs = new Observation(role);
    for (int t = 0; t < steps; t++) {
      game.apply(s, joints[t], p);
      obs.add(joints[t][role], p.sorted(role));
    }
    return obs;
  }

  /**
   * Prints the match move by move: the joint move, then for each non-random role what it perceived and its view of
   * the state ({@link Game#render} with that role as viewer). {@code viewer = -1} prints every role's view; a role
   * index prints only that role's.
   */
  public static void print(Game game, int[][] joints, int viewer, Appendable out) {
    try {
      State s = game.initialState();
      Percepts p = new Percepts(game.roleCount());
      out.append(game.name()).append(": ").append(Integer.toString(joints.length)).append(" steps\n");
      appendViews(game, s, null, viewer, out);
      for (int t = 0; t < joints.length; t++) {
        game.apply(s, joints[t], p);
        out.append("step ").append(Integer.toString(t)).append(':');
        for (int r = 0; r < game.roleCount(); r++) {
          out.append(r == 0 ? " " : " | ").append(game.roleName(r)).append(' ')
              .append(game.moveText(r, joints[t][r]));
        }
        out.append('\n');
        appendViews(game, s, p, viewer, out);
      }
      if (game.isTerminal(s)) {
        out.append("terminal; goals:");
        for (int r = 0; r < game.roleCount(); r++) {
          if (r != game.randomRole()) {
            out.append(' ').append(game.roleName(r)).append('=').append(Integer.toString(game.goal(s, r)));
          }
        }
        out.append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void appendViews(Game game, State s, Percepts p, int viewer, Appendable out) throws IOException {
    for (int r = 0; r < game.roleCount(); r++) {
      if (r == game.randomRole() || (viewer >= 0 && viewer != r)) {
        continue;
      }
      out.append("  ").append(game.roleName(r));
      if (p != null) {
        out.append(" sees:");
        int[] seen = p.sorted(r);
        if (seen.length == 0) {
          out.append(" nothing");
        }
        for (int x : seen) {
          out.append(' ').append(game.perceptText(r, x));
        }
      }
      out.append('\n');
      String view = game.render(s, r);
      if (view != null && !view.isEmpty()) {
        for (String line : view.split("\n")) {
          out.append("    ").append(line).append('\n');
        }
      }
    }
  }
}
