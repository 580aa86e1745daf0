package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardsExpr;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.MoveRule;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.model.MoveList;

/** {@code (if c a [b])}: an integer, a set of cards, an effect or a move rule chosen by a condition. */
public final class Conditional extends SimpleLudeme {
  private Conditional(Type type, String what) {
    super("if", type, "If the condition holds, " + what + " a, else b" + (type == Type.INT ? " (0 if omitted)."
        : " (nothing if omitted)."), Param.pos("c", "condition", "the condition"), Param.pos("a", what, "when true"),
        Param.optPos("b", what, "when false"));
  }

  public static List<Conditional> all() {
    return List.of(new Conditional(Type.INT, "int"), new Conditional(Type.CARDS, "cards"),
        new Conditional(Type.EFFECT, "effect"), new Conditional(Type.MOVE, "move"));
  }

  /** An int or card-set choice reads nothing but its arguments; effects and moves are not values. */
  @Override
  public boolean pure() {
    return type() == Type.INT || type() == Type.CARDS;
  }

  @Override
  public Object build(Args a) throws DslException {
    BoolExpr c = a.bool("c");
    switch (type()) {
      case INT: {
        IntExpr x = a.intExpr("a");
        IntExpr y = a.intExpr("b", 0);
        return (IntExpr) s -> c.eval(s) ? x.eval(s) : y.eval(s);
      }
      case CARDS: {
        CardsExpr x = a.cards("a");
        CardsExpr y = a.has("b") ? a.cards("b") : s -> 0L;
        return (CardsExpr) s -> c.eval(s) ? x.eval(s) : y.eval(s);
      }
      case EFFECT: {
        Effect x = a.effect("a");
        Effect y = a.effect("b");
        if (y == Effect.NONE) {
          return (Effect) s -> {
            if (c.eval(s)) {
              x.run(s);
            }
          };
        }
        return (Effect) s -> {
          if (c.eval(s)) {
            x.run(s);
          } else {
            y.run(s);
          }
        };
      }
      default: {
        MoveRule x = a.move("a");
        MoveRule y = a.has("b") ? a.move("b") : null;
        return new MoveRule() {
          @Override
          public void generate(veil.ludeme.LudState s, MoveList out) {
            if (c.eval(s)) {
              x.generate(s, out);
            } else if (y != null) {
              y.generate(s, out);
            }
          }

          @Override
          public boolean managesTurn() {
            return x.managesTurn() || y != null && y.managesTurn();
          }
        };
      }
    }
  }
}
