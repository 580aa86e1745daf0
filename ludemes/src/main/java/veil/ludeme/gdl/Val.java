package veil.ludeme.gdl;

import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The value of a translated expression: a GDL term (a constant, or a variable that the rule body binds), its kind
 * and, for numbers, every value it can take (which sizes the arithmetic and comparison tables).
 */
public record Val(String term, Kind kind, NavigableSet<Integer> nums) {
  public static Val num(int k) {
    TreeSet<Integer> s = new TreeSet<>();
    s.add(k);
    return new Val(Integer.toString(k), Kind.NUM, s);
  }

  public static Val of(String term, Kind kind) {
    return new Val(term, kind, null);
  }

  public boolean isVar() {
    return term.startsWith("?");
  }

  /** The constant number this is, or null. */
  public Integer constant() {
    return kind == Kind.NUM && !isVar() ? Integer.valueOf(term) : null;
  }
}
