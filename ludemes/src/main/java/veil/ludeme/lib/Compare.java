package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (= a b)}, {@code (!= a b)}, {@code (< a b)}, {@code (<= a b)}, {@code (> a b)}, {@code (>= a b)}. */
public final class Compare extends SimpleLudeme {
  private final int op;

  private Compare(String name, int op) {
    super(name, Type.BOOL, "True when a " + name + " b (integers, players, cards, suits and ranks are integers).",
        Param.pos("a", "int", "left side"), Param.pos("b", "int", "right side"));
    this.op = op;
  }

  public static List<Compare> all() {
    return List.of(new Compare("=", 0), new Compare("!=", 1), new Compare("<", 2), new Compare("<=", 3),
        new Compare(">", 4), new Compare(">=", 5));
  }

  @Override
  public String category() {
    return "conditions";
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr x = a.intExpr("a");
    IntExpr y = a.intExpr("b");
    switch (op) {
      case 0:
        return (BoolExpr) s -> x.eval(s) == y.eval(s);
      case 1:
        return (BoolExpr) s -> x.eval(s) != y.eval(s);
      case 2:
        return (BoolExpr) s -> x.eval(s) < y.eval(s);
      case 3:
        return (BoolExpr) s -> x.eval(s) <= y.eval(s);
      case 4:
        return (BoolExpr) s -> x.eval(s) > y.eval(s);
      default:
        return (BoolExpr) s -> x.eval(s) >= y.eval(s);
    }
  }
}
