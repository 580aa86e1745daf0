package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.PlaceTable;
import veil.ludeme.compile.Type;

/**
 * Card effects: shuffle (nothing to write: dealing is random's choice anyway), deal and draw (queue a chance deal),
 * moveAll, put, reveal.
 */
public final class CardEffectGdl {
  private CardEffectGdl() {}

  public static void register(Emitters e) {
    e.add(Type.EFFECT, (GdlEmitter.Effect) (b, ctx, f) -> f.x.place(b.get("place"), ctx, new ArrayList<>()),
        "shuffle");
    e.add(Type.EFFECT, (GdlEmitter.Effect) CardEffectGdl::deal, "deal", "draw");
    e.add(Type.EFFECT, (GdlEmitter.Effect) CardEffectGdl::moveAll, "moveAll");
    e.add(Type.EFFECT, (GdlEmitter.Effect) CardEffectGdl::put, "put");
    e.add(Type.EFFECT, (GdlEmitter.Effect) CardEffectGdl::reveal, "reveal");
  }

  /**
   * (deal N from:P to:Q) and (draw [N] from:P to:Q): queues (deal SOURCE DEST ROTATE LEFT) at the first free
   * position of the queue; the cards are random's moves in the steps that follow.
   */
  public static void deal(Bound b, Ctx ctx, Flow f) throws ExportException {
    Exprs x = f.x;
    List<String> body = new ArrayList<>();
    Val src;
    if (b.has("from")) {
      src = x.place(b.get("from"), ctx, body);
    } else {
      PlaceTable.Def deck = null;
      for (PlaceTable.Def d : x.m.game.placeDefs) {
        if (d.kind().equals("deck") && deck == null) {
          deck = d;
        }
      }
      if (deck == null) {
        throw ExportException.at(b.call, "no deck to deal from");
      }
      src = Val.of(x.m.instance(deck, 0), Kind.PLACE);
    }
    Node toNode = b.get("to");
    PlaceGdl.Ref ref = x.em.has(toNode, Type.PLACE) ? PlaceGdl.ref(x.em.bind(toNode, Type.PLACE), x) : null;
    String dst;
    String rotate = "no";
    Val count;
    if (ref != null && PlaceGdl.isEach(ref.owner())) {
      if (b.name().equals("draw")) {
        throw ExportException.at(toNode, "draw goes to one place; deal gives to Each");
      }
      if (!(b.get("count") instanceof Node.Int per)) {
        throw ExportException.at(b.call, "(deal N to:(hand Each)) needs N as a number");
      }
      dst = x.m.instance(ref.def(), 0);
      rotate = "yes";
      count = Val.num((int) per.value() * x.m.n);
    } else {
      dst = x.place(toNode, ctx, body).term();
      count = b.has("count") ? x.num(b.get("count"), Kind.NUM, ctx, body) : Val.num(1);
    }
    f.enqueue(src.term(), dst, rotate, count, body);
  }

  /** (moveAll from:P to:Q): every card, lowest first; the last card moved is the highest. */
  public static void moveAll(Bound b, Ctx ctx, Flow f) throws ExportException {
    Exprs x = f.x;
    List<String> body = new ArrayList<>();
    Val from = x.place(b.get("from"), ctx, body);
    Val to = x.place(b.get("to"), ctx, body);
    String c = x.out.var();
    body.add(x.store.read(x.fam.at(), List.of(c), from.term()));
    Family at = f.fam.at();
    f.seesMove(new Flow.CardMove(c, from.term(), to.term(), body));
    // The highest card of the source is the last moved: read before the move.
    Family last = f.fam.lastCard();
    List<String> lastBody = null;
    if (last.read) {
      lastBody = new ArrayList<>(body);
      String d = x.out.var();
      List<String> higher = new ArrayList<>(body);
      higher.add(x.store.read(x.fam.at(), List.of(d), from.term()));
      higher.add(Program.atom(cardBefore(x), c, d));
      lastBody.add(Program.not(x.helper("higher", ctx, List.of(higher), List.of(List.of(c))).call(c)));
    }
    f.write(at, List.of(new Flow.W(List.of(c), to.term(), body, null)));
    if (lastBody != null) {
      f.set(last, List.of(), Val.of(c, Kind.CARD), lastBody);
    }
  }

  public static String cardBefore(Exprs x) {
    if (x.out.once("cardbefore")) {
      for (int a = 0; a < x.m.cards(); a++) {
        for (int b = a + 1; b < x.m.cards(); b++) {
          x.out.table("cardbefore", "(cardbefore " + x.m.cardTerm[a] + " " + x.m.cardTerm[b] + ")",
              "(cardbefore a b): card a comes before card b in the game's order of cards");
        }
      }
    }
    return "cardbefore";
  }

  /** (put card place): moves the card from wherever it is, unless it is there already. */
  public static void put(Bound b, Ctx ctx, Flow f) throws ExportException {
    Exprs x = f.x;
    List<String> body = new ArrayList<>();
    Val card = x.num(b.get("card"), Kind.CARD, ctx, body);
    Val to = x.place(b.get("to"), ctx, body);
    String from = x.out.var();
    body.add(x.store.read(x.fam.at(), List.of(card.term()), from));
    body.add(Program.atom("distinct", from, to.term()));
    f.moveCard(card.term(), from, to.term(), body);
  }

  /** (reveal card [to:P]): (revealed CARD PLACE) to one player or all. */
  public static void reveal(Bound b, Ctx ctx, Flow f) throws ExportException {
    Exprs x = f.x;
    List<String> body = new ArrayList<>();
    Val card = x.num(b.get("card"), Kind.CARD, ctx, body);
    String where = x.out.var();
    body.add(x.store.read(x.fam.at(), List.of(card.term()), where));
    String who;
    if (!b.has("to") || b.text("to").equals("All")) {
      who = x.out.var();
      body.add(Program.atom(x.m.players(), who));
    } else {
      who = x.num(b.get("to"), Kind.PLAYER, ctx, body).term();
    }
    f.sees(who, Program.atom("revealed", card.term(), where), body);
  }
}
