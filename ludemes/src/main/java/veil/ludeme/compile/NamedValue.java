package veil.ludeme.compile;

import java.util.List;
import veil.ludeme.IntExpr;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Val;

/**
 * A bare name a ludeme gives meaning to, such as the trick's {@code Winner}, {@code Leader} and {@code LedSuit}: its
 * value read from the state, its GDL-II reading, and its line in the reference. The ludeme that owns the state the
 * name reads declares it ({@link Ludeme#namedValues()}), so the name is defined where that state is kept.
 */
public interface NamedValue {
  String name();

  /** What it stands for, for the reference. */
  String doc();

  /** Its value on the playout path (a read of the state). */
  IntExpr compile(Compiler c);

  /** Its value in GDL-II: literals added to the rule body, and the term. */
  Val gdl(Exprs x, List<String> body) throws ExportException;
}
