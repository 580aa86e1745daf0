package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.ludeme.compile.Type;

/**
 * Measures of card sets: (count cards), (sum "Map" cards), (empty cards). Counting runs along the cards in a fixed
 * order, one relation per card (no recursion), over only the cards that can change the result (for a sum, those
 * whose value is not 0); the partial results take the values the tables are built for.
 */
public final class CardCountGdl {
  private CardCountGdl() {}

  public static void register(Emitters e) {
    e.add(Type.INT, (GdlEmitter.Num) CardCountGdl::measure, "count", "sum");
    e.add(Type.BOOL, (GdlEmitter.Cond) CardCountGdl::empty, "empty");
  }

  public static Val measure(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    Model m = x.m;
    int[] values = new int[m.cards()];
    java.util.Arrays.fill(values, 1);
    if (b.name().equals("sum")) {
      String map = m.mapName(b.text("map"));
      if (map == null) {
        throw ExportException.at(b.get("map"), "no map named \"" + b.text("map") + "\"");
      }
      values = m.game.maps.get(map);
    }
    Rel mem = x.cardSet(b.get("cards"), ctx);
    List<String> dom = new ArrayList<>();
    for (String v : mem.fv()) {
      dom.add(ctx.domain(v));
    }
    String prev = null;
    TreeSet<Integer> sums = new TreeSet<>(List.of(0));
    for (int c = 0; c < m.cards(); c++) {
      int v = values[c];
      if (v == 0) {
        continue;
      }
      String rel = x.out.rel("total");
      String card = m.cardTerm[c];
      String s = x.out.var();
      String s2 = x.out.var();
      Rel acc = new Rel(rel, mem.fv());
      List<String> in = new ArrayList<>(prev == null ? dom : List.of(new Rel(prev, mem.fv()).call(s)));
      in.add(mem.call(card));
      String from = prev == null ? "0" : s;
      if (prev == null) {
        x.out.rule(acc.call(Integer.toString(v)), in);
      } else {
        in.add(Program.atom("plus", s, Integer.toString(v), s2));
        x.out.rule(acc.call(s2), in);
      }
      List<String> out = new ArrayList<>(prev == null ? dom : List.of(new Rel(prev, mem.fv()).call(s)));
      out.add(Program.not(mem.call(card)));
      x.out.rule(acc.call(from), out);
      TreeSet<Integer> next = new TreeSet<>(sums);
      for (int t : sums) {
        if (prev != null) {
          m.plus(t, v);
        }
        next.add(t + v);
      }
      if (next.size() > Analysis.MAX_VALUES) {
        throw ExportException.at(b.call, "this sum can take more than " + Analysis.MAX_VALUES + " values");
      }
      sums = next;
      prev = rel;
    }
    if (prev == null) {
      return Val.num(0);
    }
    String v = x.out.var();
    body.add(new Rel(prev, mem.fv()).call(v));
    return new Val(v, Kind.NUM, sums);
  }

  public static void empty(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    Rel mem = x.cardSet(b.get("cards"), ctx);
    String c = x.out.var();
    body.add(Program.not(x.helper("some", ctx, List.of(List.of(mem.call(c))), List.of(List.of())).call()));
  }
}
