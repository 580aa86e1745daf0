package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Names;
import veil.ludeme.Action;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Phase;
import veil.ludeme.Table;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.JointActionGdl;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Family;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Model;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;
import veil.model.MoveList;

/**
 * {@code (claim [tell:"ok"])}: in a simultaneous phase every player tries to mark a board site it has not tried
 * before. A site that was empty goes to its only claimant; when several claim it at once, the random role's
 * tie-break (one of its moves every step) decides. A successful claimant is told the word; nobody sees anything
 * else — the Blind Tic-Tac-Toe of GDL-II.
 */
public final class Claim extends SimpleLudeme {
  public Claim() {
    super("claim", Type.MOVE, "Simultaneous: each player tries a site it has not tried; collisions go to random's "
        + "tie-break; success is told.", Param.named("name", "name", "the move's GDL name (default mark)"),
        Param.named("tell", "name", "the word a successful claimant sees (default ok)"));
  }

  @Override
  public String category() {
    return "board";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    if (c.boardRows == 0) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "(claim …) needs a board", "(board (square N))"));
    }
    c.game.hasRandom = true;
    ClaimAction act = new ClaimAction(veil.ludeme.Names.gdl(a.text("name", "mark")), c.table,
        c.table.tellIndex(veil.ludeme.Names.gdl(a.text("tell", "ok"))), c.boardCols, c.layout.cellCount,
        c.game.playerNames);
    c.game.actions.add(act);
    return act;
  }

  /** The claim move and the resolver of a simultaneous claim step. */
  public static final class ClaimAction extends Action implements Phase.JointResolver {
    private final Table table;
    private final int word;
    private final int cols;
    private final int cells;
    private final java.util.List<String> playerNames;

    ClaimAction(String verb, Table table, int word, int cols, int cells, java.util.List<String> playerNames) {
      super(verb);
      this.table = table;
      this.word = word;
      this.cols = cols;
      this.cells = cells;
      this.playerNames = java.util.List.copyOf(playerNames);
    }

    @Override
    public void generate(LudState s, MoveList out) {
      int tried = table.layout.tried + s.cur * cells;
      for (int i = 0; i < cells; i++) {
        if (s.v[tried + i] == 0) {
          out.add(move(i));
        }
      }
    }

    @Override
    public void apply(LudState s, int payload) {
      throw new IllegalStateException("claims are resolved jointly");
    }

    @Override
    public void apply(LudState s, int[] joint, CompiledGame g) {
      int n = table.players;
      int base = table.layout.cells;
      int tieWinner = joint[n] & 0x7FFF;
      // Every claim is decided against the board as it was before this step; marks are written afterwards.
      for (int p = 0; p < n; p++) {
        if (joint[p] == 0) {
          continue;
        }
        int site = Action.payloadOf(joint[p]);
        if (s.v[base + site] == 0 && (!contested(joint, n, p, site) || tieWinner == p)) {
          table.tell(s, p, word);
          s.v[base + site] = -(p + 1); // provisional, so later claimants still see the old board
        }
        s.v[table.layout.tried + p * cells + site] = 1;
      }
      for (int i = 0; i < cells; i++) {
        if (s.v[base + i] < 0) {
          s.v[base + i] = -s.v[base + i];
        }
      }
    }

    private static boolean contested(int[] joint, int n, int p, int site) {
      for (int q = 0; q < n; q++) {
        if (q != p && joint[q] != 0 && Action.payloadOf(joint[q]) == site) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void randomMoves(LudState s, MoveList out) {
      for (int p = 0; p < table.players; p++) {
        out.add(move(0x8000 | p));
      }
    }

    @Override
    public String randomMoveText(CompiledGame g, int move) {
      return "(tiebreak " + veil.ludeme.Names.gdl(playerNames.get(move & 0x7FFF)) + ")";
    }

    @Override
    public String text(CompiledGame g, int payload) {
      return "(" + verb + " " + (payload / cols + 1) + " " + (payload % cols + 1) + ")";
    }
  }

  @Override
  public CardSampling cardSampling() {
    // chance that is not a deal (the tie-break of a claim)
    return CardSampling.OUTSIDE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new Gdl.JointClaim(Names.gdl(b.text("name", "mark")),
        Names.gdl(b.text("tell", "ok")));
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /**
     * (claim): every player tries a site it has not tried; a blank site goes to its only claimant, or when several
     * claim it to the one random's tie-break names; a successful claimant is told the word. Decided against the
     * board as it was before the step.
     */
    public static final class JointClaim implements JointActionGdl {
      private final String verb;
      private final String word;

      JointClaim(String verb, String word) {
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
        Board.Gdl.rows(x);
        List<String> body = new ArrayList<>(List.of(Program.atom("boardrow", r), Program.atom("boardcol", c)));
        body.add(Program.not(x.store.read(x.fam.tried(), List.of(me.term(), r, c), null)));
        return x.helper("moves", ctx, List.of(body), List.of(List.of(Program.atom(verb, r, c))));
      }

      @Override
      public void apply(Flow f, String card, String cardLit) throws ExportException {
        throw new IllegalStateException("claims are resolved jointly");
      }

      /** The random role's tie-break moves. */
      @Override
      public String randomMove(String player) {
        return Program.atom("tiebreak", player);
      }

      /** The whole joint move of a claim step. */
      @Override
      public void applyJoint(Flow f) {
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
}
