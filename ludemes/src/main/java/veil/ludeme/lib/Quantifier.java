package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (some Player c)} and {@code (all Player c)}: c for some / every player, bound as Player. */
public final class Quantifier extends SimpleLudeme {
  private final boolean some;

  private Quantifier(boolean some) {
    super(some ? "some" : "all", Type.BOOL, some ? "True when the condition holds for some player (bound as Player)."
        : "True when the condition holds for every player (bound as Player).",
        Param.pos("over", "Player", "what is ranged over (always Player)"),
        Param.pos("c", "condition", "the condition, which may use Player"));
    this.some = some;
  }

  public static List<Quantifier> all() {
    return List.of(new Quantifier(true), new Quantifier(false));
  }

  @Override
  public String category() {
    return "conditions";
  }

  @Override
  public Object build(Args a) throws DslException {
    if (!a.text("over").equals("Player")) {
      throw a.error("over", "(" + name() + " …) ranges over Player", "Player");
    }
    BoolExpr c = a.bool("c");
    int n = a.compiler().players();
    boolean wanted = some;
    return (BoolExpr) s -> {
      int saved = s.boundPlayer;
      try {
        for (int p = 0; p < n; p++) {
          s.boundPlayer = p;
          if (c.eval(s) == wanted) {
            return wanted;
          }
        }
        return !wanted;
      } finally {
        s.boundPlayer = saved;
      }
    };
  }
}
