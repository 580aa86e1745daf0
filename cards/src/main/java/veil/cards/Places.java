package veil.cards;

import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Symbols;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.IntExpr;
import veil.ludeme.PlaceTable;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Val;

/**
 * Card places. As equipment — {@code (hand Each)}, {@code (pile "Won" Each visible:All)}, {@code (spot "Table"
 * Each)}, {@code (pile "Stock")} — they declare a place, shared or one per player, with who may see its cards. As
 * places — {@code (hand Mover)}, {@code (pile "Won" Winner)}, {@code (spot "Table" P1)}, {@code (place "Name" P)}
 * — they name one instance (or {@code Each} in a deal).
 */
public final class Places extends SimpleLudeme {
  private final String kind;
  private final boolean declaration;

  private Places(String kind, boolean declaration, String doc, Param... params) {
    super(kind, declaration ? Type.EQUIPMENT : Type.PLACE, doc, params);
    this.kind = kind;
    this.declaration = declaration;
  }

  public static List<Places> all() {
    Param visible = Param.named("visible", "All|Owner|None", "who sees the cards in it");
    return List.of(
        new Places("hand", true, "Declares a hand per player (named \"Hand\" unless named), seen by its owner.",
            Param.optPos("name", "string", "the name"), Param.optPos("owner", "Each", "one per player"), visible),
        new Places("pile", true, "Declares a pile (face down unless visible:), shared or one per player (Each). "
            + "visible:Top: face down but its top card, which every player sees whenever it changes: a card put on "
            + "top (or into the empty pile) and the top card taken off are seen face up, and the card a taken top "
            + "uncovers is shown as (revealed CARD PILE); a card covered stays known to whoever saw it. moveAll "
            + "and deals do not take such a pile yet.",
            Param.pos("name", "string", "the name"), Param.optPos("owner", "Each", "one per player"),
            Param.named("visible", "All|Owner|None|Top", "who sees the cards in it (Top: every player its top card)")),
        new Places("spot", true, "Declares a spot on the table (face up unless visible:), shared or per player.",
            Param.pos("name", "string", "the name"), Param.optPos("owner", "Each", "one per player"), visible),
        new Places("hand", false, "A player's hand: (hand P), or (hand \"Name\" P) for a hand with another name.",
            Param.optPos("name", "string", "the hand's name"), Param.optPos("owner", "player", "whose (Mover)")),
        new Places("pile", false, "A pile: (pile \"Name\") when shared, (pile \"Name\" P) when per player.",
            Param.pos("name", "string", "the pile"), Param.optPos("owner", "player", "whose")),
        new Places("spot", false, "A spot: (spot \"Name\") when shared, (spot \"Name\" P) when per player.",
            Param.pos("name", "string", "the spot"), Param.optPos("owner", "player", "whose")),
        new Places("place", false, "Any declared place by name, with an owner when per player.",
            Param.pos("name", "string", "the place"), Param.optPos("owner", "player", "whose")));
  }

  @Override
  public String category() {
    return declaration ? "equipment" : "places";
  }

  @Override
  public Object build(Args a) throws DslException {
    // (hand Mover) has no name: the only positional argument is then the owner.
    Node name = a.node("name");
    Node owner = a.node("owner");
    if (name != null && !(name instanceof Node.Str) && owner == null && kind.equals("hand")) {
      owner = name;
      name = null;
    }
    String placeName = name == null ? (kind.equals("hand") ? "Hand" : null) : Compiler.text(name);
    Compiler c = a.compiler();
    if (declaration) {
      boolean each = owner != null;
      if (each && !(owner instanceof Node.Sym s && s.name().equals("Each"))) {
        throw new DslException(veil.dsl.Diagnostic.at(owner.pos(), "a place is declared shared or for Each player",
            "Each"));
      }
      if (c.places.find(placeName) != null) {
        throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "a place named \"" + placeName + "\" already exists"));
      }
      PlaceTable.Visibility dflt = kind.equals("hand") ? PlaceTable.Visibility.OWNER
          : kind.equals("pile") ? PlaceTable.Visibility.NONE : PlaceTable.Visibility.ALL;
      PlaceTable.Visibility vis = visibility(a, "visible", dflt, kind.equals("pile"));
      c.places.add(placeName, kind, each || kind.equals("hand"), vis);
      return this;
    }
    PlaceTable.Def def = c.placeDef(placeName, name == null ? a.pos() : name.pos());
    if (!def.perPlayer()) {
      if (owner != null) {
        throw new DslException(veil.dsl.Diagnostic.at(owner.pos(), "\"" + def.name() + "\" is shared: it has no owner"));
      }
      return new PlaceRef(def, null, false);
    }
    if (owner instanceof Node.Sym s && s.name().equals("Each")) {
      return new PlaceRef(def, null, true);
    }
    IntExpr who = owner == null ? st -> st.cur : c.intExpr(owner);
    if (who instanceof veil.ludeme.Ints.Const k && (k.value() < 0 || k.value() >= c.players())) {
      throw new DslException(veil.dsl.Diagnostic.at(owner.pos(), "player " + k.value() + " is not a player of this"
          + " game: it has " + c.players() + " players, 0.." + (c.players() - 1) + " as numbers",
          "P1..P" + c.players() + ", Mover, Next or another player"));
    }
    int slot = veil.ludeme.Ints.slotOf(who);
    if (owner != null && !(who instanceof veil.ludeme.Ints.Const) && (slot < 0 || slot >= veil.ludeme.Slot.HEADER)) {
      // An owner computed from the game's own values (a variable, arithmetic) is checked where it indexes; the
      // engine's registers (Winner, Leader, …) always hold a player.
      IntExpr raw = who;
      int n = c.players();
      veil.dsl.Pos where = owner.pos();
      String what = "the owner of \"" + def.name() + "\"";
      who = st -> Args.checkPlayer(raw.eval(st), n, where, what);
    }
    return new PlaceRef(def, who, false);
  }

  static PlaceTable.Visibility visibility(Args a, String param, PlaceTable.Visibility dflt) throws DslException {
    return visibility(a, param, dflt, false);
  }

  /** The visibility a declaration names; {@code top} allows Top (an ordered pile showing its top card). */
  static PlaceTable.Visibility visibility(Args a, String param, PlaceTable.Visibility dflt, boolean top)
      throws DslException {
    if (!a.has(param)) {
      return dflt;
    }
    switch (a.text(param)) {
      case "Top":
        if (!top) {
          throw a.error(param, "only a pile shows its top card alone (visible:Top)", "All Owner None");
        }
        return PlaceTable.Visibility.TOP;
      case "All":
        return PlaceTable.Visibility.ALL;
      case "Owner":
        return PlaceTable.Visibility.OWNER;
      case "None":
        return PlaceTable.Visibility.NONE;
      default:
        throw a.error(param, "unknown visibility " + a.text(param), top ? "All Owner None Top" : "All Owner None");
    }
  }

  /** The from: of a move that takes a card, by default the mover's hand (the one place this default is stated). */
  static final Param FROM_HAND = Param.named("from", "place", "where the card comes from (default (hand Mover))");

  /** The place a from: argument names, or the mover's hand. */
  static PlaceRef fromOrHand(Args a) throws DslException {
    return a.has("from") ? a.place("from")
        : new PlaceRef(a.compiler().placeDef("Hand", a.pos()), Symbols.MOVER, false);
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return type() == Type.PLACE ? (GdlEmitter.Place) Gdl::place : null;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

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

    /** The instance a from: argument names, or the mover's hand ({@link Places#fromOrHand}). */
    static Val fromOrHand(Bound b, Ctx ctx, Exprs x, List<String> body) throws ExportException {
      if (b.has("from")) {
        return x.place(b.get("from"), ctx, body);
      }
      PlaceTable.Def hand = x.m.place("Hand");
      if (hand == null) {
        throw ExportException.at(b.call, "no place named \"Hand\" to take the card from");
      }
      return x.instance(hand, x.mover(ctx, body), body);
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
}
