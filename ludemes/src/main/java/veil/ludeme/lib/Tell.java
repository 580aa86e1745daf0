package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Names;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Table;
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

  @Override
  public CardSampling cardSampling() {
    // a percept that is not a card move
    return CardSampling.OUTSIDE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Effect) Gdl::tell;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static void tell(Bound b, Ctx ctx, Flow f) throws ExportException {
      List<String> body = new ArrayList<>();
      Val p = f.x.num(b.get("player"), Kind.PLAYER, ctx, body);
      f.sees(p.term(), Names.gdl(b.text("what")), body);
    }
  }
}
