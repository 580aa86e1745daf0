package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.IntExpr;
import veil.ludeme.LudState;
import veil.ludeme.Outcome;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.OutcomeGdl;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;
import veil.model.PayoffRange;

/**
 * {@code (payoff amount range:lo..hi)}: each player (bound as Player) is paid an amount, possibly negative; the goal
 * 0..100 is its affine image {@code (amount - lo) · 100 / (hi - lo)}, so hi - lo must divide 100. An amount outside
 * the range is a rule failure.
 */
public final class Payoff extends SimpleLudeme {
  public Payoff() {
    super("payoff", Type.OUTCOME, "Pays each player (Player bound) an amount, e.g. chips won (negative when lost); "
        + "the goal is (amount - lo)·100/(hi - lo), exactly: hi - lo must divide 100; an amount outside the range "
        + "is a rule failure. Every end rule of the game then pays with the same range.",
        Param.pos("amount", "int", "the amount paid to Player"),
        Param.required("range", "lo..hi", "the amounts the game can pay, e.g. -2..2 or {-2 2}"));
  }

  @Override
  public Object build(Args a) throws DslException {
    PayoffRange range = range(a.node("range"));
    IntExpr amount = a.intExpr("amount");
    int n = a.compiler().players();
    return new Outcome() {
      @Override
      public void keys(LudState s, int[] keys) {
        int saved = s.boundPlayer;
        for (int p = 0; p < n; p++) {
          s.boundPlayer = p;
          keys[p] = amount.eval(s);
        }
        s.boundPlayer = saved;
      }

      @Override
      public PayoffRange payoffRange() {
        return range;
      }

      @Override
      public boolean scores() {
        return true;
      }
    };
  }

  /** {@code lo..hi} or {@code {lo hi}}, with lo < hi and hi - lo dividing 100. */
  static PayoffRange range(Node n) throws DslException {
    long lo;
    long hi;
    if (n instanceof Node.Range r) {
      lo = r.from();
      hi = r.to();
    } else if (n instanceof Node.Braces b && b.items().size() == 2 && b.items().get(0) instanceof Node.Int l
        && b.items().get(1) instanceof Node.Int h) {
      lo = l.value();
      hi = h.value();
    } else {
      throw new DslException(Diagnostic.at(n.pos(), "expected the payoff range as lo..hi or {lo hi}", "-2..2"));
    }
    if (lo >= hi || hi - lo > 100 || 100 % (hi - lo) != 0) {
      long span = hi - lo;
      String hint = "a range whose width divides 100, e.g. " + (-widen(Math.max(Math.abs(lo), Math.abs(hi)))) + ".."
          + widen(Math.max(Math.abs(lo), Math.abs(hi)));
      throw new DslException(Diagnostic.at(n.pos(), lo >= hi ? "a payoff range lo..hi needs lo < hi"
          : "the payoff range " + lo + ".." + hi + " is " + span + " wide, which does not divide 100: goals 0..100 "
              + "would not be an exact image of the amounts; widen it", hint));
    }
    return new PayoffRange((int) lo, (int) hi);
  }

  /** The least k ≥ m with 2k dividing 100 (a symmetric range to suggest). */
  private static long widen(long m) {
    for (long k = Math.max(1, m); k <= 50; k++) {
      if (100 % (2 * k) == 0) {
        return k;
      }
    }
    return 50;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Outcome) Gdl::payoff;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (key P A): Player P is paid A; the end of the game maps A to its goal through the range's table. */
    public static OutcomeGdl.Keys payoff(Bound b, Flow f) throws ExportException {
      Exprs x = f.x;
      PayoffRange range;
      try {
        range = range(b.get("range"));
      } catch (DslException e) {
        throw ExportException.at(b.get("range"), e.getMessage());
      }
      String p = x.out.var();
      String player = Program.atom(x.m.players(), p);
      Ctx ctx = Ctx.EMPTY.bind("Player", Val.of(p, Kind.PLAYER), player);
      List<String> body = new ArrayList<>(List.of(player));
      Val amount = x.num(b.get("amount"), Kind.NUM, ctx, body);
      Rel r = x.helper("key", Ctx.EMPTY, List.of(body), List.of(List.of(p, amount.term())));
      return new OutcomeGdl.Keys(r, amount.nums(), range);
    }
  }
}
