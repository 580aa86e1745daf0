package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.Outcome;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.OutcomeGdl;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

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
    return new Outcome() {
      @Override
      public void keys(veil.ludeme.LudState s, int[] keys) {
        int saved = s.boundPlayer;
        for (int p = 0; p < n; p++) {
          s.boundPlayer = p;
          keys[p] = sign * score.eval(s);
        }
        s.boundPlayer = saved;
      }

      @Override
      public boolean scores() {
        return true;
      }
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Outcome) Gdl::byScore;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static OutcomeGdl.Keys byScore(Bound b, Flow f) throws ExportException {
      Exprs x = f.x;
      boolean ranking = b.name().equals("ranking");
      String p = x.out.var();
      String player = Program.atom(x.m.players(), p);
      Ctx ctx = Ctx.EMPTY.bind("Player", Val.of(p, Kind.PLAYER), player);
      List<String> body = new ArrayList<>(List.of(player));
      Val score = x.num(b.get(ranking ? "by" : "score"), ctx, body);
      if (score.kind() == Kind.KEY) {
        // A match's totals written digit by digit: compared digit by digit, reversed for misere.
        if (!ranking && b.flag("misere", false)) {
          score = veil.ludeme.gdl.DigitNum.negated(x, score);
        }
        return OutcomeGdl.Keys.ordered(veil.ludeme.gdl.KeyOrder.ofKey(x, score, p));
      }
      score = x.coerce(score, Kind.NUM, b.get(ranking ? "by" : "score"));
      if (!ranking && b.flag("misere", false)) {
        score = x.arith('-', Val.num(0), score, body, b.call);
      }
      Rel r = x.helper("key", Ctx.EMPTY, List.of(body), List.of(List.of(p, score.term())));
      return new OutcomeGdl.Keys(r, score.nums());
    }
  }
}
