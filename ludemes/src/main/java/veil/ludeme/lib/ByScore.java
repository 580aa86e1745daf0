package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.Outcome;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (byScore expr [misere:True])} and {@code (ranking by:expr)}: rank players by a score (Player bound). */
public final class ByScore extends SimpleLudeme {
  private final boolean ranking;

  private ByScore(boolean ranking) {
    super(ranking ? "ranking" : "byScore", Type.OUTCOME, ranking
        ? "Ranks players by a key, highest first (Player bound); equal keys tie."
        : "Ranks players by a score, highest first, or lowest first with misere:True (Player bound); ties share.",
        ranking ? new Param[] {Param.required("by", "int", "the key of Player")}
            : new Param[] {Param.pos("score", "int", "the score of Player"),
                Param.named("misere", "True|False", "lowest score wins")});
    this.ranking = ranking;
  }

  public static List<ByScore> all() {
    return List.of(new ByScore(false), new ByScore(true));
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr score = ranking ? a.intExpr("by") : a.intExpr("score");
    int sign = !ranking && a.flag("misere", false) ? -1 : 1;
    int n = a.compiler().players();
    return (Outcome) (s, keys) -> {
      int saved = s.boundPlayer;
      for (int p = 0; p < n; p++) {
        s.boundPlayer = p;
        keys[p] = sign * score.eval(s);
      }
      s.boundPlayer = saved;
    };
  }
}
