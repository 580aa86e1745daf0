package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.Action;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Phase;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
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
        int site = joint[p] & 0xFFFF;
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
        if (q != p && joint[q] != 0 && (joint[q] & 0xFFFF) == site) {
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
}
