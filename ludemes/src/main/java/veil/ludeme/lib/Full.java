package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Program;

/** {@code (full)}: no site of the board is empty. */
public final class Full extends SimpleLudeme {
  public Full() {
    super("full", Type.BOOL, "True when every site of the board holds a mark.");
  }

  @Override
  public String category() {
    return "board";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    if (c.boardRows == 0) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "(full) needs a board", "(board (square N)) in equipment"));
    }
    int from = c.layout.cells;
    int to = from + c.layout.cellCount;
    return (BoolExpr) s -> {
      for (int i = from; i < to; i++) {
        if (s.v[i] == 0) {
          return false;
        }
      }
      return true;
    };
  }

  @Override
  public CardSampling cardSampling() {
    // a board
    return CardSampling.OUTSIDE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Cond) Gdl::full;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static void full(Bound b, Ctx ctx, List<String> body, Exprs x) {
      String r = x.out.var();
      String c = x.out.var();
      List<String> one = List.of(x.store.read(x.fam.cell(), List.of(r, c), "none"));
      body.add(Program.not(x.helper("blank", ctx, List.of(one), List.of(List.of())).call()));
    }
  }
}
