package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.ludeme.Names;
import veil.ludeme.compile.Type;

/**
 * The board: (line K P), (full), and (claim) — Blind Tic-Tac-Toe's simultaneous marks. Sites are (cell ROW COL
 * MARK) with MARK a player or none; (tried PLAYER ROW COL) remembers the sites a player has tried.
 */
public final class BoardGdl {
  private BoardGdl() {}

  public static void register(Emitters e) {
    e.add(Type.BOOL, (GdlEmitter.Cond) BoardGdl::line, "line");
    e.add(Type.BOOL, (GdlEmitter.Cond) BoardGdl::full, "full");
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new Claim(Names.gdl(b.text("name", "mark")),
        Names.gdl(b.text("tell", "ok"))), "claim");
  }

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

  public static void full(Bound b, Ctx ctx, List<String> body, Exprs x) {
    String r = x.out.var();
    String c = x.out.var();
    List<String> one = List.of(x.store.read(x.fam.cell(), List.of(r, c), "none"));
    body.add(Program.not(x.helper("blank", ctx, List.of(one), List.of(List.of())).call()));
  }

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

  /**
   * (claim): every player tries a site it has not tried; a blank site goes to its only claimant, or when several
   * claim it to the one random's tie-break names; a successful claimant is told the word. Decided against the
   * board as it was before the step.
   */
  public static final class Claim implements ActionGdl {
    private final String verb;
    private final String word;

    Claim(String verb, String word) {
      this.verb = verb;
      this.word = word;
    }

    @Override
    public String verb() {
      return verb;
    }

    @Override
    public boolean hasCard() {
      return false;
    }

    @Override
    public Rel legal(Ctx ctx, Exprs x) {
      Val me = x.mover(ctx, new ArrayList<>());
      String r = x.out.var();
      String c = x.out.var();
      rows(x);
      List<String> body = new ArrayList<>(List.of(Program.atom("boardrow", r), Program.atom("boardcol", c)));
      body.add(Program.not(x.store.read(x.fam.tried(), List.of(me.term(), r, c), null)));
      return x.helper("moves", ctx, List.of(body), List.of(List.of(Program.atom(verb, r, c))));
    }

    @Override
    public void apply(Flow f, String card, String cardLit) throws ExportException {
      throw new IllegalStateException("claims are resolved jointly");
    }

    /** The random role's tie-break moves. */
    String randomMove(String player) {
      return Program.atom("tiebreak", player);
    }

    /** The whole joint move of a claim step. */
    void applyJoint(Flow f) {
      Model m = f.m;
      Family cell = f.fam.cell();
      Family tried = f.fam.tried();
      List<Flow.W> marks = new ArrayList<>();
      List<Flow.W> tries = new ArrayList<>();
      for (int p = 0; p < m.n; p++) {
        String me = m.player[p];
        String r = f.out.var();
        String c = f.out.var();
        String does = Program.atom("does", me, Program.atom(verb, r, c));
        // Contested: another player claims the same site.
        List<List<String>> contestBodies = new ArrayList<>();
        for (int q = 0; q < m.n; q++) {
          if (q != p) {
            contestBodies.add(List.of(does, Program.atom("does", m.player[q], Program.atom(verb, r, c))));
          }
        }
        String contested = null;
        if (!contestBodies.isEmpty()) {
          String rel = f.out.rel("contested");
          contested = rel;
          for (List<String> cb : contestBodies) {
            f.out.rule(rel, cb);
          }
        }
        String success = f.out.rel("claimed");
        String blank = f.store.read(cell, List.of(r, c), "none");
        List<String> alone = new ArrayList<>(List.of(does, blank));
        if (contested != null) {
          alone.add(Program.not(contested));
        }
        f.out.rule(success, alone);
        if (contested != null) {
          f.out.rule(success, List.of(does, blank, Program.atom("does", "random", randomMove(me))));
        }
        f.sees(me, word, List.of(success));
        marks.add(new Flow.W(List.of(r, c), me, List.of(success, does), null));
        tries.add(new Flow.W(List.of(me, r, c), null, List.of(does), null));
      }
      f.write(tried, tries);
      f.write(cell, marks);
    }
  }
}
