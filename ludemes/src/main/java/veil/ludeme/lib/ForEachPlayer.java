package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/** {@code (forEach Player effect)}: runs the effect once per player, in turn order, with Player bound. */
public final class ForEachPlayer extends SimpleLudeme {
  public ForEachPlayer() {
    super("forEach", Type.EFFECT, "Runs an effect once for every player in turn order, with Player bound to each.",
        Param.pos("over", "Player", "what is ranged over (always Player)"),
        Param.pos("effect", "effect", "the effect, which may use Player"));
  }

  @Override
  public Object build(Args a) throws DslException {
    if (!a.text("over").equals("Player")) {
      throw a.error("over", "(forEach …) ranges over Player", "Player");
    }
    Effect e = a.effect("effect");
    int n = a.compiler().players();
    return (Effect) s -> {
      int saved = s.boundPlayer;
      for (int p = 0; p < n; p++) {
        s.boundPlayer = p;
        e.run(s);
      }
      s.boundPlayer = saved;
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Effect) Gdl::forEach;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (forEach Player effect): once per player in turn order, Player a constant each time. */
    public static void forEach(Bound b, Ctx ctx, Flow f) throws ExportException {
      if (!b.text("over").equals("Player")) {
        throw ExportException.at(b.get("over"), "(forEach …) ranges over Player");
      }
      for (int p = 0; p < f.m.n; p++) {
        f.effect(b.get("effect"), ctx.bind("Player", Val.of(f.m.player[p], Kind.PLAYER), null));
      }
    }
  }
}
