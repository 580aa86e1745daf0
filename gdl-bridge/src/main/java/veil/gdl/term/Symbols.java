package veil.gdl.term;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interns the names of one game (relation names, function names, constants, numbers as text) to small ints. The
 * GDL keywords get fixed ids so that code can compare against {@link #TRUE} and friends without a lookup.
 * Names are stored lower-cased: KIF is case-insensitive.
 */
public final class Symbols {
  public static final int ROLE = 0;
  public static final int INIT = 1;
  public static final int TRUE = 2;
  public static final int DOES = 3;
  public static final int NEXT = 4;
  public static final int LEGAL = 5;
  public static final int GOAL = 6;
  public static final int TERMINAL = 7;
  public static final int SEES = 8;
  public static final int BASE = 9;
  public static final int INPUT = 10;
  public static final int PERCEPT = 11;
  public static final int DISTINCT = 12;
  public static final int NOT = 13;
  public static final int OR = 14;
  public static final int AND = 15;
  public static final int RANDOM = 16;

  private static final String[] FIXED = {
    "role", "init", "true", "does", "next", "legal", "goal", "terminal", "sees", "base", "input", "percept",
    "distinct", "not", "or", "and", "random"
  };

  /** Keywords whose arity GDL fixes (index = symbol id; -1 = not a relation keyword). */
  private static final int[] KEYWORD_ARITY = {1, 1, 1, 2, 1, 2, 2, 0, 2, 1, 2, 2, 2, 1, -1, -1, -1};

  private final Map<String, Integer> ids = new HashMap<>();
  private final List<String> names = new ArrayList<>();

  public Symbols() {
    for (String k : FIXED) {
      intern(k);
    }
  }

  /** The id of {@code name} (lower-cased), creating it if new. */
  public int intern(String name) {
    String key = name.toLowerCase(java.util.Locale.ROOT);
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    int n = names.size();
    ids.put(key, n);
    names.add(key);
    return n;
  }

  /** The id of {@code name}, or -1 when it was never interned. */
  public int lookup(String name) {
    Integer id = ids.get(name.toLowerCase(java.util.Locale.ROOT));
    return id == null ? -1 : id;
  }

  public String name(int id) {
    return names.get(id);
  }

  public int size() {
    return names.size();
  }

  /** True for the reserved words of GDL-II (role … percept, distinct, not, or, and); {@code random} is not one. */
  public static boolean isKeyword(int sym) {
    return sym >= 0 && sym < RANDOM;
  }

  /** The arity GDL gives the relation keyword {@code sym}, or -1 when it is not one with a fixed arity. */
  public static int keywordArity(int sym) {
    return sym >= 0 && sym < KEYWORD_ARITY.length ? KEYWORD_ARITY[sym] : -1;
  }

  /** All names, for did-you-mean suggestions. */
  public List<String> names() {
    return List.copyOf(names);
  }
}
