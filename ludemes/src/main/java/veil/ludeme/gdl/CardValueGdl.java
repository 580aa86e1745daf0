package veil.ludeme.gdl;

import java.util.List;
import java.util.TreeSet;
import veil.dsl.Node;
import veil.ludeme.compile.Type;

/** Integers about cards: (card R S), rank, suit, number, value, lastCard, trickCard, holder, tricks. */
public final class CardValueGdl {
  private CardValueGdl() {}

  public static void register(Emitters e) {
    e.add(Type.INT, (GdlEmitter.Num) CardValueGdl::card, "card");
    e.add(Type.INT, (GdlEmitter.Num) CardValueGdl::attribute, "rank", "suit", "number", "value");
    e.add(Type.INT, (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.lastCard(), List.of(), body), "lastCard");
    e.add(Type.INT, (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.trickCard(),
        List.of(x.num(b.get("player"), Kind.PLAYER, ctx, body).term()), body), "trickCard");
    e.add(Type.INT, (GdlEmitter.Num) CardValueGdl::holder, "holder");
    e.add(Type.INT, (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.tricks(), List.of(), body), "tricks");
  }

  /** (card Rank Suit) or (card Number): a constant. */
  public static Val card(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    List<Node> args = b.call.args();
    int rank = args.isEmpty() ? -1 : x.m.rankIndex(b.text("rank"));
    int suit = args.size() == 2 ? x.m.suitIndex(b.text("suit")) : -2;
    var cards = x.m.game.cards;
    for (int c = 0; c < cards.count(); c++) {
      if (cards.rank()[c] == rank && (suit == -2 || cards.suit()[c] == suit)) {
        return Val.of(x.m.cardTerm[c], Kind.CARD);
      }
    }
    throw ExportException.at(b.call, "no such card in this game");
  }

  public static Val attribute(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    Val c = x.num(b.get("card"), Kind.CARD, ctx, body);
    var cards = x.m.game.cards;
    String v = x.out.var();
    TreeSet<Integer> nums = new TreeSet<>();
    switch (b.name()) {
      case "suit":
        body.add(Program.atom(x.m.suitOf(), c.term(), v));
        return Val.of(v, Kind.SUIT);
      case "rank":
        body.add(Program.atom(x.m.rankOf(), c.term(), v));
        for (int r : cards.rank()) {
          nums.add(r);
        }
        nums.add(-1);
        break;
      case "number":
        body.add(Program.atom(x.m.numberOf(), c.term(), v));
        for (int k : cards.number()) {
          nums.add(k);
        }
        nums.add(0);
        break;
      default: {
        String map = x.m.mapName(b.text("map"));
        if (map == null) {
          throw ExportException.at(b.get("map"), "no map named \"" + b.text("map") + "\"");
        }
        body.add(Program.atom(x.m.mapValue(map), veil.ludeme.Names.gdl(map), c.term(), v));
        for (int k : x.m.game.maps.get(map)) {
          nums.add(k);
        }
        nums.add(0);
      }
    }
    return new Val(v, Kind.NUM, nums);
  }

  /** (holder C): the owner of the place holding the card, none in a shared place or for no card. */
  public static Val holder(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    List<String> b1 = new java.util.ArrayList<>();
    Val c = x.num(b.get("card"), Kind.CARD, ctx, b1);
    String where = x.out.var();
    String owner = x.out.var();
    List<String> found = new java.util.ArrayList<>(b1);
    found.add(x.store.read(x.fam.at(), List.of(c.term()), where));
    found.add(Program.atom(x.m.ownerOf(), where, owner));
    List<String> none = new java.util.ArrayList<>(b1);
    x.m.eqKind(Kind.CARD, null);
    none.add(Program.atom("eq", c.term(), "none"));
    Rel rel = x.helper("holder", ctx, List.of(found, none), List.of(List.of(owner), List.of("none")));
    String v = x.out.var();
    body.add(rel.call(v));
    return Val.of(v, Kind.PLAYER);
  }
}
