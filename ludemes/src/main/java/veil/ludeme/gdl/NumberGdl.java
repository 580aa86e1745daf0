package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.Node;
import veil.ludeme.compile.Type;

/** Integer ludemes: arithmetic, (if c a b), variables, the engine's counters, seats. */
public final class NumberGdl {
  private NumberGdl() {}

  public static void register(Emitters e) {
    e.add(Type.INT, (GdlEmitter.Num) NumberGdl::arithmetic, "+", "-", "*", "/");
    e.add(Type.INT, (GdlEmitter.Num) NumberGdl::conditional, "if");
    e.add(Type.INT, (GdlEmitter.Num) NumberGdl::variable, "var");
    e.add(Type.INT, (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.turns(), List.of(), body), "turns");
    e.add(Type.INT, (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.step(), List.of(), body), "step");
    e.add(Type.INT, (GdlEmitter.Num) NumberGdl::seat, "left", "right", "across", "self", "none");
  }

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

  /** (if c a [b]): b is 0 when omitted. */
  public static Val conditional(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    String c = x.condAtom(b.get("c"), ctx);
    List<String> ba = new ArrayList<>(List.of(c));
    Val a = x.num(b.get("a"), ctx, ba);
    List<String> bb = new ArrayList<>(List.of(Program.not(c)));
    Val e = b.has("b") ? x.num(b.get("b"), ctx, bb) : Val.num(0);
    if (a.kind() != e.kind()) {
      if (a.constant() != null) {
        a = x.coerce(a, e.kind(), b.get("a"));
      } else {
        e = x.coerce(e, a.kind(), b.has("b") ? b.get("b") : b.call);
      }
    }
    // The negated condition needs its variables bound: the context's ranges are added by the helper.
    Rel rel = x.helper("val", ctx, List.of(ba, bb), List.of(List.of(a.term()), List.of(e.term())));
    String v = x.out.var();
    body.add(rel.call(v));
    TreeSet<Integer> nums = null;
    if (a.kind() == Kind.NUM) {
      nums = new TreeSet<>(a.nums());
      nums.addAll(e.nums());
    }
    return new Val(v, a.kind(), nums);
  }

  /** (var "Name" [player]). */
  public static Val variable(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    String name = b.text("name");
    Family f = var(x, name, b.call);
    List<String> key = new ArrayList<>();
    if (f.keys == 1) {
      if (!b.has("of")) {
        throw ExportException.at(b.call, "variable \"" + name + "\" is per player: say whose");
      }
      key.add(x.num(b.get("of"), Kind.PLAYER, ctx, body).term());
    }
    return x.read(f, key, body);
  }

  public static Family var(Exprs x, String name, Node at) throws ExportException {
    if (!x.m.game.vars.containsKey(name)) {
      throw ExportException.at(at, "no variable named \"" + name + "\"");
    }
    return x.fam.var(name, x.fam.varKind(name));
  }

  /** (left P), (right P), (across P), (self P), (none P). */
  public static Val seat(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    Val p = x.num(b.get("of"), Kind.PLAYER, ctx, body);
    int n = x.m.n;
    switch (b.name()) {
      case "left":
        return x.seat(p, 1, body);
      case "right":
        return x.seat(p, n - 1, body);
      case "across":
        return x.seat(p, n / 2, body);
      default:
        return p;
    }
  }
}
