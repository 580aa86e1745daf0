package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Family;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/** {@code (var "Name" [player])}: a variable's value; {@code (set …)} and {@code (add …)} change it. */
public final class Variable extends SimpleLudeme {
  private final int kind;

  private Variable(String name, int kind, Type type, String doc, Param... params) {
    super(name, type, doc, params);
    this.kind = kind;
  }

  public static List<Variable> all() {
    return List.of(
        new Variable("var", 0, Type.INT, "The value of a variable declared in (vars …), per player if declared so.",
            Param.pos("name", "string", "the variable"), Param.optPos("of", "player", "whose, for per-player ones")),
        new Variable("set", 1, Type.EFFECT, "Sets a variable: (set \"Name\" value) or (set \"Name\" player value).",
            Param.pos("name", "string", "the variable"), Param.pos("a", "int", "the value, or the player"),
            Param.optPos("b", "int", "the value when a player is given")),
        new Variable("add", 2, Type.EFFECT, "Adds to a variable: (add \"Name\" amount) or (add \"Name\" player amount).",
            Param.pos("name", "string", "the variable"), Param.pos("a", "int", "the amount, or the player"),
            Param.optPos("b", "int", "the amount when a player is given")));
  }

  @Override
  public String category() {
    return "variables";
  }

  @Override
  public Object build(Args a) throws DslException {
    String name = a.text("name");
    if (kind == 0) {
      IntExpr slot = a.compiler().varSlot(name, a.has("of") ? a.player("of") : null, a.pos());
      if (slot instanceof Ints.Const k) {
        return Ints.read(k.value());
      }
      return (IntExpr) s -> s.v[slot.eval(s)];
    }
    boolean perPlayer = a.has("b");
    IntExpr slot = a.compiler().varSlot(name, perPlayer ? a.player("a") : null, a.pos());
    IntExpr value = perPlayer ? a.intExpr("b") : a.intExpr("a");
    veil.dsl.Pos where = a.pos();
    int[] range = a.compiler().varRange(name);
    if (range == null) {
      return change(slot, value, where);
    }
    // A declared range: the value written is checked (a rule failure names the effect, the value and the range).
    int lo = range[0];
    int hi = range[1];
    String what = "(" + name() + " \"" + name + "\" …) at " + where + " leaves the range " + lo + ".." + hi + ": ";
    veil.ludeme.Effect e = change(slot, value, where);
    if (slot instanceof Ints.Const k) {
      int i = k.value();
      return (veil.ludeme.Effect) s -> {
        e.run(s);
        int x = s.v[i];
        if (x < lo || x > hi) {
          throw new IllegalStateException("rule failure: " + what + x);
        }
      };
    }
    return (veil.ludeme.Effect) s -> {
      int i = slot.eval(s);
      e.run(s);
      int x = s.v[i];
      if (x < lo || x > hi) {
        throw new IllegalStateException("rule failure: " + what + x);
      }
    };
  }

  /** The unchecked (set …) or (add …) of a slot. */
  private veil.ludeme.Effect change(IntExpr slot, IntExpr value, veil.dsl.Pos where) {
    if (slot instanceof Ints.Const k) {
      int i = k.value();
      if (value instanceof Ints.Const c) {
        int x = c.value();
        return kind == 1 ? (veil.ludeme.Effect) s -> s.v[i] = x : (veil.ludeme.Effect) s -> s.v[i] = add(s.v[i], x, where);
      }
      if (kind == 1) {
        return (veil.ludeme.Effect) s -> s.v[i] = value.eval(s);
      }
      return (veil.ludeme.Effect) s -> s.v[i] = add(s.v[i], value.eval(s), where);
    }
    if (kind == 1) {
      return (veil.ludeme.Effect) s -> s.v[slot.eval(s)] = value.eval(s);
    }
    return (veil.ludeme.Effect) s -> {
      int k = slot.eval(s);
      s.v[k] = add(s.v[k], value.eval(s), where);
    };
  }

  /** {@code x + y}, or a rule failure naming the (add …) when the sum leaves the integers. */
  private static int add(int x, int y, veil.dsl.Pos where) {
    int sum = x + y;
    if (((x ^ sum) & (y ^ sum)) < 0) {
      throw new IllegalStateException("rule failure: integer overflow in (add …) at " + where + " (" + x + " + " + y
          + ")");
    }
    return sum;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return name().equals("var") ? (GdlEmitter.Num) Gdl::variable : (GdlEmitter.Effect) Gdl::setOrAdd;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (var "Name" [player]). */
    public static Val variable(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      String name = b.text("name");
      Family f = var(x, name, b.call);
      veil.ludeme.gdl.DigitNum dn = x.fam.digitNum(name);
      List<String> key = new ArrayList<>();
      if (f.keys == (dn == null ? 1 : 2)) {
        if (!b.has("of")) {
          throw ExportException.at(b.call, "variable \"" + name + "\" is per player: say whose");
        }
        key.add(x.num(b.get("of"), Kind.PLAYER, ctx, body).term());
      }
      if (dn != null) {
        return dn.read(x, f, key, body); // an ordered key: it can only be compared
      }
      Val v = x.read(f, key, body);
      x.noteVarRead(v, name);
      return v;
    }

    public static Family var(Exprs x, String name, Node at) throws ExportException {
      if (!x.m.game.vars.containsKey(name)) {
        throw ExportException.at(at, "no variable named \"" + name + "\"");
      }
      return x.fam.var(name, x.fam.varKind(name));
    }

    /** (set "Name" [player] value), (add "Name" [player] amount). */
    public static void setOrAdd(Bound b, Ctx ctx, Flow f) throws ExportException {
      String name = b.text("name");
      Exprs x = f.x;
      boolean perPlayer = b.has("b");
      List<String> body = new ArrayList<>();
      List<String> key = new ArrayList<>();
      if (perPlayer) {
        key.add(x.num(b.get("a"), Kind.PLAYER, ctx, body).term());
      }
      Node valueNode = perPlayer ? b.get("b") : b.get("a");
      Val value = x.projected(valueNode, null, ctx, body);
      if (b.name().equals("set")) {
        f.fam.noteVarKind(name, value.kind(), valueNode);
      }
      Family fam = var(x, name, b.call);
      veil.ludeme.gdl.DigitNum dn = x.fam.digitNum(name);
      if ((fam.keys == (dn == null ? 1 : 2)) != perPlayer) {
        throw ExportException.at(b.call, "variable \"" + name + "\" is " + (perPlayer ? "not " : "") + "per player");
      }
      if (dn != null) {
        if (b.name().equals("set")) {
          throw ExportException.at(b.call, "variable \"" + name + "\" has too many values for one constant each and "
              + "is written digit by digit in the GDL-II export, where it can only be added to (add …), not set");
        }
        dn.add(f, fam, key, x.coerce(value, Kind.NUM, valueNode), body);
        return;
      }
      if (b.name().equals("set")) {
        f.set(fam, key, x.coerce(value, fam.valueKind, valueNode, body), body);
      } else {
        f.add(fam, key, x.coerce(value, Kind.NUM, valueNode, body), body, b.call);
      }
    }
  }
}
