package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Where each family's current value is read during one step: version 0 is the state ({@code true}); every write
 * makes a new version, a relation defined from the previous one. Effects that run one after the other thus read
 * what the earlier ones wrote, all within one GDL transition. Numbers keep the set of values each version may hold.
 */
public final class Store {
  private final Map<Family, Integer> version = new HashMap<>();
  private final Map<Family, NavigableSet<Integer>> nums = new HashMap<>();
  private final Analysis analysis;

  /** Reads of registers not written yet: a pass with any is not the last one. */
  public int unwrittenReads;

  public Store(Analysis analysis) {
    this.analysis = analysis;
  }

  public int version(Family f) {
    return version.getOrDefault(f, 0);
  }

  /** The literal reading family f at its current version. */
  public String read(Family f, List<String> key, String value) {
    f.read = true;
    int v = version(f);
    if (v == 0 && !f.persistent) {
      // Not written yet in this pass because nobody had read it before: the next pass writes it.
      unwrittenReads++;
      return Exprs.FALSE;
    }
    return v == 0 ? "(true " + f.term(key, value) + ")" : f.stage(v, key, value);
  }

  /** Values a number family may hold now. */
  public NavigableSet<Integer> nums(Family f) {
    NavigableSet<Integer> s = nums.get(f);
    if (s == null) {
      s = analysis.nums(f);
    }
    return s;
  }

  public int bump(Family f, NavigableSet<Integer> written) {
    int v = version(f) + 1;
    if (f.valueKind == Kind.NUM && f.valued) {
      NavigableSet<Integer> s = new TreeSet<>(v == 1 && !f.persistent ? new TreeSet<>() : nums(f));
      if (written != null) {
        // Within one step as between steps, a write outside a declared range fails the run in the engine, so such
        // values are not carried on to later effects (they would widen every table those effects read).
        for (int x : written) {
          if (analysis.inDeclaredRange(f, x)) {
            s.add(x);
          }
        }
      }
      nums.put(f, s);
    }
    version.put(f, v);
    return v;
  }

  public List<Family> families() {
    return new ArrayList<>(version.keySet());
  }
}
