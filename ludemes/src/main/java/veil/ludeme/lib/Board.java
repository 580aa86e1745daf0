package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;

/**
 * {@code (board (square N))} or {@code (board (rectangle R C))}: a grid of sites, each empty or holding one
 * player's mark. A player sees its own marks; others' marks are hidden unless a rule tells.
 */
public final class Board extends SimpleLudeme {
  /** The most sites a board may have. */
  public static final int MAX_SITES = 400;

  public Board() {
    super("board", Type.EQUIPMENT, "A grid of sites: (board (square N)) or (board (rectangle Rows Cols)).",
        Param.pos("shape", "(square N) or (rectangle R C)", "the grid"));
  }

  @Override
  public Object build(Args a) throws DslException {
    Node shape = a.node("shape");
    Compiler c = a.compiler();
    if (shape instanceof Node.Call call && call.args().size() >= 1 && call.args().get(0) instanceof Node.Int n) {
      String head = call.headName();
      long rows;
      long cols;
      if ("square".equals(head) && call.args().size() == 1) {
        rows = cols = n.value();
      } else if ("rectangle".equals(head) && call.args().size() == 2 && call.args().get(1) instanceof Node.Int m) {
        rows = n.value();
        cols = m.value();
      } else {
        throw a.error("shape", "unknown board shape", "(square N) or (rectangle Rows Cols)");
      }
      // Both sides are checked before they are multiplied: no product of two literals can overflow past the check.
      if (rows < 1 || cols < 1 || rows > MAX_SITES || cols > MAX_SITES || rows * cols > MAX_SITES) {
        throw a.error("shape", "a board has 1 to " + MAX_SITES + " sites (" + rows + " x " + cols + " given)",
            "(square 3)");
      }
      c.boardRows = (int) rows;
      c.boardCols = (int) cols;
      return this;
    }
    throw a.error("shape", "unknown board shape", "(square N) or (rectangle Rows Cols)");
  }

  @Override
  public CardSampling cardSampling() {
    // a board
    return CardSampling.OUTSIDE;
  }

  @Override
  public GdlEmitter gdl() {
    return null; // equipment: the export reads the compiled board
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static String rows(Exprs x) {
      if (x.out.once("boardrow")) {
        for (int r = 1; r <= x.m.game.rows; r++) {
          x.out.table("boardrow", "(boardrow " + r + ")", "the rows and columns of the board");
        }
        for (int c = 1; c <= x.m.game.cols; c++) {
          x.out.table("boardcol", "(boardcol " + c + ")", "");
        }
      }
      return "boardrow";
    }
  }
}
