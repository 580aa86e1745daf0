package veil.gdl.reason;

import java.util.Arrays;
import veil.gdl.read.RuleTranslator;
import veil.gdl.reason.TopDownProgram.Clause;
import veil.gdl.reason.TopDownProgram.Lit;
import veil.gdl.reason.TopDownProgram.Pat;

/**
 * Top-down resolution with tabling over one state and joint move: the reasoner of {@link TopDownGame}. One prover
 * per thread; it holds the state it was last given, and answers calls such as {@code (legal white ?m)}.
 *
 * <p>Every call {@code rel(k1 … kn)} — each argument either a ground term or free — gets a table of its answers
 * (ground atoms), computed once by resolving the relation's clauses left to right and kept: for the whole game when
 * the relation reads neither state nor move, until the state changes when it reads the state, until the joint move
 * changes when it reads the move. A call that meets itself (recursion) is answered from its table so far, and the
 * call it looped to (the leader) evaluates its clauses again until an iteration adds no answer anywhere (linear
 * tabling); tables met inside a leader's evaluation are complete only when the leader is. Negation is negation as
 * failure on a ground call, which by stratification never depends on the caller. A call whose arguments are all
 * ground stops at its first answer.
 *
 * <p>Allocation: arrays grow to the largest state seen and are reused; nothing is allocated per call once warm.
 */
final class Prover {
  static final int FREE = -1;
  private static final int NEW = 0;
  private static final int EVALUATING = 1;
  private static final int INCOMPLETE = 2;
  private static final int COMPLETE = 3;
  /** Resolution steps allowed for one query before it is refused (a game whose reasoning does not end). */
  static final long MAX_STEPS = 500_000_000L;

  /** One call's answers. */
  static final class Table {
    int rel;
    int keyStart;
    int slot;
    boolean ground;
    int[] answers = new int[4];
    int count;
    int status;
    int depth;
    int low;
    int stamp;
    boolean looped;
  }

  /** The tables of one lifetime (static, per state, per move): a hash from call to table, and answer sets. */
  private static final class Tables {
    Table[] tables = new Table[64];
    int count;
    int[] keys = new int[256];
    int keyTop;
    int[] index = new int[256];
    long[] answerSet = new long[1024];
    int answerCount;
    int[] answerSlots = new int[256];

    Tables() {
      Arrays.fill(index, -1);
    }

    void clear() {
      for (int i = 0; i < count; i++) {
        index[tables[i].slot] = -1;
      }
      count = 0;
      keyTop = 0;
      for (int i = 0; i < answerCount; i++) {
        answerSet[answerSlots[i]] = 0;
      }
      answerCount = 0;
    }

    static int hash(int rel, int[] key, int off, int n) {
      int h = rel * 0x9E3779B1 + n;
      for (int i = 0; i < n; i++) {
        h = (h ^ key[off + i]) * 0x85EBCA6B;
        h ^= h >>> 15;
      }
      return h ^ (h >>> 16);
    }

    Table find(int rel, int n, int[] key, int off) {
      int mask = index.length - 1;
      int slot = hash(rel, key, off, n) & mask;
      while (true) {
        int t = index[slot];
        if (t < 0) {
          return null;
        }
        Table tb = tables[t];
        if (tb.rel == rel && same(tb.keyStart, key, off, n)) {
          return tb;
        }
        slot = (slot + 1) & mask;
      }
    }

    private boolean same(int start, int[] key, int off, int n) {
      for (int i = 0; i < n; i++) {
        if (keys[start + i] != key[off + i]) {
          return false;
        }
      }
      return true;
    }

    Table create(int rel, int n, int[] key, int off, int[] arity) {
      if ((count + 1) * 2 > index.length) {
        grow(arity);
      }
      if (count == tables.length) {
        tables = Arrays.copyOf(tables, count * 2);
      }
      Table t = tables[count];
      if (t == null) {
        t = tables[count] = new Table();
      }
      if (keyTop + n > keys.length) {
        keys = Arrays.copyOf(keys, Math.max(keys.length * 2, keyTop + n));
      }
      boolean ground = true;
      for (int i = 0; i < n; i++) {
        keys[keyTop + i] = key[off + i];
        ground &= key[off + i] != FREE;
      }
      t.rel = rel;
      t.keyStart = keyTop;
      t.ground = ground;
      t.count = 0;
      t.status = NEW;
      t.stamp = -1;
      t.looped = false;
      keyTop += n;
      int mask = index.length - 1;
      int slot = hash(rel, key, off, n) & mask;
      while (index[slot] >= 0) {
        slot = (slot + 1) & mask;
      }
      index[slot] = count;
      t.slot = slot;
      count++;
      return t;
    }

    private void grow(int[] arity) {
      index = new int[index.length * 2];
      Arrays.fill(index, -1);
      int mask = index.length - 1;
      for (int i = 0; i < count; i++) {
        Table t = tables[i];
        int slot = hash(t.rel, keys, t.keyStart, arity[t.rel]) & mask;
        while (index[slot] >= 0) {
          slot = (slot + 1) & mask;
        }
        index[slot] = i;
        t.slot = slot;
      }
    }

    /** Adds atom to table number {@code ti}'s set; false when it was there. */
    boolean addAnswer(int ti, int atom) {
      if ((answerCount + 1) * 2 > answerSet.length) {
        growAnswers();
      }
      long k = (long) (ti + 1) << 32 | (atom & 0xFFFFFFFFL);
      int mask = answerSet.length - 1;
      int slot = (int) (mix(k) & mask);
      while (true) {
        long e = answerSet[slot];
        if (e == 0) {
          break;
        }
        if (e == k) {
          return false;
        }
        slot = (slot + 1) & mask;
      }
      answerSet[slot] = k;
      if (answerCount == answerSlots.length) {
        answerSlots = Arrays.copyOf(answerSlots, answerCount * 2);
      }
      answerSlots[answerCount++] = slot;
      return true;
    }

    private void growAnswers() {
      long[] old = answerSet;
      answerSet = new long[old.length * 2];
      int mask = answerSet.length - 1;
      int n = 0;
      for (long k : old) {
        if (k != 0) {
          int slot = (int) (mix(k) & mask);
          while (answerSet[slot] != 0) {
            slot = (slot + 1) & mask;
          }
          answerSet[slot] = k;
          answerSlots[n++] = slot;
        }
      }
    }

    private static long mix(long k) {
      k *= 0x9E3779B97F4A7C15L;
      return k ^ (k >>> 29);
    }

    int indexOf(Table t) {
      // Tables are created in order and never removed until clear(): the slot's entry is the table's number.
      return index[t.slot];
    }
  }

  private final TopDownProgram p;
  private final SharedTerms terms;
  private final Tables[] lifetimes = {new Tables(), new Tables(), new Tables()};

  // Variable bindings of the active clauses, a trail of bound slots to undo, and scratch for building terms.
  private int[] bind = new int[256];
  private int bindTop;
  private int[] trail = new int[256];
  private int trailTop;
  private int[] scratch = new int[256];
  private int scratchTop;

  // Linear tabling.
  private Table[] stack = new Table[64];
  private int sp;
  private Table[] evaluated = new Table[64];
  private int evaluatedTop;
  private int stamp;
  private long answersAdded;
  private long steps;

  // The state: its facts sorted, and the facts grouped by the fluent's functor.
  private Object loaded;
  private long loadedVersion;
  private int[] facts = new int[64];
  private int factCount;
  private int[] grouped = new int[64];
  private final int[] groupStart;
  private final int[] groupEnd;
  private final int[] groupStamp;
  private final int[] groupFill;
  private int loadStamp;
  private final int[] roleTerm;
  private final int[] does;
  private boolean doesSet;

  Prover(TopDownProgram p, int[] roleTerm) {
    this.p = p;
    this.terms = p.terms;
    this.roleTerm = roleTerm;
    this.does = new int[roleTerm.length];
    int symbols = p.symbols.size();
    groupStart = new int[symbols];
    groupEnd = new int[symbols];
    groupStamp = new int[symbols];
    groupFill = new int[symbols];
    Arrays.fill(groupStamp, -1);
  }

  /** Makes {@code facts[0..n)} (sorted term ids) the state reasoned about, unless it already is. */
  void load(Object state, long version, int[] stateFacts, int n) {
    if (state == loaded && version == loadedVersion) {
      return;
    }
    loaded = state;
    loadedVersion = version;
    if (facts.length < n) {
      facts = new int[Math.max(n, facts.length * 2)];
      grouped = new int[facts.length];
    }
    System.arraycopy(stateFacts, 0, facts, 0, n);
    factCount = n;
    // Group by functor: count, then give each functor its range, then fill (each group stays sorted).
    loadStamp++;
    for (int i = 0; i < n; i++) {
      int f = terms.functor(facts[i]);
      if (groupStamp[f] != loadStamp) {
        groupStamp[f] = loadStamp;
        groupEnd[f] = 0;
        groupStart[f] = -1;
      }
      groupEnd[f]++;
    }
    int at = 0;
    for (int i = 0; i < n; i++) {
      int f = terms.functor(facts[i]);
      if (groupStart[f] < 0) {
        groupStart[f] = at;
        groupFill[f] = at;
        at += groupEnd[f];
      }
    }
    for (int i = 0; i < n; i++) {
      int f = terms.functor(facts[i]);
      grouped[groupFill[f]++] = facts[i];
    }
    for (int i = 0; i < n; i++) {
      int f = terms.functor(facts[i]);
      groupEnd[f] = groupFill[f];
    }
    lifetimes[TopDownProgram.STATE].clear();
    lifetimes[TopDownProgram.MOVE].clear();
    doesSet = false;
  }

  /** Forgets the loaded state (after the caller changed it in place). */
  void unload() {
    loaded = null;
  }

  /** Sets the joint move the {@code does} facts come from. */
  void setDoes(int[] joint) {
    System.arraycopy(joint, 0, does, 0, does.length);
    lifetimes[TopDownProgram.MOVE].clear();
    doesSet = true;
  }

  /** Number of answers of a query's table. */
  int count(Table t) {
    return t.count;
  }

  int answer(Table t, int i) {
    return t.answers[i];
  }

  /**
   * The table of {@code rel(key[0..n))}, evaluated. On any failure (a rule failure, a recursion too deep) the prover
   * forgets everything and the failure is thrown on as a {@link GdlPlayException}.
   */
  Table query(int rel, int[] key) {
    steps = 0;
    try {
      return call(rel, key, 0);
    } catch (GdlPlayException e) {
      reset();
      throw e;
    } catch (StackOverflowError e) {
      reset();
      throw new GdlPlayException("the top-down reasoner's recursion is too deep for this game's rules");
    } catch (RuntimeException e) {
      reset();
      throw e;
    }
  }

  private void reset() {
    for (Tables t : lifetimes) {
      t.clear();
    }
    sp = 0;
    evaluatedTop = 0;
    bindTop = 0;
    trailTop = 0;
    scratchTop = 0;
    loaded = null;
  }

  private Table call(int rel, int[] key, int off) {
    Tables set = lifetimes[p.relKind[rel]];
    int n = p.relArity[rel];
    Table t = set.find(rel, n, key, off);
    if (t == null) {
      t = set.create(rel, n, key, off, p.relArity);
      evaluate(t, set);
      return t;
    }
    switch (t.status) {
      case COMPLETE:
        return t;
      case EVALUATING:
        t.looped = true;
        lowerCaller(t.depth);
        return t;
      default:
        if (t.stamp == stamp) {
          lowerCaller(t.low);
          return t;
        }
        evaluate(t, set);
        return t;
    }
  }

  private void lowerCaller(int depth) {
    if (sp > 0 && stack[sp - 1].low > depth) {
      stack[sp - 1].low = depth;
    }
  }

  private void evaluate(Table t, Tables set) {
    if (sp == stack.length) {
      stack = Arrays.copyOf(stack, sp * 2);
    }
    t.status = EVALUATING;
    t.depth = sp;
    t.low = sp;
    t.looped = false;
    stack[sp++] = t;
    int mark = evaluatedTop;
    if (evaluatedTop == evaluated.length) {
      evaluated = Arrays.copyOf(evaluated, evaluatedTop * 2);
    }
    evaluated[evaluatedTop++] = t;
    int ti = set.indexOf(t);
    while (true) {
      long before = answersAdded;
      t.stamp = stamp;
      runClauses(t, set, ti);
      if (t.low < t.depth || !t.looped || answersAdded == before || t.ground && t.count > 0) {
        break;
      }
      stamp++;
    }
    sp--;
    if (t.ground && t.count > 0) {
      // A ground call with its answer is final whatever else is pending; it may have stopped mid-iteration, so the
      // tables that depended on it are not (stale when t leads them, else left to their leader).
      t.status = COMPLETE;
      if (t.low == t.depth) {
        finish(mark, false);
      }
    } else if (t.low < t.depth) {
      t.status = INCOMPLETE;
      lowerCaller(t.low);
    } else {
      t.status = COMPLETE;
      finish(mark, true);
    }
  }

  /**
   * Ends a leader's scope (the tables evaluated since {@code mark}). After a clean fixpoint, the tables evaluated in
   * its last iteration (this stamp) are complete: nothing grew in it, and every table they read was complete or
   * evaluated again in it. The others, and all after an early stop, are stale: kept (their answers are sound) but
   * evaluated again when next called.
   */
  private void finish(int mark, boolean clean) {
    for (int i = mark; i < evaluatedTop; i++) {
      Table x = evaluated[i];
      if (x.status == COMPLETE) {
        continue;
      }
      if (clean && x.stamp == stamp) {
        x.status = COMPLETE;
      } else {
        x.status = INCOMPLETE;
        x.stamp = -1;
      }
    }
    evaluatedTop = mark;
  }

  private void runClauses(Table t, Tables set, int ti) {
    Clause[] cs = p.clauses[t.rel];
    int n = p.relArity[t.rel];
    for (Clause c : cs) {
      int base = bindTop;
      ensureBind(base + c.vars);
      for (int v = 0; v < c.vars; v++) {
        bind[base + v] = FREE;
      }
      bindTop = base + c.vars;
      int mark = trailTop;
      boolean ok = true;
      for (int i = 0; i < n && ok; i++) {
        int k = set.keys[t.keyStart + i];
        ok = k == FREE || match(c.head[i], k, base);
      }
      boolean stop = ok && solve(c, 0, base, t, set, ti);
      undo(mark);
      bindTop = base;
      if (stop) {
        return;
      }
    }
  }

  /** Solves body literals i.. of clause c; true when the table (a ground call) has its answer and may stop. */
  private boolean solve(Clause c, int i, int base, Table t, Tables set, int ti) {
    if (i == c.body.length) {
      return emit(c, base, t, set, ti);
    }
    if (++steps > MAX_STEPS) {
      throw new GdlPlayException("top-down reasoning took more than " + MAX_STEPS + " resolution steps in one "
          + "state (rule at " + c.origin.pos() + ")");
    }
    Lit l = c.body[i];
    switch (l.kind) {
      case Lit.CALL: {
        int n = l.args.length;
        int off = scratchTop;
        ensureScratch(off + n);
        scratchTop = off + n;
        boolean ground = true;
        for (int j = 0; j < n; j++) {
          int id = build(l.args[j], base);
          scratch[off + j] = id;
          ground &= id >= 0;
        }
        Table ct = call(l.rel, scratch, off);
        scratchTop = off;
        if (ground) {
          return ct.count > 0 && solve(c, i + 1, base, t, set, ti);
        }
        for (int k = 0; k < ct.count; k++) {
          int atom = ct.answers[k];
          int mark = trailTop;
          if (matchArgs(l.args, atom, base) && solve(c, i + 1, base, t, set, ti)) {
            undo(mark);
            return true;
          }
          undo(mark);
        }
        return false;
      }
      case Lit.NEG: {
        if (l.rel < 0) {
          return !holdsNow(l.rel == -1 - Lit.TRUE ? Lit.TRUE : Lit.DOES, l.args, base, c)
              && solve(c, i + 1, base, t, set, ti);
        }
        int n = l.args.length;
        int off = scratchTop;
        ensureScratch(off + n);
        scratchTop = off + n;
        for (int j = 0; j < n; j++) {
          int id = build(l.args[j], base);
          if (id < 0) {
            throw unsafe(c);
          }
          scratch[off + j] = id;
        }
        Table ct = call(l.rel, scratch, off);
        scratchTop = off;
        return ct.count == 0 && solve(c, i + 1, base, t, set, ti);
      }
      case Lit.DISTINCT: {
        int a = build(l.args[0], base);
        int b = build(l.args[1], base);
        if (a < 0 || b < 0) {
          throw unsafe(c);
        }
        return a != b && solve(c, i + 1, base, t, set, ti);
      }
      case Lit.TRUE: {
        Pat f = l.args[0];
        int id = build(f, base);
        if (id >= 0) {
          return Arrays.binarySearch(facts, 0, factCount, id) >= 0 && solve(c, i + 1, base, t, set, ti);
        }
        int from = 0;
        int to = factCount;
        int[] src = facts;
        if (f.kind == Pat.FN) {
          if (groupStamp[f.value] != loadStamp) {
            return false;
          }
          from = groupStart[f.value];
          to = groupEnd[f.value];
          src = grouped;
        }
        for (int k = from; k < to; k++) {
          int mark = trailTop;
          if (match(f, src[k], base) && solve(c, i + 1, base, t, set, ti)) {
            undo(mark);
            return true;
          }
          undo(mark);
        }
        return false;
      }
      case Lit.DOES: {
        if (!doesSet) {
          return false; // outside a joint move no (does …) holds, as in the grounded reasoner
        }
        for (int r = 0; r < does.length; r++) {
          int mark = trailTop;
          if (match(l.args[0], roleTerm[r], base) && match(l.args[1], does[r], base)
              && solve(c, i + 1, base, t, set, ti)) {
            undo(mark);
            return true;
          }
          undo(mark);
        }
        return false;
      }
      default:
        throw new IllegalStateException("literal kind " + l.kind);
    }
  }

  /** A negated (true f) or (does r m), ground by then. */
  private boolean holdsNow(int kind, Pat[] args, int base, Clause c) {
    if (kind == Lit.TRUE) {
      int id = build(args[0], base);
      if (id < 0) {
        throw unsafe(c);
      }
      return Arrays.binarySearch(facts, 0, factCount, id) >= 0;
    }
    if (!doesSet) {
      return false;
    }
    int role = build(args[0], base);
    int move = build(args[1], base);
    if (role < 0 || move < 0) {
      throw unsafe(c);
    }
    for (int r = 0; r < does.length; r++) {
      if (roleTerm[r] == role && does[r] == move) {
        return true;
      }
    }
    return false;
  }

  private GdlPlayException unsafe(Clause c) {
    return new GdlPlayException("a variable of a negation or distinct is not bound when it is tested (rule at "
        + c.origin.pos() + ")");
  }

  private boolean emit(Clause c, int base, Table t, Tables set, int ti) {
    int n = c.head.length;
    int off = scratchTop;
    ensureScratch(off + n);
    scratchTop = off + n;
    for (int j = 0; j < n; j++) {
      int id = build(c.head[j], base);
      if (id < 0) {
        scratchTop = off;
        throw new GdlPlayException("a head variable is not bound by the rule's body (rule at " + c.origin.pos()
            + ")");
      }
      if (terms.depth(id) > RuleTranslator.MAX_TERM_DEPTH) {
        scratchTop = off;
        throw new GdlPlayException("the rule at " + c.origin.pos() + " builds terms nested deeper than "
            + RuleTranslator.MAX_TERM_DEPTH);
      }
      scratch[off + j] = id;
    }
    int atom = terms.intern(p.relFunctor[t.rel], scratch, off, n);
    scratchTop = off;
    if (set.addAnswer(ti, atom)) {
      if (t.count == t.answers.length) {
        t.answers = Arrays.copyOf(t.answers, t.count * 2);
      }
      t.answers[t.count++] = atom;
      answersAdded++;
    }
    return t.ground;
  }

  private boolean matchArgs(Pat[] args, int atom, int base) {
    for (int i = 0; i < args.length; i++) {
      if (!match(args[i], terms.arg(atom, i), base)) {
        return false;
      }
    }
    return true;
  }

  private boolean match(Pat pat, int id, int base) {
    switch (pat.kind) {
      case Pat.VAR: {
        int v = base + pat.value;
        int b = bind[v];
        if (b == FREE) {
          bind[v] = id;
          if (trailTop == trail.length) {
            trail = Arrays.copyOf(trail, trailTop * 2);
          }
          trail[trailTop++] = v;
          return true;
        }
        return b == id;
      }
      case Pat.GROUND:
        return pat.value == id;
      default: {
        Pat[] args = pat.args;
        if (terms.functor(id) != pat.value || terms.arity(id) != args.length) {
          return false;
        }
        for (int i = 0; i < args.length; i++) {
          if (!match(args[i], terms.arg(id, i), base)) {
            return false;
          }
        }
        return true;
      }
    }
  }

  /** The ground term a pattern denotes under the bindings, or -1 when a variable in it is free. */
  private int build(Pat pat, int base) {
    switch (pat.kind) {
      case Pat.VAR:
        return bind[base + pat.value];
      case Pat.GROUND:
        return pat.value;
      default: {
        int n = pat.args.length;
        int off = scratchTop;
        ensureScratch(off + n);
        scratchTop = off + n;
        for (int i = 0; i < n; i++) {
          int a = build(pat.args[i], base);
          if (a < 0) {
            scratchTop = off;
            return -1;
          }
          scratch[off + i] = a;
        }
        int id = terms.intern(pat.value, scratch, off, n);
        scratchTop = off;
        return id;
      }
    }
  }

  private void undo(int mark) {
    while (trailTop > mark) {
      bind[trail[--trailTop]] = FREE;
    }
  }

  private void ensureBind(int n) {
    if (n > bind.length) {
      bind = Arrays.copyOf(bind, Math.max(n, bind.length * 2));
    }
  }

  private void ensureScratch(int n) {
    if (n > scratch.length) {
      scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
    }
  }
}
