package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
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
    super(name, Type.BOOL, "True when a " + name + " b (integers, players, cards, suits and ranks are integers).",
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
    IntExpr x = a.intExpr("a");
    IntExpr y = a.intExpr("b");
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
      Val a = x.projected(b.get("a"), null, ctx, body);
      Val c = x.projected(b.get("b"), null, ctx, body);
      x.compare(b.name(), a, c, body, b.call);
    }
  }
}
