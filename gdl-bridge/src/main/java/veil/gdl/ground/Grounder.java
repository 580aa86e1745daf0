package veil.gdl.ground;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.gdl.check.Report;
import veil.gdl.read.RuleTranslator;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;

/**
 * Instantiates checked rules over the reachable domain.
 *
 * <p>First a fixpoint finds every ground atom that may ever hold, treating the game's dynamics as over-approximated:
 * {@code (true f)} holds for every f some {@code init} or {@code next} atom mentions, {@code (does r m)} for every
 * {@code (legal r m)} atom, and negated atoms are ignored (assumed satisfiable). The fixpoint is semi-naive: each
 * round joins every rule with one body atom restricted to the atoms new in the last round. A last pass then
 * enumerates every rule instance whose positive atoms are all in that set; that is the ground program.
 *
 * <p>Work is bounded: the number of atoms, of ground rules, of match attempts and the nesting of terms built by
 * rules all have limits, so that hostile or mistaken rules (e.g. {@code (<= (p (s ?x)) (p ?x))}) end with a clear
 * error instead of a hang.
 */
public final class Grounder {
  /** Bounds on the size of a grounding. */
  public record Limits(int maxGroundRules, int maxAtoms, long maxWork) {
    public static final Limits DEFAULT = new Limits(2_000_000, 2_000_000, 400_000_000L);

    public static Limits forRules(int maxGroundRules) {
      return new Limits(maxGroundRules, maxGroundRules, 200L * maxGroundRules);
    }
  }

  /** How the limits are raised, said by every limit message. */
  static final String RAISE = "; --option maxGroundRules=N raises the limits (default "
      + Limits.DEFAULT.maxGroundRules() + " ground rules and atoms, with 200 match steps per ground rule allowed)";

  private static final class Abort extends RuntimeException {
    Abort() {
      super(null, null, false, false);
    }
  }

  private final Symbols symbols;
  private final Report report;
  private final Limits limits;
  private final GroundTerms terms = new GroundTerms();
  private final Map<Long, IntList> index = new HashMap<>();
  private int[] seq = new int[1024];
  private int factCount;
  private final IntList facts = new IntList(1024);
  private long work;

  // Join state.
  private int[] bind = new int[0];
  private final IntList trail = new IntList();
  private int deltaStart;
  private int deltaEnd;
  private boolean finalPass;

  // The ground program being built in the final pass.
  private final IntList outHead = new IntList();
  private final IntList outBodyStart = new IntList();
  private final IntList outBody = new IntList();
  private final IntList outOrigin = new IntList();

  private Grounder(Symbols symbols, Report report, Limits limits) {
    this.symbols = symbols;
    this.report = report;
    this.limits = limits;
    java.util.Arrays.fill(seq, -1);
  }

  /** Grounds {@code rules}; returns null (with errors in {@code report}) when a limit is exceeded. */
  public static GroundProgram ground(List<Rule> rules, Symbols symbols, Limits limits, Report report) {
    return new Grounder(symbols, report, limits).run(rules);
  }

  /** One way to join a rule's positive atoms: their order, and the checks that become possible at each step. */
  private static final class Plan {
    final Rule rule;
    final int ruleIndex;
    final Term.Fn[] pos;
    final int[] order;
    final int delta;
    final List<List<Literal.Distinct>> distinctAt = new ArrayList<>();
    final List<List<Term.Fn>> negAt = new ArrayList<>();

    Plan(Rule rule, int ruleIndex, Term.Fn[] pos, int[] order, int delta) {
      this.rule = rule;
      this.ruleIndex = ruleIndex;
      this.pos = pos;
      this.order = order;
      this.delta = delta;
    }
  }

  private GroundProgram run(List<Rule> rules) {
    try {
      List<Plan> zero = new ArrayList<>();
      List<Plan> deltaPlans = new ArrayList<>();
      List<Plan> finalPlans = new ArrayList<>();
      for (int i = 0; i < rules.size(); i++) {
        Rule r = rules.get(i);
        Term.Fn[] pos = r.body().stream()
            .filter(l -> l instanceof Literal.Atom)
            .map(l -> ((Literal.Atom) l).atom())
            .toArray(Term.Fn[]::new);
        if (pos.length == 0) {
          zero.add(plan(r, i, pos, -1));
        }
        for (int d = 0; d < pos.length; d++) {
          deltaPlans.add(plan(r, i, pos, d));
        }
        finalPlans.add(plan(r, i, pos, -1));
      }
      // Round 0: rules without positive atoms (facts among them).
      for (Plan p : zero) {
        join(p, 0);
      }
      deltaStart = 0;
      while (true) {
        deltaEnd = factCount;
        if (deltaStart == deltaEnd) {
          break;
        }
        for (Plan p : deltaPlans) {
          join(p, 0);
        }
        deltaStart = deltaEnd;
      }
      finalPass = true;
      for (Plan p : finalPlans) {
        join(p, 0);
      }
      outBodyStart.add(outBody.size());
      return new GroundProgram(
          symbols, terms, facts.toArray(), outHead.toArray(), outBodyStart.toArray(), outBody.toArray(),
          outOrigin.toArray(), List.copyOf(rules));
    } catch (Abort e) {
      return null;
    }
  }

  private Plan plan(Rule r, int ruleIndex, Term.Fn[] pos, int delta) {
    int n = pos.length;
    int[] order = new int[n];
    boolean[] used = new boolean[n];
    boolean[] bound = new boolean[r.varCount()];
    for (int step = 0; step < n; step++) {
      int best = -1;
      int bestScore = Integer.MIN_VALUE;
      for (int i = 0; i < n; i++) {
        if (used[i]) {
          continue;
        }
        int score;
        if (step == 0 && delta >= 0) {
          score = i == delta ? 1 : Integer.MIN_VALUE + 1;
        } else {
          boolean[] v = new boolean[bound.length];
          pos[i].collectVars(v);
          int free = 0;
          int boundCount = 0;
          for (int k = 0; k < v.length; k++) {
            if (v[k]) {
              if (bound[k]) {
                boundCount++;
              } else {
                free++;
              }
            }
          }
          // Atoms with nothing left to bind are pure tests: do them first; then most bound, fewest free.
          score = (free == 0 ? 1_000_000 : 0) + boundCount * 1000 - free;
        }
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      used[best] = true;
      order[step] = best;
      pos[best].collectVars(bound);
    }
    Plan p = new Plan(r, ruleIndex, pos, order, delta);
    for (int s = 0; s <= n; s++) {
      p.distinctAt.add(new ArrayList<>());
      p.negAt.add(new ArrayList<>());
    }
    for (Literal l : r.body()) {
      if (l instanceof Literal.Distinct d) {
        p.distinctAt.get(stepBinding(p, d.a(), d.b())).add(d);
      } else if (l instanceof Literal.Not ng) {
        p.negAt.get(stepBinding(p, ng.atom(), null)).add(ng.atom());
      }
    }
    return p;
  }

  /** The first step after which all variables of a (and b) are bound. */
  private static int stepBinding(Plan p, Term a, Term b) {
    boolean[] need = new boolean[p.rule.varCount()];
    a.collectVars(need);
    if (b != null) {
      b.collectVars(need);
    }
    boolean[] bound = new boolean[need.length];
    for (int s = 0; s <= p.order.length; s++) {
      if (s > 0) {
        p.pos[p.order[s - 1]].collectVars(bound);
      }
      boolean all = true;
      for (int k = 0; k < need.length && all; k++) {
        all = !need[k] || bound[k];
      }
      if (all) {
        return s;
      }
    }
    return p.order.length; // unsafe rules never get here: the checker removed them
  }

  private void join(Plan p, int step) {
    if (step == 0) {
      if (bind.length < p.rule.varCount()) {
        bind = new int[p.rule.varCount()];
      }
      java.util.Arrays.fill(bind, 0, p.rule.varCount(), -1);
      trail.truncate(0);
      if (!checks(p, 0)) {
        return;
      }
    }
    if (step == p.order.length) {
      emit(p);
      return;
    }
    int li = p.order[step];
    Term.Fn pat = p.pos[li];
    int lo = 0;
    int hi = Integer.MAX_VALUE;
    if (!finalPass && p.delta >= 0) {
      if (li == p.delta) {
        lo = deltaStart;
        hi = deltaEnd;
      } else {
        hi = li < p.delta ? deltaStart : deltaEnd;
      }
    }
    IntList cands = candidates(pat);
    if (cands == null) {
      return;
    }
    int k = lo == 0 ? 0 : lowerBound(cands, lo);
    for (; k < cands.size(); k++) {
      int atom = cands.get(k);
      if (seq[atom] >= hi) {
        break;
      }
      if (++work > limits.maxWork()) {
        abort(p.rule, "grounding takes more than " + limits.maxWork() + " match steps; the rules instantiate "
            + "too many combinations (this rule was being joined)" + RAISE);
      }
      int mark = trail.size();
      if (match(pat, atom) && checks(p, step + 1)) {
        join(p, step + 1);
      }
      undo(mark);
    }
  }

  private boolean checks(Plan p, int step) {
    for (Literal.Distinct d : p.distinctAt.get(step)) {
      if (instantiate(d.a(), p.rule) == instantiate(d.b(), p.rule)) {
        return false;
      }
    }
    return true;
  }

  private void emit(Plan p) {
    int head = instantiate(p.rule.head(), p.rule);
    if (!finalPass) {
      addFact(head, p.rule);
      return;
    }
    if (outHead.size() >= limits.maxGroundRules()) {
      abort(p.rule, "the grounding has more than " + limits.maxGroundRules() + " ground rules; the game is too "
          + "large to ground" + RAISE);
    }
    outHead.add(head);
    outOrigin.add(p.ruleIndex);
    outBodyStart.add(outBody.size());
    for (int li : p.order) {
      outBody.add(instantiate(p.pos[li], p.rule) << 1);
    }
    for (List<Term.Fn> negs : p.negAt) {
      for (Term.Fn n : negs) {
        int id = findInstance(n);
        if (id >= 0 && id < seq.length && seq[id] >= 0) {
          outBody.add((id << 1) | 1);
        }
        // An atom that can never hold makes (not atom) always true: the literal is dropped.
      }
    }
  }

  private IntList candidates(Term.Fn pat) {
    if (pat.arity() > 0) {
      Term a = pat.arg(0);
      int f = -1;
      int ar = 0;
      if (a instanceof Term.Fn af) {
        f = af.functor();
        ar = af.arity();
      } else {
        int b = bind[((Term.Var) a).index()];
        if (b >= 0) {
          f = terms.functor(b);
          ar = terms.arity(b);
        }
      }
      if (f >= 0) {
        return index.get(secondaryKey(pat.functor(), pat.arity(), f, ar));
      }
    }
    return index.get(primaryKey(pat.functor(), pat.arity()));
  }

  private static long primaryKey(int f, int arity) {
    return ((long) f << 8) | (arity & 0xFF);
  }

  private static long secondaryKey(int f, int arity, int f2, int ar2) {
    return Long.MIN_VALUE | (primaryKey(f, arity) << 30) ^ primaryKey(f2, ar2);
  }

  private int lowerBound(IntList list, int lo) {
    int a = 0;
    int b = list.size();
    while (a < b) {
      int m = (a + b) >>> 1;
      if (seq[list.get(m)] < lo) {
        a = m + 1;
      } else {
        b = m;
      }
    }
    return a;
  }

  private boolean match(Term pat, int g) {
    if (pat instanceof Term.Var v) {
      int b = bind[v.index()];
      if (b >= 0) {
        return b == g;
      }
      bind[v.index()] = g;
      trail.add(v.index());
      return true;
    }
    Term.Fn f = (Term.Fn) pat;
    if (terms.functor(g) != f.functor() || terms.arity(g) != f.arity()) {
      return false;
    }
    for (int i = 0; i < f.arity(); i++) {
      if (!match(f.arg(i), terms.arg(g, i))) {
        return false;
      }
    }
    return true;
  }

  private void undo(int mark) {
    for (int i = trail.size() - 1; i >= mark; i--) {
      bind[trail.get(i)] = -1;
    }
    trail.truncate(mark);
  }

  private int instantiate(Term t, Rule rule) {
    if (t instanceof Term.Var v) {
      return bind[v.index()];
    }
    Term.Fn f = (Term.Fn) t;
    int n = f.arity();
    if (n == 0) {
      return terms.constant(f.functor());
    }
    int[] args = new int[n];
    for (int i = 0; i < n; i++) {
      args[i] = instantiate(f.arg(i), rule);
    }
    int id = terms.intern(f.functor(), args, 0, n);
    if (terms.depth(id) > RuleTranslator.MAX_TERM_DEPTH) {
      abort(rule, "this rule builds terms nested deeper than " + RuleTranslator.MAX_TERM_DEPTH
          + " while grounding: its recursion has no finite domain");
    }
    return id;
  }

  private int findInstance(Term t) {
    if (t instanceof Term.Var v) {
      return bind[v.index()];
    }
    Term.Fn f = (Term.Fn) t;
    int n = f.arity();
    int[] args = new int[n];
    for (int i = 0; i < n; i++) {
      args[i] = findInstance(f.arg(i));
      if (args[i] < 0) {
        return -1;
      }
    }
    return terms.find(f.functor(), args, 0, n);
  }

  private void addFact(int id, Rule rule) {
    if (id >= seq.length) {
      int old = seq.length;
      seq = java.util.Arrays.copyOf(seq, Math.max(old * 2, id + 1));
      java.util.Arrays.fill(seq, old, seq.length, -1);
    }
    if (seq[id] >= 0) {
      return;
    }
    if (factCount >= limits.maxAtoms()) {
      abort(rule, "the grounding has more than " + limits.maxAtoms() + " atoms; the game is too large to ground "
          + "(this rule was deriving new atoms)" + RAISE);
    }
    seq[id] = factCount++;
    facts.add(id);
    int f = terms.functor(id);
    int n = terms.arity(id);
    index.computeIfAbsent(primaryKey(f, n), k -> new IntList()).add(id);
    if (n > 0) {
      int a = terms.arg(id, 0);
      index.computeIfAbsent(secondaryKey(f, n, terms.functor(a), terms.arity(a)), k -> new IntList()).add(id);
    }
    if ((f == Symbols.INIT || f == Symbols.NEXT) && n == 1) {
      addFact(terms.intern(Symbols.TRUE, terms.arg(id, 0)), rule);
    } else if (f == Symbols.LEGAL && n == 2) {
      addFact(terms.intern(Symbols.DOES, terms.arg(id, 0), terms.arg(id, 1)), rule);
    }
  }

  private void abort(Rule rule, String message) {
    report.error(rule.pos(), message);
    throw new Abort();
  }
}
