package veil.ludeme.gdl;

import java.util.List;
import veil.dsl.Node;
import veil.ludeme.PlaceTable;
import veil.ludeme.compile.Type;

/** Places: (hand P), (pile "Name" P), (spot "Name" P), (place "Name" P): the instance term. */
public final class PlaceGdl {
  private PlaceGdl() {}

  public static void register(Emitters e) {
    e.add(Type.PLACE, (GdlEmitter.Place) PlaceGdl::place, "hand", "pile", "spot", "place");
  }

  /** The place a call names, and its owner node (null for none given); Each is left to the caller. */
  public record Ref(PlaceTable.Def def, Node owner) {}

  public static Ref ref(Bound b, Exprs x) throws ExportException {
    Node name = b.get("name");
    Node owner = b.get("owner");
    if (name != null && !(name instanceof Node.Str) && owner == null && b.name().equals("hand")) {
      owner = name;
      name = null;
    }
    String placeName = name == null ? "Hand" : b.text("name");
    PlaceTable.Def d = x.m.place(placeName);
    if (d == null) {
      throw ExportException.at(b.call, "no place named \"" + placeName + "\"");
    }
    return new Ref(d, d.perPlayer() ? owner : null);
  }

  public static boolean isEach(Node owner) {
    return owner instanceof Node.Sym s && s.name().equals("Each");
  }

  public static Val place(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
    Ref r = ref(b, x);
    if (isEach(r.owner())) {
      throw ExportException.at(r.owner(), "Each names every player's place; only deals take it");
    }
    Val owner = null;
    if (r.def().perPlayer()) {
      owner = r.owner() == null ? x.mover(ctx, body) : x.num(r.owner(), Kind.PLAYER, ctx, body);
    }
    return x.instance(r.def(), owner, body);
  }
}
