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
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.MoveRuleGdl;
import veil.model.MoveList;

/** {@code (priority {m …})}: the moves of the first rule that has any (do this if you can, else that). */
public final class PriorityMoves extends SimpleLudeme {
  public PriorityMoves() {
    super("priority", Type.MOVE, "The moves of the first rule that gives any: do the first kind if you can.",
        Param.pos("moves", "{move …}", "the rules, most preferred first"));
  }

  @Override
  public Object build(Args a) throws DslException {
    List<MoveRule> parts = new ArrayList<>();
    for (Node n : a.list("moves")) {
      parts.add(a.compiler().move(n));
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
          int before = out.size();
          r.generate(s, out);
          if (out.size() > before) {
            return;
          }
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
    // The moves of "or", each part counting only when the earlier ones give none.
    return (GdlEmitter.Move) (b, x) -> new MoveRuleGdl.Or(MoveRuleGdl.parts(b.list("moves"), x), true);
  }
}
