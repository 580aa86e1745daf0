package veil.cards;

import veil.dsl.DslException;
import veil.ludeme.CardAction;
import veil.ludeme.CardsExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.LudState;
import veil.ludeme.Names;
import veil.ludeme.PlaceExpr;
import veil.ludeme.Slot;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Symbols;
import veil.ludeme.compile.Type;

/**
 * {@code (trick …)}: trick-taking as one ludeme. The leader plays any card allowed by lead:, each other player in
 * turn one allowed by follow: (default: the led suit if you have it, else anything). When every player has played,
 * the card with the highest winner: key wins (default: highest rank of the led suit), the cards go to the won:
 * place of the winner, and the winner leads the next trick.
 */
public final class Trick extends SimpleLudeme {
  public Trick() {
    super("trick", Type.MOVE, "Trick-taking: lead, follow, the highest key wins, the cards go to the winner, "
        + "who leads next.",
        Param.named("from", "place", "where players play from (default (hand Mover))"),
        Param.required("to", "place", "where a played card lies, e.g. (spot \"Table\" Mover)"),
        Param.required("won", "place", "where the winner's cards go, e.g. (pile \"Won\" Winner)"),
        Param.named("leader", "player", "who leads the first trick (default P1)"),
        Param.named("lead", "cards", "the cards the leader may lead (default all in hand)"),
        Param.named("follow", "cards", "the cards a follower may play (default: led suit if any, else all)"),
        Param.named("winner", "int", "the key of Card; the highest wins (default: rank if of the led suit)"),
        Param.named("onPlay", "effect", "after each card is played ((lastCard) is it)"),
        Param.named("afterTrick", "effect", "after a trick is won (Winner is its winner)"),
        Param.named("name", "name", "the move's GDL name (default play)"));
  }

  @Override
  public String category() {
    return "moves";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    PlaceRef fromRef = a.has("from") ? a.place("from") : new PlaceRef(c.placeDef("Hand", a.pos()), Symbols.MOVER, false);
    PlaceExpr from = fromRef.expr();
    PlaceExpr to = a.place("to").expr();
    PlaceExpr won = a.place("won").expr();
    IntExpr leader = a.player("leader", 0);
    CardsExpr lead = a.has("lead") ? a.cards("lead") : null;
    long[] suitMask = c.table.cards.suitMask();
    CardsExpr follow = a.has("follow") ? a.cards("follow") : s -> {
      long hand = s.places[from.instance(s)];
      int led = s.v[Slot.LED_SUIT];
      long inSuit = led < 0 ? 0 : hand & suitMask[led];
      return inSuit != 0 ? inSuit : hand;
    };
    int[] suit = c.table.cards.suit();
    int[] rank = c.table.cards.rank();
    IntExpr key = a.has("winner") ? a.intExpr("winner")
        : s -> suit[s.boundCard] == s.v[Slot.LED_SUIT] ? rank[s.boundCard] : -1;
    Effect onPlay = a.effect("onPlay");
    Effect afterTrick = a.effect("afterTrick");
    TrickAction act = new TrickAction(Names.gdl(a.text("name", "play")), c.table, from, to, won, leader, lead, follow,
        key, onPlay, afterTrick, a.node("leader") == null ? a.pos() : a.node("leader").pos());
    c.game.actions.add(act);
    return act;
  }

  /** The compiled trick. */
  static final class TrickAction extends CardAction {
    private final Table t;
    private final PlaceExpr from;
    private final PlaceExpr to;
    private final PlaceExpr won;
    private final IntExpr leader;
    private final CardsExpr lead;
    private final CardsExpr follow;
    private final IntExpr key;
    private final Effect onPlay;
    private final Effect afterTrick;
    private final int n;
    private final int trickCard;
    /** Bases of from: and to: when they are the Mover's own places (the usual case), else -1. */
    private final int fromBase;
    private final int toBase;
    /** Where the leader is given, for a rule failure when it is not a player. */
    private final veil.dsl.Pos where;

    TrickAction(String verb, Table t, PlaceExpr from, PlaceExpr to, PlaceExpr won, IntExpr leader, CardsExpr lead,
        CardsExpr follow, IntExpr key, Effect onPlay, Effect afterTrick, veil.dsl.Pos where) {
      super(verb);
      this.where = where;
      this.t = t;
      this.from = from;
      this.to = to;
      this.won = won;
      this.leader = leader;
      this.lead = lead;
      this.follow = follow;
      this.key = key;
      this.onPlay = onPlay;
      this.afterTrick = afterTrick;
      this.n = t.players;
      this.trickCard = t.layout.trickCard;
      this.fromBase = PlaceRef.moverBase(from);
      this.toBase = PlaceRef.moverBase(to);
    }

    @Override
    public boolean managesTurn() {
      return true;
    }

    @Override
    public Effect entry() {
      return s -> {
        int p = Args.checkPlayer(leader.eval(s), n, where, "the trick's leader:");
        s.v[Slot.MOVER] = p;
        s.v[Slot.TRICK_LEADER] = p;
        s.v[Slot.TRICK_PLAYED] = 0;
        s.cur = p;
      };
    }

    private int fromAt(LudState s) {
      return fromBase >= 0 ? fromBase + s.cur : from.instance(s);
    }

    private int toAt(LudState s) {
      return toBase >= 0 ? toBase + s.cur : to.instance(s);
    }

    @Override
    protected long playable(LudState s) {
      long hand = s.places[fromAt(s)];
      return s.v[Slot.TRICK_PLAYED] == 0 ? (lead == null ? hand : lead.eval(s) & hand) : follow.eval(s) & hand;
    }

    @Override
    public void apply(LudState s, int card) {
      int[] v = s.v;
      int p = s.cur;
      if (v[Slot.TRICK_PLAYED] == 0) {
        v[Slot.TRICK_LEADER] = p;
        v[Slot.LED_SUIT] = t.cards.suit()[card];
        for (int q = 0; q < n; q++) {
          v[trickCard + q] = -1;
        }
      }
      t.moveCard(s, card, fromAt(s), toAt(s));
      v[trickCard + p] = card;
      v[Slot.TRICK_PLAYED]++;
      if (onPlay != Effect.NONE) {
        onPlay.run(s);
      }
      if (v[Slot.TRICK_PLAYED] < n) {
        v[Slot.MOVER] = (p + 1) % n;
        return;
      }
      // Trick complete: the highest key wins; ties go to the earliest card in play order from the leader.
      int savedCard = s.boundCard;
      int best = -1;
      int bestKey = Integer.MIN_VALUE;
      for (int i = 0; i < n; i++) {
        int q = (v[Slot.TRICK_LEADER] + i) % n;
        s.boundCard = v[trickCard + q];
        int k = key.eval(s);
        if (best < 0 || k > bestKey) {
          best = q;
          bestKey = k;
        }
      }
      s.boundCard = savedCard;
      v[Slot.TRICK_WINNER] = best;
      int wonAt = won.instance(s);
      for (int q = 0; q < n; q++) {
        s.cur = q;
        t.moveCard(s, v[trickCard + q], toAt(s), wonAt);
      }
      v[Slot.TRICKS]++;
      v[Slot.TRICK_PLAYED] = 0;
      v[Slot.MOVER] = best;
      v[Slot.TRICK_LEADER] = best;
      s.cur = best;
      if (afterTrick != Effect.NONE) {
        afterTrick.run(s);
      }
      s.cur = p;
    }

    @Override
    public String text(CompiledGame g, int card) {
      return "(" + verb + " " + t.cardText(card) + ")";
    }
  }
}
