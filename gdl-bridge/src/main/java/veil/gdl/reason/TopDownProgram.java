package veil.gdl.reason;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;

/**
 * The checked rules compiled for top-down resolution ({@link Prover}): per relation (a name with an arity) its
 * clauses; per clause the head's argument patterns and the body in the order it is solved. Ground subterms are
 * interned once here; {@code (not …)} and {@code (distinct …)} are moved just after the literal that binds their
 * last variable, so they are tested as soon as they can be and always on ground terms. Each relation is classed by
 * what it depends on: nothing ({@link #STATIC}, its answers kept for the whole game), the state's {@code true}
 * facts ({@link #STATE}), or the joint move's {@code does} facts ({@link #MOVE}).
 */
final class TopDownProgram {
  static final int STATIC = 0;
  static final int STATE = 1;
  static final int MOVE = 2;

  /** A term pattern in a clause: a variable, a ground term, or a function of patterns. */
  static final class Pat {
    static final int VAR = 0;
    static final int GROUND = 1;
    static final int FN = 2;
    final int kind;
    /** The variable's number in its clause (VAR), the term id (GROUND) or the functor symbol (FN). */
    final int value;
    final Pat[] args;

    Pat(int kind, int value, Pat[] args) {
      this.kind = kind;
      this.value = value;
      this.args = args;
    }
  }

  /** A body literal. */
  static final class Lit {
    static final int CALL = 0;
    static final int NEG = 1;
    static final int DISTINCT = 2;
    static final int TRUE = 3;
    static final int DOES = 4;
    final int kind;
    /** The relation called (CALL, NEG); -1 otherwise. */
    final int rel;
    /** The atom's arguments (CALL, NEG, TRUE: the fluent; DOES: role and move; DISTINCT: the two terms). */
    final Pat[] args;

    Lit(int kind, int rel, Pat[] args) {
      this.kind = kind;
      this.rel = rel;
      this.args = args;
    }
  }

  static final class Clause {
    final int vars;
    final Pat[] head;
    final Lit[] body;
    final Rule origin;

    Clause(int vars, Pat[] head, Lit[] body, Rule origin) {
      this.vars = vars;
      this.head = head;
      this.body = body;
      this.origin = origin;
    }
  }

  final Symbols symbols;
  final SharedTerms terms = new SharedTerms();
  final int[] relFunctor;
  final int[] relArity;
  final Clause[][] clauses;
  final int[] relKind;
  final int legal;
  final int goal;
  final int terminal;
  final int next;
  final int sees;
  final int init;

  private TopDownProgram(Symbols symbols, List<Rule> rules) {
    this.symbols = symbols;
    Map<Long, Integer> ids = new HashMap<>();
    List<int[]> rels = new ArrayList<>();
    // Relations: every head, every called atom.
    for (Rule r : rules) {
      relation(r.head(), ids, rels);
      for (Literal l : r.body()) {
        if (l instanceof Literal.Atom a && !special(a.atom())) {
          relation(a.atom(), ids, rels);
        } else if (l instanceof Literal.Not n) {
          relation(n.atom(), ids, rels);
        } else if (l instanceof Literal.Or) {
          throw new IllegalStateException("or should have been expanded by the rule checks");
        }
      }
    }
    int n = rels.size();
    relFunctor = new int[n];
    relArity = new int[n];
    for (int i = 0; i < n; i++) {
      relFunctor[i] = rels.get(i)[0];
      relArity[i] = rels.get(i)[1];
    }
    List<List<Clause>> byRel = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byRel.add(new ArrayList<>());
    }
    for (Rule r : rules) {
      byRel.get(ids.get(key(r.head()))).add(compile(r, ids));
    }
    clauses = new Clause[n][];
    for (int i = 0; i < n; i++) {
      clauses[i] = byRel.get(i).toArray(new Clause[0]);
    }
    relKind = kinds();
    legal = ids.getOrDefault(key(Symbols.LEGAL, 2), -1);
    goal = ids.getOrDefault(key(Symbols.GOAL, 2), -1);
    terminal = ids.getOrDefault(key(Symbols.TERMINAL, 0), -1);
    next = ids.getOrDefault(key(Symbols.NEXT, 1), -1);
    sees = ids.getOrDefault(key(Symbols.SEES, 2), -1);
    init = ids.getOrDefault(key(Symbols.INIT, 1), -1);
  }

  static TopDownProgram compile(Symbols symbols, List<Rule> rules) {
    return new TopDownProgram(symbols, rules);
  }

  int relationCount() {
    return relFunctor.length;
  }

  /** {@code (true f)} and {@code (does r m)} are read from the state and the joint move, not from rules. */
  private static boolean special(Term.Fn atom) {
    return atom.functor() == Symbols.TRUE && atom.arity() == 1 || atom.functor() == Symbols.DOES && atom.arity() == 2;
  }

  private static long key(Term.Fn atom) {
    return key(atom.functor(), atom.arity());
  }

  private static long key(int functor, int arity) {
    return (long) functor << 16 | arity;
  }

  private static void relation(Term.Fn atom, Map<Long, Integer> ids, List<int[]> rels) {
    ids.computeIfAbsent(key(atom), k -> {
      rels.add(new int[] {atom.functor(), atom.arity()});
      return rels.size() - 1;
    });
  }

  private Clause compile(Rule r, Map<Long, Integer> ids) {
    Pat[] head = new Pat[r.head().arity()];
    for (int i = 0; i < head.length; i++) {
      head[i] = pattern(r.head().arg(i));
    }
    List<Lit> out = new ArrayList<>();
    List<Literal> pending = new ArrayList<>();
    boolean[] bound = new boolean[r.varCount()];
    for (Literal l : r.body()) {
      if (l instanceof Literal.Atom a) {
        Term.Fn at = a.atom();
        if (at.functor() == Symbols.TRUE && at.arity() == 1) {
          out.add(new Lit(Lit.TRUE, -1, new Pat[] {pattern(at.arg(0))}));
        } else if (at.functor() == Symbols.DOES && at.arity() == 2) {
          out.add(new Lit(Lit.DOES, -1, new Pat[] {pattern(at.arg(0)), pattern(at.arg(1))}));
        } else {
          out.add(new Lit(Lit.CALL, ids.get(key(at)), args(at)));
        }
        at.collectVars(bound);
        flush(pending, bound, out, ids);
      } else {
        pending.add(l);
        flush(pending, bound, out, ids);
      }
    }
    // Unsafe leftovers (the rule checks refuse them) are tested last and fail loudly if still not ground.
    for (Literal l : pending) {
      out.add(test(l, ids));
    }
    return new Clause(r.varCount(), head, out.toArray(new Lit[0]), r);
  }

  private void flush(List<Literal> pending, boolean[] bound, List<Lit> out, Map<Long, Integer> ids) {
    for (var it = pending.iterator(); it.hasNext(); ) {
      Literal l = it.next();
      boolean[] vars = new boolean[bound.length];
      if (l instanceof Literal.Not n) {
        n.atom().collectVars(vars);
      } else if (l instanceof Literal.Distinct d) {
        d.a().collectVars(vars);
        d.b().collectVars(vars);
      }
      boolean ready = true;
      for (int v = 0; v < vars.length; v++) {
        ready &= !vars[v] || bound[v];
      }
      if (ready) {
        out.add(test(l, ids));
        it.remove();
      }
    }
  }

  private Lit test(Literal l, Map<Long, Integer> ids) {
    if (l instanceof Literal.Not n) {
      Term.Fn at = n.atom();
      if (special(at)) {
        // (not (true f)) / (not (does r m)): a negated read of the state or the move.
        Lit inner = at.functor() == Symbols.TRUE
            ? new Lit(Lit.TRUE, -1, new Pat[] {pattern(at.arg(0))})
            : new Lit(Lit.DOES, -1, new Pat[] {pattern(at.arg(0)), pattern(at.arg(1))});
        return new Lit(Lit.NEG, -1 - inner.kind, inner.args);
      }
      return new Lit(Lit.NEG, ids.get(key(at)), args(at));
    }
    Literal.Distinct d = (Literal.Distinct) l;
    return new Lit(Lit.DISTINCT, -1, new Pat[] {pattern(d.a()), pattern(d.b())});
  }

  private Pat[] args(Term.Fn at) {
    Pat[] a = new Pat[at.arity()];
    for (int i = 0; i < a.length; i++) {
      a[i] = pattern(at.arg(i));
    }
    return a;
  }

  private Pat pattern(Term t) {
    if (t instanceof Term.Var v) {
      return new Pat(Pat.VAR, v.index(), null);
    }
    Term.Fn f = (Term.Fn) t;
    if (t.isGround()) {
      return new Pat(Pat.GROUND, groundId(f), null);
    }
    return new Pat(Pat.FN, f.functor(), args(f));
  }

  int groundId(Term.Fn f) {
    int[] a = new int[f.arity()];
    for (int i = 0; i < a.length; i++) {
      a[i] = groundId((Term.Fn) f.arg(i));
    }
    return terms.intern(f.functor(), a, 0, a.length);
  }

  /** STATIC, STATE or MOVE per relation: the most dynamic thing its rules read, directly or through others. */
  private int[] kinds() {
    int[] kind = new int[relFunctor.length];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int r = 0; r < kind.length; r++) {
        int k = kind[r];
        for (Clause c : clauses[r]) {
          for (Lit l : c.body) {
            int need = switch (l.kind) {
              case Lit.TRUE -> STATE;
              case Lit.DOES -> MOVE;
              case Lit.CALL -> kind[l.rel];
              case Lit.NEG -> l.rel >= 0 ? kind[l.rel] : (l.rel == -1 - Lit.TRUE ? STATE : MOVE);
              default -> STATIC;
            };
            k = Math.max(k, need);
          }
        }
        if (k != kind[r]) {
          kind[r] = k;
          changed = true;
        }
      }
    }
    return kind;
  }
}
