package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardsExpr;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.MoveRule;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.ActionGdl;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.MoveGdl;
import veil.ludeme.gdl.MoveRuleGdl;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;
import veil.model.MoveList;

/** {@code (if c a [b])}: an integer, a set of cards, a condition, an effect or a move rule chosen by a condition. */
public final class Conditional extends SimpleLudeme {
  private Conditional(Type type, String what) {
    super("if", type, "If the condition holds, " + what + " a, else b" + (type == Type.INT ? " (0 if omitted)."
        : type == Type.BOOL ? " (false if omitted): (if c a b) is (or (and c a) (and (not c) b))."
        : " (nothing if omitted)."), Param.pos("c", "condition", "the condition"), Param.pos("a", what, "when true"),
        Param.optPos("b", what, "when false"));
  }

  public static List<Conditional> all() {
    return List.of(new Conditional(Type.INT, "int"), new Conditional(Type.CARDS, "cards"),
        new Conditional(Type.EFFECT, "effect"), new Conditional(Type.MOVE, "move"),
        new Conditional(Type.BOOL, "condition"));
  }

  /** An int, card-set or condition choice reads nothing but its arguments; effects and moves are not values. */
  @Override
  public boolean pure() {
    return type() == Type.INT || type() == Type.CARDS || type() == Type.BOOL;
  }

  @Override
  public Object build(Args a) throws DslException {
    BoolExpr c = a.bool("c");
    switch (type()) {
      case BOOL: {
        BoolExpr x = a.bool("a");
        if (!a.has("b")) {
          return (BoolExpr) s -> c.eval(s) && x.eval(s);
        }
        BoolExpr y = a.bool("b");
        return (BoolExpr) s -> c.eval(s) ? x.eval(s) : y.eval(s);
      }
      case INT: {
        IntExpr x = a.intExpr("a");
        IntExpr y = a.intExpr("b", 0);
        return (IntExpr) s -> c.eval(s) ? x.eval(s) : y.eval(s);
      }
      case CARDS: {
        CardsExpr x = a.cards("a");
        CardsExpr y = a.has("b") ? a.cards("b") : CardsExpr.NONE;
        return (CardsExpr) (s, w) -> c.eval(s) ? x.eval(s, w) : y.eval(s, w);
      }
      case EFFECT: {
        Effect x = a.effect("a");
        Effect y = a.effect("b");
        if (y == Effect.NONE) {
          return (Effect) s -> {
            if (c.eval(s)) {
              x.run(s);
            }
          };
        }
        return (Effect) s -> {
          if (c.eval(s)) {
            x.run(s);
          } else {
            y.run(s);
          }
        };
      }
      default: {
        MoveRule x = a.move("a");
        MoveRule y = a.has("b") ? a.move("b") : null;
        return new MoveRule() {
          @Override
          public void generate(veil.ludeme.LudState s, MoveList out) {
            if (c.eval(s)) {
              x.generate(s, out);
            } else if (y != null) {
              y.generate(s, out);
            }
          }

          @Override
          public boolean managesTurn() {
            return x.managesTurn() || y != null && y.managesTurn();
          }
        };
      }
    }
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    switch (type()) {
      case BOOL:
        return (GdlEmitter.Cond) Gdl::condIf;
      case INT:
        return (GdlEmitter.Num) Gdl::intIf;
      case CARDS:
        return (GdlEmitter.Cards) Gdl::cardsIf;
      case EFFECT:
        return (GdlEmitter.Effect) (b, ctx, f) -> f.branch(b.get("c"), b.get("a"), b.get("b"), ctx);
      case MOVE:
        return (GdlEmitter.Move) (b, x) -> new Gdl.If(b.get("c"), MoveRuleGdl.move(b.get("a"), x),
            b.has("b") ? MoveRuleGdl.move(b.get("b"), x) : null);
      default:
        return null;
    }
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (if c a [b]): b is 0 when omitted. */
    public static Val intIf(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String c = x.condAtom(b.get("c"), ctx);
      List<String> ba = new ArrayList<>(List.of(c));
      Val a = x.num(b.get("a"), ctx, ba);
      List<String> bb = new ArrayList<>(List.of(Program.not(c)));
      Val e = b.has("b") ? x.num(b.get("b"), ctx, bb) : Val.num(0);
      if (a.kind() != e.kind()) {
        if (a.constant() != null) {
          a = x.coerce(a, e.kind(), b.get("a"), ba);
        } else {
          e = x.coerce(e, a.kind(), b.has("b") ? b.get("b") : b.call, bb);
        }
      }
      // The negated condition needs its variables bound: the context's ranges are added by the helper.
      Rel rel = x.helper("val", ctx, List.of(ba, bb), List.of(List.of(a.term()), List.of(e.term())));
      String v = x.out.var();
      body.add(rel.call(v));
      TreeSet<Integer> nums = null;
      if (a.kind() == Kind.NUM) {
        nums = new TreeSet<>(a.nums());
        nums.addAll(e.nums());
      }
      return new Val(v, a.kind(), nums);
    }

    /** (if c a [b]) as a condition: a helper with one rule for c and a, one for (not c) and b. */
    public static void condIf(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String cond = x.condAtom(b.get("c"), ctx);
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      List<String> yes = new ArrayList<>(List.of(cond));
      x.cond(b.get("a"), ctx, yes);
      bodies.add(yes);
      outs.add(List.of());
      if (b.has("b")) {
        List<String> no = new ArrayList<>(List.of(Program.not(cond)));
        x.cond(b.get("b"), ctx, no);
        bodies.add(no);
        outs.add(List.of());
      }
      body.add(x.helper("ifcond", ctx, bodies, outs).call());
    }

    public static String cardsIf(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String cond = x.condAtom(b.get("c"), ctx);
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      List<String> yes = new ArrayList<>(List.of(cond));
      outs.add(List.of(x.cards(b.get("a"), ctx, yes)));
      bodies.add(yes);
      if (b.has("b")) {
        List<String> no = new ArrayList<>(List.of(Program.not(cond)));
        outs.add(List.of(x.cards(b.get("b"), ctx, no)));
        bodies.add(no);
      }
      String c = x.out.var();
      body.add(x.helper("ifcards", ctx, bodies, outs).call(c));
      return c;
    }

    public static final class If implements MoveGdl {
      private final Node cond;
      private final MoveGdl yes;
      private final MoveGdl no;

      If(Node cond, MoveGdl yes, MoveGdl no) {
        this.cond = cond;
        this.yes = yes;
        this.no = no;
      }

      @Override
      public Rel legal(Ctx ctx, Exprs x) throws ExportException {
        String c = x.condAtom(cond, ctx);
        List<List<String>> bodies = new ArrayList<>();
        List<List<String>> outs = new ArrayList<>();
        String mv = x.out.var();
        bodies.add(List.of(c, yes.legal(ctx, x).call(mv)));
        outs.add(List.of(mv));
        if (no != null) {
          String mv2 = x.out.var();
          bodies.add(List.of(Program.not(c), no.legal(ctx, x).call(mv2)));
          outs.add(List.of(mv2));
        }
        return x.helper("moves", ctx, bodies, outs);
      }

      @Override
      public void actions(List<ActionGdl> out) {
        yes.actions(out);
        if (no != null) {
          no.actions(out);
        }
      }
    }
  }
}
