package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A value written as a tuple of digits compared most significant first, e.g. a poker hand (its category, then the
 * ranks that break ties): {@code (DIGITS FV… I D)} holds when digit {@code I} (0 first) of the value is {@code D},
 * for the context variables {@code FV} (e.g. the player whose hand it is). Such a value has too many values for one
 * number table (7,462 poker hand classes), but comparing two of them only needs "equal up to digit i" and "less at
 * digit i" chains, whose ground rules grow with digits × digit values instead of with the square of the number of
 * values. Its {@link Val} ({@link Kind#KEY}) may only be compared ({@link Exprs#compare}).
 *
 * @param what what the value is, for messages (e.g. "a poker hand's value"); only keys of one kind compare
 * @param digits the relation (DIGITS FV… I D), exactly one D for each I in 0..width-1 where the FV are bound
 * @param width the number of digits
 * @param maxDigit every digit is in 0..maxDigit
 * @param domains literals that bind the FV (the context's domains), for bodies that negate a comparison
 */
public record LexKey(String what, Rel digits, int width, int maxDigit, List<String> domains) {

  /** Literals true when {@code a op b}; op is one of = != < <= > >=. */
  static void compare(Exprs x, String op, LexKey a, LexKey b, List<String> body) {
    for (String d : a.domains) {
      if (!body.contains(d)) {
        body.add(d);
      }
    }
    for (String d : b.domains) {
      if (!body.contains(d)) {
        body.add(d);
      }
    }
    switch (op) {
      case "=":
        body.add(equal(x, a, b));
        return;
      case "!=":
        body.add(Program.not(equal(x, a, b)));
        return;
      case "<":
        body.add(less(x, a, b));
        return;
      case ">":
        body.add(less(x, b, a));
        return;
      case "<=":
        body.add(Program.not(less(x, b, a)));
        return;
      default:
        body.add(Program.not(less(x, a, b)));
    }
  }

  private static List<String> vars(LexKey a, LexKey b) {
    Set<String> v = new LinkedHashSet<>(a.digits.fv());
    v.addAll(b.digits.fv());
    return new ArrayList<>(v);
  }

  /** (EQ FV… I): a and b agree on digits 0..I; the atom for I = width-1. */
  private static String equal(Exprs x, LexKey a, LexKey b) {
    List<String> fv = vars(a, b);
    String key = "lexeq " + shape(a, b);
    String eq = (String) x.out.memo().get(key);
    if (eq == null) {
      eq = x.out.rel("lexeq");
      x.out.memo().put(key, eq);
      for (int i = 0; i < a.width; i++) {
        String d = x.out.var();
        List<String> body = new ArrayList<>();
        if (i > 0) {
          body.add(atom(eq, fv, Integer.toString(i - 1)));
        }
        body.add(a.digits.call(Integer.toString(i), d));
        body.add(b.digits.call(Integer.toString(i), d));
        x.out.rule(atom(eq, fv, Integer.toString(i)), body);
      }
    }
    return atom(eq, fv, Integer.toString(a.width - 1));
  }

  /** (LT FV…): a's value is less than b's. */
  private static String less(Exprs x, LexKey a, LexKey b) {
    List<String> fv = vars(a, b);
    String key = "lexlt " + shape(a, b);
    String lt = (String) x.out.memo().get(key);
    if (lt == null) {
      String eq = equal(x, a, b);
      String eqRel = Program.functor(eq);
      lt = x.out.rel("lexlt");
      x.out.memo().put(key, lt);
      int max = Math.max(a.maxDigit, b.maxDigit);
      for (int u = 0; u <= max; u++) {
        for (int v = u + 1; v <= max; v++) {
          x.m.lt(u, v);
        }
      }
      for (int i = 0; i < a.width; i++) {
        String u = x.out.var();
        String v = x.out.var();
        List<String> body = new ArrayList<>();
        if (i > 0) {
          body.add(atom(eqRel, fv, Integer.toString(i - 1)));
        }
        body.add(a.digits.call(Integer.toString(i), u));
        body.add(b.digits.call(Integer.toString(i), v));
        body.add(Program.atom("lt", u, v));
        x.out.rule(Program.atom(lt, fv), body);
      }
    }
    return Program.atom(lt, fv);
  }

  /** The two relations and which of the comparison's variables each takes (names aside): what a memo is keyed by. */
  private static String shape(LexKey a, LexKey b) {
    List<String> fv = vars(a, b);
    StringBuilder s = new StringBuilder(a.digits.name());
    for (String v : a.digits.fv()) {
      s.append(' ').append(fv.indexOf(v));
    }
    s.append(" / ").append(b.digits.name());
    for (String v : b.digits.fv()) {
      s.append(' ').append(fv.indexOf(v));
    }
    return s.toString();
  }

  private static String atom(String rel, List<String> fv, String last) {
    List<String> args = new ArrayList<>(fv);
    args.add(last);
    return Program.atom(rel, args);
  }
}
