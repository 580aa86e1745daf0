package veil.cards;

import veil.ludeme.Ints;
import veil.ludeme.compile.NamedValue;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.Family;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.KeyOrder;
import veil.ludeme.gdl.Val;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Model;
import java.util.TreeSet;
import java.util.List;
import java.util.ArrayList;
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
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.PlaceRef;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.NamedAction;

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
        Places.FROM_HAND,
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
    PlaceRef fromRef = Places.fromOrHand(a);
    PlaceExpr from = fromRef.expr();
    PlaceExpr to = a.place("to").expr();
    PlaceExpr won = a.place("won").expr();
    IntExpr leader = a.player("leader", 0);
    CardsExpr lead = a.has("lead") ? a.cards("lead") : null;
    long[] suitMask = c.table.cards.suitMask();
    CardsExpr follow = a.has("follow") ? a.cards("follow") : (s, w) -> {
      int words = s.words;
      int at = from.instance(s) * words;
      int led = s.v[Slot.LED_SUIT];
      if (led < 0) {
        return s.places[at + w];
      }
      if (words == 1) {
        long hand = s.places[at];
        long inSuit = hand & suitMask[led];
        return inSuit != 0 ? inSuit : hand;
      }
      int k = led * words;
      for (int i = 0; i < words; i++) {
        if ((s.places[at + i] & suitMask[k + i]) != 0) {
          return s.places[at + w] & suitMask[k + w]; // follow suit when you can
        }
      }
      return s.places[at + w];
    };
    int[] suit = c.table.cards.suit();
    int[] rank = c.table.cards.rank();
    IntExpr key = a.has("winner") ? a.intExpr("winner")
        : s -> suit[s.boundCard] == s.v[Slot.LED_SUIT] ? rank[s.boundCard] : -1;
    Effect onPlay = a.effect("onPlay");
    Effect afterTrick = a.effect("afterTrick");
    TrickAction act = new TrickAction(Names.gdl(a.text("name", "play")), c.table, from, to, won, leader, lead, follow,
        key, onPlay, afterTrick, a.node("leader") == null ? a.pos() : a.node("leader").pos());
    act.followSuit = a.has("follow") ? null : suitMask;
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
    protected long playable(LudState s, int w) {
      long hand = s.places[fromAt(s) * s.words + w];
      return s.v[Slot.TRICK_PLAYED] == 0 ? (lead == null ? hand : lead.eval(s, w) & hand) : follow.eval(s, w) & hand;
    }

    /** With the default follow (follow suit when you can): the suits' masks, for every word in one pass. */
    long[] followSuit;

    @Override
    protected void playableWords(LudState s, long[] out) {
      int words = s.words;
      int at = fromAt(s) * words;
      long[] places = s.places;
      int led = s.v[Slot.LED_SUIT];
      if (s.v[Slot.TRICK_PLAYED] == 0 && lead == null) {
        System.arraycopy(places, at, out, 0, words); // leading: any card
        return;
      }
      if (followSuit == null || s.v[Slot.TRICK_PLAYED] == 0 || led < 0) {
        super.playableWords(s, out);
        return;
      }
      long any = 0;
      for (int w = 0, k = led * words; w < words; w++) {
        long m = places[at + w] & followSuit[k + w];
        out[w] = m;
        any |= m;
      }
      if (any == 0) {
        System.arraycopy(places, at, out, 0, words); // void in the suit led: any card
      }
    }

    @Override
    public void applyCard(LudState s, int card) {
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

  /** The names a trick gives meaning to; their registers are the trick's (in the engine's header, {@link Slot}). */
  private static final List<NamedValue> NAMES = List.of(
      named("Winner", "the winner of the last completed trick", Slot.TRICK_WINNER, (x, body) -> x.read(x.fam.winner(),
          List.of(), body)),
      named("Leader", "who led the current trick", Slot.TRICK_LEADER, (x, body) -> x.read(x.fam.leader(), List.of(),
          body)),
      named("LedSuit", "the suit led to the current (or last) trick", Slot.LED_SUIT, (x, body) -> x.read(x.fam.led(),
          List.of(), body)));

  /** How a named register reads in GDL-II. */
  private interface GdlRead {
    Val read(Exprs x, List<String> body) throws ExportException;
  }

  private static NamedValue named(String name, String doc, int slot, GdlRead gdl) {
    return new NamedValue() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String doc() {
        return doc;
      }

      @Override
      public IntExpr compile(Compiler c) {
        return Ints.read(slot);
      }

      @Override
      public Val gdl(Exprs x, List<String> body) throws ExportException {
        return gdl.read(x, body);
      }
    };
  }

  @Override
  public List<NamedValue> namedValues() {
    return NAMES;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.CARD_MOVE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new Gdl(b);
  }

  /**
   * (trick …): the leader plays a card allowed by lead:, the others in turn one allowed by follow: (by default the led
   * suit if they have it); when all have played, the highest winner: key wins (by default the highest rank of the
   * led suit; ties go to the earliest card from the leader), the cards go to the winner's won: place and the winner
   * leads. Registers: (played N), (led SUIT), (leader P), (winner P), (trickcard P CARD), (tricks N).
   */
  static final class Gdl extends NamedAction {

    Gdl(Bound b) throws ExportException {
      super(b, "play", true);
    }

    @Override
    public boolean managesTurn() {
      return true;
    }

    @Override
    public boolean hasEntry() {
      return true;
    }

    @Override
    public Rel legal(Ctx ctx, Exprs x) throws ExportException {
      Family played = x.fam.played();
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      // Leading.
      List<String> lead = new ArrayList<>();
      Val hand = Places.Gdl.fromOrHand(b, ctx, x, lead);
      lead.add(x.store.read(played, List.of(), "0"));
      String c = b.has("lead") ? x.cards(b.get("lead"), ctx, lead) : x.out.var();
      lead.add(x.store.read(x.fam.at(), List.of(c), hand.term()));
      bodies.add(lead);
      outs.add(List.of(Program.atom(verb, c)));
      // Following.
      if (b.has("follow")) {
        List<String> follow = following(ctx, x);
        String f = x.cards(b.get("follow"), ctx, follow);
        follow.add(x.store.read(x.fam.at(), List.of(f), Places.Gdl.fromOrHand(b, ctx, x, follow).term()));
        bodies.add(follow);
        outs.add(List.of(Program.atom(verb, f)));
      } else {
        List<String> inSuit = following(ctx, x);
        Val h = Places.Gdl.fromOrHand(b, ctx, x, inSuit);
        String f = x.out.var();
        String s = x.out.var();
        inSuit.add(x.store.read(x.fam.led(), List.of(), s));
        inSuit.add(x.store.read(x.fam.at(), List.of(f), h.term()));
        inSuit.add(Program.atom(x.m.suitOf(), f, s));
        bodies.add(inSuit);
        outs.add(List.of(Program.atom(verb, f)));
        List<String> any = following(ctx, x);
        Val h2 = Places.Gdl.fromOrHand(b, ctx, x, any);
        String g = x.out.var();
        any.add(x.store.read(x.fam.at(), List.of(g), h2.term()));
        List<String> has = new ArrayList<>();
        Val h3 = Places.Gdl.fromOrHand(b, ctx, x, has);
        String d = x.out.var();
        String s2 = x.out.var();
        has.add(x.store.read(x.fam.led(), List.of(), s2));
        has.add(x.store.read(x.fam.at(), List.of(d), h3.term()));
        has.add(Program.atom(x.m.suitOf(), d, s2));
        any.add(Program.not(x.helper("cansuit", ctx, List.of(has), List.of(List.of())).call()));
        bodies.add(any);
        outs.add(List.of(Program.atom(verb, g)));
      }
      return x.helper("moves", ctx, bodies, outs);
    }

    private static List<String> following(Ctx ctx, Exprs x) {
      return new ArrayList<>(List.of(Program.not(x.store.read(x.fam.played(), List.of(), "0"))));
    }

    @Override
    public void entry(Flow f) throws ExportException {
      List<String> body = new ArrayList<>();
      Val p = b.has("leader") ? f.x.num(b.get("leader"), Kind.PLAYER, Ctx.EMPTY, body)
          : Val.of(f.m.player[0], Kind.PLAYER);
      f.set(f.fam.control(), List.of(), p, body);
      f.set(f.fam.leader(), List.of(), p, body);
      f.set(f.fam.played(), List.of(), Val.num(0), List.of());
      f.setCur(p, body);
    }

    @Override
    public void apply(Flow f, String card, String cardLit) throws ExportException {
      Exprs x = f.x;
      Model m = f.m;
      int n = m.n;
      List<String> pb = new ArrayList<>();
      Val p = x.mover(Ctx.EMPTY, pb);
      // The first card of a trick sets the leader and the led suit and clears the trick's cards.
      String leading = f.sub(List.of(x.store.read(f.fam.played(), List.of(), "0")));
      f.under(leading, () -> {
        f.set(f.fam.leader(), List.of(), p, pb);
        String s = x.out.var();
        f.set(f.fam.led(), List.of(), Val.of(s, Kind.SUIT), List.of(cardLit, Program.atom(m.suitOf(), card, s)));
        List<Flow.W> clear = new ArrayList<>();
        for (int q = 0; q < n; q++) {
          clear.add(new Flow.W(List.of(m.player[q]), "none", List.of(), null));
        }
        f.write(f.fam.trickCard(), clear);
      });
      List<String> mv = new ArrayList<>(List.of(cardLit));
      Val from = Places.Gdl.fromOrHand(b, Ctx.EMPTY, x, mv);
      Val to = x.place(b.get("to"), Ctx.EMPTY, mv);
      f.moveCard(card, from.term(), to.term(), mv);
      List<String> tb = new ArrayList<>(pb);
      tb.add(cardLit);
      f.set(f.fam.trickCard(), List.of(p.term()), Val.of(card, Kind.CARD), tb);
      f.increment(f.fam.played());
      f.effect(b.get("onPlay"), Ctx.EMPTY);
      List<String> more = new ArrayList<>();
      Val count = x.read(f.fam.played(), List.of(), more);
      x.compare("<", count, Val.num(n), more, b.call);
      String notDone = f.sub(more);
      String done = f.sub(List.of(Program.not(notDone)));
      f.under(notDone, () -> {
        List<String> nb = new ArrayList<>(pb);
        f.set(f.fam.control(), List.of(), x.seat(p, 1, nb), nb);
      });
      f.under(done, () -> complete(f, p, pb));
    }

    /** The trick is complete: find the winner, give it the cards, and let it lead. */
    private void complete(Flow f, Val p, List<String> pb) throws ExportException {
      Exprs x = f.x;
      Model m = f.m;
      int n = m.n;
      // Each player's key: (key Q K).
      String q = x.out.var();
      String c = x.out.var();
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      TreeSet<Integer> nums = new TreeSet<>();
      List<String> base = List.of(Program.atom(m.players(), q), x.store.read(f.fam.trickCard(), List.of(q), c));
      if (b.has("winner")) {
        List<String> body = new ArrayList<>(base);
        Ctx ctx = Ctx.EMPTY.bind("Card", Val.of(c, Kind.CARD), Program.atom(m.isCard(), c));
        Val k = x.num(b.get("winner"), Kind.NUM, ctx, body);
        bodies.add(body);
        outs.add(List.of(q, k.term()));
        nums.addAll(k.nums());
      } else {
        String s = x.out.var();
        String r = x.out.var();
        List<String> inSuit = new ArrayList<>(base);
        inSuit.addAll(List.of(Program.atom(m.suitOf(), c, s), x.store.read(f.fam.led(), List.of(), s),
            Program.atom(m.rankOf(), c, r)));
        bodies.add(inSuit);
        outs.add(List.of(q, r));
        String l = x.out.var();
        List<String> off = new ArrayList<>(base);
        off.addAll(List.of(Program.atom(m.suitOf(), c, s), x.store.read(f.fam.led(), List.of(), l),
            Program.atom("distinct", s, l)));
        bodies.add(off);
        outs.add(List.of(q, "-1"));
        for (int rank : m.game.cards.rank()) {
          nums.add(rank);
        }
        nums.add(-1);
      }
      Rel key = x.helper("key", Ctx.EMPTY, bodies, outs);
      // Beaten: another key is higher, or equal and earlier from the leader.
      KeyOrder order = KeyOrder.of(x, key, nums);
      String me = x.out.var();
      String other = x.out.var();
      String lead = x.out.var();
      String beaten = x.out.rel("beaten");
      x.out.rule(Program.atom(beaten, me), List.of(Program.atom(order.higher, me, other)));
      x.out.rule(Program.atom(beaten, me), List.of(Program.atom(order.tied, me, other),
          Program.atom("distinct", me, other), x.store.read(f.fam.leader(), List.of(), lead),
          Program.atom(before(x), lead, other, me)));
      String w = x.out.var();
      f.set(f.fam.winner(), List.of(), Val.of(w, Kind.PLAYER),
          List.of(Program.atom(m.players(), w), Program.not(Program.atom(beaten, w))));
      // The cards go to the winner's place, in seat order.
      List<String> wb = new ArrayList<>();
      Val won = x.place(b.get("won"), Ctx.EMPTY, wb);
      List<Flow.CardMove> moves = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        List<String> body = new ArrayList<>(wb);
        Ctx seat = Ctx.EMPTY.bind("Mover", Val.of(m.player[k], Kind.PLAYER), null);
        Val to = x.place(b.get("to"), seat, body);
        String card = x.out.var();
        body.add(x.store.read(f.fam.trickCard(), List.of(m.player[k]), card));
        moves.add(new Flow.CardMove(card, to.term(), won.term(), body));
      }
      f.moveCards(moves);
      f.increment(f.fam.tricks());
      f.set(f.fam.played(), List.of(), Val.num(0), List.of());
      List<String> nb = new ArrayList<>();
      Val winner = x.read(f.fam.winner(), List.of(), nb);
      f.set(f.fam.control(), List.of(), winner, nb);
      f.set(f.fam.leader(), List.of(), winner, nb);
      f.setCur(winner, nb);
      f.effect(b.get("afterTrick"), Ctx.EMPTY);
      f.setCur(p, pb);
    }

    /** (before L A B): from leader L in seat order, A plays before B. */
    private static String before(Exprs x) {
      int n = x.m.n;
      if (x.out.once("before")) {
        for (int l = 0; l < n; l++) {
          for (int a = 0; a < n; a++) {
            for (int c = 0; c < n; c++) {
              if ((a - l + n) % n < (c - l + n) % n) {
                x.out.table("before", "(before " + x.m.player[l] + " " + x.m.player[a] + " " + x.m.player[c] + ")",
                    "(before l a b): in seat order from leader l, a plays before b");
              }
            }
          }
        }
      }
      return "before";
    }
  }
}
