package veil.export;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The values every number family may take, found by translating the step again and again: each pass adds what one
 * more step can write, until nothing changes or the game's step bound is reached (a longer game breaks its rules
 * anyway). Arithmetic and comparison tables then cover every value a run within the bound can meet.
 */
final class Analysis {
  /** A family with more possible values than this is refused: its tables would be too large to ground. */
  static final int MAX_VALUES = 5000;

  private final Map<String, Family> families = new LinkedHashMap<>();
  private final Map<Family, NavigableSet<Integer>> sets = new LinkedHashMap<>();
  private boolean changed;

  Family family(Family f) {
    Family known = families.putIfAbsent(f.id, f);
    return known != null ? known : f;
  }

  Family get(String id) {
    return families.get(id);
  }

  Iterable<Family> families() {
    return families.values();
  }

  NavigableSet<Integer> nums(Family f) {
    return sets.computeIfAbsent(f, k -> new TreeSet<>());
  }

  /** Adds values a family may hold at the start of some step. */
  void add(Family f, Iterable<Integer> values) throws ExportException {
    NavigableSet<Integer> s = nums(f);
    for (int v : values) {
      changed |= s.add(v);
    }
    if (s.size() > MAX_VALUES) {
      throw new ExportException("export-gdl: cannot bound the values of " + f.fluent + (f.fixed.isEmpty() ? ""
          : " " + String.join(" ", f.fixed)) + ": more than " + MAX_VALUES + " within the step bound");
    }
  }

  private final Map<String, Kind> varKinds = new LinkedHashMap<>();
  private final NavigableSet<Integer> dealCounts = new TreeSet<>();

  Kind varKind(String name) {
    return varKinds.getOrDefault(name, Kind.NUM);
  }

  /** A variable set to a player, card or suit holds those (its initial -1 is none). */
  void noteVarKind(String name, Kind kind, veil.dsl.Node at) throws ExportException {
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

  void noteDealCounts(Iterable<Integer> counts) {
    for (int c : counts) {
      changed |= dealCounts.add(c);
    }
  }

  NavigableSet<Integer> dealCounts() {
    return dealCounts;
  }

  /** Whether a value was added since the last call. */
  boolean changedSinceLastAsked() {
    boolean c = changed;
    changed = false;
    return c;
  }
}
