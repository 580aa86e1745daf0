package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.LudState;
import veil.ludeme.MoveRule;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.ActionGdl;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.MoveGdl;
import veil.ludeme.gdl.MoveRuleGdl;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.model.MoveList;

/** {@code (or {m …})} — or a bare {@code {m …}} where a move is expected: every move of every rule. */
public final class OrMoves extends SimpleLudeme {
  public OrMoves() {
    super("or", Type.MOVE, "All the moves of all the given move rules.",
        Param.pos("moves", "{move …}", "the alternatives"));
  }

  @Override
  public Object build(Args a) throws DslException {
    List<MoveRule> parts = new ArrayList<>();
    for (Node n : a.list("moves")) {
      parts.add(a.compiler().move(n));
    }
    return of(parts);
  }

  public static MoveRule of(List<MoveRule> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    MoveRule[] rules = parts.toArray(new MoveRule[0]);
    boolean manages = false;
    for (MoveRule r : rules) {
      manages |= r.managesTurn();
    }
    boolean managesTurn = manages;
    return new MoveRule() {
      @Override
      public void generate(LudState s, MoveList out) {
        for (MoveRule r : rules) {
          r.generate(s, out);
        }
      }

      @Override
      public boolean managesTurn() {
        return managesTurn;
      }
    };
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new MoveRuleGdl.Or(MoveRuleGdl.parts(b.list("moves"), x), false);
  }

}
