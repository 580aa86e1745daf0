package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;

/** {@code (same a b)}: compile-time equality of two names — for game options, e.g. {@code (same <Pass> None)}. */
public final class Same extends SimpleLudeme {
  public Same() {
    super("same", Type.BOOL, "True when two names are the same word (decided when the game compiles; for options).",
        Param.pos("a", "name", "a name, usually an option value"), Param.pos("b", "name", "another name"));
  }

  @Override
  public String category() {
    return "conditions";
  }

  @Override
  public Object build(Args a) throws DslException {
    boolean same = a.text("a").equalsIgnoreCase(a.text("b"));
    return (BoolExpr) s -> same;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Cond) Gdl::same;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static void same(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      if (!b.text("a").equalsIgnoreCase(b.text("b"))) {
        body.add(Exprs.FALSE);
      }
    }
  }
}
