package veil.gdl.check;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import veil.dsl.Names;
import veil.dsl.Pos;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;

/**
 * The static checks a GDL-II description must pass before it is grounded (Love et al. 2008, §§ on restrictions;
 * Thielscher 2010 for {@code sees}): {@code or} is expanded into separate rules first, then
 *
 * <ul>
 *   <li>roles are ground facts; a game has roles, a terminal rule, and legal and goal rules for every role;
 *   <li>safety: every variable of a head, a negated atom or a distinct occurs in a positive body atom;
 *   <li>stratified negation: no cycle in the relation dependency graph passes through {@code not};
 *   <li>{@code init}, {@code role}, {@code base}, {@code input}, {@code percept} do not depend on {@code true} or
 *       {@code does}; {@code legal}, {@code terminal} and {@code goal} do not depend on {@code does};
 *   <li>{@code next}, {@code init} and {@code sees} appear only in heads;
 *   <li>the recursion restriction;
 *   <li>relations used in bodies are defined (an error in strict mode; in lenient mode a warning, and the
 *       relation is simply false);
 *   <li>goal values written in heads are integers 0..100 (derived ones are checked after grounding);
 *   <li>one name is used with one arity.
 * </ul>
 */
public final class RuleChecker {
  /** An {@code or}-heavy rule may not expand into more rules than this. */
  public static final int MAX_OR_EXPANSION = 4096;

  /** The checked rules ({@code or} expanded) and the roles in declaration order. */
  public record Result(List<Rule> rules, int[] roles, boolean randomHasNoGoal) {}

  private final Symbols symbols;
  private final Report report;
  private final Map<Long, Integer> predIds = new HashMap<>();
  private final List<long[]> preds = new ArrayList<>();

  private RuleChecker(Symbols symbols, Report report) {
    this.symbols = symbols;
    this.report = report;
  }

  public static Result check(List<Rule> rules, Symbols symbols, Report report) {
    return new RuleChecker(symbols, report).run(rules);
  }

  private Result run(List<Rule> input) {
    checkArities(input);
    List<Rule> rules = new ArrayList<>();
    for (Rule r : input) {
      rules.addAll(expandOr(r));
    }
    int[] roles = roles(rules);
    Set<Integer> roleSet = new HashSet<>();
    for (int r : roles) {
      roleSet.add(r);
    }
    List<Rule> safe = new ArrayList<>();
    for (Rule r : rules) {
      checkPlacement(r, roleSet);
      Rule fixed = safety(r);
      if (fixed != null) {
        safe.add(fixed);
      }
    }
    // Rules refused as unsafe still count as defining their relation (their error is reported already).
    boolean randomNoGoal = checkRequiredRules(rules, roles);
    checkUnconditionalGoals(safe, roles);
    dependencyChecks(safe, rules);
    return new Result(safe, roles, randomNoGoal);
  }

  // ---------------------------------------------------------------------------------------------- arities

  private void checkArities(List<Rule> rules) {
    Map<Integer, Integer> arity = new HashMap<>();
    Set<Integer> reported = new HashSet<>();
    for (Rule r : rules) {
      forEachTerm(r, t -> {
        if (t instanceof Term.Fn f) {
          Integer known = arity.putIfAbsent(f.functor(), f.arity());
          if (known != null && known != f.arity() && reported.add(f.functor())) {
            report.deviation(
                "arity", r.pos(), f.pos(),
                "'" + symbols.name(f.functor()) + "' is used with " + f.arity() + " argument(s) here and with "
                    + known + " elsewhere; they are read as different symbols");
          }
        }
      });
    }
  }

  private interface TermVisitor {
    void visit(Term t);
  }

  private static void forEachTerm(Rule r, TermVisitor v) {
    visitTerm(r.head(), v);
    for (Literal l : r.body()) {
      visitLiteral(l, v);
    }
  }

  private static void visitLiteral(Literal l, TermVisitor v) {
    if (l instanceof Literal.Atom a) {
      visitTerm(a.atom(), v);
    } else if (l instanceof Literal.Not n) {
      visitTerm(n.atom(), v);
    } else if (l instanceof Literal.Distinct d) {
      visitTerm(d.a(), v);
      visitTerm(d.b(), v);
    } else if (l instanceof Literal.Or o) {
      for (List<Literal> b : o.branches()) {
        for (Literal x : b) {
          visitLiteral(x, v);
        }
      }
    }
  }

  private static void visitTerm(Term t, TermVisitor v) {
    v.visit(t);
    if (t instanceof Term.Fn f) {
      for (int i = 0; i < f.arity(); i++) {
        visitTerm(f.arg(i), v);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------- or

  private List<Rule> expandOr(Rule r) {
    boolean hasOr = r.body().stream().anyMatch(l -> l instanceof Literal.Or);
    if (!hasOr) {
      return List.of(r);
    }
    List<List<Literal>> bodies = expand(r.body(), r);
    if (bodies == null) {
      return List.of();
    }
    List<Rule> out = new ArrayList<>();
    for (List<Literal> b : bodies) {
      out.add(new Rule(r.head(), b, r.pos(), r.varNames(), r.comment()));
    }
    return out;
  }

  private List<List<Literal>> expand(List<Literal> body, Rule r) {
    List<List<Literal>> acc = new ArrayList<>();
    acc.add(new ArrayList<>());
    for (Literal l : body) {
      if (l instanceof Literal.Or o) {
        List<List<Literal>> options = new ArrayList<>();
        for (List<Literal> branch : o.branches()) {
          List<List<Literal>> e = expand(branch, r);
          if (e == null) {
            return null;
          }
          options.addAll(e);
        }
        if ((long) acc.size() * options.size() > MAX_OR_EXPANSION) {
          report.error(o.pos(), "(or …) expands this rule into more than " + MAX_OR_EXPANSION + " rules");
          return null;
        }
        List<List<Literal>> next = new ArrayList<>();
        for (List<Literal> a : acc) {
          for (List<Literal> opt : options) {
            List<Literal> c = new ArrayList<>(a);
            c.addAll(opt);
            next.add(c);
          }
        }
        acc = next;
      } else {
        for (List<Literal> a : acc) {
          a.add(l);
        }
      }
    }
    return acc;
  }

  // ---------------------------------------------------------------------------------------------- roles

  private int[] roles(List<Rule> rules) {
    List<Integer> roles = new ArrayList<>();
    for (Rule r : rules) {
      if (r.relation() != Symbols.ROLE) {
        continue;
      }
      Term arg = r.head().arg(0);
      if (!r.isFact()) {
        report.error(r.pos(), "roles must be given as facts (role name), not derived by a rule");
      } else if (!(arg instanceof Term.Fn f) || f.arity() != 0) {
        report.error(arg.pos(), "a role must be a ground name, not " + arg.toKif(symbols), "(role name)", List.of());
      } else if (roles.contains(f.functor())) {
        report.error(r.pos(), "role '" + symbols.name(f.functor()) + "' is declared twice");
      } else {
        roles.add(f.functor());
      }
    }
    return roles.stream().mapToInt(Integer::intValue).toArray();
  }

  // ---------------------------------------------------------------------------------------------- placement

  /** Keywords in the wrong place, goal values, and role names that are not roles. */
  private void checkPlacement(Rule r, Set<Integer> roles) {
    int h = r.relation();
    Term.Fn head = r.head();
    if ((h == Symbols.LEGAL || h == Symbols.SEES || h == Symbols.GOAL || h == Symbols.INPUT
            || h == Symbols.PERCEPT)
        && !roles.isEmpty()) {
      unknownRole(r, head.arg(0), roles);
    }
    if (h == Symbols.GOAL && head.arg(1) instanceof Term.Fn v) {
      if (goalValue(symbols, v) < 0) {
        report.error(
            v.pos(), "goal value " + v.toKif(symbols) + " is not an integer from 0 to 100", "0..100", List.of());
      }
    }
    for (Literal l : r.body()) {
      Term.Fn atom = l instanceof Literal.Atom a ? a.atom() : l instanceof Literal.Not n ? n.atom() : null;
      if (atom == null) {
        continue;
      }
      int f = atom.functor();
      if (f == Symbols.NEXT) {
        report.deviation(
            "next-in-body", r.pos(), l.pos(), "(next …) used in a rule body; read as the fact in the next state");
      } else if (f == Symbols.INIT || f == Symbols.SEES) {
        report.error(l.pos(), "(" + symbols.name(f) + " …) may only appear in rule heads");
      } else if (f == Symbols.DOES && !roles.isEmpty()) {
        unknownRole(r, atom.arg(0), roles);
      }
    }
  }

  private void unknownRole(Rule r, Term arg, Set<Integer> roles) {
    if (arg instanceof Term.Fn f && f.arity() == 0 && !roles.contains(f.functor())) {
      List<String> names = new ArrayList<>();
      for (int x : roles) {
        names.add(symbols.name(x));
      }
      String name = symbols.name(f.functor());
      if (report.strict()) {
        report.error(
            f.pos(), "'" + name + "' is not a role (not allowed in strict mode)", "one of " + names,
            Names.nearest(name, names, 3));
      } else {
        report.deviation("role", r.pos(), f.pos(), "'" + name + "' is not a role; rules about it never apply");
      }
    }
  }

  /** The goal value written as {@code v}, or -1 when it is not an integer 0..100. */
  public static int goalValue(Symbols symbols, Term.Fn v) {
    return v.arity() != 0 ? -1 : goalValue(symbols.name(v.functor()));
  }

  /** The goal value a constant's name denotes, or -1 when it is not an integer 0..100. */
  public static int goalValue(String s) {
    if (s.isEmpty() || s.length() > 3) {
      return -1;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return -1;
      }
    }
    int n = Integer.parseInt(s);
    return n <= 100 ? n : -1;
  }

  // ---------------------------------------------------------------------------------------------- safety

  /** Returns the rule (possibly with an added (role ?r) literal in lenient mode), or null when it is unsafe. */
  private Rule safety(Rule r) {
    boolean[] bound = new boolean[r.varCount()];
    for (Literal l : r.body()) {
      if (l instanceof Literal.Atom a) {
        a.atom().collectVars(bound);
      }
    }
    List<Literal> extra = new ArrayList<>();
    boolean ok = true;
    // Head first: an unsafe role variable in a role-first head is what real GDL-II files do most.
    Term.Fn head = r.head();
    int h = r.relation();
    if ((h == Symbols.SEES || h == Symbols.LEGAL || h == Symbols.GOAL || h == Symbols.INPUT
            || h == Symbols.PERCEPT)
        && head.arg(0) instanceof Term.Var v
        && !bound[v.index()]) {
      if (report.deviation(
          "unsafe-role", r.pos(), v.pos(),
          "unsafe variable ?" + v.name() + " in the role position of (" + symbols.name(h)
              + " …): read as ranging over the roles")) {
        extra.add(new Literal.Atom(new Term.Fn(Symbols.ROLE, List.of(v), v.pos()), v.pos()));
        bound[v.index()] = true;
      } else {
        ok = false;
      }
    }
    ok &= unsafe(r, head, bound, "the head");
    for (Literal l : r.body()) {
      if (l instanceof Literal.Not n) {
        ok &= unsafe(r, n.atom(), bound, "a negated atom");
      } else if (l instanceof Literal.Distinct d) {
        ok &= unsafe(r, d.a(), bound, "a distinct");
        ok &= unsafe(r, d.b(), bound, "a distinct");
      }
    }
    if (!ok) {
      return null;
    }
    if (extra.isEmpty()) {
      return r;
    }
    List<Literal> body = new ArrayList<>(r.body());
    body.addAll(extra);
    return new Rule(r.head(), body, r.pos(), r.varNames(), r.comment());
  }

  private boolean unsafe(Rule r, Term t, boolean[] bound, String where) {
    if (t instanceof Term.Var v) {
      if (!bound[v.index()]) {
        bound[v.index()] = true; // report each variable once
        report.error(
            v.pos(),
            "unsafe variable ?" + v.name() + ": it occurs in " + where
                + " but in no positive atom of the body" + ruleLine(r, v.pos()),
            "every variable of the head, of (not …) and of (distinct …) to occur in a positive body atom",
            List.of());
        return false;
      }
      return true;
    }
    boolean ok = true;
    Term.Fn f = (Term.Fn) t;
    for (int i = 0; i < f.arity(); i++) {
      ok &= unsafe(r, f.arg(i), bound, where);
    }
    return ok;
  }

  private static String ruleLine(Rule r, Pos at) {
    if (r.pos() == null || at == null || r.pos().line() == at.line()) {
      return "";
    }
    return " (rule at line " + r.pos().line() + ")";
  }

  // ---------------------------------------------------------------------------------------------- required rules

  /** Roles, terminal, legal and goal rules exist; returns whether random lacks a goal (allowed when lenient). */
  private boolean checkRequiredRules(List<Rule> rules, int[] roles) {
    Pos top = rules.isEmpty() ? null : rules.get(0).pos();
    if (roles.length == 0) {
      if (report.mayHaveDropped(Symbols.ROLE)) {
        return false; // the unreadable sentence's error says enough
      }
      report.error(top, "the game declares no roles", "(role name) facts", List.of());
      return false;
    }
    if (rules.stream().noneMatch(r -> r.relation() == Symbols.TERMINAL) && !report.mayHaveDropped(Symbols.TERMINAL)) {
      report.error(top, "the game has no rule for terminal", "(<= terminal …)", List.of());
    }
    boolean randomNoGoal = false;
    for (int role : roles) {
      if (!covers(rules, Symbols.LEGAL, role) && !report.mayHaveDropped(Symbols.LEGAL)) {
        report.error(top, "role '" + symbols.name(role) + "' has no legal rule", "(legal " + symbols.name(role)
            + " move)", List.of());
      }
      if (!covers(rules, Symbols.GOAL, role) && !report.mayHaveDropped(Symbols.GOAL)) {
        if (role == Symbols.RANDOM) {
          randomNoGoal = report.deviation(
              "random-goal", top, top, "role random has no goal rule; its goal is taken as 0");
        } else {
          report.error(top, "role '" + symbols.name(role) + "' has no goal rule", "(goal " + symbols.name(role)
              + " value)", List.of());
        }
      }
    }
    return randomNoGoal;
  }

  /**
   * Goal rules that hold in every state (facts, or bodies of {@code (role ?r)} only) giving one role two values: the
   * role would have two goal values at once in every terminal state. An error in strict mode; in lenient mode a
   * warning (the highest value is used).
   */
  private void checkUnconditionalGoals(List<Rule> rules, int[] roles) {
    Map<Integer, Map<Integer, Rule>> valuesOf = new HashMap<>();
    for (Rule r : rules) {
      if (r.relation() != Symbols.GOAL || r.head().arity() != 2 || !(r.head().arg(1) instanceof Term.Fn v)) {
        continue;
      }
      int value = goalValue(symbols, v);
      if (value < 0 || !r.body().stream().allMatch(l -> l instanceof Literal.Atom a
          && a.atom().functor() == Symbols.ROLE)) {
        continue;
      }
      Term who = r.head().arg(0);
      List<Integer> whom = new ArrayList<>();
      if (who instanceof Term.Fn f && f.arity() == 0) {
        whom.add(f.functor());
      } else if (who instanceof Term.Var) {
        for (int role : roles) {
          whom.add(role);
        }
      }
      for (int role : whom) {
        Map<Integer, Rule> values = valuesOf.computeIfAbsent(role, k -> new java.util.TreeMap<>());
        values.putIfAbsent(value, r);
        if (values.size() == 2 && values.get(value) == r) {
          int other = values.keySet().stream().filter(x -> x != value).findFirst().orElse(value);
          report.deviation("goal-twice", r.pos(), r.pos(), "role '" + symbols.name(role) + "' has goal values "
              + other + " and " + value + " in every state (this rule and the one at " + values.get(other).pos()
              + " always hold)" + (report.strict() ? "" : "; the highest is used"));
        }
      }
    }
  }

  private static boolean covers(List<Rule> rules, int relation, int role) {
    for (Rule r : rules) {
      if (r.relation() == relation) {
        Term a = r.head().arg(0);
        if (a instanceof Term.Var || ((Term.Fn) a).functor() == role) {
          return true;
        }
      }
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------------- dependencies

  private int pred(Term.Fn atom) {
    long key = ((long) atom.functor() << 32) | atom.arity();
    Integer id = predIds.get(key);
    if (id == null) {
      id = preds.size();
      predIds.put(key, id);
      preds.add(new long[] {atom.functor(), atom.arity()});
    }
    return id;
  }

  private String predName(int p) {
    long[] k = preds.get(p);
    return symbols.name((int) k[0]) + (k[1] == 0 ? "" : "/" + k[1]);
  }

  private void dependencyChecks(List<Rule> rules, List<Rule> all) {
    // The graph: head relation → body relation, with the sign of the edge.
    Set<Integer> defined = new HashSet<>();
    for (Rule r : all) {
      defined.add(pred(r.head()));
    }
    List<Set<Integer>> pos = new ArrayList<>();
    List<Set<Integer>> neg = new ArrayList<>();
    Set<String> undefinedReported = new HashSet<>();
    for (Rule r : rules) {
      int h = pred(r.head());
      for (Literal l : r.body()) {
        Term.Fn atom = l instanceof Literal.Atom a ? a.atom() : l instanceof Literal.Not n ? n.atom() : null;
        if (atom == null) {
          continue;
        }
        int b = pred(atom);
        grow(pos, preds.size());
        grow(neg, preds.size());
        (l instanceof Literal.Not ? neg : pos).get(h).add(b);
        int f = atom.functor();
        if (!defined.contains(b) && f != Symbols.TRUE && f != Symbols.DOES && !report.mayHaveDropped(f)
            && undefinedReported.add(predName(b) + "@" + l.pos())) {
          undefined(r, atom, atom.pos());
        }
      }
    }
    int n = preds.size();
    grow(pos, n);
    grow(neg, n);
    int[] scc = scc(n, pos, neg);
    // Stratification: a negative edge inside one strongly connected component is a cycle through not.
    for (Rule r : rules) {
      int h = pred(r.head());
      for (Literal l : r.body()) {
        if (l instanceof Literal.Not nl && scc[pred(nl.atom())] == scc[h]) {
          report.error(
              l.pos(),
              "negation cycle: " + predName(h) + " depends on (not " + predName(pred(nl.atom())) + "), which "
                  + "depends on " + predName(h) + " again; GDL needs stratified negation" + ruleLine(r, l.pos()));
        }
      }
    }
    dependsOnTrueOrDoes(rules, pos, neg, n);
    recursionRestriction(rules, scc);
  }

  private void undefined(Rule r, Term.Fn atom, Pos at) {
    String name = symbols.name(atom.functor());
    List<String> known = new ArrayList<>();
    for (int p = 0; p < preds.size(); p++) {
      known.add(symbols.name((int) preds.get(p)[0]));
    }
    List<String> near = Names.nearest(name, new LinkedHashSet<>(known), 3);
    if (report.strict()) {
      report.error(at, "relation '" + name + "' (arity " + atom.arity() + ") is used but never defined", "", near);
    } else {
      report.deviation(
          "undefined", r.pos(), at,
          "relation '" + name + "' (arity " + atom.arity() + ") is used but never defined; it is always false"
              + (near.isEmpty() ? "" : " (did you mean " + String.join(", ", near) + "?)"));
    }
  }

  private static void grow(List<Set<Integer>> g, int n) {
    while (g.size() < n) {
      g.add(new HashSet<>());
    }
  }

  /** Tarjan's strongly connected components (iterative); returns the component of every node. */
  static int[] scc(int n, List<Set<Integer>> pos, List<Set<Integer>> neg) {
    int[][] adj = new int[n][];
    for (int i = 0; i < n; i++) {
      Set<Integer> all = new HashSet<>(pos.get(i));
      all.addAll(neg.get(i));
      adj[i] = all.stream().mapToInt(Integer::intValue).toArray();
    }
    return Tarjan.components(adj);
  }

  private void dependsOnTrueOrDoes(List<Rule> rules, List<Set<Integer>> pos, List<Set<Integer>> neg, int n) {
    BitSet onTrue = new BitSet();
    BitSet onDoes = new BitSet();
    for (int p = 0; p < n; p++) {
      long f = preds.get(p)[0];
      if (f == Symbols.TRUE) {
        onTrue.set(p);
      } else if (f == Symbols.DOES) {
        onDoes.set(p);
      }
    }
    close(onTrue, pos, neg, n);
    close(onDoes, pos, neg, n);
    for (Rule r : rules) {
      int h = r.relation();
      boolean noTrue = h == Symbols.INIT || h == Symbols.ROLE || h == Symbols.BASE || h == Symbols.INPUT
          || h == Symbols.PERCEPT;
      boolean noDoes = noTrue || h == Symbols.LEGAL || h == Symbols.TERMINAL || h == Symbols.GOAL;
      if (!noDoes) {
        continue;
      }
      for (Literal l : r.body()) {
        Term.Fn atom = l instanceof Literal.Atom a ? a.atom() : l instanceof Literal.Not nl ? nl.atom() : null;
        if (atom == null) {
          continue;
        }
        int b = pred(atom);
        String head = symbols.name(h);
        if (noTrue && onTrue.get(b)) {
          report.error(l.pos(), head + " may not depend on the state, but " + via(atom, "true") + ruleLine(r,
              l.pos()));
        } else if (onDoes.get(b)) {
          report.error(l.pos(), head + " may not depend on the moves, but " + via(atom, "does") + ruleLine(r,
              l.pos()));
        }
      }
    }
  }

  private String via(Term.Fn atom, String keyword) {
    String name = symbols.name(atom.functor());
    return name.equals(keyword) ? "this rule uses (" + keyword + " …)" : "'" + name + "' depends on (" + keyword
        + " …)";
  }

  /** Adds to {@code set} every relation with a path to one already in it. */
  private static void close(BitSet set, List<Set<Integer>> pos, List<Set<Integer>> neg, int n) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int p = 0; p < n; p++) {
        if (set.get(p)) {
          continue;
        }
        for (int q : pos.get(p)) {
          if (set.get(q)) {
            set.set(p);
            changed = true;
            break;
          }
        }
        if (!set.get(p)) {
          for (int q : neg.get(p)) {
            if (set.get(q)) {
              set.set(p);
              changed = true;
              break;
            }
          }
        }
      }
    }
  }

  /**
   * Love et al. 2008: in a rule with head p(a1..an) and a body atom q(b1..bk) where q is in a cycle with p, every
   * bj is ground, or is one of the ai, or has all its variables in positive body atoms whose relations are not in
   * a cycle with p. This keeps the recursive definitions finite.
   */
  private void recursionRestriction(List<Rule> rules, int[] scc) {
    for (Rule r : rules) {
      int h = pred(r.head());
      boolean[] safeVars = new boolean[r.varCount()];
      for (Literal l : r.body()) {
        if (l instanceof Literal.Atom a && scc[pred(a.atom())] != scc[h]) {
          a.atom().collectVars(safeVars);
        }
      }
      for (Literal l : r.body()) {
        if (!(l instanceof Literal.Atom a) || scc[pred(a.atom())] != scc[h]) {
          continue;
        }
        Term.Fn q = a.atom();
        for (int j = 0; j < q.arity(); j++) {
          Term b = q.arg(j);
          if (b.isGround() || isHeadArg(r.head(), b) || allIn(b, safeVars)) {
            continue;
          }
          report.error(
              b.pos(),
              "recursion restriction: argument " + b.toKif(symbols) + " of the recursive atom "
                  + q.toKif(symbols) + " is neither ground, nor an argument of the head, nor bound by a "
                  + "non-recursive positive atom" + ruleLine(r, b.pos()));
        }
      }
    }
  }

  private static boolean isHeadArg(Term.Fn head, Term b) {
    for (int i = 0; i < head.arity(); i++) {
      if (same(head.arg(i), b)) {
        return true;
      }
    }
    return false;
  }

  private static boolean same(Term x, Term y) {
    if (x instanceof Term.Var vx) {
      return y instanceof Term.Var vy && vx.index() == vy.index();
    }
    if (!(y instanceof Term.Fn fy)) {
      return false;
    }
    Term.Fn fx = (Term.Fn) x;
    if (fx.functor() != fy.functor() || fx.arity() != fy.arity()) {
      return false;
    }
    for (int i = 0; i < fx.arity(); i++) {
      if (!same(fx.arg(i), fy.arg(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean allIn(Term t, boolean[] vars) {
    boolean[] mine = new boolean[vars.length];
    t.collectVars(mine);
    for (int i = 0; i < mine.length; i++) {
      if (mine[i] && !vars[i]) {
        return false;
      }
    }
    return true;
  }
}
