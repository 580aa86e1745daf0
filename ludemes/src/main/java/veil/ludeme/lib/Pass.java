package veil.ludeme.lib;

import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Names;
import veil.ludeme.Action;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.LudState;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.NamedAction;
import veil.ludeme.gdl.Rel;
import veil.model.MoveList;

/** {@code (pass [name:"pass"] [then:effect])}: a move that changes nothing but whose turn it is (seen by all). */
public final class Pass extends SimpleLudeme {
  public Pass() {
    super("pass", Type.MOVE, "A move that does nothing itself (then: may); its name is the GDL term. The other "
        + "players do not perceive it: for a move everyone sees (a bet, a bid), use choose.",
        Param.named("name", "name", "the move's GDL name (default pass)"),
        Param.named("then", "effect", "what happens after, before the turn passes on (Mover is the one who passed)"));
  }

  @Override
  public Object build(Args a) throws DslException {
    Effect then = a.effect("then");
    Action act = new Action(veil.ludeme.Names.gdl(a.text("name", "pass"))) {
      @Override
      public void generate(LudState s, MoveList out) {
        out.add(move(0));
      }

      @Override
      public void apply(LudState s, int payload) {
        then.run(s);
      }

      @Override
      public String text(CompiledGame g, int payload) {
        return verb;
      }
    };
    a.compiler().game.actions.add(act);
    return act;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new Gdl.PassAction(b);
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (pass [name:N] [then:effect]): the bare verb. */
    public static final class PassAction extends NamedAction {

      PassAction(Bound b) throws ExportException {
        super(b, "pass", false);
      }

      @Override
      public Rel legal(Ctx ctx, Exprs x) {
        return x.helper("moves", ctx, List.of(List.of()), List.of(List.of(verb)));
      }

      @Override
      public void apply(Flow f, String card, String cardLit) throws ExportException {
        f.effect(b.get("then"), Ctx.EMPTY);
      }
    }
  }
}
