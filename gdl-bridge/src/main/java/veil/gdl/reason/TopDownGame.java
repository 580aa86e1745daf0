package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import veil.gdl.check.RuleChecker;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * A GDL-II game played without grounding: every question (legal moves, terminal, goals, next state, percepts) is
 * answered by top-down resolution with tabling over the rules ({@link Prover}), for games whose grounding is too
 * large. Moves and percepts are ids of ground terms shared by all threads ({@link SharedTerms}); a state is the
 * sorted ids of its true facts. Each thread has its own prover, which keeps the answers of the state it was last
 * asked about, so asking several questions of one state resolves each call once.
 */
public final class TopDownGame extends KifGame {
  private final TopDownProgram p;
  private final int[] roles;
  private final int[] roleTerm;
  private final int randomRole;
  private final String why;
  private final int[] initFacts;
  private final boolean hasSees;
  /** The goal value each constant's name denotes (-1: none), by symbol. */
  private final int[] goalBySymbol;
  private final ThreadLocal<Scratch> scratch;

  /** A thread's prover and work space. */
  private static final class Scratch {
    final Prover prover;
    final int[] key = new int[2];
    int[] next = new int[64];
    int[] goals = new int[8];

    Scratch(Prover prover) {
      this.prover = prover;
    }
  }

  private TopDownGame(TopDownProgram p, int[] roles, Compiler.Settings settings, String why) {
    super(settings, roles.length);
    this.p = p;
    this.roles = roles.clone();
    this.why = why;
    this.roleTerm = new int[roles.length];
    int random = -1;
    for (int r = 0; r < roles.length; r++) {
      roleTerm[r] = p.terms.constant(roles[r]);
      if (roles[r] == Symbols.RANDOM) {
        random = r;
      }
    }
    this.randomRole = random;
    this.goalBySymbol = new int[p.symbols.size()];
    for (int s = 0; s < goalBySymbol.length; s++) {
      goalBySymbol[s] = RuleChecker.goalValue(p.symbols.name(s));
    }
    boolean sees = false;
    for (int r = 0; r < p.relationCount(); r++) {
      sees |= p.relFunctor[r] == Symbols.SEES && p.relArity[r] == 2 && p.clauses[r].length > 0;
    }
    this.hasSees = sees;
    this.scratch = ThreadLocal.withInitial(() -> new Scratch(new Prover(p, roleTerm)));
    this.initFacts = computeInit();
  }

  /**
   * The game of {@code rules} (checked, with the move percepts of plain GDL added) played top-down; {@code why} says
   * why it is not grounded, for {@code veil check}.
   */
  public static TopDownGame of(List<Rule> rules, veil.gdl.term.Symbols symbols, int[] roles,
      Compiler.Settings settings, String why) {
    return new TopDownGame(TopDownProgram.compile(symbols, rules), roles, settings, why);
  }

  private int[] computeInit() {
    if (p.init < 0) {
      return new int[0];
    }
    Scratch sc = scratch.get();
    sc.key[0] = Prover.FREE;
    Prover.Table t = sc.prover.query(p.init, sc.key);
    int n = sc.prover.count(t);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = p.terms.arg(sc.prover.answer(t, i), 0);
    }
    Arrays.sort(out);
    return dedupe(out, n) == n ? out : Arrays.copyOf(out, dedupe(out, n));
  }

  /** Removes repeats from the sorted {@code a[0..n)} in place; the new length. */
  private static int dedupe(int[] a, int n) {
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || a[m - 1] != a[i]) {
        a[m++] = a[i];
      }
    }
    return m;
  }

  @Override
  public String reasonerSummary() {
    return "top-down resolution with tabling, not grounded (" + why + "); " + p.relationCount() + " relations";
  }

  /** Why the game is played top-down (for tests and messages). */
  public String why() {
    return why;
  }

  @Override
  int[] rolesSymbols() {
    return roles;
  }

  @Override
  boolean hasSees() {
    return hasSees;
  }

  @Override
  public Symbols symbols() {
    return p.symbols;
  }

  @Override
  public int roleCount() {
    return roles.length;
  }

  @Override
  public String roleName(int role) {
    return p.symbols.name(roles[role]);
  }

  @Override
  public int randomRole() {
    return randomRole;
  }

  @Override
  public TopDownState initialState() {
    return new TopDownState(Arrays.copyOf(initFacts, Math.max(1, initFacts.length)), initFacts.length);
  }

  private Scratch loaded(State state) {
    TopDownState s = (TopDownState) state;
    Scratch sc = scratch.get();
    sc.prover.load(s, s.version, s.facts, s.size);
    return sc;
  }

  @Override
  public boolean isTerminal(State s) {
    if (p.terminal < 0) {
      return false;
    }
    Scratch sc = loaded(s);
    return sc.prover.count(sc.prover.query(p.terminal, sc.key)) > 0;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    if (p.legal < 0) {
      return;
    }
    Scratch sc = loaded(s);
    sc.key[0] = roleTerm[role];
    sc.key[1] = Prover.FREE;
    Prover.Table t = sc.prover.query(p.legal, sc.key);
    int n = sc.prover.count(t);
    for (int i = 0; i < n; i++) {
      out.add(p.terms.arg(sc.prover.answer(t, i), 1));
    }
  }

  @Override
  public void apply(State state, int[] joint, Percepts percepts) {
    TopDownState s = (TopDownState) state;
    Scratch sc = loaded(s);
    for (int r = 0; r < roles.length; r++) {
      if (!p.terms.valid(joint[r])) {
        throw new IllegalArgumentException("no move " + joint[r] + " for role " + roleName(r));
      }
    }
    Prover pr = sc.prover;
    pr.setDoes(joint);
    int n = 0;
    if (p.next >= 0) {
      sc.key[0] = Prover.FREE;
      Prover.Table t = pr.query(p.next, sc.key);
      n = pr.count(t);
      if (sc.next.length < n) {
        sc.next = new int[Math.max(n, sc.next.length * 2)];
      }
      for (int i = 0; i < n; i++) {
        sc.next[i] = p.terms.arg(pr.answer(t, i), 0);
      }
    }
    if (percepts != null) {
      percepts.clear();
      if (p.sees >= 0) {
        for (int r = 0; r < roles.length; r++) {
          if (!percepts.listens(r)) {
            continue;
          }
          sc.key[0] = roleTerm[r];
          sc.key[1] = Prover.FREE;
          Prover.Table t = pr.query(p.sees, sc.key);
          int m = pr.count(t);
          for (int i = 0; i < m; i++) {
            percepts.add(r, p.terms.arg(pr.answer(t, i), 1));
          }
        }
      }
    }
    Arrays.sort(sc.next, 0, n);
    s.set(sc.next, dedupe(sc.next, n));
  }

  @Override
  public int goal(State state, int role) {
    TopDownState s = (TopDownState) state;
    Scratch sc = loaded(s);
    int n = 0;
    if (p.goal >= 0) {
      sc.key[0] = roleTerm[role];
      sc.key[1] = Prover.FREE;
      Prover.Table t = sc.prover.query(p.goal, sc.key);
      int m = sc.prover.count(t);
      for (int i = 0; i < m; i++) {
        int v = p.terms.arg(sc.prover.answer(t, i), 1);
        int value = p.terms.arity(v) == 0 ? goalBySymbol[p.terms.functor(v)] : -1;
        if (value < 0) {
          throw new GdlPlayException("role " + roleName(role) + " has the goal value " + p.terms.toKif(v, p.symbols)
              + ", not an integer 0..100, in state " + factsText(s));
        }
        if (n == sc.goals.length) {
          sc.goals = Arrays.copyOf(sc.goals, n * 2);
        }
        sc.goals[n++] = value;
      }
    }
    if (n == 0) {
      return noGoal(role, isTerminal(s), s);
    }
    if (n == 1) {
      return sc.goals[0];
    }
    boolean first = s.severalCounted != s.version;
    s.severalCounted = s.version;
    return goalOf(role, Arrays.copyOf(sc.goals, n), n, first, s);
  }

  @Override
  public List<String> trueFacts(State state) {
    TopDownState s = (TopDownState) state;
    List<String> out = new ArrayList<>();
    for (int i = 0; i < s.size; i++) {
      out.add(p.terms.toKif(s.facts[i], p.symbols));
    }
    Collections.sort(out);
    return out;
  }

  @Override
  public String moveText(int role, int move) {
    return p.terms.toKif(move, p.symbols);
  }

  @Override
  public String perceptText(int role, int percept) {
    return p.terms.toKif(percept, p.symbols);
  }

  /**
   * The move written as {@code kif}: the id of that term, or -1 when it names a symbol the rules never use (so no
   * role can have it). Whether it is legal for the role is for the caller to check against {@link #legalMoves}.
   */
  @Override
  public int move(int role, String kif) {
    String text = normalize(kif);
    int[] at = {0};
    int id = parse(text, at);
    return at[0] == text.length() ? id : -1;
  }

  /** The percept written as {@code kif}: the id of that term, or -1 when it names a symbol the rules never use. */
  @Override
  public int percept(int role, String kif) {
    return move(role, kif);
  }

  private int parse(String s, int[] at) {
    if (at[0] >= s.length()) {
      return -1;
    }
    if (s.charAt(at[0]) == '(') {
      at[0]++;
      int start = at[0];
      while (at[0] < s.length() && s.charAt(at[0]) != ' ' && s.charAt(at[0]) != ')') {
        at[0]++;
      }
      int f = p.symbols.lookup(s.substring(start, at[0]));
      List<Integer> args = new ArrayList<>();
      while (at[0] < s.length() && s.charAt(at[0]) == ' ') {
        at[0]++;
        int a = parse(s, at);
        if (a < 0) {
          return -1;
        }
        args.add(a);
      }
      if (f < 0 || at[0] >= s.length() || s.charAt(at[0]) != ')') {
        return -1;
      }
      at[0]++;
      int[] a = args.stream().mapToInt(Integer::intValue).toArray();
      return p.terms.intern(f, a, 0, a.length);
    }
    int start = at[0];
    while (at[0] < s.length() && s.charAt(at[0]) != ' ' && s.charAt(at[0]) != ')') {
      at[0]++;
    }
    int f = p.symbols.lookup(s.substring(start, at[0]));
    return f < 0 ? -1 : p.terms.constant(f);
  }
}
