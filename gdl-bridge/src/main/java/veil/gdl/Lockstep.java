package veil.gdl;

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
    Mismatch roles = sameRoles(a, b);
    if (roles != null) {
      return new Result(0, 0, roles);
    }
    for (int i = 0; i < playouts; i++) {
      Random rng = new Random(seed * 1_000_003L + i);
      long[] count = new long[1];
      Mismatch m = playout(a, b, i, (step, role, legal) -> legal.get(rng.nextInt(legal.size())), factsA, factsB,
          count);
      steps += count[0];
      if (m != null) {
        return new Result(i + 1, steps, m);
      }
    }
    return new Result(playouts, steps, null);
  }

  /**
   * Compares a and b along joint moves recorded in a (e.g. a conformance suite's playouts): the same checks at every
   * step, the moves played being the recorded ones. Null when they agree.
   */
  public static Mismatch follow(Game a, Game b, List<int[]> joints) {
    Mismatch roles = sameRoles(a, b);
    if (roles != null) {
      return roles;
    }
    return playout(a, b, 0, (step, role, legal) -> step < joints.size() ? a.moveText(role, joints.get(step)[role])
        : null, null, null, new long[1]);
  }

  /** Which move text a role plays at a step, among its legal ones (sorted); null stops the playout. */
  private interface Picker {
    String pick(int step, int role, List<String> legal);
  }

  private static Mismatch sameRoles(Game a, Game b) {
    boolean same = a.roleCount() == b.roleCount();
    for (int r = 0; same && r < a.roleCount(); r++) {
      same = a.roleName(r).equals(b.roleName(r));
    }
    return same ? null : new Mismatch(0, 0, "the roles differ", List.of(), roles(a), roles(b));
  }

  private static Mismatch playout(Game a, Game b, int i, Picker picker, Function<State, List<String>> factsA,
      Function<State, List<String>> factsB, long[] steps) {
    int roles = a.roleCount();
    MoveList ml = new MoveList();
    Percepts pa = new Percepts(roles);
    Percepts pb = new Percepts(roles);
    State sa = a.initialState();
    State sb = b.initialState();
    List<String> history = new ArrayList<>();
    for (int step = 0; ; step++) {
      if (factsA != null && factsB != null) {
        List<String> fa = factsA.apply(sa);
        List<String> fb = factsB.apply(sb);
        if (!fa.equals(fb)) {
          return new Mismatch(i, step, "the states differ", history, difference(fa, fb), difference(fb, fa));
        }
      }
      boolean ta = a.isTerminal(sa);
      boolean tb = b.isTerminal(sb);
      if (ta != tb) {
        return new Mismatch(i, step, "terminal differs", history, "terminal " + ta, "terminal " + tb);
      }
      if (ta) {
        for (int r = 0; r < roles; r++) {
          if (a.goal(sa, r) != b.goal(sb, r)) {
            return new Mismatch(i, step, "goal of " + a.roleName(r) + " differs", history, goals(a, sa),
                goals(b, sb));
          }
        }
        return null;
      }
      if (step > a.stepBound()) {
        return new Mismatch(i, step, "the game runs past its step bound " + a.stepBound(), history,
            "not terminal", "not terminal");
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
          return new Mismatch(i, step, "legal moves of " + a.roleName(r) + " differ", history, la.toString(),
              lb.toString());
        }
        if (la.isEmpty()) {
          return new Mismatch(i, step, a.roleName(r) + " has no legal move", history, "[]", "[]");
        }
        String pick = picker.pick(step, r, new ArrayList<>(la));
        if (pick == null) {
          return null;
        }
        if (!la.contains(pick)) {
          return new Mismatch(i, step, "the recorded move " + pick + " of " + a.roleName(r) + " is not legal",
              history, la.toString(), lb.toString());
        }
        ja[r] = find(a, r, movesA, pick);
        jb[r] = find(b, r, movesB, pick);
        joint.add(pick);
      }
      a.apply(sa, ja, pa);
      b.apply(sb, jb, pb);
      steps[0]++;
      history.add(String.join(" ", joint));
      for (int r = 0; r < roles; r++) {
        TreeSet<String> xa = percepts(a, r, pa);
        TreeSet<String> xb = percepts(b, r, pb);
        if (!xa.equals(xb)) {
          return new Mismatch(i, step + 1, "percepts of " + a.roleName(r) + " differ", history, xa.toString(),
              xb.toString());
        }
      }
    }
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
