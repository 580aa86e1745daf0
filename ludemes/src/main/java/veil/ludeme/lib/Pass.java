package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.Action;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.LudState;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.model.MoveList;

/** {@code (pass [name:"pass"] [then:effect])}: a move that changes nothing but whose turn it is (seen by all). */
public final class Pass extends SimpleLudeme {
  public Pass() {
    super("pass", Type.MOVE, "A move that does nothing itself (then: may); its name is the GDL term.",
        Param.named("name", "name", "the move's GDL name (default pass)"),
        Param.named("then", "effect", "what happens after"));
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
}
