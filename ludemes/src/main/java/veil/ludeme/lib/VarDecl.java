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
        + "unless given.", Param.pos("name", "string", "the variable's name"),
        Param.optPos("each", "Each", "one per player"), Param.optPos("initial", "int literal", "the start value"));
  }

  @Override
  public String category() {
    return "variables";
  }

  @Override
  public Object build(Args a) throws DslException {
    boolean each = false;
    int init = 0;
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
      } else {
        throw a.error(p, "expected Each or an initial value, found " + n.kind(), "Each or an integer");
      }
    }
    a.compiler().declareVar(a.text("name"), each, init, a.pos());
    return this;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }
}
