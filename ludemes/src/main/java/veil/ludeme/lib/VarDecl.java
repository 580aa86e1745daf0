package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (var "Name" [Each] [initial])} in {@code (vars {…})}: a game variable, global or one per player. */
public final class VarDecl extends SimpleLudeme {
  public VarDecl() {
    super("var", Type.VAR, "Declares a variable in (vars {…}); Each makes one per player; the initial value is 0 "
        + "unless given; range: limits its values (a set or add outside it is a rule failure), which the GDL-II export "
        + "needs for a variable it cannot bound otherwise: a counter that wraps around, a running total, "
        + "(var \"Claim\" range:0..12).", Param.pos("name", "string", "the variable's name"),
        Param.optPos("each", "Each", "one per player"), Param.optPos("initial", "int literal", "the start value"),
        Param.named("range", "lo..hi", "the values it may take, e.g. 0..12 (default: any integer)"));
  }

  @Override
  public String category() {
    return "variables";
  }

  @Override
  public Object build(Args a) throws DslException {
    boolean each = false;
    int init = 0;
    String initAt = "range";
    // (var "X" 5) and (var "X" Each 5) and (var "X" Each): the optional arguments are told apart by kind.
    for (String p : new String[] {"each", "initial"}) {
      if (!a.has(p)) {
        continue;
      }
      Node n = a.node(p);
      if (n instanceof Node.Sym s && s.name().equals("Each")) {
        each = true;
      } else if (n instanceof Node.Int i) {
        init = (int) i.value();
        initAt = p;
      } else {
        throw a.error(p, "expected Each or an initial value, found " + n.kind(), "Each or an integer");
      }
    }
    int[] range = null;
    if (a.has("range")) {
      if (!(a.node("range") instanceof Node.Range r) || r.from() > r.to() || r.from() < Integer.MIN_VALUE
          || r.to() > Integer.MAX_VALUE) {
        throw a.error("range", "expected the variable's range as lo..hi with lo <= hi", "0..12");
      }
      range = new int[] {(int) r.from(), (int) r.to()};
      if (init < range[0] || init > range[1]) {
        throw a.error(initAt, "the initial value " + init + " is outside the range "
            + range[0] + ".." + range[1], "an initial value in the range");
      }
    }
    a.compiler().declareVar(a.text("name"), each, init, range, a.pos());
    return this;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }
}
