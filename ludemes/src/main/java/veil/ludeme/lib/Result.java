package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.Outcome;
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
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.OutcomeGdl;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * {@code (result Who Win|Loss|Draw)}: one player wins (the others lose), one loses (the others tie above), or all
 * draw. {@code All} as Who with Draw shares every rank.
 */
public final class Result extends SimpleLudeme {
  public Result() {
    super("result", Type.OUTCOME, "One player wins (others tie last), loses (others tie first), or everyone draws.",
        Param.pos("who", "player or All", "the player the result is about: a name or an expression, e.g. "
            + "(holder (card Queen Spades))"),
        Param.pos("kind", "Win|Loss|Draw", "what happens to that player"));
  }

  @Override
  public Object build(Args a) throws DslException {
    String kind = a.text("kind");
    if (!kind.equals("Win") && !kind.equals("Loss") && !kind.equals("Draw")) {
      throw a.error("kind", "unknown result " + kind, "Win Loss Draw");
    }
    // who is All or any player expression: a name (P1, Mover) or a computed player, (holder (card Queen Spades)).
    if (kind.equals("Draw") || isAll(a.node("who"))) {
      return (Outcome) (s, keys) -> java.util.Arrays.fill(keys, 0);
    }
    IntExpr who = a.intExpr("who");
    int mine = kind.equals("Win") ? 1 : 0;
    int n = a.compiler().players();
    return (Outcome) (s, keys) -> {
      int w = who.eval(s);
      for (int p = 0; p < n; p++) {
        keys[p] = p == w ? mine : 1 - mine;
      }
    };
  }

  static boolean isAll(veil.dsl.Node who) {
    return who instanceof veil.dsl.Node.Sym s && s.name().equals("All");
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Outcome) Gdl::result;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    public static OutcomeGdl.Keys result(Bound b, Flow f) throws ExportException {
      Exprs x = f.x;
      String kind = b.text("kind");
      String p = x.out.var();
      String player = Program.atom(x.m.players(), p);
      TreeSet<Integer> nums = new TreeSet<>(List.of(0, 1));
      if (kind.equals("Draw") || isAll(b.get("who"))) {
        Rel r = x.helper("key", Ctx.EMPTY, List.of(List.of(player)), List.of(List.of(p, "0")));
        return new OutcomeGdl.Keys(r, nums);
      }
      String mine = kind.equals("Win") ? "1" : "0";
      String theirs = kind.equals("Win") ? "0" : "1";
      List<String> whoBody = new ArrayList<>();
      Val who = x.num(b.get("who"), Kind.PLAYER, Ctx.EMPTY, whoBody);
      List<String> me = new ArrayList<>(whoBody);
      me.add(player);
      me.add(Program.atom("eq", p, who.term()));
      x.m.eqKind(Kind.PLAYER, null);
      List<String> others = new ArrayList<>(whoBody);
      others.add(player);
      others.add(Program.atom("distinct", p, who.term()));
      Rel r = x.helper("key", Ctx.EMPTY, List.of(me, others), List.of(List.of(p, mine), List.of(p, theirs)));
      return new OutcomeGdl.Keys(r, nums);
    }
  }
}
