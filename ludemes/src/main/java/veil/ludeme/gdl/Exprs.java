package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import veil.dsl.Node;
import veil.ludeme.PlaceTable;
import veil.ludeme.compile.Type;

/**
 * Translates expressions — numbers, players, cards, conditions, card sets and places — into rule literals over the
 * current version of the state (see {@link Store}). Conditions and alternatives that need negation or disjunction
 * become helper relations over the context variables they use.
 */
public final class Exprs {
  public final Model m;
  public final Program out;
  public final Families fam;
  public final Emitters em;
  public Store store;
  /** Variables read in this translation, by the term of the value read (see {@link #noteVarRead}). */
  private final java.util.Map<String, String> varReads = new java.util.HashMap<>();

  public Exprs(Model m, Program out, Families fam, Emitters em, Store store) {
    this.m = m;
    this.out = out;
    this.fam = fam;
    this.em = em;
    this.store = store;
  }

  // ---------------------------------------------------------------- integers

  public Val num(Node n, Ctx ctx, List<String> body) throws ExportException {
    if (n instanceof Node.Int i) {
      return Val.num((int) i.value());
    }
    if (n instanceof Node.Sym s) {
      return symbol(s, ctx, body);
    }
    Bound b = em.bind(n, Type.INT);
    return em.emitter(b, Type.INT, GdlEmitter.Num.class).emit(b, ctx, body, this);
  }

  /**
   * An integer expression whose literals are folded into a helper relation of its value when they are more than
   * one: grounding then meets each value once instead of every way of reaching it (e.g. every card with that
   * value).
   */
  public Val projected(Node n, Kind want, Ctx ctx, List<String> body) throws ExportException {
    List<String> own = new ArrayList<>();
    Val v = num(n, ctx, own);
    if (want != null) {
      v = coerce(v, want, n, own);
    }
    if (own.size() <= 1 || !v.isVar()) {
      body.addAll(own);
      return v;
    }
    Rel rel = helper("val", ctx, List.of(own), List.of(List.of(v.term())));
    String out1 = out.var();
    body.add(rel.call(out1));
    return new Val(out1, v.kind(), v.nums());
  }

  /** An integer expression that must be of one kind (a literal -1 is none). */
  public Val num(Node n, Kind want, Ctx ctx, List<String> body) throws ExportException {
    Val v = num(n, ctx, body);
    if (v.kind() == Kind.NUM && want != Kind.NUM && v.isVar() && n instanceof Node.Call c
        && "var".equals(c.headName()) && !c.args().isEmpty() && c.args().get(0) instanceof Node.Str name) {
      // A variable read as a player (a card, a suit) before the pass met the set that says what it holds (a trick's
      // leader:(var "Declarer") is read on entering a phase, before the transition that sets it): it holds those.
      // The pass that learns this is not the last; the next reads the variable as such.
      fam.noteVarKind(name.value(), want, n);
      return new Val(v.term(), want, null);
    }
    return coerce(v, want, n, body);
  }

  public Val coerce(Val v, Kind want, Node at) throws ExportException {
    return coerce(v, want, at, null);
  }

  /**
   * A value as one of another kind where the engine's integer is the same: -1 as none, a suit as its position in the
   * suit list and back (a variable's through a table literal added to the body; without a body, only constants).
   */
  public Val coerce(Val v, Kind want, Node at, List<String> body) throws ExportException {
    if (v.kind() == want) {
      return v;
    }
    if (v.kind() == Kind.KEY) {
      throw ExportException.at(at, "this value (" + keyWhat(v) + ") can only be compared with another like it (=, "
          + "!=, <, <=, >, >=) in the GDL-II export, not used as a " + want.word());
    }
    Integer k = v.constant();
    if (k != null && k == -1 && want != Kind.NUM) {
      return Val.of("none", want);
    }
    if ((v.kind() == Kind.NUM && want == Kind.SUIT || v.kind() == Kind.SUIT && want == Kind.NUM)
        && (body != null || !v.isVar())) {
      return suitIndex(v, at, body);
    }
    if (k != null && want != Kind.NUM && want != Kind.KEY) {
      // A newcomer's Skat tested "no declarer yet" with (< (var "Decl") 0), Decl being set to Mover: the engine's
      // players are numbers, the export's are names, and only -1 (none) has both.
      throw ExportException.at(at, "the number " + k + " is used where a " + want.word() + " is expected (compared "
          + "with one, or given as one): the export writes " + want.word() + "s by name, and the only number that "
          + "stands for one is -1, for none; test for \"no " + want.word() + "\" with (= … -1), or name the "
          + want.word());
    }
    throw ExportException.at(at, "a " + v.kind().word() + " is used where a " + want.word()
        + " is expected; the exporter keeps players, cards, suits and numbers apart");
  }

  /**
   * A suit as its position in the deck's suit list, or a number as the suit at that position (the engine's suits are
   * those numbers, -1 for none), through the table (suitindex SUIT I). A number that can be no suit's position fails
   * the export: the engine would carry it on as a number no suit term stands for.
   */
  private Val suitIndex(Val v, Node at, List<String> body) throws ExportException {
    int suits = m.suitTerm.length;
    if (!v.isVar()) {
      if (v.kind() == Kind.SUIT) {
        for (int i = 0; i < suits; i++) {
          if (m.suitTerm[i].equals(v.term())) {
            return Val.num(i);
          }
        }
        return Val.num(-1);
      }
    }
    TreeSet<Integer> nums = new TreeSet<>();
    if (v.kind() == Kind.NUM) {
      for (int x : v.nums()) {
        if (x < -1 || x >= suits) {
          throw ExportException.at(at, "this number is used as a suit and can be " + x + ", the position of no "
              + "suit (the suits are numbered 0 to " + (suits - 1) + ", -1 for none); the export writes suits "
              + "as their names");
        }
      }
      if (!v.isVar()) {
        int k = v.constant();
        return Val.of(k < 0 ? "none" : m.suitTerm[k], Kind.SUIT);
      }
    } else {
      for (int i = -1; i < suits; i++) {
        nums.add(i);
      }
    }
    String w = out.var();
    if (v.kind() == Kind.NUM) {
      body.add(Program.atom(m.suitIndex(), w, v.term()));
      return new Val(w, Kind.SUIT, null);
    }
    body.add(Program.atom(m.suitIndex(), v.term(), w));
    return new Val(w, Kind.NUM, nums);
  }

  private Val symbol(Node.Sym s, Ctx ctx, List<String> body) throws ExportException {
    String name = s.name();
    switch (name) {
      case "Mover":
        return mover(ctx, body);
      case "Next":
        return seat(mover(ctx, body), 1, body);
      case "Prev":
        return seat(mover(ctx, body), m.n - 1, body);
      case "Player":
      case "Card":
      case "Choice": {
        Val v = ctx.get(name);
        if (v == null) {
          throw ExportException.at(s, name + " is not bound here");
        }
        // A choice is bound by the move's (does …) literal, which the rule reading it must contain.
        String domain = name.equals("Choice") && v.isVar() ? ctx.domain(v.term()) : null;
        if (domain != null && !body.contains(domain)) {
          body.add(domain);
        }
        return v;
      }
      case "LastMover":
        return read(fam.lastMover(), List.of(), body);
      default:
        break;
    }
    veil.ludeme.compile.NamedValue contributed = em.namedValue(name);
    if (contributed != null) {
      return contributed.gdl(this, body);
    }
    int p = m.playerIndex(name);
    if (p >= 0) {
      return Val.of(m.player[p], Kind.PLAYER);
    }
    int suit = m.suitIndex(name);
    if (suit >= 0) {
      return Val.of(m.suitTerm[suit], Kind.SUIT);
    }
    int rank = m.rankIndex(name);
    if (rank >= 0) {
      return Val.num(rank);
    }
    throw ExportException.at(s, "unknown name " + name);
  }

  /** Who "Mover" is: bound by the context (legal moves, a trick's collection) or the step's mover register. */
  public Val mover(Ctx ctx, List<String> body) {
    Val v = ctx.get("Mover");
    if (v != null) {
      return v;
    }
    return read(fam.cur(), List.of(), body);
  }

  /** The player k seats after p. */
  public Val seat(Val p, int k, List<String> body) {
    k = ((k % m.n) + m.n) % m.n;
    if (k == 0) {
      return p;
    }
    if (!p.isVar() && !p.term().equals("none")) {
      for (int i = 0; i < m.n; i++) {
        if (m.player[i].equals(p.term())) {
          return Val.of(m.player[(i + k) % m.n], Kind.PLAYER);
        }
      }
    }
    String v = out.var();
    body.add(Program.atom(m.seat(k), Integer.toString(k), p.term(), v));
    return Val.of(v, Kind.PLAYER);
  }

  /** Reads a family's value for some key at the current version (once per rule body: a read there is reused). */
  public Val read(Family f, List<String> key, List<String> body) {
    String probe = store.read(f, key, "\u0000");
    int at = probe.indexOf('\u0000');
    String prefix = probe.substring(0, at);
    String suffix = probe.substring(at + 1);
    for (String l : body) {
      if (l.startsWith(prefix) && l.endsWith(suffix) && l.length() > prefix.length() + suffix.length()) {
        String mid = l.substring(prefix.length(), l.length() - suffix.length());
        if (mid.startsWith("?") && mid.indexOf(' ') < 0 && mid.indexOf('(') < 0) {
          return new Val(mid, f.valueKind, f.valueKind == Kind.NUM ? store.nums(f) : null);
        }
      }
    }
    String v = out.var();
    body.add(store.read(f, key, v));
    return new Val(v, f.valueKind, f.valueKind == Kind.NUM ? store.nums(f) : null);
  }

  // ---------------------------------------------------------------- arithmetic and comparison

  /**
   * Above this many pairs of values, a sum is written digit by digit ({@link DigitNum#sum}) rather than as a {@code
   * plus} table of one fact per pair (two meld scores of a few hundred values each would need ~10^5 facts).
   */
  public static final int WIDE_SUM_PAIRS = 2000;

  public Val arith(char op, Val a, Val b, List<String> body, Node at) throws ExportException {
    a = coerce(a, Kind.NUM, at, body);
    b = coerce(b, Kind.NUM, at, body);
    Integer ka = a.constant();
    Integer kb = b.constant();
    if (ka != null && kb != null) {
      return Val.num(apply(op, ka, kb));
    }
    if (op == '+' && ka != null && ka == 0) {
      return b;
    }
    if ((op == '+' || op == '-') && kb != null && kb == 0) {
      return a;
    }
    TreeSet<Integer> result = new TreeSet<>();
    if (op == '+' && (long) a.nums().size() * b.nums().size() > WIDE_SUM_PAIRS) {
      for (int x : a.nums()) {
        for (int y : b.nums()) {
          result.add(x + y);
        }
      }
      if (result.size() > Analysis.MAX_VALUES) {
        throw tooManyValues(op, a, b, result.size(), at);
      }
      String v = out.var();
      DigitNum.sum(out, a, b, v, result, body);
      return new Val(v, Kind.NUM, result);
    }
    for (int x : a.nums()) {
      for (int y : b.nums()) {
        result.add(apply(op, x, y));
        switch (op) {
          case '+':
            m.plus(x, y);
            break;
          case '-':
            m.minus(x, y);
            break;
          case '*':
            m.times(x, y);
            break;
          default:
            m.quot(x, y);
        }
      }
    }
    if (result.size() > Analysis.MAX_VALUES) {
      throw tooManyValues(op, a, b, result.size(), at);
    }
    String v = out.var();
    String rel = op == '+' ? "plus" : op == '-' ? "minus" : op == '*' ? "times" : "quot";
    body.add(Program.atom(rel, a.term(), b.term(), v));
    return new Val(v, Kind.NUM, result);
  }

  /**
   * An arithmetic expression with too many values to write: which operator, how many values it and its operands may
   * take by the export's analysis, and what bounds an operand there, so the user sees which part to bound.
   */
  private static ExportException tooManyValues(char op, Val a, Val b, int values, Node at) {
    return ExportException.at(at, "this (" + op + " …) can take more than " + Analysis.MAX_VALUES + " values ("
        + values + ": its operands can take " + a.nums().size() + " and " + b.nums().size() + " values; the export "
        + "bounds a count by the cards its place can hold and a variable by its range:, and writes every value an "
        + "expression can take)");
  }

  private static int apply(char op, int x, int y) {
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      default:
        return y == 0 ? 0 : x / y;
    }
  }

  /** Records that a value is a read of a game variable, so that a comparison can tell the variable's kind. */
  public void noteVarRead(Val v, String name) {
    if (v.isVar()) {
      varReads.put(v.term(), name);
    }
  }

  /** Ordered keys ({@link Kind#KEY}) by the term of their value. */
  private final java.util.Map<String, LexKey> keys = new java.util.HashMap<>();

  /** The value of an ordered key: compared by {@link #compare} digit by digit, usable nowhere else. */
  public Val key(LexKey k) {
    String term = "(lexkey_" + keys.size() + ")";
    keys.put(term, k);
    return Val.of(term, Kind.KEY);
  }

  /** Keys that are reads of a number written digit by digit ({@link DigitNum}): they compare with constants too. */
  private final java.util.Map<String, DigitNum> digitKeys = new java.util.HashMap<>();

  /** The value of a number written digit by digit, an ordered key that also compares with a constant. */
  public Val digitKey(LexKey k, DigitNum dn) {
    Val v = key(k);
    digitKeys.put(v.term(), dn);
    return v;
  }

  /** The ordered key a value of kind {@link Kind#KEY} is, or null. */
  public LexKey lexKey(Val v) {
    return v.kind() == Kind.KEY ? keys.get(v.term()) : null;
  }

  private String keyWhat(Val v) {
    if (v.kind() != Kind.KEY) {
      return "a " + v.kind().word();
    }
    LexKey k = keys.get(v.term());
    return k == null ? "an ordered value chosen by a condition" : k.what();
  }

  /** Literals true when {@code a op b}; op is one of = != < <= > >=. */
  public void compare(String op, Val a, Val b, List<String> body, Node at) throws ExportException {
    if (a.kind() == Kind.KEY && b.constant() != null && digitKeys.containsKey(a.term())
        || b.kind() == Kind.KEY && a.constant() != null && digitKeys.containsKey(b.term())) {
      // A number written digit by digit against a constant: the constant's digits, or a fixed answer when the
      // constant lies below or above every value the digits cover.
      boolean keyFirst = a.kind() == Kind.KEY;
      DigitNum dn = digitKeys.get((keyFirst ? a : b).term());
      int c = (keyFirst ? b : a).constant();
      LexKey kc = dn.constant(this, c);
      if (kc == null) {
        int keyVsConstant = (long) c + dn.bias() < 0 ? 1 : -1;
        Val x1 = Val.num(keyFirst ? keyVsConstant : 0);
        Val x2 = Val.num(keyFirst ? 0 : keyVsConstant);
        if (!holds(op, x1, x2)) {
          body.add(FALSE);
        }
        return;
      }
      LexKey.compare(this, op, keyFirst ? keys.get(a.term()) : kc, keyFirst ? kc : keys.get(b.term()), body);
      return;
    }
    if (a.kind() == Kind.KEY || b.kind() == Kind.KEY) {
      LexKey ka = keys.get(a.term());
      LexKey kb = keys.get(b.term());
      if (ka == null || kb == null || !ka.what().equals(kb.what())) {
        throw ExportException.at(at, "(" + op + " …) compares " + keyWhat(a) + " with " + keyWhat(b) + "; the "
            + "GDL-II export compares such values only with each other, written directly (not chosen by if)");
      }
      LexKey.compare(this, op, ka, kb, body);
      return;
    }
    if (a.kind() != b.kind() && (op.equals("=") || op.equals("!="))) {
      // A variable read as a number before any pass saw it set to a suit, player or card: compared with one, it
      // holds those; the next pass reads it so.
      Val num = a.kind() == Kind.NUM ? a : b.kind() == Kind.NUM ? b : null;
      Val other = num == a ? b : a;
      String var = num == null ? null : varReads.get(num.term());
      if (var != null && num.constant() == null) {
        fam.noteVarKind(var, other.kind(), at);
        body.add(FALSE);
        return;
      }
    }
    boolean order = !op.equals("=") && !op.equals("!=");
    if (a.kind() == Kind.SUIT && (order || b.kind() == Kind.NUM && !suitPosition(b))
        || b.kind() == Kind.SUIT && (order || a.kind() == Kind.NUM && !suitPosition(a))) {
      // Suits compared with each other in order, or with a number that may be no suit: as their positions.
      a = coerce(a, Kind.NUM, at, body);
      b = coerce(b, Kind.NUM, at, body);
    }
    if (a.kind() != b.kind()) {
      if (a.constant() != null) {
        a = coerce(a, b.kind(), at);
      } else {
        b = coerce(b, a.kind(), at);
      }
    }
    if (!op.equals("=") && !op.equals("!=") && a.kind() != Kind.NUM) {
      throw ExportException.at(at, "(" + op + " …) compares numbers, not a " + a.kind().word());
    }
    if (!a.isVar() && !b.isVar()) {
      if (!holds(op, a, b)) {
        body.add(FALSE);
      }
      return;
    }
    switch (op) {
      case "=":
        if (a.kind() == Kind.NUM) {
          NavigableSet<Integer> both = new TreeSet<>(a.nums());
          both.retainAll(b.nums());
          if (both.isEmpty()) {
            body.add(FALSE);
            return;
          }
          m.eqKind(Kind.NUM, both);
        } else {
          m.eqKind(a.kind(), null);
        }
        body.add(Program.atom("eq", a.term(), b.term()));
        return;
      case "!=":
        body.add(Program.atom("distinct", a.term(), b.term()));
        return;
      case "<":
        body.add(lt(a, b));
        return;
      case ">":
        body.add(lt(b, a));
        return;
      case "<=":
        body.add(Program.not(lt(b, a)));
        return;
      default:
        body.add(Program.not(lt(a, b)));
    }
  }

  /** A constant number that is a suit's position (or -1, none): compared with a suit as that suit. */
  private boolean suitPosition(Val v) {
    Integer k = v.constant();
    return k != null && k >= -1 && k < m.suitTerm.length;
  }

  /** A literal that never holds. */
  public static final String FALSE = "(distinct 0 0)";

  private String lt(Val a, Val b) {
    for (int x : a.nums()) {
      for (int y : b.nums()) {
        m.lt(x, y);
      }
    }
    if (!ltTableHasRows(a, b)) {
      // No pair is ordered: lt is false for every pair. The table must still exist for the rule to be defined.
      m.lt(0, 1);
    }
    return Program.atom("lt", a.term(), b.term());
  }

  private static boolean ltTableHasRows(Val a, Val b) {
    return !a.nums().isEmpty() && !b.nums().isEmpty() && a.nums().first() < b.nums().last();
  }

  private static boolean holds(String op, Val a, Val b) {
    if (a.kind() != Kind.NUM) {
      boolean eq = a.term().equals(b.term());
      return op.equals("=") == eq;
    }
    int x = a.constant();
    int y = b.constant();
    switch (op) {
      case "=":
        return x == y;
      case "!=":
        return x != y;
      case "<":
        return x < y;
      case "<=":
        return x <= y;
      case ">":
        return x > y;
      default:
        return x >= y;
    }
  }

  // ---------------------------------------------------------------- conditions

  public void cond(Node n, Ctx ctx, List<String> body) throws ExportException {
    if (n instanceof Node.Sym s) {
      if (s.name().equals("True")) {
        return;
      }
      if (s.name().equals("False")) {
        body.add(FALSE);
        return;
      }
      throw ExportException.at(n, "unknown name " + s.name() + " where a condition is expected");
    }
    Bound b = em.bind(n, Type.BOOL);
    em.emitter(b, Type.BOOL, GdlEmitter.Cond.class).emit(b, ctx, body, this);
  }

  /** A helper relation that holds when the condition does, over the context variables it uses. */
  public String condAtom(Node n, Ctx ctx) throws ExportException {
    List<String> body = new ArrayList<>();
    cond(n, ctx, body);
    return helper("cond", ctx, List.of(body), List.of(List.of())).call();
  }

  /**
   * Defines a helper relation with one rule per body; each rule's head has the context variables the bodies use,
   * then that rule's own output terms.
   */
  public Rel helper(String prefix, Ctx ctx, List<List<String>> bodies, List<List<String>> outs) {
    List<String> all = new ArrayList<>();
    for (List<String> b : bodies) {
      all.addAll(b);
    }
    List<String> fv = ctx.freeIn(all);
    Rel rel = new Rel(out.rel(prefix), fv);
    for (int i = 0; i < bodies.size(); i++) {
      List<String> body = new ArrayList<>();
      for (String v : fv) {
        body.add(ctx.domain(v));
      }
      body.addAll(bodies.get(i));
      out.rule(rel.call(outs.get(i)), body);
    }
    return rel;
  }

  // ---------------------------------------------------------------- cards and places

  /** Literals binding the returned variable to every card of a set (a card set ludeme or a place). */
  public String cards(Node n, Ctx ctx, List<String> body) throws ExportException {
    if (em.has(n, Type.CARDS)) {
      Bound b = em.bind(n, Type.CARDS);
      return em.emitter(b, Type.CARDS, GdlEmitter.Cards.class).emit(b, ctx, body, this);
    }
    if (n instanceof Node.Str || em.has(n, Type.PLACE)) {
      Val p = place(n, ctx, body);
      String c = out.var();
      body.add(store.read(fam.at(), List.of(c), p.term()));
      return c;
    }
    Bound b = em.bind(n, Type.CARDS);
    return em.emitter(b, Type.CARDS, GdlEmitter.Cards.class).emit(b, ctx, body, this);
  }

  /** A membership relation (R FV… CARD) of a card set. */
  public Rel cardSet(Node n, Ctx ctx) throws ExportException {
    List<String> body = new ArrayList<>();
    String c = cards(n, ctx, body);
    Rel rel = helper("cards", ctx, List.of(body), List.of(List.of(c)));
    within(rel.name(), within(c));
    return rel;
  }

  /**
   * The cards a card variable (or a card-set relation, by its name) can stand for, when the card-set emitters know
   * it is fewer than the deck (a {@code rank:} or {@code suit:} filter); null: any card. A count or sum over the set
   * then walks only these cards, and its value is bounded by them rather than by the deck.
   */
  public java.util.BitSet within(String varOrRel) {
    return within.get(varOrRel);
  }

  /** Records that a card variable or card-set relation holds only the given cards (null: nothing known). */
  public void within(String varOrRel, java.util.BitSet cards) {
    if (cards != null) {
      within.put(varOrRel, cards);
    }
  }

  private final java.util.Map<String, java.util.BitSet> within = new java.util.HashMap<>();

  public Val place(Node n, Ctx ctx, List<String> body) throws ExportException {
    if (n instanceof Node.Str s) {
      PlaceTable.Def d = m.place(s.value());
      if (d == null || d.perPlayer()) {
        throw ExportException.at(n, "no shared place named \"" + s.value() + "\"");
      }
      return Val.of(m.instance(d, 0), Kind.PLACE);
    }
    Bound b = em.bind(n, Type.PLACE);
    return em.emitter(b, Type.PLACE, GdlEmitter.Place.class).emit(b, ctx, body, this);
  }

  /** The instance of a place for an owner (a player value). */
  public Val instance(PlaceTable.Def d, Val owner, List<String> body) {
    if (!d.perPlayer()) {
      return Val.of(m.instance(d, 0), Kind.PLACE);
    }
    if (!owner.isVar()) {
      int p = m.playerIndex(owner.term());
      if (p >= 0) {
        return Val.of(m.instance(d, p), Kind.PLACE);
      }
    }
    String seat = m.seatName(owner.term(), body);
    return Val.of("(" + m.defTerm(d) + " " + seat + ")", Kind.PLACE);
  }
}
