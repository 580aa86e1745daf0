package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/** {@code (line K P)}: player P has K marks in a row, column or diagonal of the board. */
public final class Line extends SimpleLudeme {
  public Line() {
    super("line", Type.BOOL, "True when the player has K marks in a row, column or diagonal of the board.",
        Param.pos("length", "int literal", "K"), Param.pos("player", "player", "whose marks"));
  }

  @Override
  public String category() {
    return "board";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    if (c.boardRows == 0) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "(line …) needs a board", "(board (square N)) in equipment"));
    }
    int k = a.constInt("length", 1, Math.max(c.boardRows, c.boardCols),
        "the length of a line on a " + c.boardRows + " x " + c.boardCols + " board");
    int[][] lines = lines(c.boardRows, c.boardCols, k);
    IntExpr who = a.player("player");
    int cells = c.layout.cells;
    return (BoolExpr) s -> {
      int mark = who.eval(s) + 1;
      for (int[] line : lines) {
        boolean all = true;
        for (int site : line) {
          if (s.v[cells + site] != mark) {
            all = false;
            break;
          }
        }
        if (all) {
          return true;
        }
      }
      return false;
    };
  }

  /** Every straight line of k sites (rows, columns, both diagonals) on a rows × cols grid. */
  static int[][] lines(int rows, int cols, int k) {
    List<int[]> out = new ArrayList<>();
    int[][] dirs = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        for (int[] d : dirs) {
          int er = r + d[0] * (k - 1);
          int ec = c + d[1] * (k - 1);
          if (er < 0 || er >= rows || ec < 0 || ec >= cols) {
            continue;
          }
          int[] line = new int[k];
          for (int i = 0; i < k; i++) {
            line[i] = (r + d[0] * i) * cols + c + d[1] * i;
          }
          out.add(line);
        }
      }
    }
    return out.toArray(new int[0][]);
  }

  @Override
  public CardSampling cardSampling() {
    // a board
    return CardSampling.OUTSIDE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Cond) Gdl::line;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (line K P): one rule per straight line of K sites. */
    public static void line(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      if (!(b.get("length") instanceof veil.dsl.Node.Int k)) {
        throw ExportException.at(b.call, "(line K P) needs K as a number");
      }
      int rows = x.m.game.rows;
      int cols = x.m.game.cols;
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      int[][] dirs = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
      int len = (int) k.value();
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          for (int[] d : dirs) {
            int er = r + d[0] * (len - 1);
            int ec = c + d[1] * (len - 1);
            if (er < 0 || er >= rows || ec < 0 || ec >= cols) {
              continue;
            }
            List<String> one = new ArrayList<>();
            Val p = x.num(b.get("player"), Kind.PLAYER, ctx, one);
            for (int i = 0; i < len; i++) {
              one.add(x.store.read(x.fam.cell(), List.of(Integer.toString(r + d[0] * i + 1),
                  Integer.toString(c + d[1] * i + 1)), p.term()));
            }
            bodies.add(one);
            outs.add(List.of());
          }
        }
      }
      if (bodies.isEmpty()) {
        body.add(Exprs.FALSE);
        return;
      }
      body.add(x.helper("line", ctx, bodies, outs).call());
    }
  }
}
