package veil.cards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Model;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * {@code (meld cards {card …} [points:{p1 p2 …}])}: how many times a set of cards holds a combination of cards —
 * Pinochle's melds in a deck of identical copies (a double pinochle is two queens of spades and two jacks of
 * diamonds). The count is the fewest copies the cards hold of any card of the combination (a card listed twice counts
 * once; a card that does not exist, a computed (card …) of -1, is never held); with points:, the points of holding it
 * once, twice, … (0 for never).
 *
 * <p>GDL-II: for each card the combination may name, the copies held of its face (a chain over the copies), then
 * the least of them by comparisons, then the points table.
 */
public final class Meld extends ReplayedLudeme {
  public Meld() {
    super("meld", Type.INT, "cards", (GdlEmitter.Num) Gdl::value, "How many times the cards hold a combination: the fewest copies they hold of any card of "
            + "it (two queens of spades and two jacks of diamonds hold {(card Queen Spades) (card Jack Diamonds)} "
            + "twice); a card listed twice counts once, a computed card that does not exist is never held. With "
            + "points:, the points for holding it once, twice, … (0 for never), one value for every number of copies "
            + "the deck has of a card.",
        Param.pos("cards", "cards or place", "the cards, e.g. (hand Player)"),
        Param.pos("of", "{card …}", "the combination, e.g. {(card King (var \"Trump\")) (card Queen (var \"Trump\"))}"),
        Param.named("points", "{int …}", "the points for holding it 1, 2, … times, e.g. {4 30 60 90}"));
  }

  /** The most copies the deck has of one card. */
  static int mostCopies(CardTable.Frozen t) {
    int most = 1;
    for (int c = 0; c < t.count(); c++) {
      most = Math.max(most, c - t.face()[c] + 1);
    }
    return most;
  }

  /** The points list (index k: the points for holding the combination k times; 0 for none), or null. */
  static int[] points(Args a, int most) throws DslException {
    if (!a.has("points")) {
      return null;
    }
    List<Node> items = a.list("points");
    if (items.size() != most) {
      throw a.error("points", "points: gives " + items.size() + " value" + (items.size() == 1 ? "" : "s")
          + "; the deck has up to " + most + " cop" + (most == 1 ? "y" : "ies") + " of a card, so the combination "
          + "can be held up to " + most + " times", most + " integers");
    }
    int[] p = new int[most + 1];
    for (int i = 0; i < most; i++) {
      if (!(items.get(i) instanceof Node.Int v)) {
        throw a.error("points", "points: takes whole numbers", "an integer");
      }
      p[i + 1] = (int) v.value();
    }
    return p;
  }

  @Override
  public Object build(Args a) throws DslException {
    CardsExpr cards = a.cards("cards");
    CardTable.Frozen t = a.compiler().table.cards;
    List<Node> of = a.list("of");
    if (of.isEmpty()) {
      throw a.error("of", "a combination needs at least one card", "{card …}");
    }
    IntExpr[] items = new IntExpr[of.size()];
    for (int i = 0; i < items.length; i++) {
      items[i] = a.compiler().intExpr(of.get(i));
    }
    int[] face = t.face();
    int n = t.count();
    // last[f]: the last copy of the card whose first copy is f (copies are consecutive).
    int[] last = new int[n];
    for (int c = 0; c < n; c++) {
      last[face[c]] = c;
    }
    int[] points = points(a, mostCopies(t));
    return (IntExpr) s -> {
      int fewest = Integer.MAX_VALUE;
      for (IntExpr item : items) {
        int c = item.eval(s);
        if (c < 0 || c >= n) {
          fewest = 0;
          break;
        }
        int f = face[c];
        int held = 0;
        for (int w = f >>> 6; w <= last[f] >>> 6; w++) {
          long m = cards.eval(s, w);
          int lo = Math.max(f, w << 6) - (w << 6);
          int hi = Math.min(last[f], (w << 6) + 63) - (w << 6);
          long range = (hi == 63 ? -1L : (1L << (hi + 1)) - 1) & (-1L << lo);
          held += Long.bitCount(m & range);
        }
        fewest = Math.min(fewest, held);
      }
      return points == null ? fewest : points[fewest];
    };
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    private static boolean names(List<Val> items, String card) {
      for (Val v : items) {
        if (v.term().equals(card)) {
          return true;
        }
      }
      return false;
    }

    static Val value(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Model m = x.m;
      CardTable.Frozen t = m.game.cards;
      int most = mostCopies(t);
      Rel mem = x.cardSet(b.get("cards"), ctx);
      List<String> dom = new ArrayList<>();
      for (String v : mem.fv()) {
        dom.add(ctx.domain(v));
      }
      // Each card of the combination, with the literals that compute it.
      List<Node> of = b.list("of");
      List<List<String>> itemBody = new ArrayList<>();
      List<Val> item = new ArrayList<>();
      boolean computed = false;
      for (Node n : of) {
        List<String> ib = new ArrayList<>();
        Val c = x.num(n, Kind.CARD, ctx, ib);
        computed |= c.isVar();
        itemBody.add(ib);
        item.add(c);
      }
      // The faces whose held copies are needed: the named cards', or every face when a card is computed.
      Map<Integer, String> faces = new LinkedHashMap<>();
      for (int c = 0; c < t.count(); c++) {
        int f = t.face()[c];
        if ((computed || names(item, m.cardTerm[c])) && !faces.containsKey(f)) {
          faces.put(f, null);
        }
      }
      // (held FV… CARD N): N copies of CARD's face are among the cards (none: 0).
      Rel held = new Rel(x.out.rel("held"), mem.fv());
      for (int f : faces.keySet()) {
        String prev = null;
        for (int c = f; c < t.count() && t.face()[c] == f; c++) {
          String rel = x.out.rel("copies");
          Rel acc = new Rel(rel, mem.fv());
          String s = x.out.var();
          String s2 = x.out.var();
          List<String> in = new ArrayList<>(prev == null ? dom : List.of(new Rel(prev, mem.fv()).call(s)));
          in.add(mem.call(m.cardTerm[c]));
          if (prev == null) {
            x.out.rule(acc.call("1"), in);
          } else {
            for (int k = 0; k <= c - f; k++) {
              m.plus(k, 1);
            }
            in.add(Program.atom("plus", s, "1", s2));
            x.out.rule(acc.call(s2), in);
          }
          List<String> outside = new ArrayList<>(prev == null ? dom : List.of(new Rel(prev, mem.fv()).call(s)));
          outside.add(Program.not(mem.call(m.cardTerm[c])));
          x.out.rule(acc.call(prev == null ? "0" : s), outside);
          prev = rel;
        }
        String n = x.out.var();
        for (int c = f; c < t.count() && t.face()[c] == f; c++) {
          if (computed || names(item, m.cardTerm[c])) {
            x.out.rule(held.call(m.cardTerm[c], n), List.of(new Rel(prev, mem.fv()).call(n)));
          }
        }
      }
      if (computed) {
        x.out.rule(held.call("none", "0"), dom);
      }
      TreeSet<Integer> copies = new TreeSet<>();
      for (int k = 0; k <= most; k++) {
        copies.add(k);
      }
      // One rule per card of the combination: its copies held, when no other card has fewer.
      List<String> common = new ArrayList<>();
      List<Val> count = new ArrayList<>();
      for (int i = 0; i < item.size(); i++) {
        common.addAll(itemBody.get(i));
        String n = x.out.var();
        common.add(held.call(item.get(i).term(), n));
        count.add(new Val(n, Kind.NUM, copies));
      }
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      for (int i = 0; i < item.size(); i++) {
        List<String> rb = new ArrayList<>(dom);
        rb.addAll(common);
        for (int j = 0; j < item.size(); j++) {
          if (j != i) {
            x.compare(">=", count.get(j), count.get(i), rb, b.call);
          }
        }
        bodies.add(rb);
        outs.add(List.of(count.get(i).term()));
      }
      Rel fewest = x.helper("meld", ctx, bodies, outs);
      String v = x.out.var();
      body.add(fewest.call(v));
      if (!b.has("points")) {
        return new Val(v, Kind.NUM, copies);
      }
      // (points N P): the points of holding the combination N times.
      String table = x.out.rel("meldpoints");
      TreeSet<Integer> nums = new TreeSet<>();
      List<Node> pts = b.list("points");
      for (int k = 0; k <= most; k++) {
        int p = k == 0 ? 0 : (int) ((Node.Int) pts.get(k - 1)).value();
        nums.add(p);
        x.out.table(table, "(" + table + " " + k + " " + p + ")", "a meld's points by the times it is held");
      }
      String p = x.out.var();
      body.add(Program.atom(table, v, p));
      return new Val(p, Kind.NUM, nums);
    }
  }
}
