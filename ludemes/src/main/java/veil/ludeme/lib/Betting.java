package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Pos;
import veil.dsl.Reader;
import veil.dsl.Source;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.MoveRuleGdl;

/**
 * Betting with a pot, in four ludemes that share the pot's registers:
 *
 * <ul>
 *   <li>{@code (pot [ante:N] [blinds:{b1 b2 …}])} (equipment) declares the pot: the chips each player has in it
 *       ({@code Pot-In}, starting at the ante plus the player's blind), who folded ({@code Pot-Out}), who acted this
 *       round ({@code Pot-Acted}), the highest stake ({@code Pot-Max}), the bets and raises made this round
 *       ({@code Pot-Bets}; a blind counts as the first), the round ({@code Pot-Round}, from 1), the players still in
 *       ({@code Pot-Left}) and whether the hand is over ({@code Pot-Over}) — game variables the rules may read.
 *   <li>{@code (bet sizes:{s1 …} cap:N [first:P] [between:{e1 …}])} (move): fixed-limit betting over as many rounds
 *       as sizes are given; the mover checks or bets (bet s_r) when level with the highest stake, else folds, calls
 *       or raises (to the highest stake plus s_r); at most N bets and raises a round. A round ends when every player
 *       still in has acted and put the same; then between's effect of that round runs (a deal) and the next round
 *       starts with {@code first} (default P1), or after the last round the hand is over. A folded player is
 *       skipped; when one player is left the hand is over. With {@code stacks:} on the pot ({@code Pot-Stack}), a
 *       player who has put in its whole stack is all-in (skipped, still in), a call puts in what a short player
 *       has, a bet or raise needs its chips and an opponent who can act, and a round that ends with at most one
 *       player able to act runs every round's effect left and ends the hand.
 *   <li>{@code (handOver)} (condition): the hand is over.
 *   <li>{@code (showdown strength range:lo..hi)} (outcome): the pot goes to the players still in whose strength
 *       (an expression of Player, e.g. {@code (pokerRank (union (hand Player) (spot "Board")))}) is highest, split
 *       evenly (odd chips to the earliest seats); each is paid what it wins less what it put in. With stacks, in
 *       side pots, one layer per distinct stake of a player still in.
 * </ul>
 *
 * <p>The move, condition and outcome are written as the general ludemes they stand for ({@code choose}, {@code set},
 * {@code add}, {@code if}, {@code all}, {@code payoff}), so the engine and the GDL-II export read one expansion and
 * cannot disagree. The expansion reads every register only as it was at the start of the step, and writes each at
 * most once a step, so sequential effects and GDL-II's simultaneous update mean the same.
 */
public final class Betting extends ReplayedLudeme {
  private final int kind;

  private Betting(String name, Type type, int kind, String doc, Param... params) {
    super(name, type, "betting", null, doc, params);
    this.kind = kind;
  }

  public static List<Betting> all() {
    return List.of(
        new Betting("pot", Type.EQUIPMENT, 0, "The pot that (bet …) plays to: each player puts the ante and its "
            + "blind in (a blind counts as the round's first bet). Its registers are variables the rules may "
            + "read: Pot-In and Pot-Out (per player: chips put in; 1 if folded), Pot-Acted (per player, this round), "
            + "Pot-Max (the highest stake), Pot-Bets (bets and raises this round), Pot-Round (from 1), Pot-Left "
            + "(players still in), Pot-Over (1 when the hand is over); with stacks:, Pot-Stack (per player: its "
            + "chips; all-in when Pot-In reaches it).",
            Param.named("ante", "int literal", "what each player puts in first (default 0)"),
            Param.named("blinds", "{int …}", "forced bets by seat from P1, e.g. {1 2} (default none)"),
            Param.named("stacks", "int literal or {int …}", "the chips each player has, ante and blind included: one "
                + "number for every player or one per seat, e.g. {20 8 12}; a player who cannot match a bet calls "
                + "all-in, side pots follow; 0 or absent: unlimited chips")),
        new Betting("bet", Type.MOVE, 1, "Fixed-limit betting to the pot, one round per size: level with the "
            + "highest stake the mover may check, or bet (the first bet of a round) or raise; behind it, fold, "
            + "call or raise; a bet or raise puts in the round's size above the highest stake; at most cap bets "
            + "and raises a round. A round ends when every player still in has acted and all have put the same; "
            + "between:'s effect of that round runs (e.g. a deal) and first: opens the next; after the last round, "
            + "or when one player is left, the hand is over. A folded player is skipped. With the pot's stacks:, "
            + "a player short of the highest stake calls all-in (skipped from then on, still in the hand), a bet or "
            + "raise needs the chips for all of it and an opponent who can still act, and when a round ends with at "
            + "most one player able to act, every round's between: left runs at once and the hand is over. The "
            + "moves are announced "
            + "to everyone (check, bet, call, raise, fold; a game with (bet …) cannot have choose moves of these "
            + "names).",
            Param.required("sizes", "{int …}", "the bet size of each round, e.g. {2 4}; their number is the rounds'"),
            Param.required("cap", "int literal", "the most bets and raises in a round (blinds count as one)"),
            Param.named("first", "player", "who acts first in every round after the first (default P1)"),
            Param.named("between", "{effect …}", "what happens after each round but the last, e.g. a deal")),
        new Betting("handOver", Type.BOOL, 2, "True when the betting hand is over: one player is left, or the last "
            + "round of (bet …) ended."),
        new Betting("showdown", Type.OUTCOME, 3, "Pays the pot: to the one player left, or split evenly among the "
            + "players still in with the highest strength (odd chips to the earliest seats); with stacks, in side "
            + "pots: each distinct stake of a player still in closes a layer, won by the best of the players still "
            + "in who put in at least that stake. Each player is paid what it wins less what it put in. Goals as "
            + "for payoff.",
            Param.pos("strength", "int", "the hand's strength, an expression of Player (larger wins) that does not "
                + "bind Player itself"),
            Param.required("range", "lo..hi", "the amounts the game can pay, as for payoff")));
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    int n = c.players();
    switch (kind) {
      case 0: {
        int ante = a.constInt("ante", 0);
        int[] blinds = new int[n];
        if (a.has("blinds")) {
          List<Node> items = a.list("blinds");
          if (items.size() > n) {
            throw a.error("blinds", "more blinds (" + items.size() + ") than players (" + n + ")", "{1 2}");
          }
          for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof Node.Int v) || v.value() < 0 || v.value() > 1_000_000) {
              throw a.error("blinds", "a blind is a number of chips in 0..1000000", "{1 2}");
            }
            blinds[i] = (int) v.value();
          }
        }
        if (ante < 0 || ante > 1_000_000) {
          throw a.error("ante", "the ante is a number of chips in 0..1000000", "1");
        }
        int[] stacks = stacks(a, n);
        for (int p = 0; stacks != null && p < n; p++) {
          if (stacks[p] <= ante + blinds[p]) {
            throw a.error("stacks", "P" + (p + 1) + "'s stack of " + stacks[p] + " chips does not cover its ante and "
                + "blind (" + (ante + blinds[p]) + ") with a chip to spare", (ante + blinds[p] + 1) + " or more");
          }
        }
        int max = 0;
        boolean anyBlind = false;
        for (int b : blinds) {
          max = Math.max(max, b);
          anyBlind |= b > 0;
        }
        Pos at = a.pos();
        int in = c.declareVar(IN, true, 0, at);
        for (int p = 0; p < n; p++) {
          c.varInit.set(in + p, ante + blinds[p]);
        }
        c.declareVar(OUT, true, 0, at);
        c.declareVar(ACTED, true, 0, at);
        c.declareVar(MAX, false, ante + max, at);
        c.declareVar(BETS, false, anyBlind ? 1 : 0, at);
        c.declareVar(ROUND, false, 1, at);
        c.declareVar(LEFT, false, n, at);
        c.declareVar(OVER, false, 0, at);
        if (stacks != null) {
          int st = c.declareVar(STACK, true, 0, at);
          for (int p = 0; p < n; p++) {
            c.varInit.set(st + p, stacks[p]);
          }
        }
        return this;
      }
      case 1:
        needsPot(c, a);
        int[] mx = c.vars.get(MAX);
        int[] bets = c.vars.get(BETS);
        return c.move(expandBet(a.call(), n, a.list("sizes"), a.constInt("cap", 1, 1_000_000, "the cap"),
            a.has("first") ? a.node("first") : null, a.has("between") ? a.list("between") : List.of(),
            c.varInit.get(mx[0]), c.varInit.get(bets[0]), c.vars.containsKey(STACK)));
      case 2:
        needsPot(c, a);
        return c.bool(expandHandOver(a.call()));
      default:
        needsPot(c, a);
        return c.outcome(c.vars.containsKey(STACK) ? expandSidePots(a.call(), n, a.node("strength"), a.node("range"))
            : expandShowdown(a.call(), n, a.node("strength"), a.node("range")));
    }
  }

  /** The moves are choose moves every player perceives as words: the card sampler's replay finds them (as choose). */
  @Override
  public GdlEmitter gdl() {
    switch (kind) {
      case 1:
        return (GdlEmitter.Move) (b, x) -> MoveRuleGdl.move(expandBet(b.call, x.m.n, list(b, "sizes"),
            capOf(b), b.has("first") ? b.get("first") : null, b.has("between") ? list(b, "between") : List.of(),
            initial(x.m.game, MAX), initial(x.m.game, BETS), x.m.game.vars.containsKey(STACK)), x);
      case 2:
        return (GdlEmitter.Cond) (b, ctx, body, x) -> x.cond(expandHandOver(b.call), ctx, body);
      case 3:
        return (GdlEmitter.Outcome) (b, f) -> {
          Node payoff = f.m.game.vars.containsKey(STACK)
              ? expandSidePots(b.call, f.m.n, b.get("strength"), b.get("range"))
              : expandShowdown(b.call, f.m.n, b.get("strength"), b.get("range"));
          Bound pb = f.x.em.bind(payoff, Type.OUTCOME);
          return f.x.em.emitter(pb, Type.OUTCOME, GdlEmitter.Outcome.class).emit(pb, f);
        };
      default:
        return null; // the pot is equipment: its registers are variables, exported as every variable is
    }
  }

  private void needsPot(Compiler c, Args a) throws DslException {
    if (!c.vars.containsKey(MAX)) {
      throw new DslException(veil.dsl.Diagnostic.at(a.pos(), "(" + name() + " …) needs the pot: add (pot …) to the "
          + "equipment", "(pot ante:1)"));
    }
  }

  /** The stacks: null when unlimited (absent or 0), else one per seat. */
  private static int[] stacks(Args a, int n) throws DslException {
    if (!a.has("stacks")) {
      return null;
    }
    Node v = a.node("stacks");
    List<Node> items = v instanceof Node.Braces b ? b.items() : List.of(v);
    if (items.size() != 1 && items.size() != n) {
      throw a.error("stacks", "one stack for every player, or one per seat (" + n + ")", "{20 8 12}");
    }
    int[] out = new int[n];
    for (int p = 0; p < n; p++) {
      Node item = items.get(items.size() == 1 ? 0 : p);
      if (!(item instanceof Node.Int i) || i.value() < 0 || i.value() > 1_000_000) {
        throw a.error("stacks", "a stack is a number of chips in 0..1000000", "20");
      }
      out[p] = (int) i.value();
    }
    if (items.size() == 1 && out[0] == 0) {
      return null; // unlimited
    }
    return out;
  }

  /** A pot register's declared start value. */
  private static int initial(veil.ludeme.CompiledGame g, String var) {
    veil.ludeme.LudState s = (veil.ludeme.LudState) g.initialState();
    return s.v[g.layout.vars + g.vars.get(var)[0]];
  }

  private static List<Node> list(Bound b, String name) {
    Node n = b.get(name);
    return n instanceof Node.Braces br ? br.items() : List.of(n);
  }

  private static int capOf(Bound b) throws ExportException {
    if (b.get("cap") instanceof Node.Int i) {
      return (int) i.value();
    }
    throw ExportException.at(b.get("cap"), "the cap is a number");
  }

  // ------------------------------------------------------------------ the expansion

  static final String IN = "Pot-In";
  static final String OUT = "Pot-Out";
  static final String ACTED = "Pot-Acted";
  static final String MAX = "Pot-Max";
  static final String BETS = "Pot-Bets";
  static final String ROUND = "Pot-Round";
  static final String LEFT = "Pot-Left";
  static final String OVER = "Pot-Over";
  static final String STACK = "Pot-Stack";

  /**
   * The move rule. Every register is read as it was when the move was chosen; a check, call or fold that ends the
   * round resets the round's registers instead of marking the mover as having acted. With stacks, a player who has
   * put in its whole stack is all-in: skipped like a folded player but still in the hand; a call puts in what the
   * mover has when short of the highest stake; a bet or raise needs the chips for the whole of it and another
   * player who can still act; when a round ends with at most one player able to act, the effects of every round
   * left run at once (the board is dealt out) and the hand is over.
   */
  static Node expandBet(Node.Call call, int n, List<Node> sizes, int cap, Node first, List<Node> between,
      int max0, int bets0, boolean stacks) {
    Map<String, Node> holes = new HashMap<>();
    // the highest stake after a bet or raise: with literal sizes, a table of the stakes a bet or raise can start from
    // in each round (so that the GDL-II export's number analysis sees the few stakes there are, not every sum
    // within the step bound); else the sum
    String raised = raisedTable(sizes, cap, max0, bets0);
    if (raised == null) {
      String size = sizes.isEmpty() ? "0" : "#s" + (sizes.size() - 1);
      for (int r = sizes.size() - 2; r >= 0; r--) {
        size = "(if (= (var \"Pot-Round\") " + (r + 1) + ") #s" + r + " " + size + ")";
      }
      for (int r = 0; r < sizes.size(); r++) {
        holes.put("#s" + r, sizes.get(r));
      }
      raised = "(+ (var \"Pot-Max\") " + size + ")";
    }
    // the effects between rounds, by the round that ended
    String gap = "{}";
    for (int r = Math.min(between.size(), sizes.size() - 1) - 1; r >= 0; r--) {
      gap = "(if (= (var \"Pot-Round\") " + (r + 1) + ") #b" + r + " " + gap + ")";
      holes.put("#b" + r, between.get(r));
    }
    // with stacks: the effects of every round left, by the round that ended (the board dealt out after an all-in)
    String runout = "{}";
    if (stacks) {
      for (int r = Math.min(between.size(), sizes.size() - 1) - 1; r >= 0; r--) {
        StringBuilder all = new StringBuilder("{");
        for (int k = r; k < Math.min(between.size(), sizes.size() - 1); k++) {
          all.append(" #b").append(k);
        }
        runout = "(if (= (var \"Pot-Round\") " + (r + 1) + ") " + all.append("}") + " " + runout + ")";
      }
    }
    holes.put("#first", first != null ? first : new Node.Sym(call.pos(), "P1"));
    // after a check, call or fold: is every other player still in level (or all-in) and has it acted?
    String level = "(all Player (or (= Player Mover) " + out("Player", stacks)
        + " (and (= (var \"Pot-Acted\" Player) 1) (= (var \"Pot-In\" Player) (var \"Pot-Max\")))))";
    // the turn passes to the next player still in (and not all-in): the engine hands it to the seat after the mover,
    // so when that one cannot act, the mover is set to the seat before the one who plays next
    String pass = "{}";
    for (int k = n - 1; k >= 2; k--) {
      String target = seat("Mover", k);
      pass = "(if " + in(target, stacks) + " (setMover " + seat("Mover", k - 1) + ") " + pass + ")";
    }
    if (n > 2) {
      pass = "(if " + in("(left Mover)", stacks) + " {} " + pass + ")";
    }
    String checkAfter = after(n, sizes.size(), gap, runout, level, pass, false, "", stacks);
    String raise = "{(set \"Pot-In\" Mover " + raised + ") (set \"Pot-Max\" " + raised + ") "
        + "(add \"Pot-Bets\" 1) (set \"Pot-Acted\" Mover 1) " + pass + "}";
    String level0 = "(= (var \"Pot-In\" Mover) (var \"Pot-Max\"))";
    // with stacks: the chips for the whole bet or raise, and someone else who can still act
    String canRaise = !stacks ? "" : " (>= (var \"Pot-Stack\" Mover) " + raised + ") (some Player (and "
        + "(!= Player Mover) " + in("Player", true) + "))";
    String callTo = !stacks ? "(var \"Pot-Max\")" : "(if (< (var \"Pot-Max\") (var \"Pot-Stack\" Mover)) "
        + "(var \"Pot-Max\") (var \"Pot-Stack\" Mover))";
    String callAfter = after(n, sizes.size(), gap, runout, level, pass, false,
        "(< (var \"Pot-Max\") (var \"Pot-Stack\" Mover))", stacks);
    String text = "{"
        + "(if " + level0 + " (choose check then:" + checkAfter + "))"
        + "(if (and " + level0 + " (= (var \"Pot-Bets\") 0)" + canRaise + ") (choose bet then:" + raise + "))"
        + "(if (not " + level0 + ") (choose fold then:{(set \"Pot-Out\" Mover 1) "
        + "(if (= (var \"Pot-Left\") 2) (set \"Pot-Over\" 1) "
        + after(n, sizes.size(), gap, runout, level, pass, true, null, stacks)
        + ") (add \"Pot-Left\" -1)}))"
        + "(if (not " + level0 + ") (choose call then:{(set \"Pot-In\" Mover " + callTo + ") " + callAfter + "}))"
        + "(if (and (> (var \"Pot-Bets\") 0) (< (var \"Pot-Bets\") " + cap + ")" + canRaise + ") "
        + "(choose raise then:" + raise + "))"
        + "}";
    return template(text, holes, call.pos());
  }

  /** The condition that a seat can act: it has not folded and (with stacks) not put in its whole stack. */
  private static String in(String who, boolean stacks) {
    return !stacks ? "(= (var \"Pot-Out\" " + who + ") 0)" : "(not " + out(who, true) + ")";
  }

  /** The condition that a seat cannot act: it folded, or (with stacks) it has put in its whole stack. */
  private static String out(String who, boolean stacks) {
    String folded = "(= (var \"Pot-Out\" " + who + ") 1)";
    return !stacks ? folded
        : "(or " + folded + " (= (var \"Pot-In\" " + who + ") (var \"Pot-Stack\" " + who + ")))";
  }

  /**
   * What a check, call or fold does next: when the round is complete, the next round (its registers reset, the
   * effect between rounds, the opener handed the turn) or the end of the hand; else the mover has acted and the turn
   * passes. A folding mover is not the next round's opener even if it is #first. {@code moverActs} (with stacks,
   * when not folding): the condition that the mover can still act after its move ("" for always), read from the
   * registers as they were before it.
   */
  private static String after(int n, int rounds, String gap, String runout, String level, String pass,
      boolean folding, String moverActs, boolean stacks) {
    // the opener: the first player still in from #first on; the engine hands the turn to the seat after the one
    // set as mover, so the mover is set to the seat before the opener
    String open = "(setMover (right #first))";
    if (n > 2) {
      open = "{}";
      for (int j = n - 1; j >= 0; j--) {
        String who = seat("#first", j);
        String in = in(who, stacks);
        if (folding) {
          in = "(and " + in + " (!= " + who + " Mover))";
        } else if (stacks && !moverActs.isEmpty()) {
          in = "(and " + in + " (or (!= " + who + " Mover) " + moverActs + "))";
        }
        open = "(if " + in + " (setMover " + (j == 0 ? "(right #first)" : seat("#first", j - 1)) + ") " + open + ")";
      }
    }
    String endRound = "(if (< (var \"Pot-Round\") " + rounds + ") "
        + "{" + gap + " (add \"Pot-Round\" 1) (set \"Pot-Bets\" 0) (forEach Player (set \"Pot-Acted\" Player 0)) "
        + open + "} (set \"Pot-Over\" 1))";
    if (stacks) {
      // how many players can act once the mover has moved: at most one, and the rest of the hand is dealt out
      StringBuilder acting = new StringBuilder("(+ ").append(folding ? "0" : moverActs.isEmpty() ? "1"
          : "(if " + moverActs + " 1 0)");
      for (int p = 1; p <= n; p++) {
        acting.append(" (if (and (!= P").append(p).append(" Mover) ").append(in("P" + p, true)).append(") 1 0)");
      }
      acting.append(")");
      endRound = "(if (<= " + acting + " 1) {" + runout + " (set \"Pot-Over\" 1)} " + endRound + ")";
    }
    return "(if " + level + " " + endRound + " {(set \"Pot-Acted\" Mover 1) " + pass + "})";
  }

  /**
   * With every size a literal: the stake after a bet or raise as a table over (round, highest stake) of every pair a
   * bet or raise can start from (found by following the rounds from the pot's start: a raise while fewer than cap
   * bets were made adds the round's size; a round's end keeps the stake). Null when a size is not a literal.
   */
  static String raisedTable(List<Node> sizes, int cap, int max0, int bets0) {
    int rounds = sizes.size();
    int[] size = new int[rounds];
    for (int r = 0; r < rounds; r++) {
      if (!(sizes.get(r) instanceof Node.Int i) || i.value() < 0 || i.value() > 1_000_000) {
        return null;
      }
      size[r] = (int) i.value();
    }
    // per round, the stakes a raise can start from (stake -> the stake after it)
    List<java.util.TreeSet<Integer>> from = new ArrayList<>();
    java.util.TreeSet<Integer> starts = new java.util.TreeSet<>(List.of(max0));
    long pairs = 0;
    for (int r = 0; r < rounds; r++) {
      java.util.TreeSet<Integer> raisable = new java.util.TreeSet<>();
      java.util.TreeSet<Integer> ends = new java.util.TreeSet<>(starts);
      for (int start : starts) {
        long stake = start;
        for (int b = r == 0 ? bets0 : 0; b < cap; b++) {
          raisable.add((int) stake);
          stake += size[r];
          if (stake > 1_000_000_000L) {
            return null;
          }
          ends.add((int) stake);
        }
      }
      pairs += raisable.size();
      if (pairs > 2000) {
        return null; // too many stakes for a table: the sum it is
      }
      from.add(raisable);
      starts = ends;
    }
    String table = null;
    for (int r = rounds - 1; r >= 0; r--) {
      String inRound = null;
      for (int stake : from.get(r).descendingSet()) {
        String v = Integer.toString(stake + size[r]);
        inRound = inRound == null ? v : "(if (= (var \"Pot-Max\") " + stake + ") " + v + " " + inRound + ")";
      }
      if (inRound == null) {
        continue;
      }
      table = table == null ? inRound : "(if (= (var \"Pot-Round\") " + (r + 1) + ") " + inRound + " " + table + ")";
    }
    return table == null ? "(var \"Pot-Max\")" : table;
  }

  /** {@code (left … (left of))}, k times. */
  private static String seat(String of, int k) {
    String s = of;
    for (int i = 0; i < k; i++) {
      s = "(left " + s + ")";
    }
    return s;
  }

  static Node expandHandOver(Node.Call call) {
    return template("(= (var \"Pot-Over\") 1)", Map.of(), call.pos());
  }

  /**
   * The payoff: what Player wins less what it put in. A winner is a player still in whose strength no player still
   * in beats; the pot is split among the winners, the odd chips going one each to the earliest winners.
   */
  static Node expandShowdown(Node.Call call, int n, Node strength, Node range) {
    Map<String, Node> holes = new HashMap<>();
    holes.put("#range", range);
    StringBuilder pot = new StringBuilder("(+");
    for (int p = 1; p <= n; p++) {
      pot.append(" (var \"Pot-In\" P").append(p).append(")");
    }
    pot.append(")");
    List<String> seats = new ArrayList<>();
    for (int p = 1; p <= n; p++) {
      seats.add("P" + p);
      holes.put("#S" + p, substitute(strength, "Player", new Node.Sym(call.pos(), "P" + p)));
    }
    holes.put("#SPlayer", strength);
    StringBuilder winners = new StringBuilder("(+");
    for (String q : seats) {
      winners.append(" (if ").append(wins(q, n)).append(" 1 0)");
    }
    winners.append(")");
    String share = "(/ " + pot + " " + winners + ")";
    if (n > 2) {
      // the odd chips: one each to the winners seated first
      // how many winners sit before Player: by seat, as players compare only for equality
      String before = "0";
      for (int p = n; p >= 2; p--) {
        List<String> terms = new ArrayList<>();
        for (int q = 1; q < p; q++) {
          terms.add("(if " + wins("P" + q, n) + " 1 0)");
        }
        String earlier = terms.size() == 1 ? terms.get(0) : "(+ " + String.join(" ", terms) + ")";
        before = "(if (= Player P" + p + ") " + earlier + " " + before + ")";
      }
      String odd = "(- " + pot + " (* " + winners + " " + share + "))";
      share = "(+ " + share + " (if (< " + before + " " + odd + ") 1 0))";
    }
    String amount = "(- (if (= (var \"Pot-Out\" Player) 1) 0 (if (= (var \"Pot-Left\") 1) " + pot + " (if "
        + wins("Player", n) + " " + share + " 0))) (var \"Pot-In\" Player))";
    return template("(payoff " + amount + " range:#range)", holes, call.pos());
  }

  /**
   * The payoff with stacks: side pots. Each distinct stake of a player still in closes a pot layer: the chips every
   * player put in between the next lower such stake and it. A layer goes to the players still in who put in at
   * least its stake and whose strength no such player beats, split evenly (odd chips one each to the earliest
   * seats). Each player is paid what it wins less what it put in. Without all-ins there is one layer, the pot.
   */
  static Node expandSidePots(Node.Call call, int n, Node strength, Node range) {
    Map<String, Node> holes = new HashMap<>();
    holes.put("#range", range);
    for (int p = 1; p <= n; p++) {
      holes.put("#S" + p, substitute(strength, "Player", new Node.Sym(call.pos(), "P" + p)));
    }
    holes.put("#SPlayer", strength);
    StringBuilder won = new StringBuilder("(+");
    for (int q = 1; q <= n; q++) {
      String stake = in("P" + q);
      // the next lower stake of a player still in (0 when none)
      List<String> lower = new ArrayList<>();
      for (int j = 1; j <= n; j++) {
        if (j != q) {
          lower.add("(if (and " + still("P" + j) + " (< " + in("P" + j) + " " + stake + ")) " + in("P" + j) + " 0)");
        }
      }
      String prev = lower.isEmpty() ? "0" : maxOf(lower);
      String layer = "(- " + upTo(n, stake) + " " + upTo(n, prev) + ")";
      // the first player still in with this stake stands for the layer
      StringBuilder rep = new StringBuilder("(and " + still("P" + q));
      for (int j = 1; j < q; j++) {
        rep.append(" (or (= (var \"Pot-Out\" P").append(j).append(") 1) (!= ").append(in("P" + j)).append(" ")
            .append(stake).append("))");
      }
      rep.append(")");
      List<String> best = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        best.add("(if " + bestFor("P" + i, Integer.toString(i), n, stake) + " 1 0)");
      }
      String count = "(+ " + String.join(" ", best) + ")";
      String share = "(/ " + layer + " " + count + ")";
      String odd = "(- " + layer + " (* " + count + " " + share + "))";
      String before = "0";
      for (int p = n; p >= 2; p--) {
        String earlier = p == 2 ? best.get(0) : "(+ " + String.join(" ", best.subList(0, p - 1)) + ")";
        before = "(if (= Player P" + p + ") " + earlier + " " + before + ")";
      }
      won.append(" (if (and ").append(rep).append(" ").append(bestFor("Player", "Player", n, stake)).append(") (+ ")
          .append(share).append(" (if (< ").append(before).append(" ").append(odd).append(") 1 0)) 0)");
    }
    won.append(")");
    String amount = "(- " + won + " " + in("Player") + ")";
    return template("(payoff " + amount + " range:#range)", holes, call.pos());
  }

  private static String in(String who) {
    return "(var \"Pot-In\" " + who + ")";
  }

  private static String still(String who) {
    return "(= (var \"Pot-Out\" " + who + ") 0)";
  }

  /** The chips put in up to a stake: the sum over the players of the least of what each put in and the stake. */
  private static String upTo(int n, String stake) {
    if ("0".equals(stake)) {
      return "0";
    }
    StringBuilder s = new StringBuilder("(+");
    for (int j = 1; j <= n; j++) {
      s.append(" (if (< ").append(in("P" + j)).append(" ").append(stake).append(") ").append(in("P" + j)).append(" ")
          .append(stake).append(")");
    }
    return s.append(")").toString();
  }

  /** The largest of some values: the first that is at least every later one. */
  private static String maxOf(List<String> xs) {
    if (xs.size() == 1) {
      return xs.get(0);
    }
    StringBuilder c = new StringBuilder("(and");
    for (int k = 1; k < xs.size(); k++) {
      c.append(" (>= ").append(xs.get(0)).append(" ").append(xs.get(k)).append(")");
    }
    return "(if " + c + ") " + xs.get(0) + " " + maxOf(xs.subList(1, xs.size())) + ")";
  }

  /**
   * Whether a seat (P1 … or Player; {@code s} the suffix of its strength hole) wins a layer of the given stake: it is
   * still in, put in at least the stake, and no other such player has a higher strength.
   */
  private static String bestFor(String who, String s, int n, String stake) {
    StringBuilder b = new StringBuilder("(and " + still(who) + " (>= " + in(who) + " " + stake + ")");
    for (int k = 1; k <= n; k++) {
      if (who.equals("P" + k)) {
        continue;
      }
      b.append(" (or ");
      if (who.equals("Player")) {
        b.append("(= Player P").append(k).append(") ");
      }
      b.append("(= (var \"Pot-Out\" P").append(k).append(") 1) (< ").append(in("P" + k)).append(" ").append(stake)
          .append(") (>= #S").append(s).append(" #S").append(k).append("))");
    }
    return b.append(")").toString();
  }

  /** Whether the given seat (P1 … or Player) is still in and no player still in has a higher strength. */
  private static String wins(String who, int n) {
    StringBuilder s = new StringBuilder("(and (= (var \"Pot-Out\" " + who + ") 0)");
    for (int q = 1; q <= n; q++) {
      s.append(" (or (= (var \"Pot-Out\" P").append(q).append(") 1) (>= #S").append(who.equals("Player") ? "Player"
          : who.substring(1)).append(" #S").append(q).append("))");
    }
    return s.append(")").toString();
  }

  /** A template read as ludeme text, its holes ({@code #name}) filled with the given nodes, placed at {@code at}. */
  static Node template(String text, Map<String, Node> holes, Pos at) {
    List<Node> read;
    try {
      read = Reader.read(Source.of("betting", text));
    } catch (DslException e) {
      throw new IllegalStateException("betting: a malformed expansion: " + e.getMessage(), e);
    }
    return place(read.get(0), holes, at);
  }

  private static Node place(Node t, Map<String, Node> holes, Pos at) {
    if (t instanceof Node.Sym s) {
      Node hole = holes.get(s.name());
      if (s.name().startsWith("#") && hole == null) {
        throw new IllegalStateException("betting: no value for " + s.name());
      }
      return hole != null ? hole : new Node.Sym(at, s.name());
    }
    if (t instanceof Node.Call c) {
      return new Node.Call(at, placeAll(c.items(), holes, at));
    }
    if (t instanceof Node.Braces b) {
      return new Node.Braces(at, placeAll(b.items(), holes, at));
    }
    if (t instanceof Node.Named nm) {
      return new Node.Named(at, nm.name(), place(nm.value(), holes, at));
    }
    if (t instanceof Node.Str s) {
      return new Node.Str(at, s.value());
    }
    if (t instanceof Node.Int i) {
      return new Node.Int(at, i.value());
    }
    Node.Range r = (Node.Range) t;
    return new Node.Range(at, r.from(), r.to());
  }

  private static List<Node> placeAll(List<Node> items, Map<String, Node> holes, Pos at) {
    List<Node> out = new ArrayList<>();
    for (Node i : items) {
      out.add(place(i, holes, at));
    }
    return out;
  }

  /** The node with every symbol {@code name} replaced (positions kept). */
  static Node substitute(Node t, String name, Node by) {
    if (t instanceof Node.Sym s && s.name().equals(name)) {
      return by;
    }
    if (t instanceof Node.Call c) {
      List<Node> out = new ArrayList<>();
      for (Node i : c.items()) {
        out.add(substitute(i, name, by));
      }
      return new Node.Call(c.pos(), out);
    }
    if (t instanceof Node.Braces b) {
      List<Node> out = new ArrayList<>();
      for (Node i : b.items()) {
        out.add(substitute(i, name, by));
      }
      return new Node.Braces(b.pos(), out);
    }
    if (t instanceof Node.Named nm) {
      return new Node.Named(nm.pos(), nm.name(), substitute(nm.value(), name, by));
    }
    return t;
  }
}
