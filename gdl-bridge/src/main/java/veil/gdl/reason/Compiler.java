package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Pos;
import veil.gdl.check.Report;
import veil.gdl.check.RuleChecker;
import veil.gdl.check.Tarjan;
import veil.gdl.ground.GroundProgram;
import veil.gdl.ground.GroundTerms;
import veil.gdl.ground.IntList;
import veil.gdl.term.Symbols;

/**
 * Compiles a ground program into the evaluator of {@link KifGame}.
 *
 * <p>Atoms that do not depend on {@code true} or {@code does} are static: they are evaluated once here (stratum by
 * stratum, recursive components to their least fixpoint) and folded into the rules that use them. What remains is
 * the dynamic program over value slots: slot 0 is false, slot 1 true, then one slot per base proposition
 * ({@code (true f)}), one per move ({@code (does r m)}), and one per dynamic derived atom. What every step needs
 * (legal moves, terminal, next state) becomes a {@link Network}, updated by what changed; goals and percepts are
 * {@link Segment}s evaluated when asked.
 */
public final class Compiler {
  static final int FALSE = 0;
  static final int TRUE = 1;

  private final GroundProgram gp;
  private final GroundTerms terms;
  private final Report report;
  private final int nAtoms;
  private final int[] atomOf; // term id -> atom index, -1
  private int[] ruleStartOfAtom;
  private int[] rulesOfAtom;
  private int[] comp;
  private boolean[] dynamic;
  private boolean[] value;
  private int[] slotOf;
  private boolean[] recursiveComp;
  private int baseFrom;
  private int doesFrom;
  private int doesTo;
  private MoveAlternatives moveAlternatives;

  private Compiler(GroundProgram gp, Report report) {
    this.gp = gp;
    this.terms = gp.terms();
    this.report = report;
    this.nAtoms = gp.atoms().length;
    this.atomOf = new int[terms.size()];
    Arrays.fill(atomOf, -1);
    for (int a = 0; a < nAtoms; a++) {
      atomOf[gp.atoms()[a]] = a;
    }
  }

  /**
   * What the compiled game needs besides the ground program: its name and description, the step bound, the mode,
   * whether random has no goal rule (lenient mode: its goal is 0), and what loading found (warnings, the checked
   * rules).
   */
  public record Settings(
      String name,
      String description,
      int stepBound,
      boolean strict,
      boolean randomHasNoGoal,
      List<veil.dsl.Diagnostic> warnings,
      List<veil.gdl.term.Rule> rules) {
    public Settings {
      warnings = List.copyOf(warnings);
      rules = List.copyOf(rules);
    }
  }

  /** Compiles; returns null with errors in the report when the ground program is not a valid game. */
  public static GroundedGame compile(GroundProgram gp, int[] roles, Settings settings, Report report) {
    return new Compiler(gp, report).run(roles, settings);
  }

  private int atom(int functor, int... args) {
    int id = terms.find(functor, args, 0, args.length);
    return id < 0 || id >= atomOf.length ? -1 : atomOf[id];
  }

  private GroundedGame run(int[] roles, Settings settings) {
    indexRules();
    components();
    evaluateStatic();
    if (report.hasErrors()) {
      return null;
    }
    Symbols symbols = gp.symbols();
    // Base propositions: every f with a (true f) atom; the grounder made one for each init/next atom.
    IntList base = new IntList();
    for (int a = 0; a < nAtoms; a++) {
      int t = gp.atoms()[a];
      if (terms.functor(t) == Symbols.TRUE) {
        base.add(a);
      }
    }
    int nBase = base.size();
    baseFrom = 2;
    doesFrom = 2 + nBase;
    slotOf = new int[nAtoms];
    Arrays.fill(slotOf, -1);
    int nextSlot = 2;
    int[] baseTerm = new int[nBase];
    for (int i = 0; i < nBase; i++) {
      slotOf[base.get(i)] = nextSlot++;
      baseTerm[i] = terms.arg(gp.atoms()[base.get(i)], 0);
    }
    // Moves: the legal atoms of each role, each with its does atom.
    int roleCount = roles.length;
    int[][] moveTerm = new int[roleCount][];
    int[][] legalAtom = new int[roleCount][];
    int[][] doesSlot = new int[roleCount][];
    int[][] perceptTerm = new int[roleCount][];
    int[][] seesAtom = new int[roleCount][];
    int[][] goalValue = new int[roleCount][];
    int[][] goalAtom = new int[roleCount][];
    int[] roleTerm = new int[roleCount];
    for (int r = 0; r < roleCount; r++) {
      roleTerm[r] = terms.constant(roles[r]);
    }
    Map<Pos, List<String>> badGoals = new java.util.LinkedHashMap<>();
    for (int r = 0; r < roleCount; r++) {
      IntList moves = new IntList();
      IntList legal = new IntList();
      IntList percepts = new IntList();
      IntList sees = new IntList();
      IntList goals = new IntList();
      IntList goalAtoms = new IntList();
      for (int a = 0; a < nAtoms; a++) {
        int t = gp.atoms()[a];
        int f = terms.functor(t);
        if (terms.arity(t) != 2 || terms.arg(t, 0) != roleTerm[r]) {
          continue;
        }
        if (f == Symbols.LEGAL) {
          moves.add(terms.arg(t, 1));
          legal.add(a);
        } else if (f == Symbols.SEES) {
          percepts.add(terms.arg(t, 1));
          sees.add(a);
        } else if (f == Symbols.GOAL) {
          int v = goalValueOf(terms.arg(t, 1), symbols);
          if (v < 0) {
            // One error per rule and role, with every bad value (a rule may derive hundreds).
            Pos at = originOf(a);
            badGoals.computeIfAbsent(at, k -> new ArrayList<>()).add(terms.toKif(terms.arg(t, 1), symbols));
            continue;
          }
          goals.add(v);
          goalAtoms.add(a);
        }
      }
      for (Map.Entry<Pos, List<String>> e : badGoals.entrySet()) {
        List<String> vs = e.getValue();
        String shown = String.join(", ", vs.subList(0, Math.min(5, vs.size())))
            + (vs.size() > 5 ? ", … (" + vs.size() + " values)" : "");
        report.error(e.getKey(), (vs.size() == 1 ? "goal value " : "goal values ") + shown + " derived for role "
            + symbols.name(roles[r]) + (vs.size() == 1 ? " is not an integer" : " are not integers")
            + " from 0 to 100");
      }
      badGoals.clear();
      moveTerm[r] = moves.toArray();
      legalAtom[r] = legal.toArray();
      perceptTerm[r] = percepts.toArray();
      seesAtom[r] = sees.toArray();
      goalValue[r] = goals.toArray();
      goalAtom[r] = goalAtoms.toArray();
      doesSlot[r] = new int[moves.size()];
      for (int m = 0; m < moves.size(); m++) {
        int d = atom(Symbols.DOES, roleTerm[r], moves.get(m));
        slotOf[d] = nextSlot;
        doesSlot[r][m] = nextSlot++;
      }
    }
    doesTo = nextSlot;
    if (report.hasErrors()) {
      return null;
    }
    // Remaining does atoms (for names that are not roles) never hold: slot false.
    for (int a = 0; a < nAtoms; a++) {
      if (slotOf[a] < 0 && terms.functor(gp.atoms()[a]) == Symbols.DOES) {
        slotOf[a] = FALSE;
      }
    }
    for (int a = 0; a < nAtoms; a++) {
      if (slotOf[a] < 0) {
        slotOf[a] = dynamic[a] ? nextSlot++ : (value[a] ? TRUE : FALSE);
      }
    }
    moveAlternatives = new MoveAlternatives(nextSlot, doesSlot);
    int terminal = atom(Symbols.TERMINAL);
    // Initial state.
    long[] init = new long[Math.max(1, (nBase + 63) >>> 6)];
    for (int i = 0; i < nBase; i++) {
      int a = atom(Symbols.INIT, baseTerm[i]);
      if (a >= 0 && value[a]) {
        init[i >>> 6] |= 1L << i;
      }
    }
    int[] nextOf = new int[nBase];
    for (int i = 0; i < nBase; i++) {
      int a = atom(Symbols.NEXT, baseTerm[i]);
      nextOf[i] = a < 0 ? FALSE : slotOf[a];
    }
    // The network: what every step needs (legal moves and terminal; next state).
    IntList stepOutputs = new IntList();
    if (terminal >= 0) {
      stepOutputs.add(terminal);
    }
    for (int[] l : legalAtom) {
      for (int a : l) {
        stepOutputs.add(a);
      }
    }
    for (int i = 0; i < nBase; i++) {
      int a = atom(Symbols.NEXT, baseTerm[i]);
      if (a >= 0) {
        stepOutputs.add(a);
      }
    }
    BitSet inNetwork = new BitSet();
    closure(stepOutputs, null, inNetwork);
    Network network = network(inNetwork, nextSlot, nBase, nextOf, slots(legalAtom), init);
    Phases phases = Phases.find(network, doesSlot, terminal < 0 ? FALSE : slotOf[terminal], init,
        settings.stepBound());
    // Segments evaluated on demand: goals; percepts.
    IntList goalOutputs = new IntList();
    for (int[] g : goalAtom) {
      for (int a : g) {
        goalOutputs.add(a);
      }
    }
    Segment goals = segment(goalOutputs, inNetwork);
    IntList perceptOutputs = new IntList();
    for (int[] s : seesAtom) {
      for (int a : s) {
        perceptOutputs.add(a);
      }
    }
    Segment percepts = segment(perceptOutputs, inNetwork);
    int randomRole = -1;
    for (int r = 0; r < roleCount; r++) {
      if (roles[r] == Symbols.RANDOM) {
        randomRole = r;
      }
    }
    return new GroundedGame(
        new GroundedGame.Tables(
            symbols, terms, roles, randomRole, nBase, baseTerm, init, moveTerm, doesSlot, perceptTerm,
            slots(seesAtom), goalValue, slots(goalAtom), terminal < 0 ? FALSE : slotOf[terminal], network, phases,
            goals,
            percepts, gp.ruleCount(), nAtoms),
        settings);
  }

  private int[][] slots(int[][] atoms) {
    int[][] out = new int[atoms.length][];
    for (int r = 0; r < atoms.length; r++) {
      out[r] = new int[atoms[r].length];
      for (int i = 0; i < atoms[r].length; i++) {
        out[r][i] = slotOf[atoms[r][i]];
      }
    }
    return out;
  }

  private int goalValueOf(int term, Symbols symbols) {
    return terms.arity(term) == 0 ? RuleChecker.goalValue(symbols.name(terms.functor(term))) : -1;
  }

  private Pos originOf(int atom) {
    int t = gp.atoms()[atom];
    for (int k = 0; k < gp.ruleCount(); k++) {
      if (gp.ruleHead()[k] == t) {
        return gp.sourceRules().get(gp.ruleOrigin()[k]).pos();
      }
    }
    return null;
  }

  private void indexRules() {
    int n = gp.ruleCount();
    ruleStartOfAtom = new int[nAtoms + 1];
    for (int k = 0; k < n; k++) {
      ruleStartOfAtom[atomOf[gp.ruleHead()[k]] + 1]++;
    }
    for (int a = 0; a < nAtoms; a++) {
      ruleStartOfAtom[a + 1] += ruleStartOfAtom[a];
    }
    rulesOfAtom = new int[n];
    int[] fill = Arrays.copyOf(ruleStartOfAtom, nAtoms);
    for (int k = 0; k < n; k++) {
      rulesOfAtom[fill[atomOf[gp.ruleHead()[k]]]++] = k;
    }
  }

  private int bodyAtom(int entry) {
    return atomOf[GroundProgram.atomOf(entry)];
  }

  private void components() {
    int[][] adj = new int[nAtoms][];
    for (int a = 0; a < nAtoms; a++) {
      IntList deps = new IntList();
      for (int i = ruleStartOfAtom[a]; i < ruleStartOfAtom[a + 1]; i++) {
        int k = rulesOfAtom[i];
        for (int e = gp.ruleBodyStart()[k]; e < gp.ruleBodyStart()[k + 1]; e++) {
          deps.add(bodyAtom(gp.ruleBody()[e]));
        }
      }
      adj[a] = deps.toArray();
    }
    comp = Tarjan.components(adj);
    int comps = 0;
    for (int c : comp) {
      comps = Math.max(comps, c + 1);
    }
    recursiveComp = new boolean[comps];
    int[] size = new int[comps];
    for (int a = 0; a < nAtoms; a++) {
      size[comp[a]]++;
    }
    for (int a = 0; a < nAtoms; a++) {
      if (size[comp[a]] > 1) {
        recursiveComp[comp[a]] = true;
      }
      for (int b : adj[a]) {
        if (b == a) {
          recursiveComp[comp[a]] = true;
        }
      }
    }
  }

  /** Marks dynamic atoms and computes the value of every static one, component by component. */
  private void evaluateStatic() {
    dynamic = new boolean[nAtoms];
    value = new boolean[nAtoms];
    int comps = recursiveComp.length;
    // Atoms grouped by component, components in dependency order.
    int[] start = new int[comps + 1];
    for (int a = 0; a < nAtoms; a++) {
      start[comp[a] + 1]++;
    }
    for (int c = 0; c < comps; c++) {
      start[c + 1] += start[c];
    }
    int[] members = new int[nAtoms];
    int[] fill = Arrays.copyOf(start, comps);
    for (int a = 0; a < nAtoms; a++) {
      members[fill[comp[a]]++] = a;
    }
    for (int c = 0; c < comps; c++) {
      boolean dyn = false;
      for (int i = start[c]; i < start[c + 1] && !dyn; i++) {
        int a = members[i];
        int f = terms.functor(gp.atoms()[a]);
        dyn = f == Symbols.TRUE || f == Symbols.DOES || dependsOnDynamic(a);
      }
      if (dyn) {
        for (int i = start[c]; i < start[c + 1]; i++) {
          dynamic[members[i]] = true;
        }
        continue;
      }
      boolean changed = true;
      while (changed) {
        changed = false;
        for (int i = start[c]; i < start[c + 1]; i++) {
          int a = members[i];
          if (!value[a] && staticHolds(a, c)) {
            value[a] = true;
            changed = recursiveComp[c];
          }
        }
      }
    }
  }

  private boolean dependsOnDynamic(int a) {
    for (int i = ruleStartOfAtom[a]; i < ruleStartOfAtom[a + 1]; i++) {
      int k = rulesOfAtom[i];
      for (int e = gp.ruleBodyStart()[k]; e < gp.ruleBodyStart()[k + 1]; e++) {
        if (dynamic[bodyAtom(gp.ruleBody()[e])]) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean staticHolds(int a, int c) {
    for (int i = ruleStartOfAtom[a]; i < ruleStartOfAtom[a + 1]; i++) {
      int k = rulesOfAtom[i];
      boolean ok = true;
      for (int e = gp.ruleBodyStart()[k]; e < gp.ruleBodyStart()[k + 1] && ok; e++) {
        int entry = gp.ruleBody()[e];
        int b = bodyAtom(entry);
        if (GroundProgram.negated(entry)) {
          if (comp[b] == c) {
            unstratified(k);
            return false;
          }
          ok = !value[b];
        } else {
          ok = value[b];
        }
      }
      if (ok) {
        return true;
      }
    }
    return false;
  }

  private void unstratified(int k) {
    report.error(gp.sourceRules().get(gp.ruleOrigin()[k]).pos(),
        "negation cycle among ground atoms: this rule negates an atom that depends on its own head");
  }

  /**
   * Marks in {@code mine} the dynamic derived atoms the outputs need, excluding those in {@code exclude} (computed
   * elsewhere).
   */
  private void closure(IntList outputs, BitSet exclude, BitSet mine) {
    IntList stack = new IntList();
    for (int i = 0; i < outputs.size(); i++) {
      stack.add(outputs.get(i));
    }
    while (stack.size() > 0) {
      int a = stack.get(stack.size() - 1);
      stack.truncate(stack.size() - 1);
      if (!dynamic[a] || mine.get(a) || (exclude != null && exclude.get(a)) || isInput(a)) {
        continue;
      }
      mine.set(a);
      for (int i = ruleStartOfAtom[a]; i < ruleStartOfAtom[a + 1]; i++) {
        int k = rulesOfAtom[i];
        for (int e = gp.ruleBodyStart()[k]; e < gp.ruleBodyStart()[k + 1]; e++) {
          stack.add(bodyAtom(gp.ruleBody()[e]));
        }
      }
    }
  }

  /** The atoms in dependency order: a component's atoms together, after every component they use. */
  private int[] dependencyOrder(BitSet atoms) {
    Integer[] order = atoms.stream().boxed().toArray(Integer[]::new);
    Arrays.sort(order, (x, y) -> Integer.compare(comp[x], comp[y]));
    int[] out = new int[order.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = order[i];
    }
    return out;
  }

  private Network network(BitSet atoms, int slots, int nBase, int[] nextOf, int[][] legalSlot, long[] init) {
    int[] order = dependencyOrder(atoms);
    int n = order.length;
    int[] slotAt = new int[n];
    int[] groupStart = new int[n];
    int[] ruleStart = new int[n + 1];
    IntList litStart = new IntList();
    IntList lits = new IntList();
    for (int p = 0; p < n; p++) {
      int a = order[p];
      slotAt[p] = slotOf[a];
      boolean first = p == 0 || comp[a] != comp[order[p - 1]];
      groupStart[p] = !recursiveComp[comp[a]] ? -1 : first ? p : groupStart[p - 1];
      ruleStart[p] = litStart.size();
      for (int[] body : bodies(a)) {
        litStart.add(lits.size());
        for (int l : body) {
          lits.add(l);
        }
      }
    }
    ruleStart[n] = litStart.size();
    litStart.add(lits.size());
    return new Network(slots, baseFrom, nBase, doesTo, slotAt, groupStart, ruleStart, litStart.toArray(), lits.toArray(),
        nextOf, legalSlot, init);
  }

  /**
   * The dynamic derived atoms the outputs need, excluding those in {@code exclude} (computed elsewhere, before),
   * as a segment evaluated as a whole.
   */
  private Segment segment(IntList outputs, BitSet exclude) {
    BitSet mine = new BitSet();
    closure(outputs, exclude, mine);
    Map<Integer, List<int[]>> bodiesOf = new HashMap<>();
    mine.stream().forEach(a -> bodiesOf.put(a, bodies(a)));
    TriggeredAtoms triggered = triggeredAtoms(mine, bodiesOf);
    int[] order = dependencyOrder(mine);
    int n = order.length;
    IntList groupStart = new IntList();
    List<Boolean> rec = new ArrayList<>();
    int[] slot = new int[n];
    int[] ruleStart = new int[n + 1];
    int[] keyedStart = new int[n];
    IntList ruleKey = new IntList();
    IntList litStart = new IntList();
    IntList lits = new IntList();
    for (int i = 0; i < n; i++) {
      int a = order[i];
      if (i == 0 || comp[a] != comp[order[i - 1]]) {
        groupStart.add(i);
        rec.add(recursiveComp[comp[a]]);
      }
      slot[i] = slotOf[a];
      ruleStart[i] = litStart.size();
      // Each rule as (key, literals): key = the slot of its first move literal, or -1.
      List<int[]> plain = new ArrayList<>();
      List<int[]> keyed = new ArrayList<>();
      for (int[] body : bodiesOf.get(a)) {
        if (body.length > 0 && isMove(body[0])) {
          keyed.add(body);
        } else {
          plain.add(body);
        }
      }
      keyed.sort((x, y) -> Integer.compare(x[0], y[0]));
      for (int[] body : plain) {
        litStart.add(lits.size());
        ruleKey.add(-1);
        for (int l : body) {
          lits.add(l);
        }
      }
      keyedStart[i] = litStart.size();
      for (int[] body : keyed) {
        litStart.add(lits.size());
        ruleKey.add(body[0] >>> 1);
        for (int k = 1; k < body.length; k++) {
          lits.add(body[k]);
        }
      }
    }
    ruleStart[n] = litStart.size();
    litStart.add(lits.size());
    groupStart.add(n);
    boolean[] recursive = new boolean[rec.size()];
    for (int g = 0; g < recursive.length; g++) {
      recursive[g] = rec.get(g);
    }
    return new Segment(groupStart.toArray(), recursive, slot, ruleStart, keyedStart, ruleKey.toArray(),
        litStart.toArray(), lits.toArray(), triggered);
  }

  /**
   * Takes out of {@code mine} the atoms that only a move can make true (see {@link TriggeredAtoms}): not recursive,
   * some rules, each with a move, and no literal on an atom of {@code mine}.
   */
  private TriggeredAtoms triggeredAtoms(BitSet mine, Map<Integer, List<int[]>> bodiesOf) {
    BitSet mineSlots = new BitSet();
    mine.stream().forEach(a -> mineSlots.set(slotOf[a]));
    IntList atoms = new IntList();
    List<Integer> atomOfRule = new ArrayList<>();
    List<int[]> rules = new ArrayList<>();
    for (int a = mine.nextSetBit(0); a >= 0; a = mine.nextSetBit(a + 1)) {
      List<int[]> bodies = bodiesOf.get(a);
      boolean onlyByMoves = !recursiveComp[comp[a]] && !bodies.isEmpty();
      for (int[] body : bodies) {
        onlyByMoves &= body.length > 0 && isMove(body[0])
            && Arrays.stream(body).noneMatch(l -> mineSlots.get(l >>> 1));
      }
      if (onlyByMoves) {
        for (int[] body : bodies) {
          atomOfRule.add(atoms.size());
          int[] rule = body.clone();
          rule[0] = body[0] >>> 1;
          rules.add(rule);
        }
        atoms.add(a);
      }
    }
    int[] slots = new int[atoms.size()];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = slotOf[atoms.get(i)];
      mine.clear(atoms.get(i));
    }
    return slots.length == 0 ? TriggeredAtoms.NONE : new TriggeredAtoms(slots, atomOfRule, rules);
  }

  /** A positive move literal. */
  private boolean isMove(int lit) {
    int s = lit >>> 1;
    return (lit & 1) == 0 && s >= doesFrom && s < doesTo;
  }

  /**
   * The literals of ground rule k over value slots, static ones folded away; null when a static literal makes the
   * rule fail.
   */
  private int[] simplifiedBody(int k, int head) {
    IntList lits = new IntList();
    for (int e = gp.ruleBodyStart()[k]; e < gp.ruleBodyStart()[k + 1]; e++) {
      int entry = gp.ruleBody()[e];
      int b = bodyAtom(entry);
      boolean neg = GroundProgram.negated(entry);
      int s = slotOf[b];
      if (s == TRUE || s == FALSE) {
        if ((s == TRUE) == neg) {
          return null;
        }
        continue;
      }
      if (neg && comp[b] == comp[head]) {
        unstratified(k);
      }
      lits.add(s << 1 | (neg ? 1 : 0));
    }
    return lits.toArray();
  }

  /**
   * The rules of atom a as literal arrays over value slots: simplified, with a role's alternative moves merged (see
   * {@link MoveAlternatives}), literals ordered by {@link #rank}.
   */
  private List<int[]> bodies(int a) {
    List<int[]> out = new ArrayList<>();
    for (int j = ruleStartOfAtom[a]; j < ruleStartOfAtom[a + 1]; j++) {
      int[] body = simplifiedBody(rulesOfAtom[j], a);
      body = body == null ? null : MoveAlternatives.canonical(body);
      if (body != null) {
        out.add(body);
      }
    }
    out = moveAlternatives.merge(out);
    for (int[] body : out) {
      sortBySelectivity(body);
    }
    return out;
  }

  /**
   * Orders a rule's literals so that the one most likely to fail comes first: a move (only one of a role's moves
   * is played), then state facts, then derived atoms; negated moves last (they almost always hold).
   */
  private void sortBySelectivity(int[] lits) {
    Integer[] a = new Integer[lits.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = lits[i];
    }
    Arrays.sort(a, (x, y) -> Integer.compare(rank(x), rank(y)));
    for (int i = 0; i < a.length; i++) {
      lits[i] = a[i];
    }
  }

  private int rank(int lit) {
    int s = lit >>> 1;
    boolean neg = (lit & 1) != 0;
    if (s >= doesFrom && s < doesTo) {
      return neg ? 4 : 0;
    }
    if (s >= baseFrom && s < doesFrom) {
      return neg ? 2 : 1;
    }
    return 3;
  }

  private boolean isInput(int a) {
    int f = terms.functor(gp.atoms()[a]);
    return f == Symbols.TRUE || f == Symbols.DOES;
  }
}
