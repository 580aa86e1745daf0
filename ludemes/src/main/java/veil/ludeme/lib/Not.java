package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Program;

/** {@code (not c)}. */
public final class Not extends SimpleLudeme {
  public Not() {
    super("not", Type.BOOL, "True when the condition does not hold.", Param.pos("c", "condition", "the condition"));
  }

  @Override
  public String category() {
    return "conditions";
  }

  @Override
  public boolean pure() {
    return true;
  }

  @Override
  public Object build(Args a) throws DslException {
    BoolExpr c = a.bool("c");
    return (BoolExpr) s -> !c.eval(s);
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Cond) (b, ctx, body, x) -> body.add(Program.not(x.condAtom(b.get("c"), ctx)));
  }
}
