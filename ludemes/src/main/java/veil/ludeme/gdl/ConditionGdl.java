package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.compile.Type;

/** Conditions: comparisons, and/or/not, some/all over players, same. */
public final class ConditionGdl {
  private ConditionGdl() {}

  public static void register(Emitters e) {
    e.add(Type.BOOL, (GdlEmitter.Cond) ConditionGdl::compare, "=", "!=", "<", "<=", ">", ">=");
    e.add(Type.BOOL, (GdlEmitter.Cond) ConditionGdl::and, "and");
    e.add(Type.BOOL, (GdlEmitter.Cond) ConditionGdl::or, "or");
    e.add(Type.BOOL, (GdlEmitter.Cond) (b, ctx, body, x) -> body.add(Program.not(x.condAtom(b.get("c"), ctx))),
        "not");
    e.add(Type.BOOL, (GdlEmitter.Cond) ConditionGdl::quantifier, "some", "all");
    e.add(Type.BOOL, (GdlEmitter.Cond) ConditionGdl::same, "same");
  }

  public static void compare(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    Val a = x.projected(b.get("a"), null, ctx, body);
    Val c = x.projected(b.get("b"), null, ctx, body);
    x.compare(b.name(), a, c, body, b.call);
  }

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

  /** (some Player c), (all Player c): Player ranges over the players. */
  public static void quantifier(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    if (!b.text("over").equals("Player")) {
      throw ExportException.at(b.get("over"), "(" + b.name() + " …) ranges over Player");
    }
    String p = x.out.var();
    String range = Program.atom(x.m.players(), p);
    Ctx inner = ctx.bind("Player", Val.of(p, Kind.PLAYER), range);
    List<String> one = new ArrayList<>(List.of(range));
    if (b.name().equals("some")) {
      x.cond(b.get("c"), inner, one);
      body.add(x.helper("some", ctx, List.of(one), List.of(List.of())).call());
      return;
    }
    one.add(Program.not(x.condAtom(b.get("c"), inner)));
    body.add(Program.not(x.helper("notall", ctx, List.of(one), List.of(List.of())).call()));
  }

  public static void same(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    if (!b.text("a").equalsIgnoreCase(b.text("b"))) {
      body.add(Exprs.FALSE);
    }
  }
}
