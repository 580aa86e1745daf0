package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the names Mover, Player and Card stand for where an expression is translated: a constant (a loop unrolled
 * over players), or a variable of the rule with the literal giving its range (a card filter, the role whose moves
 * are listed). Mover not bound here is the step's mover register.
 */
public final class Ctx {
  private final Map<String, Val> symbols;
  /** Variable → the static literal that ranges it, for helper rules that must bind it themselves. */
  private final Map<String, String> domains;

  public static final Ctx EMPTY = new Ctx(new HashMap<>(), new LinkedHashMap<>());

  private Ctx(Map<String, Val> symbols, Map<String, String> domains) {
    this.symbols = symbols;
    this.domains = domains;
  }

  public Ctx bind(String symbol, Val v, String domain) {
    Map<String, Val> s = new HashMap<>(symbols);
    s.put(symbol, v);
    Map<String, String> d = new LinkedHashMap<>(domains);
    if (v.isVar() && domain != null) {
      d.put(v.term(), domain);
    }
    return new Ctx(s, d);
  }

  public Val get(String symbol) {
    return symbols.get(symbol);
  }

  /** The context's variables that occur in some literals, in a fixed order. */
  public List<String> freeIn(List<String> literals) {
    Set<String> used = Program.vars(literals);
    List<String> out = new ArrayList<>();
    for (String v : domains.keySet()) {
      if (used.contains(v)) {
        out.add(v);
      }
    }
    return out;
  }

  public String domain(String var) {
    return domains.get(var);
  }
}
