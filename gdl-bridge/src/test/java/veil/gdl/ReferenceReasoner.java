package veil.gdl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;

/**
 * A deliberately naive GDL evaluator for cross-checking the compiled reasoner: given the true facts and the moves
 * as KIF text, it derives everything by stratified bottom-up evaluation of the non-ground rules, joining body atoms
 * by nested loops over all facts. No grounding, no over-approximation, no static folding: slow and simple.
 */
final class ReferenceReasoner {
  private final List<Rule> rules;
  private final Symbols symbols;
  private final Map<Integer, Integer> stratum = new HashMap<>();
  private final int maxStratum;

  ReferenceReasoner(List<Rule> rules, Symbols symbols) {
    this.rules = rules;
    this.symbols = symbols;
    boolean changed = true;
    int max = 0;
    while (changed) {
      changed = false;
      for (Rule r : rules) {
        int s = stratum.getOrDefault(r.relation(), 0);
        for (Literal l : r.body()) {
          int need = -1;
          if (l instanceof Literal.Atom a) {
            need = stratum.getOrDefault(a.atom().functor(), 0);
          } else if (l instanceof Literal.Not n) {
            need = stratum.getOrDefault(n.atom().functor(), 0) + 1;
          }
          if (need > s) {
            s = need;
          }
        }
        if (s > stratum.getOrDefault(r.relation(), 0)) {
          stratum.put(r.relation(), s);
          changed = true;
          max = Math.max(max, s);
          if (s > 100) {
            throw new IllegalStateException("not stratified");
          }
        }
      }
    }
    maxStratum = max;
  }

  /** Every derivable atom, as KIF text, from the given (true f) and (does r m) atoms (also KIF text). */
  Set<String> derive(Set<String> inputs) {
    Set<String> facts = new HashSet<>();
    Map<Integer, List<Term>> byRelation = new HashMap<>();
    for (String f : inputs) {
      add(f, facts, byRelation);
    }
    for (int s = 0; s <= maxStratum; s++) {
      boolean changed = true;
      while (changed) {
        changed = false;
        for (Rule r : rules) {
          if (stratum.getOrDefault(r.relation(), 0) != s) {
            continue;
          }
          List<String> heads = new ArrayList<>();
          join(r, 0, new HashMap<>(), facts, byRelation, heads);
          for (String h : heads) {
            changed |= add(h, facts, byRelation);
          }
        }
      }
    }
    return facts;
  }

  private boolean add(String f, Set<String> facts, Map<Integer, List<Term>> byRelation) {
    if (!facts.add(f)) {
      return false;
    }
    Term t = KifTerm.parse(f, symbols);
    byRelation.computeIfAbsent(((Term.Fn) t).functor(), k -> new ArrayList<>()).add(t);
    return true;
  }

  private void join(
      Rule r, int i, Map<Integer, Term> bind, Set<String> facts, Map<Integer, List<Term>> byRelation,
      List<String> out) {
    if (i == r.body().size()) {
      out.add(text(r.head(), bind));
      return;
    }
    Literal l = r.body().get(i);
    if (l instanceof Literal.Atom a) {
      for (Term f : List.copyOf(byRelation.getOrDefault(a.atom().functor(), List.of()))) {
        Map<Integer, Term> b = new HashMap<>(bind);
        if (match(a.atom(), f, b)) {
          join(r, i + 1, b, facts, byRelation, out);
        }
      }
      return;
    }
    // Safety: everything else is evaluated once all positive atoms are bound, so move it to the end.
    boolean bound = true;
    for (int k = i + 1; k < r.body().size(); k++) {
      if (r.body().get(k) instanceof Literal.Atom) {
        bound = false;
        break;
      }
    }
    if (!bound) {
      List<Literal> body = new ArrayList<>(r.body());
      body.remove(i);
      body.add(l);
      join(new Rule(r.head(), body, r.pos(), r.varNames(), ""), i, bind, facts, byRelation, out);
      return;
    }
    if (l instanceof Literal.Not n) {
      if (!facts.contains(text(n.atom(), bind))) {
        join(r, i + 1, bind, facts, byRelation, out);
      }
    } else if (l instanceof Literal.Distinct d) {
      if (!text(d.a(), bind).equals(text(d.b(), bind))) {
        join(r, i + 1, bind, facts, byRelation, out);
      }
    } else {
      throw new IllegalStateException("or should have been expanded");
    }
  }

  private boolean match(Term pat, Term ground, Map<Integer, Term> bind) {
    if (pat instanceof Term.Var v) {
      Term b = bind.get(v.index());
      if (b == null) {
        bind.put(v.index(), ground);
        return true;
      }
      return text(b, Map.of()).equals(text(ground, Map.of()));
    }
    Term.Fn f = (Term.Fn) pat;
    if (!(ground instanceof Term.Fn g) || g.functor() != f.functor() || g.arity() != f.arity()) {
      return false;
    }
    for (int k = 0; k < f.arity(); k++) {
      if (!match(f.arg(k), g.arg(k), bind)) {
        return false;
      }
    }
    return true;
  }

  private String text(Term t, Map<Integer, Term> bind) {
    if (t instanceof Term.Var v) {
      return text(bind.get(v.index()), Map.of());
    }
    Term.Fn f = (Term.Fn) t;
    if (f.arity() == 0) {
      return symbols.name(f.functor());
    }
    StringBuilder sb = new StringBuilder("(").append(symbols.name(f.functor()));
    for (int k = 0; k < f.arity(); k++) {
      sb.append(' ').append(text(f.arg(k), bind));
    }
    return sb.append(')').toString();
  }

  /** Ground KIF text back to terms (the reference works on text so that it shares nothing with the reasoner). */
  static final class KifTerm {
    private KifTerm() {}

    static Term parse(String s, Symbols symbols) {
      int[] at = {0};
      return parse(s, at, symbols);
    }

    private static Term parse(String s, int[] at, Symbols symbols) {
      if (s.charAt(at[0]) == '(') {
        at[0]++;
        int start = at[0];
        while (s.charAt(at[0]) != ' ' && s.charAt(at[0]) != ')') {
          at[0]++;
        }
        int f = symbols.intern(s.substring(start, at[0]));
        List<Term> args = new ArrayList<>();
        while (s.charAt(at[0]) == ' ') {
          at[0]++;
          args.add(parse(s, at, symbols));
        }
        at[0]++; // ')'
        return new Term.Fn(f, args, null);
      }
      int start = at[0];
      while (at[0] < s.length() && s.charAt(at[0]) != ' ' && s.charAt(at[0]) != ')') {
        at[0]++;
      }
      return Term.Fn.constant(symbols.intern(s.substring(start, at[0])), null);
    }
  }
}
