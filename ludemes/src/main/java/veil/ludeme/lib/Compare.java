package veil.ludeme.lib;

import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
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
import veil.ludeme.gdl.Val;

/** {@code (= a b)}, {@code (!= a b)}, {@code (< a b)}, {@code (<= a b)}, {@code (> a b)}, {@code (>= a b)}. */
public final class Compare extends SimpleLudeme {
  private final int op;

  private Compare(String name, int op) {
    super(name, Type.BOOL, "True when a " + name + " b (integers, players, cards, suits and ranks are integers; a "
        + "number compared with (rank …) is the rank of that name, e.g. (= (rank Card) 8)).",
        Param.pos("a", "int", "left side"), Param.pos("b", "int", "right side"));
    this.op = op;
  }

  public static List<Compare> all() {
    return List.of(new Compare("=", 0), new Compare("!=", 1), new Compare("<", 2), new Compare("<=", 3),
        new Compare(">", 4), new Compare(">=", 5));
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
    String[] ranks = a.compiler().cardTable.rankNames().toArray(new String[0]);
    Integer ra = rankNamed(ranks, a.node("a"), a.node("b"));
    Integer rb = rankNamed(ranks, a.node("b"), a.node("a"));
    IntExpr x = ra != null ? Ints.constant(ra) : a.intExpr("a");
    IntExpr y = rb != null ? Ints.constant(rb) : a.intExpr("b");
    if (y instanceof Ints.Const k) {
      return against(x, k.value());
    }
    switch (op) {
      case 0:
        return (BoolExpr) s -> x.eval(s) == y.eval(s);
      case 1:
        return (BoolExpr) s -> x.eval(s) != y.eval(s);
      case 2:
        return (BoolExpr) s -> x.eval(s) < y.eval(s);
      case 3:
        return (BoolExpr) s -> x.eval(s) <= y.eval(s);
      case 4:
        return (BoolExpr) s -> x.eval(s) > y.eval(s);
      default:
        return (BoolExpr) s -> x.eval(s) >= y.eval(s);
    }
  }

  /**
   * A number compared with {@code (rank C)} names a rank: in {@code (= (rank Card) 8)} the 8 is the rank named 8, its
   * position in the deck's rank list, when the deck names ranks by numbers. Returns that position, or null when
   * {@code lit} is not a number compared with a rank or the deck names no rank by a number (the number is then the
   * position itself, as before). A number the deck does not name as a rank is an error: it would silently compare
   * a position with a name.
   */
  static Integer rankNamed(String[] ranks, Node lit, Node other) throws DslException {
    if (!(other instanceof Node.Call call) || !"rank".equals(call.headName())) {
      return null;
    }
    return rankOfNumber(ranks, lit, "compared with (rank …)");
  }

  /**
   * A literal number that stands for a rank (compared with {@code (rank C)}, or {@code (cards P rank:8)}) is the rank
   * of that name: its position in the deck's rank list when the deck names ranks by numbers. Null when {@code lit} is
   * not a number, the deck names no rank by a number, or the number is negative and names no rank (the number is then
   * the position itself; -1 is no rank, as {@code (rank C)} of no card). A number the deck does not name as a rank is
   * an error ({@code where} says where the number stood): it would silently be read as a
   * position.
   */
  public static Integer rankOfNumber(String[] ranks, Node lit, String where) throws DslException {
    if (!(lit instanceof Node.Int n)) {
      return null;
    }
    boolean numeric = false;
    for (int i = 0; i < ranks.length; i++) {
      if (ranks[i].equals(Long.toString(n.value()))) {
        return i;
      }
      numeric |= ranks[i].matches("-?[0-9]+");
    }
    if (!numeric || n.value() < 0) {
      return null; // a negative number names no rank: -1 is no rank, as (rank C) of no card
    }
    throw new DslException(Diagnostic.at(n.pos(), "the deck has no rank named " + n.value() + ": a number " + where
        + " is the rank of that name", "a rank of the deck: " + String.join(" ", ranks)));
  }

  /** x op k for a constant k, reading x's int directly when x is a state read: one closure instead of three. */
  private BoolExpr against(IntExpr x, int k) {
    if (x instanceof Ints.Lookup l && (op == 0 || op == 1)) {
      // (= (suit (lastCard)) Hearts): the table entry compared in the same closure.
      int slot = l.slot();
      int[] table = l.table();
      int outside = l.outside();
      boolean equal = op == 0;
      return s -> {
        int i = s.v[slot];
        return ((i < 0 ? outside : table[i]) == k) == equal;
      };
    }
    int slot = Ints.slotOf(x);
    if (slot >= 0) {
      return new Ints.ReadTest(slot, op, k);
    }
    switch (op) {
      case 0:
        return s -> x.eval(s) == k;
      case 1:
        return s -> x.eval(s) != k;
      case 2:
        return s -> x.eval(s) < k;
      case 3:
        return s -> x.eval(s) <= k;
      case 4:
        return s -> x.eval(s) > k;
      default:
        return s -> x.eval(s) >= k;
    }
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Cond) Gdl::compare;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static void compare(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String[] ranks = x.m.game.cards.rankNames();
      Integer ra;
      Integer rb;
      try {
        ra = rankNamed(ranks, b.get("a"), b.get("b"));
        rb = rankNamed(ranks, b.get("b"), b.get("a"));
      } catch (DslException e) {
        throw ExportException.at(b.call, e.getMessage());
      }
      Val a = ra != null ? Val.num(ra) : x.projected(b.get("a"), null, ctx, body);
      Val c = rb != null ? Val.num(rb) : x.projected(b.get("b"), null, ctx, body);
      x.compare(b.name(), a, c, body, b.call);
    }
  }
}
