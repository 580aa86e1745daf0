package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.Names;
import veil.ludeme.compile.Type;

/** General effects: set and add variables, forEach Player (unrolled), setMover, tell, (if c a b). */
public final class EffectGdl {
  private EffectGdl() {}

  public static void register(Emitters e) {
    e.add(Type.EFFECT, (GdlEmitter.Effect) EffectGdl::setOrAdd, "set", "add");
    e.add(Type.EFFECT, (GdlEmitter.Effect) EffectGdl::forEach, "forEach");
    e.add(Type.EFFECT, (GdlEmitter.Effect) EffectGdl::setMover, "setMover");
    e.add(Type.EFFECT, (GdlEmitter.Effect) EffectGdl::tell, "tell");
    e.add(Type.EFFECT, (GdlEmitter.Effect) (b, ctx, f) -> f.branch(b.get("c"), b.get("a"), b.get("b"), ctx), "if");
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
    Family fam = NumberGdl.var(x, name, b.call);
    if ((fam.keys == 1) != perPlayer) {
      throw ExportException.at(b.call, "variable \"" + name + "\" is " + (perPlayer ? "not " : "") + "per player");
    }
    if (b.name().equals("set")) {
      f.set(fam, key, x.coerce(value, fam.valueKind, valueNode), body);
    } else {
      f.add(fam, key, x.coerce(value, Kind.NUM, valueNode), body, b.call);
    }
  }

  /** (forEach Player effect): once per player in turn order, Player a constant each time. */
  public static void forEach(Bound b, Ctx ctx, Flow f) throws ExportException {
    if (!b.text("over").equals("Player")) {
      throw ExportException.at(b.get("over"), "(forEach …) ranges over Player");
    }
    for (int p = 0; p < f.m.n; p++) {
      f.effect(b.get("effect"), ctx.bind("Player", Val.of(f.m.player[p], Kind.PLAYER), null));
    }
  }

  public static void setMover(Bound b, Ctx ctx, Flow f) throws ExportException {
    List<String> body = new ArrayList<>();
    Val p = f.x.num(b.get("player"), Kind.PLAYER, ctx, body);
    f.set(f.fam.control(), List.of(), p, body);
    f.setCur(p, body);
  }

  public static void tell(Bound b, Ctx ctx, Flow f) throws ExportException {
    List<String> body = new ArrayList<>();
    Val p = f.x.num(b.get("player"), Kind.PLAYER, ctx, body);
    f.sees(p.term(), Names.gdl(b.text("what")), body);
  }
}
