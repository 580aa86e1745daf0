package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
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
import veil.ludeme.gdl.Program;

/** {@code (some Player c)} and {@code (all Player c)}: c for some / every player, bound as Player. */
public final class Quantifier extends SimpleLudeme {
  private final boolean some;

  private Quantifier(boolean some) {
    super(some ? "some" : "all", Type.BOOL, some ? "True when the condition holds for some player (bound as Player)."
        : "True when the condition holds for every player (bound as Player).",
        Param.pos("over", "Player", "what is ranged over (always Player)"),
        Param.pos("c", "condition", "the condition, which may use Player"));
    this.some = some;
  }

  public static List<Quantifier> all() {
    return List.of(new Quantifier(true), new Quantifier(false));
  }

  @Override
  public String category() {
    return "conditions";
  }

  @Override
  public Object build(Args a) throws DslException {
    OverPlayers.check(a, name());
    BoolExpr c = a.bool("c");
    int n = a.compiler().players();
    boolean wanted = some;
    return (BoolExpr) s -> {
      int saved = s.boundPlayer;
      try {
        for (int p = 0; p < n; p++) {
          s.boundPlayer = p;
          if (c.eval(s) == wanted) {
            return wanted;
          }
        }
        return !wanted;
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
    return (GdlEmitter.Cond) Gdl::quantifier;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (some Player c), (all Player c): Player ranges over the players. */
    public static void quantifier(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      OverPlayers.Binding over = OverPlayers.bind(b, ctx, x);
      Ctx inner = over.inner();
      List<String> one = new ArrayList<>(List.of(over.range()));
      if (b.name().equals("some")) {
        x.cond(b.get("c"), inner, one);
        body.add(x.helper("some", ctx, List.of(one), List.of(List.of())).call());
        return;
      }
      one.add(Program.not(x.condAtom(b.get("c"), inner)));
      body.add(Program.not(x.helper("notall", ctx, List.of(one), List.of(List.of())).call()));
    }
  }
}
