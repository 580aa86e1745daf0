package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.CardSampling;
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
    return List.of(new Arithmetic("+", '+', "Sum of two or more integers.", true),
        new Arithmetic("-", '-', "Difference a - b.", false),
        new Arithmetic("*", '*', "Product of two or more integers.", true),
        new Arithmetic("/", '/', "Integer quotient a / b, rounded toward zero (0 when b is 0).", false));
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
    switch (op) {
      case '+':
        if (xs.size() == 2) {
          return (IntExpr) s -> x.eval(s) + y.eval(s);
        }
        IntExpr[] terms = xs.toArray(new IntExpr[0]);
        return (IntExpr) s -> {
          int sum = 0;
          for (IntExpr t : terms) {
            sum += t.eval(s);
          }
          return sum;
        };
      case '-':
        return (IntExpr) s -> x.eval(s) - y.eval(s);
      case '*':
        IntExpr[] factors = xs.toArray(new IntExpr[0]);
        return (IntExpr) s -> {
          int prod = 1;
          for (IntExpr t : factors) {
            prod *= t.eval(s);
          }
          return prod;
        };
      default:
        return (IntExpr) s -> {
          int d = y.eval(s);
          return d == 0 ? 0 : x.eval(s) / d;
        };
    }
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
