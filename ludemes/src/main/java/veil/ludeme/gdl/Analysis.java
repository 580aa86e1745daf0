package veil.ludeme.gdl;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The values every number family may take, found by translating the step again and again: each pass adds what one
 * more step can write, until nothing changes or the game's step bound is reached (a longer game breaks its rules
 * anyway). Arithmetic and comparison tables then cover every value a run within the bound can meet.
 */
public final class Analysis {
  /** A family with more possible values than this is refused: its tables would be too large to ground. */
  public static final int MAX_VALUES = 5000;

  private final Map<String, Family> families = new LinkedHashMap<>();
  private final Map<Family, NavigableSet<Integer>> sets = new LinkedHashMap<>();
  private boolean changed;

  public Family family(Family f) {
    Family known = families.putIfAbsent(f.id, f);
    return known != null ? known : f;
  }

  /** Drops a family found to be of another kind (its values too). */
  public void forget(String id) {
    Family f = families.remove(id);
    if (f != null) {
      sets.remove(f);
      changed = true;
    }
  }

  public Family get(String id) {
    return families.get(id);
  }

  public Iterable<Family> families() {
    return families.values();
  }

  public NavigableSet<Integer> nums(Family f) {
    return sets.computeIfAbsent(f, k -> new TreeSet<>());
  }

  /** Number variables written digit by digit ({@link DigitNum}), by variable name; kept across passes. */
  private final Map<String, DigitNum> digitNums = new LinkedHashMap<>();

  /** How variable {@code name} is written digit by digit, or null when it is one constant a value. */
  public DigitNum digitNum(String name) {
    return digitNums.get(name);
  }

  /**
   * From now on variable {@code name} is written digit by digit ({@link Families#var}); the family {@code numId}
   * that held it as one number a value (in an earlier pass) is dropped.
   */
  public void writeDigitwise(String name, DigitNum dn, String numId) {
    DigitNum known = digitNums.get(name);
    if (known != null) {
      // A later pass knows more values: the encoding covers both ranges (its family is made again).
      dn = DigitNum.covering(Math.min(-known.bias(), -dn.bias()),
          Math.max(known.modulus() - 1L - known.bias(), dn.modulus() - 1L - dn.bias()));
      if (dn.equals(known)) {
        return;
      }
      forget(numId + "_digits");
    }
    digitNums.put(name, dn);
    forget(numId);
    changed = true;
  }

  /** Declared ranges of variables, by family id: a run that leaves one breaks the rules in the engine. */
  private final Map<String, long[]> declared = new LinkedHashMap<>();

  /** The family {@code id} (a variable declared with range:lo..hi) only ever holds values in lo..hi. */
  public void declareRange(String id, int lo, int hi) {
    declared.put(id, new long[] {lo, hi});
  }

  /** False for a value outside the family's declared range (a run that writes it fails in the engine). */
  public boolean inDeclaredRange(Family f, int v) {
    long[] range = declared.get(f.id);
    return range == null || v >= range[0] && v <= range[1];
  }

  /** Adds values a family may hold at the start of some step. */
  public void add(Family f, Iterable<Integer> values) throws ExportException {
    NavigableSet<Integer> s = nums(f);
    long[] cap = caps.get(f);
    NavigableSet<Integer> limit = limits.get(f);
    long[] range = declared.get(f.id);
    for (int v : values) {
      if (cap != null && (v < cap[0] || v > cap[1])) {
        continue; // a counter's value out of reach within the step bound
      }
      if (limit != null && !limit.contains(v)) {
        continue; // a value out of reach, by what the family's only writer knows (a match's totals)
      }
      if (range != null && (v < range[0] || v > range[1])) {
        continue; // outside the variable's declared range: the engine fails such a run
      }
      changed |= s.add(v);
    }
    if (s.size() > MAX_VALUES) {
      throw new ExportException("export-gdl: cannot bound the values of " + f.fluent + (f.fixed.isEmpty() ? ""
          : " " + String.join(" ", f.fixed)) + ": more than " + MAX_VALUES + " within the step bound");
    }
  }

  private final Map<String, Kind> varKinds = new LinkedHashMap<>();
  private final NavigableSet<Integer> dealCounts = new TreeSet<>();

  public Kind varKind(String name) {
    return varKinds.getOrDefault(name, Kind.NUM);
  }

  /** A variable set to a player, card or suit holds those (its initial -1 is none). */
  public void noteVarKind(String name, Kind kind, veil.dsl.Node at) throws ExportException {
    if (kind == Kind.NUM) {
      return;
    }
    Kind known = varKinds.get(name);
    if (known == null) {
      varKinds.put(name, kind);
      changed = true;
    } else if (known != kind) {
      throw ExportException.at(at, "variable \"" + name + "\" holds both a " + known.word() + " and a " + kind.word());
    }
  }

  public void noteDealCounts(Iterable<Integer> counts) {
    for (int c : counts) {
      changed |= dealCounts.add(c);
    }
  }

  public NavigableSet<Integer> dealCounts() {
    return dealCounts;
  }

  /**
   * Counters: number families a step only adds constants to or sets to constants. Within the step bound their
   * values lie between the extremes of the start and set values, moved by the bound times the sum of the amounts
   * added in a step; the whole interval is taken at once instead of one step per pass.
   */
  private static final class Counter {
    boolean other;
    int up;
    int down;
    final NavigableSet<Integer> constants = new TreeSet<>();
  }

  private final Map<Family, Counter> counters = new LinkedHashMap<>();
  private final Map<Family, long[]> caps = new LinkedHashMap<>();
  private final Map<Family, NavigableSet<Integer>> initial = new LinkedHashMap<>();

  /** The values a family holds in the initial state. */
  public void seed(Family f, Iterable<Integer> values) throws ExportException {
    NavigableSet<Integer> s = initial.computeIfAbsent(f, k -> new TreeSet<>());
    for (int v : values) {
      s.add(v);
    }
    add(f, values);
  }

  public void beginPass() {
    counters.clear();
  }

  public void noteSet(Family f, Integer constant) {
    Counter c = counters.computeIfAbsent(f, k -> new Counter());
    if (constant == null) {
      c.other = true;
    } else {
      c.constants.add(constant);
    }
  }

  public void noteAdd(Family f, NavigableSet<Integer> amounts) {
    Counter c = counters.computeIfAbsent(f, k -> new Counter());
    if (amounts == null || amounts.isEmpty()) {
      c.other = true;
      return;
    }
    c.up += Math.max(0, amounts.last());
    c.down += Math.max(0, -amounts.first());
  }

  /** Open blocks of alternatives: the counters' (up, down) when each began, and the most one alternative added. */
  private final java.util.ArrayDeque<Map<Family, int[][]>> alternatives = new java.util.ArrayDeque<>();

  /**
   * Begins effects of which one step runs at most one alternative (the moves of one phase): a counter moves by the
   * most one alternative adds, not by their sum.
   */
  public void beginAlternatives() {
    Map<Family, int[][]> base = new LinkedHashMap<>();
    for (Map.Entry<Family, Counter> e : counters.entrySet()) {
      base.put(e.getKey(), new int[][] {{e.getValue().up, e.getValue().down}, {0, 0}});
    }
    alternatives.push(base);
  }

  /** Ends one alternative: what it added is remembered and taken back before the next. */
  public void endAlternative() {
    Map<Family, int[][]> base = alternatives.peek();
    for (Map.Entry<Family, Counter> e : counters.entrySet()) {
      int[][] b = base.computeIfAbsent(e.getKey(), k -> new int[][] {{0, 0}, {0, 0}});
      Counter c = e.getValue();
      b[1][0] = Math.max(b[1][0], c.up - b[0][0]);
      b[1][1] = Math.max(b[1][1], c.down - b[0][1]);
      c.up = b[0][0];
      c.down = b[0][1];
    }
  }

  /** Ends the block: each counter moved by the most any one alternative added. */
  public void endAlternatives() {
    for (Map.Entry<Family, int[][]> e : alternatives.pop().entrySet()) {
      Counter c = counters.get(e.getKey());
      int[][] b = e.getValue();
      c.up = b[0][0] + b[1][0];
      c.down = b[0][1] + b[1][1];
    }
  }

  private final Map<Family, NavigableSet<Integer>> limits = new LinkedHashMap<>();

  /**
   * Every value family f can hold at the start of a step lies in {@code values}, as its writer knows (a match's
   * totals: sums of the deals' scores, each partial sum short of the target, at most the bound on the deals): other
   * values written are out of reach and dropped, and f is not widened as a counter.
   */
  public void limit(Family f, NavigableSet<Integer> values) throws ExportException {
    if (values.size() > MAX_VALUES) {
      throw new ExportException("export-gdl: cannot bound the values of " + f.fluent + ": more than " + MAX_VALUES);
    }
    NavigableSet<Integer> known = limits.get(f);
    if (known == null || !known.equals(values)) {
      limits.put(f, new TreeSet<>(values));
      changed = true;
    }
    nums(f).retainAll(values);
  }

  /** Widens every counter to all it can reach within {@code bound} steps. */
  public void widenCounters(int bound) throws ExportException {
    for (Map.Entry<Family, Counter> e : counters.entrySet()) {
      Counter c = e.getValue();
      if (limits.containsKey(e.getKey())) {
        continue;
      }
      if (c.other || c.up + c.down == 0) {
        caps.remove(e.getKey());
        continue;
      }
      NavigableSet<Integer> s = new TreeSet<>(initial.getOrDefault(e.getKey(), new TreeSet<>()));
      s.addAll(c.constants);
      if (s.isEmpty()) {
        continue;
      }
      long lo = s.first() - (long) bound * c.down;
      long hi = s.last() + (long) bound * c.up;
      long[] range = declared.get(e.getKey().id);
      if (range != null) {
        lo = Math.max(lo, range[0]);
        hi = Math.min(hi, range[1]);
      }
      if (hi - lo + 1 > MAX_VALUES) {
        Family f = e.getKey();
        throw new ExportException("export-gdl: cannot bound the values of " + f.fluent + (f.fixed.isEmpty() ? ""
            : " " + String.join(" ", f.fixed)) + ": " + lo + ".." + hi + " within the step bound " + bound
            + " is more than " + MAX_VALUES + " values");
      }
      java.util.List<Integer> all = new java.util.ArrayList<>();
      for (long v = lo; v <= hi; v++) {
        all.add((int) v);
      }
      caps.remove(e.getKey());
      add(e.getKey(), all);
      caps.put(e.getKey(), new long[] {lo, hi});
    }
  }

  /** Whether a value was added since the last call. */
  public boolean changedSinceLastAsked() {
    boolean c = changed;
    changed = false;
    return c;
  }
}
