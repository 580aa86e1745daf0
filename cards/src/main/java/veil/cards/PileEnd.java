package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Family;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * The ends of an ordered place: {@code (top P)}, the card put there most recently, and {@code (bottom P)}, the one
 * put there least recently (or put under the others with {@code at:Bottom}); -1 when the place is empty. Every place
 * keeps its cards in the order they arrived (each card move stamps the card with the engine's clock, {@code
 * at:Bottom} with the clock negated), so a stock, a discard pile or a War pile is ordered without declaring it.
 * Cards that never moved lie in the game's card order, the last card of the deck on top.
 */
public final class PileEnd extends ReplayedLudeme {
  private final boolean top;

  private PileEnd(boolean top) {
    super(top ? "top" : "bottom", Type.INT, "cards", (GdlEmitter.Num) Gdl::end, top
        ? "The card on top of a place: the one put there last (-1 when it is empty), e.g. (top (pile \"Discard\"))."
        : "The card at the bottom of a place: the one put there first or put under the others (-1 when empty).",
        Param.pos("place", "place", "the place, e.g. (pile \"Stock\" Mover)"));
    this.top = top;
  }

  public static List<PileEnd> all() {
    return List.of(new PileEnd(true), new PileEnd(false));
  }

  @Override
  public Object build(Args a) throws DslException {
    PlaceRef ref = a.place("place");
    if (ref.each()) {
      throw a.error("place", "Each names every player's place; (" + name() + " …) reads one place",
          "one place, e.g. (pile \"Stock\" Mover)");
    }
    PlaceExpr at = ref.expr();
    Table t = a.compiler().table;
    boolean up = top;
    return (IntExpr) s -> t.end(s, at.instance(s), up);
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /**
     * The card of the place that no other card of it lies above (top) or under (bottom), read from the fluent
     * (above A B) (kept for every place once a game reads an end), or none when the place is empty.
     */
    public static Val end(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      boolean top = b.name().equals("top");
      List<String> b1 = new ArrayList<>();
      Val place = x.place(b.get("place"), ctx, b1);
      Family at = x.fam.at();
      Family above = x.fam.above();
      // (covered C): some card lies above C (top) or under it (bottom).
      String c = x.out.var();
      String d = x.out.var();
      String covered = x.out.rel(top ? "covered" : "covering");
      x.out.rule(Program.atom(covered, c), List.of(x.store.read(above, top ? List.of(d, c) : List.of(c, d), null)));
      // (occupied P): a card lies at P.
      String p = x.out.var();
      String e = x.out.var();
      String occupied = x.out.rel("occupied");
      x.out.rule(Program.atom(occupied, p), List.of(x.store.read(at, List.of(e), p)));
      String card = x.out.var();
      List<String> found = new ArrayList<>(b1);
      found.add(x.store.read(at, List.of(card), place.term()));
      found.add(Program.not(Program.atom(covered, card)));
      List<String> none = new ArrayList<>(b1);
      none.add(Program.not(Program.atom(occupied, place.term())));
      Rel rel = x.helper(top ? "top" : "bottom", ctx, List.of(found, none), List.of(List.of(card), List.of("none")));
      String v = x.out.var();
      body.add(rel.call(v));
      return Val.of(v, Kind.CARD);
    }
  }
}
