package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (and c …)}, {@code (or c …)}: conditions combined, evaluated left to right with short cut. */
public final class Logic extends SimpleLudeme {
  private final boolean and;

  private Logic(boolean and) {
    super(and ? "and" : "or", Type.BOOL, and ? "True when every condition holds." : "True when some condition holds.",
        true, Param.pos("a", "condition", "first condition"), Param.optPos("b", "condition", "more conditions"));
    this.and = and;
  }

  public static List<Logic> all() {
    return List.of(new Logic(true), new Logic(false));
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
    List<BoolExpr> xs = new ArrayList<>();
    xs.add(a.bool("a"));
    if (a.has("b")) {
      xs.add(a.bool("b"));
    }
    for (Node n : a.rest()) {
      xs.add(a.compiler().bool(n));
    }
    BoolExpr[] cs = xs.toArray(new BoolExpr[0]);
    if (cs.length == 1) {
      return cs[0];
    }
    if (cs.length == 2) {
      BoolExpr x = cs[0];
      BoolExpr y = cs[1];
      return and ? (BoolExpr) s -> x.eval(s) && y.eval(s) : (BoolExpr) s -> x.eval(s) || y.eval(s);
    }
    if (and) {
      return (BoolExpr) s -> {
        for (BoolExpr c : cs) {
          if (!c.eval(s)) {
            return false;
          }
        }
        return true;
      };
    }
    return (BoolExpr) s -> {
      for (BoolExpr c : cs) {
        if (c.eval(s)) {
          return true;
        }
      }
      return false;
    };
  }
}
