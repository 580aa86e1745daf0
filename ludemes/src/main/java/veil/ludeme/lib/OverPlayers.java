package veil.ludeme.lib;

import veil.dsl.DslException;
import veil.ludeme.compile.Args;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Val;

/**
 * The first argument shared by the ludemes that range over the players and bind each as {@code Player} ({@code
 * some}/{@code all}, {@code min}/{@code max}): its check at build time and its binding in the GDL-II export.
 */
final class OverPlayers {
  private OverPlayers() {}

  /** Refuses any first argument but {@code Player} with the ludeme's position in the file. */
  static void check(Args a, String ludeme) throws DslException {
    if (!a.text("over").equals("Player")) {
      throw a.error("over", "(" + ludeme + " …) ranges over Player", "Player");
    }
  }

  /**
   * A fresh variable ranging over the players: {@code range} is its atom (true for every player), {@code inner} the
   * context where {@code Player} is that variable.
   */
  record Binding(String var, String range, Ctx inner) {}

  static Binding bind(Bound b, Ctx ctx, Exprs x) throws ExportException {
    if (!b.text("over").equals("Player")) {
      throw ExportException.at(b.get("over"), "(" + b.name() + " …) ranges over Player");
    }
    String p = x.out.var();
    String range = Program.atom(x.m.players(), p);
    return new Binding(p, range, ctx.bind("Player", Val.of(p, Kind.PLAYER), range));
  }
}
