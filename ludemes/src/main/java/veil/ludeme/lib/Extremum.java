package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * {@code (min Player e)} and {@code (max Player e)}: the least / greatest value of e over the players (bound as
 * Player), e.g. "the player with the fewest points wins": {@code (= ("Pts" Player) (min Player ("Pts" Player)))}.
 */
public final class Extremum extends SimpleLudeme {
  private final boolean max;

  private Extremum(boolean max) {
    super(max ? "max" : "min", Type.INT, max
        ? "The greatest value of an integer expression over the players (bound as Player): (max Player (var \"Score\" "
            + "Player)); compare with it inside (some Player …) or an end rule to find who has the most."
        : "The least value of an integer expression over the players (bound as Player): (min Player (var \"Score\" "
            + "Player)); \"fewest points wins\" is (= (var \"Score\" Player) (min Player (var \"Score\" Player))), "
            + "for any number of players.",
        Param.pos("over", "Player", "what is ranged over (always Player)"),
        Param.pos("e", "int", "the integer expression, which may use Player"));
    this.max = max;
  }

  public static List<Extremum> all() {
    return List.of(new Extremum(false), new Extremum(true));
  }

  @Override
  public String category() {
    return "integers";
  }

  @Override
  public Object build(Args a) throws DslException {
    OverPlayers.check(a, name());
    IntExpr e = a.intExpr("e");
    int n = a.compiler().players();
    boolean greatest = max;
    return (IntExpr) s -> {
      int saved = s.boundPlayer;
      try {
        int best = 0;
        for (int p = 0; p < n; p++) {
          s.boundPlayer = p;
          int v = e.eval(s);
          if (p == 0 || (greatest ? v > best : v < best)) {
            best = v;
          }
        }
        return best;
      } finally {
        s.boundPlayer = saved;
      }
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Num) Gdl::extremum;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /**
     * (value FV… P V) for every player P; (beaten FV… V) when some player's value is below (above, for max) V; the
     * result is a value no other beats.
     */
    public static Val extremum(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      OverPlayers.Binding over = OverPlayers.bind(b, ctx, x);
      Ctx inner = over.inner();
      List<String> one = new ArrayList<>(List.of(over.range()));
      Val e = x.coerce(x.num(b.get("e"), inner, one), Kind.NUM, b.get("e"), one);
      if (e.nums() == null) {
        throw ExportException.at(b.get("e"), "(" + b.name() + " …) needs an integer expression");
      }
      Rel value = x.helper("value", ctx, List.of(one), List.of(List.of(over.var(), e.term())));
      String v = x.out.var();
      String w = x.out.var();
      List<String> beaten = new ArrayList<>();
      beaten.add(value.call(x.out.var(), v));
      beaten.add(value.call(x.out.var(), w));
      Val vv = new Val(v, Kind.NUM, e.nums());
      Val ww = new Val(w, Kind.NUM, e.nums());
      x.compare("<", b.name().equals("max") ? vv : ww, b.name().equals("max") ? ww : vv, beaten, b.call);
      Rel beat = x.helper("beaten", ctx, List.of(beaten), List.of(List.of(v)));
      String r = x.out.var();
      body.add(value.call(x.out.var(), r));
      body.add(Program.not(beat.call(r)));
      return new Val(r, Kind.NUM, new TreeSet<>(e.nums()));
    }
  }
}
