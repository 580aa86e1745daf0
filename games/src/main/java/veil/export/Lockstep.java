package veil.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Function;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Plays two implementations of one game side by side on random playouts and compares what every role can observe:
 * the roles, each role's legal moves (as GDL terms), each role's percepts after every joint move (as sets), the
 * terminal test, and at the end the goals. Optionally the states too, through a mapping of each to facts. The
 * first difference is reported with its step, the history of joint moves and both answers.
 */
public final class Lockstep {
  private Lockstep() {}

  /** The first difference found. */
  public record Mismatch(int playout, int step, String what, List<String> history, String first, String second) {
    public String describe(String firstName, String secondName) {
      StringBuilder sb = new StringBuilder();
      sb.append("difference in playout ").append(playout).append(" at step ").append(step).append(": ")
          .append(what).append('\n');
      sb.append("  history (joint moves, roles in order):\n");
      if (history.isEmpty()) {
        sb.append("    (none: the initial state)\n");
      }
      for (int i = 0; i < history.size(); i++) {
        sb.append("    ").append(i + 1).append(". ").append(history.get(i)).append('\n');
      }
      sb.append("  ").append(firstName).append(": ").append(first).append('\n');
      sb.append("  ").append(secondName).append(": ").append(second).append('\n');
      return sb.toString();
    }
  }

  /** What a run found: playouts and steps played, and the first mismatch (null when none). */
  public record Result(int playouts, long steps, Mismatch mismatch) {
    public boolean ok() {
      return mismatch == null;
    }
  }

  /** Compares a and b on {@code playouts} random playouts; states are compared too when both mappers are given. */
  public static Result run(Game a, Game b, int playouts, long seed, Function<State, List<String>> factsA,
      Function<State, List<String>> factsB) {
    long steps = 0;
    if (a.roleCount() != b.roleCount()) {
      return new Result(0, 0, new Mismatch(0, 0, "the roles differ", List.of(), roles(a), roles(b)));
    }
    for (int r = 0; r < a.roleCount(); r++) {
      if (!a.roleName(r).equals(b.roleName(r))) {
        return new Result(0, 0, new Mismatch(0, 0, "the roles differ", List.of(), roles(a), roles(b)));
      }
    }
    int roles = a.roleCount();
    MoveList ml = new MoveList();
    Percepts pa = new Percepts(roles);
    Percepts pb = new Percepts(roles);
    for (int i = 0; i < playouts; i++) {
      Random rng = new Random(seed * 1_000_003L + i);
      State sa = a.initialState();
      State sb = b.initialState();
      List<String> history = new ArrayList<>();
      for (int step = 0; ; step++) {
        if (factsA != null && factsB != null) {
          List<String> fa = factsA.apply(sa);
          List<String> fb = factsB.apply(sb);
          if (!fa.equals(fb)) {
            return new Result(i + 1, steps, new Mismatch(i, step, "the states differ", history,
                difference(fa, fb), difference(fb, fa)));
          }
        }
        boolean ta = a.isTerminal(sa);
        boolean tb = b.isTerminal(sb);
        if (ta != tb) {
          return new Result(i + 1, steps, new Mismatch(i, step, "terminal differs", history,
              "terminal " + ta, "terminal " + tb));
        }
        if (ta) {
          for (int r = 0; r < roles; r++) {
            int ga = a.goal(sa, r);
            int gb = b.goal(sb, r);
            if (ga != gb) {
              return new Result(i + 1, steps, new Mismatch(i, step, "goal of " + a.roleName(r) + " differs",
                  history, goals(a, sa), goals(b, sb)));
            }
          }
          break;
        }
        if (step > a.stepBound()) {
          return new Result(i + 1, steps, new Mismatch(i, step, "the game runs past its step bound " + a.stepBound(),
              history, "not terminal", "not terminal"));
        }
        int[] ja = new int[roles];
        int[] jb = new int[roles];
        List<String> joint = new ArrayList<>();
        for (int r = 0; r < roles; r++) {
          a.legalMoves(sa, r, ml);
          TreeSet<String> la = texts(a, r, ml);
          int[] movesA = ml.toArray();
          b.legalMoves(sb, r, ml);
          TreeSet<String> lb = texts(b, r, ml);
          int[] movesB = ml.toArray();
          if (!la.equals(lb)) {
            return new Result(i + 1, steps, new Mismatch(i, step, "legal moves of " + a.roleName(r) + " differ",
                history, la.toString(), lb.toString()));
          }
          if (la.isEmpty()) {
            return new Result(i + 1, steps, new Mismatch(i, step, a.roleName(r) + " has no legal move", history,
                "[]", "[]"));
          }
          List<String> sorted = new ArrayList<>(la);
          String pick = sorted.get(rng.nextInt(sorted.size()));
          ja[r] = find(a, r, movesA, pick);
          jb[r] = find(b, r, movesB, pick);
          joint.add(pick);
        }
        a.apply(sa, ja, pa);
        b.apply(sb, jb, pb);
        steps++;
        history.add(String.join(" ", joint));
        for (int r = 0; r < roles; r++) {
          TreeSet<String> xa = percepts(a, r, pa);
          TreeSet<String> xb = percepts(b, r, pb);
          if (!xa.equals(xb)) {
            return new Result(i + 1, steps, new Mismatch(i, step + 1, "percepts of " + a.roleName(r) + " differ",
                history, xa.toString(), xb.toString()));
          }
        }
      }
    }
    return new Result(playouts, steps, null);
  }

  private static String roles(Game g) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < g.roleCount(); r++) {
      out.add(g.roleName(r));
    }
    return out.toString();
  }

  private static String goals(Game g, State s) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < g.roleCount(); r++) {
      out.add(g.roleName(r) + "=" + g.goal(s, r));
    }
    return out.toString();
  }

  private static TreeSet<String> texts(Game g, int role, MoveList ml) {
    TreeSet<String> out = new TreeSet<>();
    for (int k = 0; k < ml.size(); k++) {
      out.add(g.moveText(role, ml.get(k)));
    }
    return out;
  }

  private static TreeSet<String> percepts(Game g, int role, Percepts p) {
    TreeSet<String> out = new TreeSet<>();
    for (int k = 0; k < p.size(role); k++) {
      out.add(g.perceptText(role, p.get(role, k)));
    }
    return out;
  }

  private static int find(Game g, int role, int[] moves, String text) {
    for (int m : moves) {
      if (g.moveText(role, m).equals(text)) {
        return m;
      }
    }
    throw new IllegalStateException("no move " + text);
  }

  /** The facts of x that are not in y (at most 12). */
  private static String difference(List<String> x, List<String> y) {
    TreeSet<String> d = new TreeSet<>(x);
    d.removeAll(new TreeSet<>(y));
    List<String> out = new ArrayList<>(d);
    if (out.size() > 12) {
      out = new ArrayList<>(out.subList(0, 12));
      out.add("…");
    }
    return "only here: " + out;
  }
}
