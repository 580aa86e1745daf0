package veil.ludeme.compile;

import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Pos;
import veil.ludeme.BoolExpr;
import veil.ludeme.CardsExpr;
import veil.ludeme.Effect;
import veil.ludeme.IntExpr;
import veil.ludeme.MoveRule;
import veil.ludeme.Outcome;

/**
 * The arguments of one ludeme call, bound to its parameters ({@link Binding}); compiles each on request to the type
 * it needs.
 */
public final class Args {
  private final Compiler compiler;
  private final Node.Call call;
  private final Ludeme ludeme;
  private final Binding binding;

  Args(Compiler compiler, Node.Call call, Ludeme ludeme) throws DslException {
    this.compiler = compiler;
    this.call = call;
    this.ludeme = ludeme;
    this.binding = Binding.of(call, ludeme);
  }

  public Compiler compiler() {
    return compiler;
  }

  public Pos pos() {
    return call.pos();
  }

  public Node.Call call() {
    return call;
  }

  public boolean has(String name) {
    return binding.has(name);
  }

  public Node node(String name) {
    return binding.node(name);
  }

  /** Extra positional arguments of a variadic ludeme. */
  public List<Node> rest() {
    return binding.rest();
  }

  public IntExpr intExpr(String name) throws DslException {
    return compiler.intExpr(node(name));
  }

  public IntExpr intExpr(String name, int dflt) throws DslException {
    return has(name) ? intExpr(name) : s -> dflt;
  }

  public BoolExpr bool(String name) throws DslException {
    return compiler.bool(node(name));
  }

  public CardsExpr cards(String name) throws DslException {
    return compiler.cards(node(name));
  }

  public PlaceRef place(String name) throws DslException {
    return compiler.place(node(name));
  }

  public Effect effect(String name) throws DslException {
    return has(name) ? compiler.effect(node(name)) : Effect.NONE;
  }

  public MoveRule move(String name) throws DslException {
    return compiler.move(node(name));
  }

  public Outcome outcome(String name) throws DslException {
    return compiler.outcome(node(name));
  }

  /** An integer written as a literal (compile-time constant). */
  public int constInt(String name) throws DslException {
    Node n = node(name);
    if (n instanceof Node.Int i && i.value() >= Integer.MIN_VALUE && i.value() <= Integer.MAX_VALUE) {
      return (int) i.value();
    }
    throw new DslException(Diagnostic.at(n.pos(), "expected an integer literal for " + name + ", found " + n.kind(),
        "an integer such as 4"));
  }

  /** An integer literal in {@code min..max}; otherwise an error at the argument naming {@code what} it counts. */
  public int constInt(String name, int min, int max, String what) throws DslException {
    int v = constInt(name);
    if (v < min || v > max) {
      throw new DslException(Diagnostic.at(node(name).pos(), what + " must be in " + min + ".." + max
          + ", found " + v, min + ".." + max));
    }
    return v;
  }

  /**
   * A player expression: a player written as a constant (P2, a declared name, or a literal index) must be one of the
   * game's players, checked here; others are checked where they are used (see {@link #checkPlayer}).
   */
  public IntExpr player(String name) throws DslException {
    IntExpr e = intExpr(name);
    if (e instanceof veil.ludeme.Ints.Const k) {
      int n = compiler.players();
      if (k.value() < 0 || k.value() >= n) {
        throw new DslException(Diagnostic.at(node(name).pos(), "player " + k.value() + " is not a player of"
            + " this game: it has " + n + " player" + (n == 1 ? "" : "s") + ", 0.." + (n - 1) + " as numbers",
            "P1.." + "P" + n + ", Mover, Next or another player"));
      }
    }
    return e;
  }

  /** A player expression, or the player {@code dflt} (a 0-based index) when the argument is not given. */
  public IntExpr player(String name, int dflt) throws DslException {
    return has(name) ? player(name) : veil.ludeme.Ints.constant(dflt);
  }

  /**
   * The player {@code p} an expression gave at run time, or a rule failure naming this call's position when it is
   * not a player of the game (a run-time value the compiler could not check).
   */
  public static int checkPlayer(int p, int players, Pos where, String what) {
    if (p < 0 || p >= players) {
      if (veil.ludeme.NoValue.during()) {
        throw veil.ludeme.NoValue.INSTANCE; // the running score read it too early: no value, nothing allocated
      }
      throw new IllegalStateException("rule failure: " + what + " is player " + p + ", not a player of the game (0.."
          + (players - 1) + ") at " + where);
    }
    return p;
  }

  public int constInt(String name, int dflt) throws DslException {
    return has(name) ? constInt(name) : dflt;
  }

  /** A name written as a string or a bare word. */
  public String text(String name) throws DslException {
    return Compiler.text(node(name));
  }

  public String text(String name, String dflt) throws DslException {
    return has(name) ? text(name) : dflt;
  }

  /** The items of a {…} list, or the single node given. */
  public List<Node> list(String name) {
    Node n = node(name);
    if (n == null) {
      return List.of();
    }
    return n instanceof Node.Braces b ? b.items() : List.of(n);
  }

  public boolean flag(String name, boolean dflt) throws DslException {
    if (!has(name)) {
      return dflt;
    }
    String t = text(name);
    if (t.equalsIgnoreCase("True")) {
      return true;
    }
    if (t.equalsIgnoreCase("False")) {
      return false;
    }
    throw new DslException(Diagnostic.at(node(name).pos(), "expected True or False for " + name + ":", "True False"));
  }

  public DslException error(String name, String message, String expected) {
    Node n = node(name);
    return new DslException(Diagnostic.at(n == null ? call.pos() : n.pos(), message, expected));
  }
}
