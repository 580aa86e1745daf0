package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Slot;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (setMover P)}: who moves next in a turn-based phase. */
public final class TurnControl extends SimpleLudeme {
  public TurnControl() {
    super("setMover", Type.EFFECT, "Makes the given player the one to move (in a turn-based phase).",
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
}
