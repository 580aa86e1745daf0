package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Slot;
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

/** {@code (setMover P)}: who moves next in a turn-based phase. */
public final class TurnControl extends SimpleLudeme {
  public TurnControl() {
    super("setMover", Type.EFFECT, "Makes the given player the one to move (in a turn-based phase). In (play … then:), a nextPhase's then: and a phase's entry: that is final; in a move's "
        + "own then: ((move …), (pass …), (choose …)) the turn still passes on afterwards, so the player after the "
        + "given one moves: the mover keeps the turn (plays again) with (setMover (right Mover)) there.",
        Param.pos("player", "player", "who moves next"));
  }

  public static List<TurnControl> all() {
    return List.of(new TurnControl());
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr p = a.player("player");
    int players = a.compiler().players();
    veil.dsl.Pos where = a.pos();
    return (Effect) s -> {
      s.v[Slot.MOVER] = Args.checkPlayer(p.eval(s), players, where, "(setMover …)");
      s.cur = s.v[Slot.MOVER];
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Effect) Gdl::setMover;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static void setMover(Bound b, Ctx ctx, Flow f) throws ExportException {
      List<String> body = new ArrayList<>();
      Val p = f.x.num(b.get("player"), Kind.PLAYER, ctx, body);
      f.set(f.fam.control(), List.of(), p, body);
      f.setCur(p, body);
    }
  }
}
