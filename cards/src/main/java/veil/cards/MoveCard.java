package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.Action;
import veil.ludeme.CardAction;
import veil.ludeme.CardsExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.LudState;
import veil.ludeme.Names;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Table;
import veil.ludeme.compile.CardSampling;
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
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.NamedAction;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;

/**
 * {@code (move [from:P] to:Q [cards:S] [name:"play"] [then:effect])}: the player picks one card of a place (or of
 * a subset of it) and moves it to another. The move's GDL term is {@code (name card)}.
 */
public final class MoveCard extends SimpleLudeme {
  public MoveCard() {
    super("move", Type.MOVE, "Pick one card from a place (default your hand) and move it to another.",
        Places.FROM_HAND,
        Param.required("to", "place", "where it goes"),
        Param.named("cards", "cards", "which of the place's cards may be picked (default all)"),
        Param.named("name", "name", "the move's GDL name (default move)"),
        Param.named("then", "effect", "what happens after, e.g. a draw, before the turn passes on (Mover is the one who moved; (lastCard) the card)"));
  }

  @Override
  public String category() {
    return "moves";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    PlaceRef fromRef = Places.fromOrHand(a);
    PlaceRef toRef = a.place("to");
    if (fromRef.each() || toRef.each()) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "a move goes from one place to one place (Each is for deals)"));
    }
    PlaceExpr from = fromRef.expr();
    PlaceExpr to = toRef.expr();
    CardsExpr choices = a.has("cards") ? a.cards("cards") : null;
    Effect then = a.effect("then");
    Table t = c.table;
    Action act = new CardAction(Names.gdl(a.text("name", "move"))) {
      @Override
      protected long playable(LudState s, int w) {
        long m = s.places[from.instance(s) * s.words + w];
        return choices == null ? m : m & choices.eval(s, w);
      }

      @Override
      public void applyCard(LudState s, int card) {
        t.moveCard(s, card, from.instance(s), to.instance(s));
        if (then != Effect.NONE) {
          then.run(s);
        }
      }

      @Override
      public String text(CompiledGame g, int card) {
        return "(" + verb + " " + t.cardText(card) + ")";
      }
    };
    c.game.actions.add(act);
    return act;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.CARD_MOVE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new Gdl.CardMove(b);
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (move [from:P] to:Q [cards:S] [name:N] [then:effect]): (N CARD). */
    public static final class CardMove extends NamedAction {

      CardMove(Bound b) throws ExportException {
        super(b, "move", true);
      }

      @Override
      public Rel legal(Ctx ctx, Exprs x) throws ExportException {
        List<String> body = new ArrayList<>();
        Val from = Places.Gdl.fromOrHand(b, ctx, x, body);
        String c;
        if (b.has("cards")) {
          c = x.cards(b.get("cards"), ctx, body);
        } else {
          c = x.out.var();
        }
        body.add(x.store.read(x.fam.at(), List.of(c), from.term()));
        return x.helper("moves", ctx, List.of(body), List.of(List.of(Program.atom(verb, c))));
      }

      @Override
      public void apply(Flow f, String card, String cardLit) throws ExportException {
        List<String> body = new ArrayList<>(List.of(cardLit));
        Val from = Places.Gdl.fromOrHand(b, Ctx.EMPTY, f.x, body);
        Val to = f.x.place(b.get("to"), Ctx.EMPTY, body);
        f.moveCard(card, from.term(), to.term(), body);
        f.effect(b.get("then"), Ctx.EMPTY);
      }
    }
  }
}
