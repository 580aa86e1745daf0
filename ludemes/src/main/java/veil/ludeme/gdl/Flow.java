package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import veil.dsl.Node;
import veil.ludeme.compile.Type;

/**
 * The effects of one step, written as GDL rules. The step is straight-line code with guards: every effect runs
 * under the guard of the branch it is in (a 0-ary relation), and every write makes a new version of a family
 * (see {@link Store}), so that later effects read what earlier ones wrote. Card moves also give each player the
 * percept {@code (moved CARD FROM TO)}, or {@code (moved hidden FROM TO)} when it sees neither place.
 */
public final class Flow {
  public final Model m;
  public final Program out;
  public final Families fam;
  public final Analysis an;
  public final Store store;
  public final Exprs x;
  private String guard;
  /** Deals queued by effects in this step (for the analysis of how long the queue gets). */
  public int enqueues;

  public Flow(Model m, Program out, Families fam, Analysis an, Emitters em) {
    this.m = m;
    this.out = out;
    this.fam = fam;
    this.an = an;
    this.store = new Store(an);
    this.x = new Exprs(m, out, fam, em, store);
  }

  // ---------------------------------------------------------------- guards

  public String guard() {
    return guard;
  }

  /** The body with the current guard in front. */
  public List<String> guarded(List<String> body) {
    List<String> b = new ArrayList<>();
    if (guard != null) {
      b.add(guard);
    }
    b.addAll(body);
    return b;
  }

  /** A new guard: the current one and some literals. */
  public String sub(List<String> lits) {
    String g = out.rel("g");
    out.rule(g, guarded(lits));
    return g;
  }

  public interface Block {
    void run() throws ExportException;
  }

  /** Runs a block under another guard. */
  public void under(String g, Block b) throws ExportException {
    String saved = guard;
    guard = g;
    try {
      b.run();
    } finally {
      guard = saved;
    }
  }

  /** A 0-ary relation for a condition at the current version; fails for conditions over unbound names. */
  public String condition(Node cond, Ctx ctx) throws ExportException {
    String c = x.condAtom(cond, ctx);
    if (!Program.vars(c).isEmpty()) {
      throw ExportException.at(cond, "this condition depends on a card or player not fixed here");
    }
    return c;
  }

  /** {@code (if c a [b])} as an effect. */
  public void branch(Node cond, Node a, Node b, Ctx ctx) throws ExportException {
    String c = condition(cond, ctx);
    String ga = sub(List.of(c));
    String gb = b == null ? null : sub(List.of(Program.not(c)));
    under(ga, () -> effect(a, ctx));
    if (b != null) {
      under(gb, () -> effect(b, ctx));
    }
  }

  // ---------------------------------------------------------------- effects

  public void effect(Node n, Ctx ctx) throws ExportException {
    if (n == null) {
      return;
    }
    if (n instanceof Node.Braces b) {
      for (Node item : b.items()) {
        effect(item, ctx);
      }
      return;
    }
    Bound b = x.em.bind(n, Type.EFFECT);
    x.em.emitter(b, Type.EFFECT, GdlEmitter.Effect.class).emit(b, ctx, this);
  }

  // ---------------------------------------------------------------- writes

  /** One write: the key terms, the value (null for a flag set; {@link #CLEAR} clears), literals binding them. */
  public record W(List<String> key, String value, List<String> body, NavigableSet<Integer> nums) {}

  public static final String CLEAR = "<clear>";

  public static W w(List<String> key, Val value, List<String> body) {
    return new W(key, value == null ? null : value.term(), body, value == null ? null : value.nums());
  }

  /** Writes some keys of a family (distinct keys) under the current guard: a new version. */
  public void write(Family f, List<W> ws) {
    if (!f.read && f.persistent || ws.isEmpty()) {
      return;
    }
    int prev = store.version(f);
    List<String> fk = new ArrayList<>();
    for (int i = 0; i < f.keys; i++) {
      fk.add(out.var());
    }
    String fv = f.valued ? out.var() : null;
    String prevRead = prev == 0 && !f.persistent ? null : store.read(f, fk, fv);
    TreeSet<Integer> nums = new TreeSet<>();
    for (W w : ws) {
      if (w.nums() != null) {
        nums.addAll(w.nums());
      }
    }
    int v = store.bump(f, nums);
    for (W w : ws) {
      List<String> body = guarded(w.body());
      if (!CLEAR.equals(w.value())) {
        out.rule(f.stage(v, w.key(), w.value()), body);
      }
      if (prevRead != null) {
        out.rule(f.written(v, w.key()), body);
      }
    }
    if (prevRead != null) {
      out.rule(f.stage(v, fk, fv), List.of(prevRead, Program.not(f.written(v, fk))));
    }
  }

  public void set(Family f, List<String> key, Val value, List<String> body) {
    if (f.valued && f.valueKind == Kind.NUM) {
      an.noteSet(f, value.constant());
    }
    write(f, List.of(w(key, value, body)));
  }

  /** Adds a number to a number family's value at one key. */
  public void add(Family f, List<String> key, Val amount, List<String> body, Node at) throws ExportException {
    if (!f.read) {
      return;
    }
    List<String> b = new ArrayList<>(body);
    Val old = x.read(f, key, b);
    Val sum = x.arith('+', old, amount, b, at);
    an.noteAdd(f, amount.nums());
    write(f, List.of(w(key, sum, b)));
  }

  public void increment(Family f) throws ExportException {
    add(f, List.of(), Val.num(1), List.of(), null);
  }

  /** Writes the mover register. */
  public void setCur(Val p, List<String> body) {
    set(fam.cur(), List.of(), p, body);
  }

  // ---------------------------------------------------------------- cards

  /** One card moving between two places (terms bound by the body). */
  public record CardMove(String card, String from, String to, List<String> body) {}

  /**
   * Moves cards (one batch, distinct cards) and tells every player what they see; the last move of the batch is
   * the last card moved.
   */
  public void moveCards(List<CardMove> moves) {
    moveCards(moves, false);
  }

  /** {@link #moveCards}, each card put on top of its new place or, with {@code under}, under its cards. */
  public void moveCards(List<CardMove> moves, boolean under) {
    // A place that shows its top card: which card is on top, and which places hold cards, before the moves.
    boolean tops = m.game.places.anyTopShown();
    String topBefore = tops ? topOf() : null;
    String occupiedBefore = tops ? occupied() : null;
    reorder(moves, under);
    Family at = fam.at();
    List<W> ws = new ArrayList<>();
    for (CardMove mv : moves) {
      ws.add(new W(List.of(mv.card()), mv.to(), mv.body(), null));
      seesMove(mv, under, topBefore, occupiedBefore);
    }
    write(at, ws);
    if (tops) {
      revealUncovered(moves, topBefore);
    }
    CardMove last = moves.get(moves.size() - 1);
    set(fam.lastCard(), List.of(), Val.of(last.card(), Kind.CARD), last.body());
  }

  public void moveCard(String card, String from, String to, List<String> body) {
    moveCards(List.of(new CardMove(card, from, to, body)));
  }

  /**
   * Keeps {@link Families#above} through a batch of card moves, read before the moves are written: a moved card
   * leaves every fact of its old place and lies above (or under) the cards of its new one; cards of one batch that
   * go to one place lie in batch order (each later one above, or under). The destination's cards must not move in
   * the same batch.
   */
  void reorder(List<CardMove> moves, boolean under) {
    Family ab = fam.above();
    if (!ab.read) {
      return;
    }
    List<W> ws = new ArrayList<>();
    for (int i = 0; i < moves.size(); i++) {
      CardMove mv = moves.get(i);
      clearOrder(ab, mv.card(), mv.body(), ws);
      String d = out.var();
      List<String> b = new ArrayList<>(mv.body());
      b.add(store.read(fam.at(), List.of(d), mv.to()));
      ws.add(new W(under ? List.of(d, mv.card()) : List.of(mv.card(), d), null, b, null));
      for (int j = 0; j < i; j++) {
        CardMove early = moves.get(j);
        if (!early.to().equals(mv.to())) {
          if (Program.vars(List.of(early.to(), mv.to())).isEmpty()) {
            continue; // two fixed places that differ
          }
          throw new IllegalStateException("a batch of card moves to places that may or may not be one");
        }
        List<String> both = new ArrayList<>(early.body());
        both.addAll(mv.body());
        ws.add(new W(under ? List.of(early.card(), mv.card()) : List.of(mv.card(), early.card()), null, both,
            null));
      }
    }
    write(ab, ws);
  }

  /**
   * Keeps {@link Families#above} through a move of every card of a place ({@code card} ranges over them in
   * {@code body}): on top, made lowest index first, so a higher card ends above a lower one ({@code before} names
   * the static relation (before A B) of card A coming before card B); with {@code under}, slid under the cards there
   * keeping their order. {@code others} binds {@code other} to every card that moves with {@code card} (all of
   * {@code from}, or those an if: chose), with variables of its own.
   */
  public void reorderAll(String card, String from, String to, List<String> body, boolean under, String before,
      String other, List<String> others) {
    Family ab = fam.above();
    if (!ab.read) {
      return;
    }
    List<W> ws = new ArrayList<>();
    clearOrder(ab, card, body, ws);
    String d = out.var();
    List<String> b = new ArrayList<>(body);
    b.add(store.read(fam.at(), List.of(d), to));
    ws.add(new W(under ? List.of(d, card) : List.of(card, d), null, b, null));
    String e = other;
    List<String> pair = new ArrayList<>(body);
    pair.addAll(others);
    pair.add(under ? store.read(ab, List.of(card, e), null) : Program.atom(before, e, card));
    ws.add(new W(List.of(card, e), null, pair, null));
    write(ab, ws);
  }

  /** The writes that drop every (above …) fact of a moving card (the body binds it). */
  public void clearOrder(Family ab, String card, List<String> body, List<W> ws) {
    String o = out.var();
    List<String> b1 = new ArrayList<>(body);
    b1.add(store.read(ab, List.of(card, o), null));
    ws.add(new W(List.of(card, o), CLEAR, b1, null));
    List<String> b2 = new ArrayList<>(body);
    b2.add(store.read(ab, List.of(o, card), null));
    ws.add(new W(List.of(o, card), CLEAR, b2, null));
  }

  /**
   * (ontop P C) at the current version: C is the top card of P, a place that shows its top card ({@link
   * Model#topShown}); read from (above A B), which every place then keeps.
   */
  private String topOf() {
    String c = out.var();
    String d = out.var();
    String covered = out.rel("covered");
    out.rule(Program.atom(covered, c), List.of(store.read(fam.above(), List.of(d, c), null)));
    String p = out.var();
    String top = out.rel("ontop");
    out.rule(Program.atom(top, p, c), List.of(Program.atom(m.topShown(), p), store.read(fam.at(), List.of(c), p),
        Program.not(Program.atom(covered, c))));
    return top;
  }

  /** (heldat P) at the current version: P, a place that shows its top card, holds a card. */
  private String occupied() {
    String p = out.var();
    String held = out.rel("heldat");
    out.rule(Program.atom(held, p), List.of(Program.atom(m.topShown(), p), store.read(fam.at(), List.of(out.var()),
        p)));
    return held;
  }

  /**
   * After a batch of moves: a move that took the top card of a place that shows its top shows every player the card
   * it uncovered, (revealed CARD PLACE), as the engine does after the move.
   */
  private void revealUncovered(List<CardMove> moves, String topBefore) {
    String topAfter = topOf();
    for (CardMove mv : moves) {
      String r = out.var();
      String y = out.var();
      List<String> b = new ArrayList<>(mv.body());
      b.add(Program.atom(topBefore, mv.from(), mv.card()));
      b.add(Program.atom(topAfter, mv.from(), y));
      String face = m.face(y, b);
      b.add(Program.atom(m.players(), r));
      sees(r, Program.atom("revealed", face, mv.from()), b);
    }
  }

  /** The percepts of a card move. */
  public void seesMove(CardMove mv) {
    seesMove(mv, false, null, null);
  }

  /**
   * The percepts of a card move; with {@code topBefore} (the game has a place that shows its top card, {@link
   * #topOf} and {@link #occupied} before the move), every player also sees the face of the card taken off such a
   * place's top, or put on its top (with {@code under}, into it when it was empty).
   */
  void seesMove(CardMove mv, boolean under, String topBefore, String occupiedBefore) {
    String r = out.var();
    String see = m.canSee();
    boolean anyVisible = false;
    for (int mask : m.game.places.visibleMask()) {
      anyVisible |= mask != 0;
    }
    List<String> faceBody = new ArrayList<>();
    String face = m.face(mv.card(), faceBody);
    String seen = Program.atom("sees", r, Program.atom("moved", face, mv.from(), mv.to()));
    String hidden = Program.atom("sees", r, Program.atom("moved", "hidden", mv.from(), mv.to()));
    String player = Program.atom(m.players(), r);
    List<List<String>> topShows = new ArrayList<>();
    if (topBefore != null) {
      List<String> onTop = new ArrayList<>(List.of(Program.atom(m.topShown(), mv.to())));
      if (under) {
        onTop.add(Program.not(Program.atom(occupiedBefore, mv.to())));
      }
      topShows.add(onTop);
      topShows.add(List.of(Program.atom(topBefore, mv.from(), mv.card())));
      for (List<String> why : topShows) {
        List<String> b = guarded(mv.body());
        b.addAll(faceBody);
        b.add(player);
        b.addAll(why);
        out.rule(seen, b);
      }
    }
    if (anyVisible) {
      for (String place : List.of(mv.from(), mv.to())) {
        List<String> b = guarded(mv.body());
        b.addAll(faceBody);
        b.add(player);
        b.add(Program.atom(see, r, place));
        out.rule(seen, b);
      }
    }
    // The hidden percept does not name the card: project the move onto its places first, so that it is not
    // derived (and grounded) once per card.
    List<String> placeVars = new ArrayList<>(Program.vars(List.of(mv.from(), mv.to())));
    String moving = out.rel("moving");
    out.rule(Program.atom(moving, placeVars), guarded(mv.body()));
    List<String> b = new ArrayList<>(List.of(Program.atom(moving, placeVars)));
    b.add(player);
    if (!topShows.isEmpty()) {
      String shownToAll = out.rel("topmove");
      for (List<String> why : topShows) {
        List<String> sb = guarded(mv.body());
        sb.addAll(why);
        out.rule(Program.atom(shownToAll, placeVars), sb);
      }
      b.add(Program.not(Program.atom(shownToAll, placeVars)));
    }
    if (anyVisible) {
      b.add(Program.not(Program.atom(see, r, mv.from())));
      b.add(Program.not(Program.atom(see, r, mv.to())));
    }
    out.rule(hidden, b);
  }

  // ---------------------------------------------------------------- chance

  /**
   * Queues a deal, (deal SOURCE DEST ROTATE LEFT), at the first free position of the queue (positions are filled
   * from 0 without gaps).
   */
  public void enqueue(String src, String dst, String rotate, Val count, List<String> body) {
    enqueues++;
    an.noteDealCounts(count.nums());
    Family pend = fam.pending();
    String has = out.rel("queued");
    String i = out.var();
    out.rule(Program.atom(has, i), List.of(store.read(pend, List.of(i), out.var())));
    String free = out.rel("free");
    out.rule(Program.atom(free, "0"), List.of(Program.not(Program.atom(has, "0"))));
    String j = out.var();
    String k = out.var();
    out.rule(Program.atom(free, k), List.of(Program.atom("qnext", j, k), Program.atom(has, j),
        Program.not(Program.atom(has, k))));
    List<String> b = new ArrayList<>(body);
    String at = out.var();
    b.add(Program.atom(free, at));
    write(pend, List.of(new W(List.of(at), Program.atom("todeal", src, dst, rotate, count.term()), b, null)));
  }

  /** A percept (a word, a revealed card) for the player bound by the body. */
  public void sees(String player, String percept, List<String> body) {
    out.rule(Program.atom("sees", player, percept), guarded(body));
  }
}
