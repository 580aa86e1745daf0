package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (var "Name" [player])}: a variable's value; {@code (set …)} and {@code (add …)} change it. */
public final class Variable extends SimpleLudeme {
  private final int kind;

  private Variable(String name, int kind, Type type, String doc, Param... params) {
    super(name, type, doc, params);
    this.kind = kind;
  }

  public static List<Variable> all() {
    return List.of(
        new Variable("var", 0, Type.INT, "The value of a variable declared in (vars …), per player if declared so.",
            Param.pos("name", "string", "the variable"), Param.optPos("of", "player", "whose, for per-player ones")),
        new Variable("set", 1, Type.EFFECT, "Sets a variable: (set \"Name\" value) or (set \"Name\" player value).",
            Param.pos("name", "string", "the variable"), Param.pos("a", "int", "the value, or the player"),
            Param.optPos("b", "int", "the value when a player is given")),
        new Variable("add", 2, Type.EFFECT, "Adds to a variable: (add \"Name\" amount) or (add \"Name\" player amount).",
            Param.pos("name", "string", "the variable"), Param.pos("a", "int", "the amount, or the player"),
            Param.optPos("b", "int", "the amount when a player is given")));
  }

  @Override
  public String category() {
    return "variables";
  }

  @Override
  public Object build(Args a) throws DslException {
    String name = a.text("name");
    if (kind == 0) {
      IntExpr slot = a.compiler().varSlot(name, a.has("of") ? a.player("of") : null, a.pos());
      if (slot instanceof Ints.Const k) {
        return Ints.read(k.value());
      }
      return (IntExpr) s -> s.v[slot.eval(s)];
    }
    boolean perPlayer = a.has("b");
    IntExpr slot = a.compiler().varSlot(name, perPlayer ? a.player("a") : null, a.pos());
    IntExpr value = perPlayer ? a.intExpr("b") : a.intExpr("a");
    veil.dsl.Pos where = a.pos();
    if (slot instanceof Ints.Const k) {
      int i = k.value();
      if (value instanceof Ints.Const c) {
        int x = c.value();
        return kind == 1 ? (veil.ludeme.Effect) s -> s.v[i] = x : (veil.ludeme.Effect) s -> s.v[i] = add(s.v[i], x, where);
      }
      if (kind == 1) {
        return (veil.ludeme.Effect) s -> s.v[i] = value.eval(s);
      }
      return (veil.ludeme.Effect) s -> s.v[i] = add(s.v[i], value.eval(s), where);
    }
    if (kind == 1) {
      return (veil.ludeme.Effect) s -> s.v[slot.eval(s)] = value.eval(s);
    }
    return (veil.ludeme.Effect) s -> {
      int k = slot.eval(s);
      s.v[k] = add(s.v[k], value.eval(s), where);
    };
  }

  /** {@code x + y}, or a rule failure naming the (add …) when the sum leaves the integers. */
  private static int add(int x, int y, veil.dsl.Pos where) {
    int sum = x + y;
    if (((x ^ sum) & (y ^ sum)) < 0) {
      throw new IllegalStateException("rule failure: integer overflow in (add …) at " + where + " (" + x + " + " + y
          + ")");
    }
    return sum;
  }
}
