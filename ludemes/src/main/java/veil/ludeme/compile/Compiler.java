package veil.ludeme.compile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Pos;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardTable;
import veil.ludeme.CardsExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.Ints;
import veil.ludeme.MoveRule;
import veil.ludeme.Outcome;
import veil.ludeme.PlaceTable;

/**
 * Compiles the syntax of one game into a {@link CompiledGame}. Type-directed: every argument position expects a
 * {@link Type}, and a call {@code (name …)} is compiled by the ludeme of that name and type. Errors carry the
 * position of the offending node; the compiler goes on after an error in one section to report the others.
 */
public final class Compiler {
  private final Map<String, List<Ludeme>> ludemes = new LinkedHashMap<>();
  final List<Diagnostic> errors = new ArrayList<>();

  /** What the game declares, filled while compiling its header and equipment. */
  public final CompiledGame.Builder game = new CompiledGame.Builder();

  public final CardTable cardTable = new CardTable();
  /** How many (choose … values then:) effects are being compiled around the current expression (Choice bound). */
  public int choiceDepth;
  public PlaceTable places;
  /** Variable name → index; per-player variables take one slot per player. */
  public final Map<String, int[]> vars = new LinkedHashMap<>();
  public final List<Integer> varInit = new ArrayList<>();
  public final List<String> varNames = new ArrayList<>();
  /** Phase names → index, known before phases compile so transitions can point forward. */
  public final Map<String, Integer> phaseIndex = new LinkedHashMap<>();
  /** Initial card placement: deck place instance of each card. */
  public final List<Integer> cardHome = new ArrayList<>();
  /** Where game ints live; set once equipment and variables are declared, before rules compile. */
  public veil.ludeme.Layout layout;

  /** The equipment at run time; set with {@link #layout}. */
  public veil.ludeme.Table table;

  /** Board size (0 when no board). */
  public int boardRows;

  public int boardCols;

  /** Deal and draw effects compiled so far: each can queue one deal in a step (the export sizes its queue so). */
  private int dealSites;

  /** The bare names the language's ludemes give meaning to, by name. */
  private final Map<String, NamedValue> namedValues = new LinkedHashMap<>();

  /** The named value a ludeme of the language contributes under this name, or null. */
  public NamedValue namedValue(String name) {
    return namedValues.get(name);
  }

  public List<String> namedValueNames() {
    return new ArrayList<>(namedValues.keySet());
  }

  /** The ludemes the game calls, in the order first called. */
  private final java.util.Set<Ludeme> used = new java.util.LinkedHashSet<>();

  public List<Ludeme> used() {
    return List.copyOf(used);
  }

  /**
   * Compiles a call for its checks alone and forgets that the game used its ludeme unless it already had (a match
   * of one deal, which is its outcome alone).
   */
  void checkOnly(Node n, Type type) throws DslException {
    java.util.Set<Ludeme> before = new java.util.LinkedHashSet<>(used);
    call(n, type);
    used.clear();
    used.addAll(before);
  }

  /** The item of the start list being compiled (null outside it): a deal there checks that the deck suffices. */
  public Node startItem;
  /** Cards the deals of the start list compiled so far take from each deck, by the deck's place instance. */
  public final Map<Integer, Integer> startDealt = new java.util.HashMap<>();

  /** Called by an effect that queues a deal. */
  public void noteDealSite() {
    dealSites++;
  }

  public int dealSites() {
    return dealSites;
  }

  public Compiler(List<Ludeme> library) {
    for (Ludeme l : library) {
      ludemes.computeIfAbsent(l.name().toLowerCase(), k -> new ArrayList<>()).add(l);
      for (NamedValue v : l.namedValues()) {
        namedValues.putIfAbsent(v.name(), v);
      }
    }
  }

  public Map<String, List<Ludeme>> ludemes() {
    return ludemes;
  }

  public int players() {
    return game.players;
  }

  // ------------------------------------------------------------------ typed entry points

  public IntExpr intExpr(Node n) throws DslException {
    if (n instanceof Node.Int i) {
      if (i.value() < Integer.MIN_VALUE || i.value() > Integer.MAX_VALUE) {
        throw new DslException(Diagnostic.at(n.pos(), "integer " + i.value() + " is out of range",
            "an integer in " + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE));
      }
      return Ints.constant((int) i.value());
    }
    if (n instanceof Node.Sym sym) {
      if (sym.name().equals("Choice") && choiceDepth == 0) {
        throw new DslException(Diagnostic.at(sym.pos(), "Choice is only bound in the then: of a (choose name values …)",
            "(choose bid 0..13 then:(set \"Bid\" Mover Choice))"));
      }
      IntExpr e = Symbols.intSymbol(this, sym.name());
      if (e != null) {
        return e;
      }
      throw unknownSymbol(sym, Type.INT, Symbols.intSymbolNames(this));
    }
    return (IntExpr) call(n, Type.INT);
  }

  public BoolExpr bool(Node n) throws DslException {
    if (n instanceof Node.Sym sym) {
      if (sym.name().equals("True")) {
        return s -> true;
      }
      if (sym.name().equals("False")) {
        return s -> false;
      }
      throw unknownSymbol(sym, Type.BOOL, List.of("True", "False"));
    }
    return (BoolExpr) call(n, Type.BOOL);
  }

  public CardsExpr cards(Node n) throws DslException {
    return isPlace(n) ? place(n).cards(null) : (CardsExpr) call(n, Type.CARDS);
  }

  /** Whether a cards argument names a place (whose cards it means) rather than a cards expression. */
  public boolean isPlace(Node n) {
    if (n instanceof Node.Call c && has(c.headName(), Type.CARDS)) {
      return false;
    }
    return n instanceof Node.Str || n instanceof Node.Call c2 && has(c2.headName(), Type.PLACE);
  }

  public PlaceRef place(Node n) throws DslException {
    if (n instanceof Node.Str str) {
      PlaceTable.Def d = placeDef(str.value(), str.pos());
      if (d.perPlayer()) {
        throw new DslException(Diagnostic.at(n.pos(), "\"" + d.name() + "\" is one place per player: say whose",
            "(place \"" + d.name() + "\" Mover), or another player"));
      }
      return new PlaceRef(d, null, false);
    }
    return (PlaceRef) call(n, Type.PLACE);
  }

  public PlaceTable.Def placeDef(String name, Pos pos) throws DslException {
    PlaceTable.Def d = places == null ? null : places.find(name);
    if (d == null) {
      List<String> known = new ArrayList<>();
      if (places != null) {
        for (PlaceTable.Def x : places.defs()) {
          known.add("\"" + x.name() + "\"");
        }
      }
      throw new DslException(new Diagnostic(pos, "no place named \"" + name + "\"",
          known.isEmpty() ? "a place declared in (equipment …)" : String.join(" ", known),
          veil.dsl.Names.nearest("\"" + name + "\"", known, 3)));
    }
    return d;
  }

  public Effect effect(Node n) throws DslException {
    if (n instanceof Node.Braces b) {
      Effect[] parts = new Effect[b.items().size()];
      for (int i = 0; i < parts.length; i++) {
        parts[i] = effect(b.items().get(i));
      }
      if (parts.length == 1) {
        return parts[0];
      }
      if (parts.length == 2) {
        // Unrolled: each part gets its own call site for the JIT to inline (a loop shares one).
        Effect first = parts[0];
        Effect second = parts[1];
        return s -> {
          first.run(s);
          second.run(s);
        };
      }
      return s -> {
        for (Effect e : parts) {
          e.run(s);
        }
      };
    }
    return (Effect) call(n, Type.EFFECT);
  }

  public MoveRule move(Node n) throws DslException {
    if (n instanceof Node.Braces b) {
      List<MoveRule> parts = new ArrayList<>();
      for (Node item : b.items()) {
        parts.add(move(item));
      }
      return veil.ludeme.lib.MoveAlternatives.of(parts, false);
    }
    return (MoveRule) call(n, Type.MOVE);
  }

  public Outcome outcome(Node n) throws DslException {
    return (Outcome) call(n, Type.OUTCOME);
  }

  /** Compiles a call as the given type. */
  public Object call(Node n, Type type) throws DslException {
    if (!(n instanceof Node.Call c)) {
      // A bare string where a call is expected is most often a macro written without its parentheses.
      String macro = n instanceof Node.Str str ? " (a macro is called in parentheses even without arguments: (\""
          + str.value() + "\"))" : "";
      throw new DslException(new Diagnostic(n.pos(), "expected " + type.description + ", found " + n.kind() + macro,
          expectedNames(type), List.of()));
    }
    String head = c.headName();
    if (head == null) {
      throw new DslException(Diagnostic.at(n.pos(), "a call must start with a ludeme name", expectedNames(type)));
    }
    List<Ludeme> defs = ludemes.get(head.toLowerCase());
    if (defs == null) {
      Node h = c.items().get(0);
      String what = h instanceof Node.Str ? "no define or ludeme named \"" + head + "\"" : "unknown ludeme " + head;
      throw new DslException(new Diagnostic(h.pos(), what, expectedNames(type),
          veil.dsl.Names.nearest(head, namesOf(type), 4)));
    }
    for (Ludeme l : defs) {
      if (l.type() == type) {
        used.add(l);
        return l.build(new Args(this, c, l));
      }
    }
    List<String> kinds = new ArrayList<>();
    for (Ludeme l : defs) {
      kinds.add(l.type().description);
    }
    throw new DslException(new Diagnostic(c.pos(), "(" + head + " …) is " + String.join(" or ", kinds) + ", but "
        + type.description + " is expected here", expectedNames(type), List.of()));
  }

  boolean has(String head, Type type) {
    if (head == null) {
      return false;
    }
    List<Ludeme> defs = ludemes.get(head.toLowerCase());
    if (defs == null) {
      return false;
    }
    for (Ludeme l : defs) {
      if (l.type() == type) {
        return true;
      }
    }
    return false;
  }

  List<String> namesOf(Type type) {
    TreeSet<String> out = new TreeSet<>();
    for (List<Ludeme> defs : ludemes.values()) {
      for (Ludeme l : defs) {
        if (l.type() == type) {
          out.add(l.name());
        }
      }
    }
    return new ArrayList<>(out);
  }

  String expectedNames(Type type) {
    List<String> names = namesOf(type);
    StringBuilder sb = new StringBuilder(type.description);
    if (!names.isEmpty()) {
      sb.append(": ");
      for (int i = 0; i < names.size(); i++) {
        sb.append(i == 0 ? "(" : " (").append(names.get(i)).append(" …)");
      }
    }
    if (type == Type.INT) {
      sb.append(", an integer, or a name such as Mover, Player, P1, LedSuit, a suit or a rank");
    }
    return sb.toString();
  }

  DslException unknownSymbol(Node.Sym sym, Type type, List<String> known) {
    return new DslException(new Diagnostic(sym.pos(), "unknown name " + sym.name() + " where " + type.description
        + " is expected" + bareNameHint(sym.name(), type), expectedNames(type),
        veil.dsl.Names.nearest(sym.name(), known, 4)));
  }

  /**
   * Why a bare word the game does know is not a value here: a declared variable written without (var …), or a
   * ludeme of the expected type written without its parentheses, (tricks). Empty for any other word.
   */
  String bareNameHint(String name, Type type) {
    int[] v = vars.get(name);
    if (v != null) {
      return " (a variable is read with var: (var \"" + name + "\")"
          + (v[1] == 1 ? ", or (var \"" + name + "\" P1) for one player's" : "") + ")";
    }
    List<Ludeme> defs = ludemes.get(name.toLowerCase());
    if (defs != null) {
      for (Ludeme l : defs) {
        if (l.type() == type) {
          return l.params().isEmpty() ? " (a ludeme is called in parentheses even without arguments: ("
              + l.name() + "))" : " (a ludeme is called in parentheses: (" + l.name() + " …))";
        }
      }
    }
    return "";
  }

  /** The text of a string or bare word. */
  public static String text(Node n) throws DslException {
    if (n instanceof Node.Str s) {
      return s.value();
    }
    if (n instanceof Node.Sym s) {
      return s.name();
    }
    if (n instanceof Node.Int i) {
      return Long.toString(i.value());
    }
    throw new DslException(Diagnostic.at(n.pos(), "expected a name, found " + n.kind(), "a name or \"string\""));
  }

  // ------------------------------------------------------------------ folding

  /**
   * Whether an expression's value depends only on the bound Card: it is built from constants, Card and pure
   * ludemes ({@link Ludeme#pure}). Such a card filter is computed for every card once, at compile time.
   */
  public boolean dependsOnlyOnCard(Node n) {
    if (n instanceof Node.Int || n instanceof Node.Str) {
      return true;
    }
    if (n instanceof Node.Sym sym) {
      return Symbols.constantOrCard(this, sym.name());
    }
    if (n instanceof Node.Named named) {
      return dependsOnlyOnCard(named.value());
    }
    if (n instanceof Node.Braces b) {
      return b.items().stream().allMatch(this::dependsOnlyOnCard);
    }
    if (!(n instanceof Node.Call c) || c.headName() == null) {
      return false;
    }
    List<Ludeme> defs = ludemes.get(c.headName().toLowerCase());
    if (defs == null || !defs.stream().allMatch(Ludeme::pure)) {
      return false;
    }
    return c.args().stream().allMatch(this::dependsOnlyOnCard);
  }

  /**
   * The mask (one long per word of a card set) of the cards for which a condition holds, for a condition that depends only on the bound Card
   * (see {@link #dependsOnlyOnCard}); it is evaluated on a state with no places and no ints, which such a
   * condition never reads.
   */
  public long[] cardMask(BoolExpr cond) {
    veil.ludeme.LudState probe = new veil.ludeme.LudState(0, 1, 0);
    long[] mask = new long[veil.ludeme.CardTable.wordsFor(cardTable.count())];
    for (int card = 0; card < cardTable.count(); card++) {
      probe.boundCard = card;
      if (cond.eval(probe)) {
        mask[card >>> 6] |= 1L << card;
      }
    }
    return mask;
  }

  // ------------------------------------------------------------------ variables

  /** Declares a variable (per player when {@code perPlayer}); returns its first slot relative to the var block. */
  public int declareVar(String name, boolean perPlayer, int init, Pos pos) throws DslException {
    return declareVar(name, perPlayer, init, null, pos);
  }

  /**
   * Declares a variable whose values are limited to {@code range} ({lo, hi}; null: any integer): a set or add that
   * leaves the range is a rule failure, and the GDL-II export takes the range as the variable's values.
   */
  public int declareVar(String name, boolean perPlayer, int init, int[] range, Pos pos) throws DslException {
    if (vars.containsKey(name)) {
      throw new DslException(Diagnostic.at(pos, "variable \"" + name + "\" is declared twice"));
    }
    int first = varInit.size();
    int count = perPlayer ? players() : 1;
    for (int k = 0; k < count; k++) {
      varInit.add(init);
      varNames.add(perPlayer ? name + "[" + game.playerNames.get(k) + "]" : name);
    }
    vars.put(name, range == null ? new int[] {first, perPlayer ? 1 : 0}
        : new int[] {first, perPlayer ? 1 : 0, range[0], range[1]});
    return first;
  }

  /** A variable's declared range {lo, hi}, or null when it has none (or there is no such variable). */
  public int[] varRange(String name) {
    int[] v = vars.get(name);
    return v == null || v.length < 4 ? null : new int[] {v[2], v[3]};
  }

  /** The absolute slot of a variable for the given player (ignored for global variables). */
  public IntExpr varSlot(String name, IntExpr player, Pos pos) throws DslException {
    int[] v = vars.get(name);
    if (v == null) {
      throw new DslException(new Diagnostic(pos, "no variable named \"" + name + "\"",
          vars.isEmpty() ? "a variable declared in (vars {…})" : String.join(" ", vars.keySet()),
          veil.dsl.Names.nearest(name, vars.keySet(), 3)));
    }
    int base = layout.vars + v[0];
    if (v[1] == 0) {
      if (player != null) {
        throw new DslException(Diagnostic.at(pos, "variable \"" + name + "\" is not per player"));
      }
      return Ints.constant(base);
    }
    if (player == null) {
      throw new DslException(Diagnostic.at(pos, "variable \"" + name + "\" is per player: say whose",
          "(var \"" + name + "\" Mover) or another player"));
    }
    if (player instanceof Ints.Const p) {
      return Ints.constant(base + p.value());
    }
    int n = players();
    String whose = "whose \"" + name + "\""; // built once: the closure runs on the playout path
    return s -> base + Args.checkPlayer(player.eval(s), n, pos, whose);
  }

  /**
   * Collects the errors of one part to report them together; after {@link Diagnostic#MAX_SHOWN} the compilation stops
   * (a hostile text can have an error per token, and keeping millions would exhaust memory).
   */
  public void error(DslException e) throws DslException {
    errors.addAll(e.diagnostics());
    if (errors.size() >= Diagnostic.MAX_SHOWN) {
      List<Diagnostic> first = new ArrayList<>(errors.subList(0, Diagnostic.MAX_SHOWN - 1));
      first.add(Diagnostic.at(first.get(first.size() - 1).pos(), "too many errors (" + Diagnostic.MAX_SHOWN
          + "); the compilation stops here"));
      throw new DslException(first);
    }
  }
}
