package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
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
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/** {@code (left P)}, {@code (right P)}, {@code (across P)}, {@code (self P)}: a player relative to another. */
public final class Seat extends SimpleLudeme {
  private final int offset;

  private Seat(String name, int offset, String doc) {
    super(name, Type.INT, doc, Param.pos("of", "player", "the player to count from"));
    this.offset = offset;
  }

  public static List<Seat> all() {
    return List.of(new Seat("left", 1, "The player after the given one in turn order (to the left)."),
        new Seat("right", -1, "The player before the given one in turn order (to the right)."),
        new Seat("across", 0, "The player opposite the given one (half the table away)."),
        new Seat("self", Integer.MIN_VALUE, "The given player itself."),
        new Seat("none", Integer.MIN_VALUE, "The given player itself: for options that can say None (no passing)."));
  }

  @Override
  public String category() {
    return "players";
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr p = a.player("of");
    int n = a.compiler().players();
    int k = offset == 0 ? n / 2 : offset == Integer.MIN_VALUE ? 0 : (offset + n) % n;
    veil.dsl.Pos where = a.pos();
    String what = "(" + name() + " …)";
    return (IntExpr) s -> (Args.checkPlayer(p.eval(s), n, where, what) + k) % n;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Num) Gdl::seat;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (left P), (right P), (across P), (self P), (none P). */
    public static Val seat(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Val p = x.num(b.get("of"), Kind.PLAYER, ctx, body);
      int n = x.m.n;
      switch (b.name()) {
        case "left":
          return x.seat(p, 1, body);
        case "right":
          return x.seat(p, n - 1, body);
        case "across":
          return x.seat(p, n / 2, body);
        default:
          return p;
      }
    }
  }
}
