package veil.cards;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardsExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Analysis;
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

/** {@code (count cards)}, {@code (sum "Map" cards)}, {@code (empty cards)}: measures of a set of cards or a place. */
public final class CardCount extends ReplayedLudeme {
  private final int kind;

  private CardCount(String name, Type type, int kind, String doc, Param... params) {
    super(name, type, "cards", kind == 2 ? (GdlEmitter.Cond) Gdl::empty : (GdlEmitter.Num) Gdl::measure, doc,
        params);
    this.kind = kind;
  }

  public static List<CardCount> all() {
    Param cards = Param.pos("cards", "cards or place", "the cards, e.g. (hand Mover)");
    return List.of(new CardCount("count", Type.INT, 0, "How many cards. The GDL-II export bounds it by the cards the set can "
        + "hold: (count (cards P rank:Queen)) or a literal suit: takes 0..4 on a 52-card deck, not 0..52.", cards),
        new CardCount("sum", Type.INT, 1, "The sum of a map's values over the cards: (sum \"Penalty\" (pile \"Won\" P)).",
            Param.pos("map", "string", "the map"), cards),
        new CardCount("empty", Type.BOOL, 2, "True when there are no cards.", cards));
  }

  @Override
  public Object build(Args a) throws DslException {
    CardsExpr cards = a.cards("cards");
    switch (kind) {
      case 0:
        return (IntExpr) s -> {
          int n = 0;
          for (int w = 0; w < s.words; w++) {
            n += Long.bitCount(cards.eval(s, w));
          }
          return n;
        };
      case 1: {
        int[] map = CardValue.map(a);
        return (IntExpr) s -> {
          int sum = 0;
          for (int w = 0; w < s.words; w++) {
            for (long m = cards.eval(s, w); m != 0; m &= m - 1) {
              sum += map[w << 6 | Long.numberOfTrailingZeros(m)];
            }
          }
          return sum;
        };
      }
      default:
        return (BoolExpr) cards::isEmpty;
    }
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

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
      // Only the cards the set can hold (those of its rank: or suit:, when known): the count of (cards P rank:R) is
      // then bounded by the cards of that rank, not by the deck.
      java.util.BitSet may = x.within(mem.name());
      List<String> dom = new ArrayList<>();
      for (String v : mem.fv()) {
        dom.add(ctx.domain(v));
      }
      String prev = null;
      TreeSet<Integer> sums = new TreeSet<>(List.of(0));
      for (int c = 0; c < m.cards(); c++) {
        int v = values[c];
        if (v == 0 || may != null && !may.get(c)) {
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
}
