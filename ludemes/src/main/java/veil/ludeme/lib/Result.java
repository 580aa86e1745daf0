package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.Outcome;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * {@code (result Who Win|Loss|Draw)}: one player wins (the others lose), one loses (the others tie above), or all
 * draw. {@code All} as Who with Draw shares every rank.
 */
public final class Result extends SimpleLudeme {
  public Result() {
    super("result", Type.OUTCOME, "One player wins (others tie last), loses (others tie first), or everyone draws.",
        Param.pos("who", "player or All", "the player the result is about"),
        Param.pos("kind", "Win|Loss|Draw", "what happens to that player"));
  }

  @Override
  public Object build(Args a) throws DslException {
    String kind = a.text("kind");
    if (!kind.equals("Win") && !kind.equals("Loss") && !kind.equals("Draw")) {
      throw a.error("kind", "unknown result " + kind, "Win Loss Draw");
    }
    if (kind.equals("Draw") || a.text("who").equals("All")) {
      return (Outcome) (s, keys) -> java.util.Arrays.fill(keys, 0);
    }
    IntExpr who = a.intExpr("who");
    int mine = kind.equals("Win") ? 1 : 0;
    int n = a.compiler().players();
    return (Outcome) (s, keys) -> {
      int w = who.eval(s);
      for (int p = 0; p < n; p++) {
        keys[p] = p == w ? mine : 1 - mine;
      }
    };
  }
}
