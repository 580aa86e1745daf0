package veil.cards;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Pos;
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
 * {@code (subsets "Map" cards sum:V [with:card] [most:N])}: how many subsets of a set of cards have map values that
 * sum to V — Cribbage's fifteens (each scores 2), and with {@code with:} the sum captures of Casino, Scopa and
 * Cuarenta: the subsets that hold a given card, so that a capture may take, one card at a time, any card that some
 * subset summing to what is still needed holds (a card with a count above 0), and is sure to complete.
 *
 * <p>The empty subset sums to 0. Map values must be 0 or more (an error at check): a card worth 0 doubles the count.
 *
 * <p>Engine: a branch over the cards, lowest first (in or out), cut when the sum still needed is below 0 or above
 * what the cards left can give; on primitives and the call stack only (no allocation, safe on several threads), the
 * set's words read once. A set of more than {@code most:} cards (default {@value #MAX_CARDS}, the most it may say) is
 * a rule failure rather than a count that does not end or a count the GDL-II rules would not hold.
 *
 * <p>GDL-II ({@link Gdl}): a chain over the cards the set may hold, one relation per card, of the number of subsets
 * of the cards so far for every sum from 0 to the largest the sum: can take (its value domain). The counts are
 * numbers in the rules, at most {@value #MAX_EXPORTED_COUNT}: bounded by the most subsets with one sum that the
 * cards the set may hold (at most {@code most:} of them) can have; a call that bound does not hold is refused with its
 * position (on a 52-card deck, a fifteen count needs {@code most:}). With {@code with:} the count without the card is
 * recovered from the chain's last relation: g(u) = f(u) − g(u − v) for a card worth v.
 */
public final class Subsets extends ReplayedLudeme {
  /** The most cards a set may hold (the engine's count is a branch over them). */
  public static final int MAX_CARDS = 24;
  /** The largest count the GDL-II translation writes (its addition table grows as its square). */
  public static final int MAX_EXPORTED_COUNT = 256;

  public Subsets() {
    super("subsets", Type.INT, "cards", (GdlEmitter.Num) Gdl::value, "How many subsets of the cards have map values "
            + "summing to sum: (the empty set sums to 0). Cribbage's fifteens: (* 2 (subsets \"Pips\" (union (hand "
            + "Player) (spot \"Starter\")) sum:15 most:5)). with: counts only the subsets that hold that card (0 if "
            + "the cards do not): a sum capture may take, one card at a time, any card whose count with: it for the "
            + "sum still needed is above 0, and always completes. Map values must be 0 or more. More than most: cards "
            + "(default " + MAX_CARDS + ") is a rule failure. The GDL-II export writes counts up to "
            + MAX_EXPORTED_COUNT + ", bounded by the cards the set may hold and most:, and refuses a call it cannot "
            + "bound so.",
        params("count only the subsets holding this card, e.g. Card"));
  }

  /** The parameters of {@code (subsets …)} and {@code (hasSubset …)}. */
  static Param[] params(String withDoc) {
    return new Param[] {
        Param.pos("map", "string", "the card values, e.g. (map \"Pips\" {(Jack 10) …})"),
        Param.pos("cards", "cards or place", "the cards, e.g. (pile \"Table\")"),
        Param.required("sum", "int", "the sum, e.g. 15 or (var \"Need\")"),
        Param.named("with", "card", withDoc),
        Param.named("most", "int literal", "the most cards the set holds (up to " + MAX_CARDS + "), e.g. 5")};
  }

  @Override
  public Object build(Args a) throws DslException {
    return expr(a, "subsets", false);
  }

  /**
   * The engine of {@code (subsets …)} and {@code (hasSubset …)} (the same arguments): the count, or with {@code any}
   * 1 as soon as one subset is found and 0 when none is.
   */
  static IntExpr expr(Args a, String ludeme, boolean any) throws DslException {
    int[] value = CardValue.map(a);
    for (int c = 0; c < value.length; c++) {
      if (value[c] < 0) {
        throw a.error("map", "(" + ludeme + " …) needs map values of 0 or more; "
            + a.compiler().table.cards.text()[c] + " is worth " + value[c], "a map of values 0 or more");
      }
    }
    CardsExpr cards = a.cards("cards");
    IntExpr sum = a.intExpr("sum");
    IntExpr with = a.has("with") ? a.intExpr("with") : null;
    int most = a.has("most") ? a.constInt("most", 0, MAX_CARDS, "most:") : MAX_CARDS;
    Pos where = a.pos();
    return (IntExpr) s -> {
      // Up to four words (256 cards): read once, then carried as arguments through the branch.
      long w0 = cards.eval(s, 0);
      long w1 = s.words > 1 ? cards.eval(s, 1) : 0L;
      long w2 = s.words > 2 ? cards.eval(s, 2) : 0L;
      long w3 = s.words > 3 ? cards.eval(s, 3) : 0L;
      int n = Long.bitCount(w0) + Long.bitCount(w1) + Long.bitCount(w2) + Long.bitCount(w3);
      if (n > most) {
        throw new IllegalStateException("rule failure: (" + ludeme + " …) " + (any ? "searches" : "counts")
            + " the subsets of " + n + " cards, more than "
            + most + (most == MAX_CARDS ? " (the most it counts)" : " (its most:)") + ", at " + where);
      }
      int target = sum.eval(s);
      if (with != null) {
        int c = with.eval(s);
        if (c < 0 || c >= s.words << 6) {
          return 0;
        }
        long bit = 1L << (c & 63);
        switch (c >>> 6) {
          case 0:
            if ((w0 & bit) == 0) {
              return 0;
            }
            w0 &= ~bit;
            break;
          case 1:
            if ((w1 & bit) == 0) {
              return 0;
            }
            w1 &= ~bit;
            break;
          case 2:
            if ((w2 & bit) == 0) {
              return 0;
            }
            w2 &= ~bit;
            break;
          default:
            if ((w3 & bit) == 0) {
              return 0;
            }
            w3 &= ~bit;
        }
        target -= value[c];
      }
      int total = total(value, w0, 0) + total(value, w1, 64) + total(value, w2, 128) + total(value, w3, 192);
      return count(value, w0, w1, w2, w3, target, total, any);
    };
  }

  private static int total(int[] value, long m, int base) {
    int t = 0;
    for (; m != 0; m &= m - 1) {
      t += value[base + Long.numberOfTrailingZeros(m)];
    }
    return t;
  }

  /**
   * The subsets of the cards in w0..w3 whose values sum to {@code target}; {@code rest} is the sum of all their
   * values. Each call takes the lowest card out and counts the subsets without it and with it; with {@code any} the
   * search stops at the first subset found (the result is then 1 or 0).
   */
  static int count(int[] value, long w0, long w1, long w2, long w3, int target, int rest, boolean any) {
    if (target < 0 || target > rest) {
      return 0;
    }
    if (rest == 0) {
      // Every card left is worth 0 (target is 0 here): each may be in or out.
      return any ? 1 : 1 << (Long.bitCount(w0) + Long.bitCount(w1) + Long.bitCount(w2) + Long.bitCount(w3));
    }
    int c;
    if (w0 != 0) {
      c = Long.numberOfTrailingZeros(w0);
      w0 &= w0 - 1;
    } else if (w1 != 0) {
      c = 64 + Long.numberOfTrailingZeros(w1);
      w1 &= w1 - 1;
    } else if (w2 != 0) {
      c = 128 + Long.numberOfTrailingZeros(w2);
      w2 &= w2 - 1;
    } else {
      c = 192 + Long.numberOfTrailingZeros(w3);
      w3 &= w3 - 1;
    }
    int v = value[c];
    int without = count(value, w0, w1, w2, w3, target, rest - v, any);
    if (any && without > 0) {
      return without;
    }
    return without + count(value, w0, w1, w2, w3, target - v, rest - v, any);
  }

  /** The most subsets with one sum of a set of h cards: C(h, h/2) when every value is positive (the subsets with one
   * sum are then an antichain, Sperner), else 2^h. */
  static long mostSubsets(int h, boolean positive) {
    if (!positive) {
      return 1L << h;
    }
    long c = 1;
    for (int i = 1; i <= h / 2; i++) {
      c = c * (h - h / 2 + i) / i;
    }
    return c;
  }

  /** Counts at or above this are only known to be large. */
  static final long SATURATED = 1_000_000_000_000L;

  /**
   * The most subsets with one sum (up to top) of at most h of the given cards: every subset of a set of them summing
   * to t is one of these, so this bounds the count for any set the cards may be (a DP over cards used and sum,
   * saturated at {@link #SATURATED}).
   */
  static long mostSubsetsOf(List<Integer> cards, int[] value, int top, int h) {
    long[][] ways = new long[h + 1][top + 1];
    ways[0][0] = 1;
    for (int c : cards) {
      int v = value[c];
      for (int k = h; k >= 1; k--) {
        for (int t = top; t >= v; t--) {
          ways[k][t] = Math.min(SATURATED, ways[k][t] + ways[k - 1][t - v]);
        }
      }
    }
    long most = 0;
    for (int t = 0; t <= top; t++) {
      long n = 0;
      for (int k = 0; k <= h; k++) {
        n = Math.min(SATURATED, n + ways[k][t]);
      }
      most = Math.max(most, n);
    }
    return most;
  }

  /**
   * The GDL-II translation: (subsets_i FV… T N) for the i-th card the set may hold (worth at most the largest sum),
   * N the number of subsets of the set's cards up to it summing to T, for T in 0..the largest sum; each step keeps
   * the previous relation's N when the card is out or too large, and adds N at T − v when it is in. With with: W
   * (worth v, in the set), the subsets without W summing to U are g(U) = f(U) − g(U − v) (f(U)/2 when v is 0), and
   * the count is g(T − v).
   */
  static final class Gdl {
    private Gdl() {}

    /**
     * What the translations of {@code (subsets …)} and {@code (hasSubset …)} start from: the map's values, the sum
     * (its possible values), with:'s card, the set, the cards it may hold, the largest sum, the cards a chain walks
     * (those the set may hold that a sum up to the largest can use) and the domains of the set's free variables.
     */
    record Setup(String map, int[] value, Val target, NavigableSet<Integer> targets, Val with, Rel mem, BitSet may,
        int top, List<Integer> walk, boolean positive, List<String> dom) {}

    static Setup setup(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Model m = x.m;
      String map = m.mapName(b.text("map"));
      if (map == null) {
        throw ExportException.at(b.get("map"), "no map named \"" + b.text("map") + "\"");
      }
      int[] value = m.game.maps.get(map);
      Val target = x.num(b.get("sum"), Kind.NUM, ctx, body);
      NavigableSet<Integer> targets = target.nums();
      if (targets == null || targets.isEmpty()) {
        throw ExportException.at(b.get("sum"), "the GDL-II translation of (" + b.name() + " …) needs a sum: whose "
            + "values it can bound (a number, a variable with range:, arithmetic over them)");
      }
      Val with = b.has("with") ? x.num(b.get("with"), Kind.CARD, ctx, body) : null;
      Rel mem = x.cardSet(b.get("cards"), ctx);
      BitSet may = x.within(mem.name());
      int top = Math.max(0, targets.last());
      List<Integer> walk = new ArrayList<>();
      boolean positive = true;
      for (int c = 0; c < m.cards(); c++) {
        if ((may == null || may.get(c)) && value[c] <= top) {
          walk.add(c);
          positive &= value[c] > 0;
        }
      }
      List<String> dom = new ArrayList<>();
      for (String v : mem.fv()) {
        dom.add(ctx.domain(v));
      }
      return new Setup(map, value, target, targets, with, mem, may, top, walk, positive, dom);
    }

    static Val value(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Setup su = setup(b, ctx, body, x);
      String map = su.map();
      int[] value = su.value();
      Val target = su.target();
      NavigableSet<Integer> targets = su.targets();
      Val with = su.with();
      Rel mem = su.mem();
      BitSet may = su.may();
      int top = su.top();
      List<Integer> walk = su.walk();
      boolean positive = su.positive();
      List<String> dom = su.dom();
      int h = walk.size();
      if (b.has("most")) {
        h = Math.min(h, (int) ((Node.Int) b.get("most")).value());
      }
      long most = Math.min(mostSubsets(h, positive), mostSubsetsOf(walk, value, top, h));
      if (most > MAX_EXPORTED_COUNT) {
        throw ExportException.at(b.call, "the GDL-II translation of (subsets …) writes the count as a number up to "
            + MAX_EXPORTED_COUNT + ", and this one can reach " + (most >= SATURATED ? "more than 10^12" : most)
            + " subsets with one sum (any " + h + " of the " + walk.size() + " cards worth at most " + top
            + " that the set may hold" + (positive ? "" : "; a card worth 0 doubles the count") + "): "
            + (b.has("most") ? "a smaller most: is needed" : "give most: N, the most cards the set can hold (the "
            + "engine fails a rule when it holds more)"));
      }
      int bound = (int) most;
      TreeSet<Integer> counts = new TreeSet<>();
      for (int k = 0; k <= bound; k++) {
        counts.add(k);
      }
      String f = chain(x, mem, dom, walk, value, top, bound);
      String n = x.out.var();
      if (with == null) {
        if (targets.first() >= 0) {
          body.add(new Rel(f, mem.fv()).call(target.term(), n));
          return new Val(n, Kind.NUM, counts);
        }
        // A negative sum has no subset.
        Rel res = new Rel(x.out.rel("subsetsum"), mem.fv());
        String t = x.out.var();
        String k = x.out.var();
        x.out.rule(res.call(t, k), List.of(new Rel(f, mem.fv()).call(t, k)));
        for (int neg : targets.headSet(0, false)) {
          x.out.rule(res.call(Integer.toString(neg), "0"), dom);
        }
        body.add(res.call(target.term(), n));
        return new Val(n, Kind.NUM, counts);
      }
      String g = without(x, mem, dom, f, walk, value, top, bound);
      Rel res = withCard(x, mem, dom, g, map, may, value, targets);
      body.add(res.call(with.term(), target.term(), n));
      return new Val(n, Kind.NUM, counts);
    }

    /**
     * (R FV… W T N): N subsets of the set hold card W and sum to T — g(T − v) for W in the set worth v, else 0 (W
     * not in it, or none).
     */
    private static Rel withCard(Exprs x, Rel mem, List<String> dom, String g, String map, BitSet may, int[] value,
        NavigableSet<Integer> targets) {
      Model m = x.m;
      Rel res = new Rel(x.out.rel("subsetswith"), mem.fv());
      String targetTable = x.out.rel("subsettarget");
      for (int t : targets) {
        x.out.table(targetTable, "(" + targetTable + " " + t + ")", "the sums a (subsets … with:) call can ask for");
      }
      String w = x.out.var();
      String t = x.out.var();
      String v = x.out.var();
      String u = x.out.var();
      String k = x.out.var();
      // Every value a card the set may hold has: sums minus it (below 0: no subset).
      TreeSet<Integer> values = new TreeSet<>();
      for (int c = 0; c < m.cards(); c++) {
        if (may == null || may.get(c)) {
          values.add(value[c]);
        }
      }
      for (int tt : targets) {
        for (int vv : values) {
          m.minus(tt, vv);
          m.lt(tt - vv, 0);
        }
      }
      String valueOf = m.mapValue(map);
      List<String> in = new ArrayList<>(dom);
      in.add(Program.atom(targetTable, t));
      in.add(mem.call(w));
      in.add(Program.atom(valueOf, veil.ludeme.Names.gdl(map), w, v));
      in.add(Program.atom("minus", t, v, u));
      List<String> found = new ArrayList<>(in);
      found.add(new Rel(g, mem.fv()).call(v, u, k));
      x.out.rule(res.call(w, t, k), found);
      List<String> below = new ArrayList<>(in);
      below.add(Program.atom("lt", u, "0"));
      x.out.rule(res.call(w, t, "0"), below);
      List<String> absent = new ArrayList<>(dom);
      absent.add(Program.atom(targetTable, t));
      absent.add(Program.atom(m.isCard(), w));
      absent.add(Program.not(mem.call(w)));
      x.out.rule(res.call(w, t, "0"), absent);
      List<String> none = new ArrayList<>(dom);
      none.add(Program.atom(targetTable, t));
      x.out.rule(res.call("none", t, "0"), none);
      return res;
    }

    /** The chain's relations; returns the last, (R FV… T N) for every T in 0..top. */
    private static String chain(Exprs x, Rel mem, List<String> dom, List<Integer> walk, int[] value, int top,
        int bound) {
      Model m = x.m;
      String prev = x.out.rel("subsets");
      // Before any card: only the empty subset, which sums to 0.
      for (int t = 0; t <= top; t++) {
        x.out.rule(new Rel(prev, mem.fv()).call(Integer.toString(t), t == 0 ? "1" : "0"), dom);
      }
      for (int a = 0; a <= bound; a++) {
        for (int c = 0; a + c <= bound; c++) {
          m.plus(a, c);
        }
      }
      for (int c : walk) {
        int v = value[c];
        String card = m.cardTerm[c];
        for (int t = 0; t <= top; t++) {
          m.lt(t, v);
          if (t >= v) {
            m.minus(t, v);
          }
        }
        String rel = x.out.rel("subsets");
        Rel next = new Rel(rel, mem.fv());
        Rel before = new Rel(prev, mem.fv());
        String t = x.out.var();
        String n = x.out.var();
        String a = x.out.var();
        String u = x.out.var();
        String k = x.out.var();
        // Out of the set: the same counts.
        x.out.rule(next.call(t, n), List.of(before.call(t, n), Program.not(mem.call(card))));
        // In the set, a sum below its value: it cannot be used.
        x.out.rule(next.call(t, n), List.of(mem.call(card), before.call(t, n), Program.atom("lt", t, Integer.toString(v))));
        // In the set: the subsets without it and those with it (the rest summing to t - v).
        x.out.rule(next.call(t, n), List.of(mem.call(card), before.call(t, a),
            Program.atom("minus", t, Integer.toString(v), u), before.call(u, k), Program.atom("plus", a, k, n)));
        prev = rel;
      }
      return prev;
    }

    /** (R FV… V U N): N subsets of the set without one of its cards worth V sum to U, for U in 0..top. */
    private static String without(Exprs x, Rel mem, List<String> dom, String f, List<Integer> walk, int[] value,
        int top, int bound) {
      Model m = x.m;
      Rel all = new Rel(f, mem.fv());
      Rel g = new Rel(x.out.rel("subsetsbut"), mem.fv());
      TreeSet<Integer> values = new TreeSet<>();
      for (int c : walk) {
        values.add(value[c]);
      }
      for (int a = 0; a <= bound; a++) {
        for (int c = 0; c <= a; c++) {
          m.minus(a, c);
        }
      }
      for (int v : values) {
        String vs = Integer.toString(v);
        String u = x.out.var();
        String n = x.out.var();
        String a = x.out.var();
        String u2 = x.out.var();
        String k = x.out.var();
        if (v == 0) {
          // Each subset without the card is counted twice in f: once without it, once with it.
          for (int c = 0; c <= bound; c += 2) {
            m.quot(c, 2);
          }
          x.out.rule(g.call(vs, u, n), List.of(all.call(u, a), Program.atom("quot", a, "2", n)));
          continue;
        }
        for (int t = 0; t <= top; t++) {
          m.lt(t, v);
          if (t >= v) {
            m.minus(t, v);
          }
        }
        x.out.rule(g.call(vs, u, n), List.of(all.call(u, n), Program.atom("lt", u, vs)));
        x.out.rule(g.call(vs, u, n), List.of(all.call(u, a), Program.atom("minus", u, vs, u2), g.call(vs, u2, k),
            Program.atom("minus", a, k, n)));
      }
      return g.name();
    }
  }
}
