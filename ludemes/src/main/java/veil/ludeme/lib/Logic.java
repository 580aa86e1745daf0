package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
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

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return name().equals("and") ? (GdlEmitter.Cond) Gdl::and : (GdlEmitter.Cond) Gdl::or;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    private static List<Node> parts(Bound b) {
      List<Node> parts = new ArrayList<>();
      parts.add(b.get("a"));
      if (b.has("b")) {
        parts.add(b.get("b"));
      }
      parts.addAll(b.rest);
      return parts;
    }

    public static void and(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      for (Node n : parts(b)) {
        x.cond(n, ctx, body);
      }
    }

    public static void or(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      for (Node n : parts(b)) {
        List<String> one = new ArrayList<>();
        x.cond(n, ctx, one);
        bodies.add(one);
        outs.add(List.of());
      }
      body.add(x.helper("or", ctx, bodies, outs).call());
    }
  }
}
