package veil.ludeme.gdl;

import java.util.List;

/**
 * The translation of one ludeme into GDL-II, one per ludeme and type as the compiler has one class per ludeme.
 * Expressions add literals to a rule body and give the term of their value; effects write through a {@link Flow};
 * move rules give their legal moves and their actions; outcomes give each player's ranking key.
 */
public interface GdlEmitter {
  /** An integer expression (a number, player, card or suit). */
  interface Num extends GdlEmitter {
    Val emit(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException;
  }

  /** A condition: literals that hold exactly when it does. */
  interface Cond extends GdlEmitter {
    void emit(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException;
  }

  /** A set of cards: literals binding the returned variable to each card of the set. */
  interface Cards extends GdlEmitter {
    String emit(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException;
  }

  /** A place: the instance term. */
  interface Place extends GdlEmitter {
    Val emit(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException;
  }

  /** An effect, run by the flow of the step under its current guard. */
  interface Effect extends GdlEmitter {
    void emit(Bound b, Ctx ctx, Flow f) throws ExportException;
  }

  /** A move rule. */
  interface Move extends GdlEmitter {
    MoveGdl emit(Bound b, Exprs x) throws ExportException;
  }

  /** An outcome: the relation (R PLAYER KEY) of each player's key, read where the game ends. */
  interface Outcome extends GdlEmitter {
    OutcomeGdl.Keys emit(Bound b, Flow f) throws ExportException;
  }

  /** A match of several deals: its parts, which the step translates (see {@link Step}). */
  interface Match extends GdlEmitter {
    OutcomeGdl.MatchParts emit(Bound b) throws ExportException;
  }
}
