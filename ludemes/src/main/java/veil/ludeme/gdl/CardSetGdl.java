package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.compile.Type;

/**
 * Sets of cards, as literals binding a variable to each member: (cards P suit:S if:c), (minus a b), (union a b …),
 * (priority {a b …}) (the first non-empty), (if c a b).
 */
public final class CardSetGdl {
  private CardSetGdl() {}

  public static void register(Emitters e) {
    e.add(Type.CARDS, (GdlEmitter.Cards) CardSetGdl::cards, "cards");
    e.add(Type.CARDS, (GdlEmitter.Cards) CardSetGdl::minus, "minus");
    e.add(Type.CARDS, (GdlEmitter.Cards) CardSetGdl::union, "union");
    e.add(Type.CARDS, (GdlEmitter.Cards) CardSetGdl::priority, "priority");
    e.add(Type.CARDS, (GdlEmitter.Cards) CardSetGdl::conditional, "if");
  }

  /** (cards P [suit:S] [if:cond]), Card bound to each card in cond. */
  public static String cards(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    String c = x.cards(b.get("place"), ctx, body);
    if (b.has("suit")) {
      Val s = x.num(b.get("suit"), Kind.SUIT, ctx, body);
      body.add(Program.atom(x.m.suitOf(), c, s.term()));
    }
    if (b.has("if")) {
      Ctx inner = ctx.bind("Card", Val.of(c, Kind.CARD), Program.atom(x.m.isCard(), c));
      x.cond(b.get("if"), inner, body);
    }
    return c;
  }

  public static String minus(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    String c = x.cards(b.get("a"), ctx, body);
    Rel other = x.cardSet(b.get("b"), ctx);
    body.add(Program.not(other.call(c)));
    return c;
  }

  public static String union(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    List<Node> parts = new ArrayList<>(List.of(b.get("a"), b.get("b")));
    parts.addAll(b.rest);
    List<List<String>> bodies = new ArrayList<>();
    List<List<String>> outs = new ArrayList<>();
    for (Node n : parts) {
      List<String> one = new ArrayList<>();
      String c = x.cards(n, ctx, one);
      bodies.add(one);
      outs.add(List.of(c));
    }
    String c = x.out.var();
    body.add(x.helper("union", ctx, bodies, outs).call(c));
    return c;
  }

  /** The first set that is not empty: set i counts when every earlier one is empty. */
  public static String priority(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    List<List<String>> bodies = new ArrayList<>();
    List<List<String>> outs = new ArrayList<>();
    List<String> earlierEmpty = new ArrayList<>();
    for (Node n : b.list("sets")) {
      Rel set = x.cardSet(n, ctx);
      String c = x.out.var();
      List<String> one = new ArrayList<>(earlierEmpty);
      one.add(set.call(c));
      bodies.add(one);
      outs.add(List.of(c));
      String any = x.out.var();
      earlierEmpty.add(Program.not(x.helper("some", ctx, List.of(List.of(set.call(any))), List.of(List.of()))
          .call()));
    }
    String c = x.out.var();
    body.add(x.helper("first", ctx, bodies, outs).call(c));
    return c;
  }

  public static String conditional(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    String cond = x.condAtom(b.get("c"), ctx);
    List<List<String>> bodies = new ArrayList<>();
    List<List<String>> outs = new ArrayList<>();
    List<String> yes = new ArrayList<>(List.of(cond));
    outs.add(List.of(x.cards(b.get("a"), ctx, yes)));
    bodies.add(yes);
    if (b.has("b")) {
      List<String> no = new ArrayList<>(List.of(Program.not(cond)));
      outs.add(List.of(x.cards(b.get("b"), ctx, no)));
      bodies.add(no);
    }
    String c = x.out.var();
    body.add(x.helper("ifcards", ctx, bodies, outs).call(c));
    return c;
  }
}
