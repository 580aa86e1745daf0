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
 * enumerates every rule instance whose positive atoms are all in that set; that is the ground program. Before all
 * this, a literal whose variables are mostly used nowhere else in its rule is projected onto the others through a
 * relation of its own ({@link Projection}), so that a move's unused squares do not multiply the rule's instances.
 *
 * <p>Work is bounded: the number of atoms, of ground rules, of match attempts and the nesting of terms built by
 * rules all have limits, so that hostile or mistaken rules (e.g. {@code (<= (p (s ?x)) (p ?x))}) end with a clear
 * error instead of a hang. The ground rules are counted already in the fixpoint: its rounds find every rule instance
 * exactly once (an instance in the round where its newest atom is new, through the first of its literals that
 * matches a new atom), and each is one ground rule of the last pass, so a fixpoint that has found more instances than
 * the limit allows ends the grounding there, before the rest of the fixpoint and the last pass are paid for.
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
      + Limits.DEFAULT.maxGroundRules() + " ground rules and atoms, with 200 match steps per ground rule allowed); "
      + "--option reasoner=auto (the default) or topdown plays it without grounding";

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
  /**
   * The rule instances the fixpoint has found so far: each is a ground rule of the final pass, so this is a lower
   * bound on the size of the ground program, and its size once the fixpoint ends.
   */
  private long fixpointInstances;
  /** Whether a size limit is reported as an error (else it is only recorded in {@link #tooLarge}). */
  private boolean sizeLimitsAreErrors = true;
  private String tooLarge;

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

  /**
   * What grounding gave: the program, or (program null) the size limit it ran into, said as the limit message
   * without the advice to raise it. Other failures (terms nested too deep) are errors in the report as usual.
   */
  public record Attempt(GroundProgram program, String tooLarge) {}

  /**
   * Grounds {@code rules} unless the grounding exceeds a size limit (atoms, ground rules, match steps); then it says
   * which instead of reporting an error, so that the caller can play the game without grounding.
   */
  public static Attempt tryGround(List<Rule> rules, Symbols symbols, Limits limits, Report report) {
    return tryGround(rules, symbols, limits, report, true);
  }

  /** {@link #tryGround}, with {@code project} false to measure what {@link Projection} saves (tests only). */
  public static Attempt tryGround(List<Rule> rules, Symbols symbols, Limits limits, Report report, boolean project) {
    return tryGround(rules, symbols, limits, report, project, false);
  }

  /**
   * {@link #tryGround}, with {@code everyPlanEveryRound} true to join every rule in every round of the fixpoint, not
   * only the rules with a literal of a relation that got new atoms in the last round (tests only: the program must
   * be the same).
   */
  public static Attempt tryGround(List<Rule> rules, Symbols symbols, Limits limits, Report report, boolean project,
      boolean everyPlanEveryRound) {
    Grounder g = new Grounder(symbols, report, limits);
    g.sizeLimitsAreErrors = false;
    g.project = project;
    g.everyPlanEveryRound = everyPlanEveryRound;
    GroundProgram gp = g.run(rules);
    return new Attempt(gp, g.tooLarge);
  }

  /** One way to join a rule's positive atoms: which one (if any) matches only the last round's new atoms. */
  private static final class Plan {
    final Rule rule;
    final int ruleIndex;
    final Term.Fn[] pos;
    final int delta;
    // For the join's own order (chosen at every step: the literal with the fewest candidates goes next).
    final boolean[] used;
    final int[] chosen;
    final List<Literal.Distinct> distincts = new ArrayList<>();
    final List<Term.Fn> negs = new ArrayList<>();

    Plan(Rule rule, int ruleIndex, Term.Fn[] pos, int delta) {
      this.rule = rule;
      this.ruleIndex = ruleIndex;
      this.pos = pos;
      this.delta = delta;
      this.used = new boolean[pos.length];
      this.chosen = new int[pos.length];
      for (Literal l : rule.body()) {
        if (l instanceof Literal.Distinct d) {
          distincts.add(d);
        } else if (l instanceof Literal.Not ng) {
          negs.add(ng.atom());
        }
      }
    }
  }

  /** Whether rules are rewritten by {@link Projection} before grounding (off only to measure what it saves). */
  private boolean project = true;
  /** Whether every round of the fixpoint joins every rule (on only to test that skipping idle ones is exact). */
  private boolean everyPlanEveryRound;

  private GroundProgram run(List<Rule> given) {
    List<Rule> rules = project ? Projection.apply(given, symbols) : given;
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
      // The delta plans by the relation of the literal that matches the round's new atoms: a round runs only the
      // plans of relations that got new atoms in the last round (the others would find no candidate for that
      // literal), in their order in deltaPlans. A recursion that adds one atom a round (a counter's successor
      // chain) then costs a round a few plans, not every rule.
      Map<Long, IntList> byRelation = new HashMap<>();
      for (int k = 0; k < deltaPlans.size(); k++) {
        Plan p = deltaPlans.get(k);
        long key = everyPlanEveryRound ? 0 : primaryKey(p.pos[p.delta].functor(), p.pos[p.delta].arity());
        byRelation.computeIfAbsent(key, x -> new IntList()).add(k);
      }
      java.util.Set<Long> newRelations = new java.util.HashSet<>();
      IntList active = new IntList();
      deltaStart = 0;
      while (true) {
        deltaEnd = factCount;
        if (deltaStart == deltaEnd) {
          break;
        }
        newRelations.clear();
        for (int k = deltaStart; k < deltaEnd; k++) {
          int id = facts.get(k);
          newRelations.add(everyPlanEveryRound ? 0 : primaryKey(terms.functor(id), terms.arity(id)));
        }
        active.truncate(0);
        for (long key : newRelations) {
          IntList plans = byRelation.get(key);
          for (int j = 0; plans != null && j < plans.size(); j++) {
            active.add(plans.get(j));
          }
        }
        int[] order = active.toArray();
        java.util.Arrays.sort(order);
        for (int k : order) {
          join(deltaPlans.get(k), 0);
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
    return new Plan(r, ruleIndex, pos, delta);
  }

  private static final IntList EMPTY = new IntList(0);

  /**
   * Joins the positive literals not yet matched, choosing at every step the literal with the fewest candidate atoms
   * under the bindings so far (rule reordering at run time), with an index per argument position.
   */
  private void join(Plan p, int step) {
    int n = p.pos.length;
    if (step == 0) {
      if (bind.length < p.rule.varCount()) {
        bind = new int[p.rule.varCount()];
      }
      java.util.Arrays.fill(bind, 0, p.rule.varCount(), -1);
      trail.truncate(0);
      if (!distinctsHold(p)) {
        return;
      }
    }
    if (step == n) {
      emit(p);
      return;
    }
    int best = -1;
    IntList bestList = null;
    int bestFrom = 0;
    int bestTo = 0;
    for (int li = 0; li < n; li++) {
      if (p.used[li]) {
        continue;
      }
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
      IntList cands = candidates(p.pos[li]);
      int from = lo == 0 ? 0 : lowerBound(cands, lo);
      int to = hi == Integer.MAX_VALUE ? cands.size() : lowerBound(cands, hi);
      if (to <= from) {
        return; // this literal matches nothing now: neither does the rule
      }
      if (best < 0 || to - from < bestTo - bestFrom) {
        best = li;
        bestList = cands;
        bestFrom = from;
        bestTo = to;
      }
    }
    Term.Fn pat = p.pos[best];
    p.used[best] = true;
    p.chosen[step] = best;
    try {
      for (int k = bestFrom; k < bestTo; k++) {
        int atom = bestList.get(k);
        if (++work > limits.maxWork()) {
          sizeAbort(p.rule, "grounding takes more than " + limits.maxWork() + " match steps; the rules instantiate "
              + "too many combinations (this rule was being joined)" + RAISE);
        }
        int mark = trail.size();
        if (match(pat, atom) && distinctsHold(p)) {
          join(p, step + 1);
        }
        undo(mark);
      }
    } finally {
      p.used[best] = false;
    }
  }

  /** Every distinct whose terms are bound holds (those not yet bound are checked later). */
  private boolean distinctsHold(Plan p) {
    for (Literal.Distinct d : p.distincts) {
      int a = valueOf(d.a());
      int b = valueOf(d.b());
      if (a >= 0 && a == b) {
        return false;
      }
    }
    return true;
  }

  /** The ground term a pattern stands for now: its id, -1 when it is ground but no such term exists, -2 unbound. */
  private int valueOf(Term t) {
    if (t instanceof Term.Var v) {
      int b = bind[v.index()];
      return b >= 0 ? b : -2;
    }
    Term.Fn f = (Term.Fn) t;
    int n = f.arity();
    if (n == 0) {
      return terms.constant(f.functor());
    }
    int[] args = new int[n];
    boolean missing = false;
    for (int i = 0; i < n; i++) {
      args[i] = valueOf(f.arg(i));
      if (args[i] == -2) {
        return -2;
      }
      missing |= args[i] < 0;
    }
    return missing ? -1 : terms.find(f.functor(), args, 0, n);
  }

  private void emit(Plan p) {
    int head = instantiate(p.rule.head(), p.rule);
    if (!finalPass) {
      // Every instance the fixpoint finds is found once (the rounds partition them by their newest atom), and the
      // final pass emits each as a ground rule: past the limit here, the grounding is certain to exceed it.
      if (++fixpointInstances > limits.maxGroundRules()) {
        sizeAbort(p.rule, "the grounding has more than " + limits.maxGroundRules() + " ground rules (counted as "
            + "its atoms were derived, before any rule was built); the game is too large to ground" + RAISE);
      }
      addFact(head, p.rule);
      return;
    }
    if (outHead.size() >= limits.maxGroundRules()) {
      sizeAbort(p.rule, "the grounding has more than " + limits.maxGroundRules() + " ground rules; the game is too "
          + "large to ground" + RAISE);
    }
    outHead.add(head);
    outOrigin.add(p.ruleIndex);
    outBodyStart.add(outBody.size());
    for (int step = 0; step < p.pos.length; step++) {
      outBody.add(instantiate(p.pos[p.chosen[step]], p.rule) << 1);
    }
    for (Term.Fn n : p.negs) {
      int id = findInstance(n);
      if (id >= 0 && id < seq.length && seq[id] >= 0) {
        outBody.add((id << 1) | 1);
      }
      // An atom that can never hold makes (not atom) always true: the literal is dropped.
    }
  }

  /** The smallest index list that holds every atom {@code pat} may match under the bindings (EMPTY: none). */
  private IntList candidates(Term.Fn pat) {
    int whole = valueOf(pat);
    if (whole != -2) {
      // Fully bound: the atom itself, if it is known to hold.
      if (whole < 0 || whole >= seq.length || seq[whole] < 0) {
        return EMPTY;
      }
      IntList one = new IntList(1);
      one.add(whole);
      return one;
    }
    IntList best = coarseCandidates(pat);
    if (best == null) {
      return EMPTY;
    }
    int f = pat.functor();
    int n = pat.arity();
    for (int i = 0; i < n && i < MAX_INDEXED; i++) {
      Term a = pat.arg(i);
      int v = valueOf(a);
      if (v == -1) {
        return EMPTY;
      }
      if (v >= 0) {
        IntList l = index.get(positionKey(f, n, i, -1, v));
        if (l == null) {
          return EMPTY;
        }
        if (l.size() < best.size()) {
          best = l;
        }
      } else if (a instanceof Term.Fn af) {
        for (int j = 0; j < af.arity() && j < MAX_INDEXED; j++) {
          int w = valueOf(af.arg(j));
          if (w == -1) {
            return EMPTY;
          }
          if (w >= 0) {
            IntList l = index.get(positionKey(f, n, i, af.functor() * 31 + j, w));
            if (l == null) {
              return EMPTY;
            }
            if (l.size() < best.size()) {
              best = l;
            }
          }
        }
      }
    }
    return best;
  }

  /** Argument positions (and positions inside a compound argument) indexed per value. */
  private static final int MAX_INDEXED = 12;

  /**
   * The key of the atoms of relation f/n whose argument i (or, when {@code inner >= 0}, the argument j of a compound
   * argument i, {@code inner} = its functor * 31 + j) is the term {@code value}. A hash: two keys that collide share
   * a list, which only adds candidates that matching then rejects.
   */
  private static long positionKey(int f, int n, int i, int inner, int value) {
    long h = 0x4000_0000_0000_0000L ^ f * 0x9E3779B97F4A7C15L;
    h = (h ^ n * 0xC2B2AE3D27D4EB4FL) * 0xBF58476D1CE4E5B9L;
    h = (h ^ (i + 1) * 0x94D049BB133111EBL ^ (inner + 2L) * 0x165667B19E3779F9L) * 0x9E3779B97F4A7C15L;
    h ^= value * 0xD6E8FEB86659FD93L;
    h ^= h >>> 31;
    return (h & 0x3FFF_FFFF_FFFF_FFFFL) | 0x4000_0000_0000_0000L;
  }

  private IntList coarseCandidates(Term.Fn pat) {
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
      sizeAbort(rule, "the grounding has more than " + limits.maxAtoms() + " atoms; the game is too large to ground "
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
    for (int i = 0; i < n && i < MAX_INDEXED; i++) {
      int a = terms.arg(id, i);
      index.computeIfAbsent(positionKey(f, n, i, -1, a), k -> new IntList()).add(id);
      int af = terms.functor(a);
      for (int j = 0; j < terms.arity(a) && j < MAX_INDEXED; j++) {
        index.computeIfAbsent(positionKey(f, n, i, af * 31 + j, terms.arg(a, j)), k -> new IntList()).add(id);
      }
    }
    if ((f == Symbols.INIT || f == Symbols.NEXT) && n == 1) {
      addFact(terms.intern(Symbols.TRUE, terms.arg(id, 0)), rule);
    } else if (f == Symbols.LEGAL && n == 2) {
      addFact(terms.intern(Symbols.DOES, terms.arg(id, 0), terms.arg(id, 1)), rule);
    }
  }

  /** A size limit: an error, or only recorded (without the advice on raising it) when the caller has a way out. */
  private void sizeAbort(Rule rule, String message) {
    if (!sizeLimitsAreErrors) {
      tooLarge = message.substring(0, message.indexOf(RAISE)) + " (" + symbols.name(rule.relation()) + ")";
      throw new Abort();
    }
    abort(rule, message);
  }

  private void abort(Rule rule, String message) {
    report.error(rule.pos(), message);
    throw new Abort();
  }
}
