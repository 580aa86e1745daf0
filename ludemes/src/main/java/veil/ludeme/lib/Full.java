package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

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
}
