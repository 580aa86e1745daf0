package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** {@code (tell P "ok")}: a percept for one player, for what card moves do not show (an answer, a success). */
public final class Tell extends SimpleLudeme {
  public Tell() {
    super("tell", Type.EFFECT, "Gives one player a percept: a word it sees this step, e.g. \"ok\".",
        Param.pos("player", "player", "who is told"), Param.pos("what", "name", "the word, a GDL constant"));
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr p = a.player("player");
    Table t = a.compiler().table;
    int word = t.tellIndex(veil.ludeme.Names.gdl(a.text("what")));
    int n = a.compiler().players();
    veil.dsl.Pos where = a.pos();
    return (Effect) s -> t.tell(s, Args.checkPlayer(p.eval(s), n, where, "who is told"), word);
  }
}
