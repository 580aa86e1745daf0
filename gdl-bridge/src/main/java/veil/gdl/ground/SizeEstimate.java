package veil.gdl.ground;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;

/**
 * The size of a grounding estimated before grounding, from the constants each argument position of each relation can
 * hold (domain analysis). Positions inside function terms count as positions of their own ({@code (true (cell ?x ?y
 * ?p))} has three, below {@code true}'s argument), so no term is ever built. A variable of a rule ranges over the
 * constants of every position it occupies in the rule's positive body (their intersection), and a head position
 * receives those; a variable that stands for a whole function term ({@code (<= (next ?f) (true ?f) …)}) carries the
 * positions below it. {@code (true f)} receives what {@code init} and {@code next} hold, {@code (does r m)} what
 * {@code legal} holds; negation and {@code distinct} are ignored.
 *
 * <p>The number of atoms of a relation is then at most the product, over its positions, of the number of values a
 * position can take. This is an upper bound that treats the positions of an atom as independent (a move's from and
 * to squares are counted as if every pair occurred), so it is used only to recognise a grounding that is far over
 * its limit before the grounder spends seconds finding out. It is cheap: sets of constants, no join.
 */
public final class SizeEstimate {
  /** Positions deeper than this (a recursion that builds terms) end the estimate: there is none then. */
  static final int MAX_DEPTH = 12;

  /**
   * The estimate: the bound on the number of atoms of the relations that depend on the state or the moves (those the
   * grounder cannot compute once and fold away), and the relation with the largest bound. {@code legal}, {@code
   * does} and {@code sees} are left out: their moves and percepts are function terms whose positions go together (a
   * move's from and to squares), which the count inflates most (ggp-base's Checkers, which grounds into 412,010
   * ground rules, would count 1.4e8 legal atoms); the relations legal moves are derived from are counted.
   */
  public record Result(double dynamicAtoms, String largestRelation, double largestAtoms) {}

  private final Symbols symbols;
  /**
   * The constants at each position: a path of relation, argument index and the functors in between. Sorted, so the
   * paths below a position are one range ({@link #below}): a scan of the whole map per variable per rule per pass
   * made the estimate quadratic in the rules (an exported Cribbage, 82,000 rules, ran for minutes).
   */
  private final NavigableMap<String, Set<Integer>> constants = new TreeMap<>();
  /** The functors (name/arity) of the function terms at each position, sorted as {@link #constants}. */
  private final NavigableMap<String, Set<String>> functors = new TreeMap<>();
  private boolean grew;

  private SizeEstimate(Symbols symbols) {
    this.symbols = symbols;
  }

  private static final class GiveUp extends RuntimeException {
    GiveUp() {
      super(null, null, false, false);
    }
  }

  /** The estimate for checked rules (no {@code or}), or null when a recursion builds terms without bound. */
  public static Result of(List<Rule> rules, Symbols symbols) {
    SizeEstimate e = new SizeEstimate(symbols);
    try {
      do {
        e.grew = false;
        for (Rule r : rules) {
          e.apply(r);
        }
        e.copy(rel(Symbols.INIT, 1), rel(Symbols.TRUE, 1));
        e.copy(rel(Symbols.NEXT, 1), rel(Symbols.TRUE, 1));
        e.copy(rel(Symbols.LEGAL, 2), rel(Symbols.DOES, 2));
      } while (e.grew);
    } catch (GiveUp g) {
      return null;
    }
    // Relations that depend on true or does, directly or through others.
    Map<Integer, Set<Integer>> uses = new HashMap<>();
    Map<Integer, Integer> arityOf = new TreeMap<>();
    for (Rule r : rules) {
      arityOf.put(r.relation(), r.head().arity());
      for (Literal l : r.body()) {
        Term.Fn a = l instanceof Literal.Atom at ? at.atom() : l instanceof Literal.Not n ? n.atom() : null;
        if (a != null) {
          uses.computeIfAbsent(r.relation(), k -> new HashSet<>()).add(a.functor());
        }
      }
    }
    Set<Integer> dynamic = new HashSet<>(List.of(Symbols.TRUE, Symbols.DOES));
    boolean more = true;
    while (more) {
      more = false;
      for (Map.Entry<Integer, Set<Integer>> u : uses.entrySet()) {
        if (!dynamic.contains(u.getKey()) && u.getValue().stream().anyMatch(dynamic::contains)) {
          more |= dynamic.add(u.getKey());
        }
      }
    }
    double total = 0;
    double largest = 0;
    String name = "";
    for (Map.Entry<Integer, Integer> r : arityOf.entrySet()) {
      int f = r.getKey();
      if (!dynamic.contains(f) || f == Symbols.LEGAL || f == Symbols.DOES || f == Symbols.SEES) {
        continue;
      }
      double n = 1;
      for (int i = 0; i < r.getValue(); i++) {
        n *= e.count(rel(r.getKey(), r.getValue()) + i);
      }
      total += n;
      if (n > largest) {
        largest = n;
        name = symbols.name(r.getKey()) + "/" + r.getValue();
      }
    }
    return new Result(total, name, largest);
  }

  private static String rel(int functor, int arity) {
    return functor + "/" + arity + ":";
  }

  /** How many values the position can take: its constants, and per functor the product over its arguments. */
  private double count(String path) {
    double n = constants.getOrDefault(path, Set.of()).size();
    for (String f : functors.getOrDefault(path, Set.of())) {
      int arity = Integer.parseInt(f.substring(f.indexOf('/') + 1));
      double p = 1;
      for (int j = 0; j < arity; j++) {
        p *= count(path + "(" + f + ")" + j);
      }
      n += p;
    }
    return n;
  }

  private void add(String path, int constant) {
    grew |= constants.computeIfAbsent(path, k -> new HashSet<>()).add(constant);
  }

  private void addFunctor(String path, String f) {
    if (path.chars().filter(c -> c == '(').count() > MAX_DEPTH) {
      throw new GiveUp();
    }
    grew |= functors.computeIfAbsent(path, k -> new HashSet<>()).add(f);
  }

  /**
   * The entries whose path starts with {@code prefix}, copied (the caller may add to the map while it walks them).
   */
  private static <V> List<Map.Entry<String, V>> below(NavigableMap<String, V> map, String prefix) {
    return new ArrayList<>(map.subMap(prefix, true, prefix + Character.MAX_VALUE, false).entrySet());
  }

  /** Copies every position at or below {@code from} to the same place below {@code to}. */
  private void copy(String from, String to) {
    for (Map.Entry<String, Set<Integer>> e : below(constants, from)) {
      String p = to + e.getKey().substring(from.length());
      for (int c : e.getValue()) {
        add(p, c);
      }
    }
    for (Map.Entry<String, Set<String>> e : below(functors, from)) {
      String p = to + e.getKey().substring(from.length());
      for (String f : e.getValue()) {
        addFunctor(p, f);
      }
    }
  }

  /** What the body says of one variable: the constants it may take, and the positions it may stand for. */
  private static final class VarInfo {
    Set<Integer> constants;
    String source;
  }

  private void apply(Rule r) {
    VarInfo[] vars = new VarInfo[r.varCount()];
    for (int v = 0; v < vars.length; v++) {
      vars[v] = new VarInfo();
    }
    for (Literal l : r.body()) {
      if (l instanceof Literal.Atom a) {
        Term.Fn atom = a.atom();
        String base = rel(atom.functor(), atom.arity());
        for (int i = 0; i < atom.arity(); i++) {
          if (!constrain(atom.arg(i), base + i, vars)) {
            return; // this literal matches nothing (yet)
          }
        }
        if (atom.arity() == 0 && !constants.containsKey(base)) {
          return;
        }
      }
    }
    Term.Fn head = r.head();
    String base = rel(head.functor(), head.arity());
    if (head.arity() == 0) {
      grew |= constants.putIfAbsent(base, new HashSet<>()) == null;
    }
    for (int i = 0; i < head.arity(); i++) {
      produce(head.arg(i), base + i, vars);
    }
  }

  private boolean constrain(Term pat, String path, VarInfo[] vars) {
    if (pat instanceof Term.Var v) {
      VarInfo info = vars[v.index()];
      Set<Integer> here = constants.getOrDefault(path, Set.of());
      boolean compound = !functors.getOrDefault(path, Set.of()).isEmpty();
      if (compound) {
        if (info.source == null) {
          info.source = path;
        }
      }
      if (info.constants == null) {
        info.constants = new HashSet<>(here);
      } else if (!compound) {
        info.constants.retainAll(here);
      }
      return !info.constants.isEmpty() || compound;
    }
    Term.Fn f = (Term.Fn) pat;
    if (f.arity() == 0) {
      return constants.getOrDefault(path, Set.of()).contains(f.functor());
    }
    String fn = f.functor() + "/" + f.arity();
    if (!functors.getOrDefault(path, Set.of()).contains(fn)) {
      return false;
    }
    for (int j = 0; j < f.arity(); j++) {
      if (!constrain(f.arg(j), path + "(" + fn + ")" + j, vars)) {
        return false;
      }
    }
    return true;
  }

  private void produce(Term t, String path, VarInfo[] vars) {
    if (t instanceof Term.Var v) {
      VarInfo info = vars[v.index()];
      if (info.constants == null && info.source == null) {
        throw new GiveUp(); // a head variable no positive literal binds (the checks refuse such rules)
      }
      if (info.constants != null) {
        for (int c : info.constants) {
          add(path, c);
        }
      }
      if (info.source != null) {
        List<Map.Entry<String, Set<String>>> fns = below(functors, info.source + "(");
        Set<String> atSource = functors.get(info.source);
        if (atSource != null) {
          fns.add(Map.entry(info.source, atSource));
        }
        for (Map.Entry<String, Set<String>> e : fns) {
          for (String f : List.copyOf(e.getValue())) {
            addFunctor(path + e.getKey().substring(info.source.length()), f);
          }
        }
        for (Map.Entry<String, Set<Integer>> e : below(constants, info.source + "(")) {
          for (int c : List.copyOf(e.getValue())) {
            add(path + e.getKey().substring(info.source.length()), c);
          }
        }
      }
      return;
    }
    Term.Fn f = (Term.Fn) t;
    if (f.arity() == 0) {
      add(path, f.functor());
      return;
    }
    String fn = f.functor() + "/" + f.arity();
    addFunctor(path, fn);
    for (int j = 0; j < f.arity(); j++) {
      produce(f.arg(j), path + "(" + fn + ")" + j, vars);
    }
  }
}
