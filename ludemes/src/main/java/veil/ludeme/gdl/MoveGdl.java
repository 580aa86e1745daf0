package veil.ludeme.gdl;

import java.util.List;

/** A translated move rule: its legal moves for the role bound as Mover, and the actions at its leaves. */
public interface MoveGdl {
  /** A relation (R FV… MOVE) holding for every legal move under the rule. */
  Rel legal(Ctx ctx, Exprs x) throws ExportException;

  void actions(List<ActionGdl> out);
}
