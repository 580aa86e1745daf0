package veil.ludeme.gdl;

import veil.ludeme.compile.GameSyntax;
import java.util.ArrayList;
import java.util.List;
import veil.ludeme.CompiledGame;

/**
 * The legal moves: while a deal is pending random deals any card of the source and the players noop; else, in
 * each phase, every player (simultaneous) or the player in control has the moves of the phase's move rule, the
 * others noop; random has its tie-breaks in a phase of claims, else noop. Nobody moves in a terminal state.
 */
public final class Legal {
  private Legal() {}

  public static void write(Exprs x, GameSyntax syn, List<MoveGdl> moves, boolean deals) throws ExportException {
    Model m = x.m;
    Program out = x.out;
    CompiledGame g = m.game;
    out.section("Legal moves.");
    String notOver = Program.not(x.store.read(x.fam.terminated(), List.of(), null));
    String r = out.var();
    String player = Program.atom(m.players(), r);
    String pending = null;
    if (deals) {
      pending = "chancepending";
      out.rule(pending, List.of(x.store.read(x.fam.pending(), List.of("0"), out.var())));
      out.rule(Program.atom("legal", r, "noop"), List.of(player, notOver, pending));
      String c = out.var();
      String s = out.var();
      out.rule(Program.atom("dealsource", s),
          List.of(x.store.read(x.fam.pending(), List.of("0"), Program.atom("todeal", s, out.var(), out.var(),
              out.var()))));
      out.rule(Program.atom("legal", "random", Program.atom("deal", c)), List.of(notOver,
          Program.atom("dealsource", s), x.store.read(x.fam.at(), List.of(c), s)));
    }
    Ctx ctx = Ctx.EMPTY.bind("Mover", Val.of(r, Kind.PLAYER), player);
    for (int i = 0; i < g.phaseCount(); i++) {
      List<String> when = new ArrayList<>(List.of(notOver));
      if (pending != null) {
        when.add(Program.not(pending));
      }
      if (g.phaseCount() > 1) {
        when.add(x.store.read(x.fam.phase(), List.of(), m.phaseTerm(i)));
      }
      MoveGdl mg = moves.get(i);
      veil.dsl.Node by = syn.phases().get(i).by();
      if (by != null) {
        byRole(x, when, mg, by, r, player);
      } else {
      Rel rel = mg.legal(ctx, x);
      String mv = out.var();
      List<String> body = new ArrayList<>(when);
      if (syn.phases().get(i).simultaneous()) {
        body.add(player);
      } else {
        body.add(x.store.read(x.fam.control(), List.of(), r));
        List<String> others = new ArrayList<>(when);
        others.add(player);
        others.add(Program.not(x.store.read(x.fam.control(), List.of(), r)));
        out.rule(Program.atom("legal", r, "noop"), others);
      }
      body.add(rel.call(mv));
      out.rule(Program.atom(m.copies ? Model.ID_LEGAL : "legal", r, mv), body);
      }
      if (g.hasRandom) {
        List<ActionGdl> actions = new ArrayList<>();
        mg.actions(actions);
        JointActionGdl claim = null;
        for (ActionGdl a : actions) {
          if (a instanceof JointActionGdl c) {
            claim = c;
          }
        }
        if (claim != null) {
          String p = out.var();
          List<String> b = new ArrayList<>(when);
          b.add(Program.atom(m.players(), p));
          out.rule(Program.atom("legal", "random", claim.randomMove(p)), b);
        } else {
          out.rule(Program.atom("legal", "random", "noop"), when);
        }
      }
    }
    if (m.copies) {
      faces(x, moves);
    }
  }

  /**
   * With identical copies: a card move names the face, once, for the lowest copy the rules allow ({@code idlegal}
   * names copies); other moves are as the rules give them.
   */
  private static void faces(Exprs x, List<MoveGdl> moves) {
    Model m = x.m;
    Program out = x.out;
    java.util.Set<String> verbs = new java.util.LinkedHashSet<>();
    for (MoveGdl mg : moves) {
      List<ActionGdl> actions = new ArrayList<>();
      mg.actions(actions);
      for (ActionGdl a : actions) {
        if (a.namesCard()) {
          verbs.add(a.verb());
        }
      }
    }
    String r = out.var();
    String mv = out.var();
    out.rule(Program.atom("legal", r, mv), List.of(Program.atom(Model.ID_LEGAL, r, mv),
        Program.not(Program.atom("cardmove", mv))));
    for (String verb : verbs) {
      String c = out.var();
      String d = out.var();
      String f = out.var();
      out.rule(Program.atom("cardmove", Program.atom(verb, c)), List.of(Program.atom(m.isCard(), c)));
      out.rule(Program.atom(Model.LOWER_LEGAL, r, Program.atom(verb, c)), List.of(Program.atom(m.lowerCopy(), d, c),
          Program.atom(Model.ID_LEGAL, r, Program.atom(verb, d))));
      out.rule(Program.atom("legal", r, Program.atom(verb, f)), List.of(Program.atom(Model.ID_LEGAL, r,
          Program.atom(verb, c)), Program.atom(m.faceOf(), c, f), Program.not(Program.atom(Model.LOWER_LEGAL, r,
          Program.atom(verb, c)))));
    }
  }

  /**
   * A turn-based phase whose {@code (play … by:P)} names who moves for the seat in control: (movesfor S R) when
   * role R makes seat S's moves (P evaluated with Mover = S); R has the seat's moves (Mover = S in the move rule),
   * every other player noop.
   */
  private static void byRole(Exprs x, List<String> when, MoveGdl mg, veil.dsl.Node by, String r, String player)
      throws ExportException {
    Model m = x.m;
    Program out = x.out;
    String seat = out.var();
    Ctx seatCtx = Ctx.EMPTY.bind("Mover", Val.of(seat, Kind.PLAYER), Program.atom(m.players(), seat));
    List<String> who = new ArrayList<>(when);
    who.add(x.store.read(x.fam.control(), List.of(), seat));
    Val role = x.num(by, Kind.PLAYER, seatCtx, who);
    String movesFor = out.rel("movesfor");
    out.rule(Program.atom(movesFor, seat, role.term()), who);
    String movesNow = out.rel("movesnow");
    String any = out.var();
    out.rule(Program.atom(movesNow, r), List.of(Program.atom(movesFor, any, r)));
    Rel rel = mg.legal(seatCtx, x);
    String mv = out.var();
    out.rule(Program.atom(m.copies ? Model.ID_LEGAL : "legal", r, mv), List.of(Program.atom(movesFor, seat, r),
        rel.call(mv)));
    List<String> others = new ArrayList<>(when);
    others.add(player);
    others.add(Program.not(Program.atom(movesNow, r)));
    out.rule(Program.atom("legal", r, "noop"), others);
  }
}
