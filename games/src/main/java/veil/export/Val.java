package veil.export;

import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The value of a translated expression: a GDL term (a constant, or a variable that the rule body binds), its kind
 * and, for numbers, every value it can take (which sizes the arithmetic and comparison tables).
 */
record Val(String term, Kind kind, NavigableSet<Integer> nums) {
  static Val num(int k) {
    TreeSet<Integer> s = new TreeSet<>();
    s.add(k);
    return new Val(Integer.toString(k), Kind.NUM, s);
  }

  static Val of(String term, Kind kind) {
    return new Val(term, kind, null);
  }

  boolean isVar() {
    return term.startsWith("?");
  }

  /** The constant number this is, or null. */
  Integer constant() {
    return kind == Kind.NUM && !isVar() ? Integer.valueOf(term) : null;
  }
}
