package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Pos;
import veil.dsl.Node;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.Ints;
import veil.ludeme.LudState;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/** {@code (+ a b …)}, {@code (- a b)}, {@code (* a b …)}, {@code (/ a b)}: integer arithmetic. */
public final class Arithmetic extends SimpleLudeme {
  private final char op;

  private Arithmetic(String name, char op, String doc, boolean variadic) {
    super(name, Type.INT, doc, variadic, Param.pos("a", "int", "first operand"), Param.pos("b", "int", "second operand"));
    this.op = op;
  }

  public static List<Arithmetic> all() {
    return List.of(new Arithmetic("+", '+', "Sum of two or more integers (an overflow is an error).", true),
        new Arithmetic("-", '-', "Difference a - b.", false),
        new Arithmetic("*", '*', "Product of two or more integers (an overflow is an error).", true),
        new Arithmetic("/", '/', "Integer quotient a / b, rounded toward zero (b = 0 is an error).", false));
  }

  @Override
  public String category() {
    return "integers";
  }

  @Override
  public boolean pure() {
    return true;
  }

  @Override
  public Object build(Args a) throws DslException {
    List<IntExpr> xs = new ArrayList<>();
    xs.add(a.intExpr("a"));
    xs.add(a.intExpr("b"));
    for (Node n : a.rest()) {
      xs.add(a.compiler().intExpr(n));
    }
    IntExpr x = xs.get(0);
    IntExpr y = xs.get(1);
    Pos where = a.pos();
    String what = "(" + name() + " …)";
    if (op == '/' && y instanceof Ints.Const k && k.value() == 0) {
      throw a.error("b", "division by zero", "a divisor that is not 0");
    }
    if (xs.stream().allMatch(e -> e instanceof Ints.Const)) {
      // Constants fold now, so an overflow or a division by zero is an error with its position, not a run-time one.
      try {
        return Ints.constant(compute(xs.toArray(new IntExpr[0]), null, where, what));
      } catch (IllegalStateException e) {
        throw new DslException(Diagnostic.at(where, what + ": the result is outside the integers "
            + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE));
      }
    }
    switch (op) {
      case '+':
        if (xs.size() == 2) {
          return (IntExpr) s -> {
            try {
              return Math.addExact(x.eval(s), y.eval(s));
            } catch (ArithmeticException e) {
              throw overflow(what, where);
            }
          };
        }
        IntExpr[] terms = xs.toArray(new IntExpr[0]);
        return (IntExpr) s -> compute(terms, s, where, what);
      case '-':
        return (IntExpr) s -> {
          try {
            return Math.subtractExact(x.eval(s), y.eval(s));
          } catch (ArithmeticException e) {
            throw overflow(what, where);
          }
        };
      case '*':
        IntExpr[] factors = xs.toArray(new IntExpr[0]);
        return (IntExpr) s -> compute(factors, s, where, what);
      default:
        return (IntExpr) s -> {
          int d = y.eval(s);
          if (d == 0) {
            if (veil.ludeme.NoValue.during()) {
              throw veil.ludeme.NoValue.INSTANCE; // the running score read it too early: no value
            }
            throw new IllegalStateException("rule failure: division by zero in " + what + " at " + where);
          }
          int n = x.eval(s);
          if (n == Integer.MIN_VALUE && d == -1) {
            throw overflow(what, where);
          }
          return n / d;
        };
    }
  }

  /** The operation over all operands, exact: a rule failure naming the position on overflow. */
  private int compute(IntExpr[] xs, LudState s, Pos where, String what) {
    int acc = xs[0].eval(s);
    for (int i = 1; i < xs.length; i++) {
      int v = xs[i].eval(s);
      try {
        switch (op) {
          case '+' -> acc = Math.addExact(acc, v);
          case '-' -> acc = Math.subtractExact(acc, v);
          case '*' -> acc = Math.multiplyExact(acc, v);
          default -> {
            if (v == 0 || (acc == Integer.MIN_VALUE && v == -1)) {
              throw new ArithmeticException();
            }
            acc = acc / v;
          }
        }
      } catch (ArithmeticException e) {
        throw overflow(what, where);
      }
    }
    return acc;
  }

  private static IllegalStateException overflow(String what, Pos where) {
    return new IllegalStateException("rule failure: integer overflow in " + what + " at " + where + " (the result"
        + " is outside " + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE + ")");
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Num) Gdl::arithmetic;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (+ a b …), (- a b), (* a b …), (/ a b). */
    public static Val arithmetic(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      char op = b.name().charAt(0);
      List<Node> terms = new ArrayList<>(List.of(b.get("a"), b.get("b")));
      terms.addAll(b.rest);
      Val acc = x.projected(terms.get(0), Kind.NUM, ctx, body);
      for (Node t : terms.subList(1, terms.size())) {
        acc = x.arith(op, acc, x.projected(t, Kind.NUM, ctx, body), body, b.call);
      }
      return acc;
    }
  }
}
