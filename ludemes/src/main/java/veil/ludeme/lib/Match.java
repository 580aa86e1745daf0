package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Pos;
import veil.ludeme.BoolExpr;
import veil.ludeme.Effect;
import veil.ludeme.LudState;
import veil.ludeme.Outcome;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.GameCompiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.OutcomeGdl;

/**
 * {@code (match OUTCOME to:N deals:K)}: a match of several deals, as an outcome of the end rule that ends one deal.
 * When the deal ends, each player's score in OUTCOME (the score of {@code byScore} or {@code byTeam}, with Player
 * bound to the player) is added to its total (the variable {@code "Total"}, one per player) and the deal is counted
 * ({@code "Deal"}, 0 in the first deal). The match ends when a total reaches N or after K deals, ranked by OUTCOME
 * applied to the totals instead of the deal's scores; otherwise the next deal begins at once: every card goes back
 * where the game began, every register and variable (but the totals, the deal count and the step count) back to
 * its start value, the first phase is entered anew, the player after the new dealer moves first (the deal count
 * mod the players: P1 in the first deal, P2 in the second, …), and the start rules run again (they must deal).
 * {@code to:0} is one deal, the game as it is: the match compiles to OUTCOME alone.
 */
public final class Match extends SimpleLudeme {
  /** What every player is told when a new deal of the match begins. */
  public static final String NEW_DEAL = veil.ludeme.gdl.Step.NEW_DEAL;

  public Match() {
    super("match", Type.OUTCOME, "A match of several deals: at the end of a deal each player's score in the outcome "
        + "(byScore's or byTeam's, Player bound to the player) is added to its total, the variable \"Total\" (one per "
        + "player, declared by the match, as is \"Deal\", the deals played before this one). The match ends when a "
        + "total reaches to: (a side's, with byTeam: its first member's) or after deals: deals — a match that hits "
        + "that bound ends by the totals so far — and is ranked by the outcome applied to the totals (byScore "
        + "misere:True: the lowest total wins). Otherwise the next deal begins: every card back where the game began, "
        + "every register and variable but the totals, the deal count and the step count back to its start value, "
        + "the first phase entered anew, every player told newdeal, the dealer one seat on (the player after the dealer moves first: P1 in the "
        + "first deal, P2 in the second, …; Mover at that point is that player), and the start rules run again, "
        + "which must deal. keep:{\"Name\" …} keeps more variables of the game from deal to deal (each as it was at "
        + "the end of the deal, after the deal's scores were added). to:0 plays one deal: the game exactly as with "
        + "the outcome alone (keep: changes nothing there). The game's (bound N) "
        + "bounds one deal: the match's bound is N times deals:.",
        Param.pos("outcome", "outcome", "(byScore score [misere:True]) or (byTeam score): a deal's scores and "
            + "how totals rank"),
        Param.required("to", "int literal", "the target total (1..1000000), or 0 for one deal"),
        Param.named("deals", "int literal", "at most this many deals (1..1000; required unless to:0)"),
        Param.named("keep", "{\"Name\" …}", "variables the game declares that keep their values from one deal to "
            + "the next instead of going back to their start values (Spades' bags: keep:{\"Bags\"}); a per-player "
            + "variable is kept for every player"));
  }

  /** What a match compiles to, as ludeme calls the engine and the GDL-II export both compile. */
  public record Parts(Node handEffect, Node over, Node outcome, Node score, List<String> keep) {}

  /** The match's parts as calls of other ludemes (a deal's scores added, the end of the match, its ranking). */
  static Parts parts(Node.Call call, int target, int deals, java.util.Map<String, int[]> vars) throws DslException {
    List<String> keep = kept(call, vars);
    Node inner = call.args().get(0);
    if (!(inner instanceof Node.Call ic) || !List.of("byScore", "byTeam").contains(ic.headName())
        || ic.args().isEmpty() || ic.args().get(0) instanceof Node.Named) {
      throw new DslException(Diagnostic.at(inner.pos(), "a match ranks its totals with (byScore score) or "
          + "(byTeam score), found " + inner.kind(), "(match (byScore score) to:N deals:K)"));
    }
    Pos at = call.pos();
    Node score = ic.args().get(0);
    Node total = call(at, "var", str(at, GameCompiler.MATCH_TOTAL), sym(at, "Player"));
    Node deal = call(at, "var", str(at, GameCompiler.MATCH_DEAL));
    Node hand = new Node.Braces(at, List.of(
        call(at, "forEach", sym(at, "Player"), call(at, "add", str(at, GameCompiler.MATCH_TOTAL), sym(at, "Player"),
            score)),
        call(at, "add", str(at, GameCompiler.MATCH_DEAL), num(at, 1))));
    Node byDeals = call(at, ">=", deal, num(at, deals));
    Node over = target == 0 ? byDeals
        : call(at, "or", byDeals, call(at, "some", sym(at, "Player"), call(at, ">=", total, num(at, target))));
    List<Node> items = new ArrayList<>(ic.items());
    items.set(1, total);
    return new Parts(hand, over, new Node.Call(ic.pos(), items), score, keep);
  }

  /**
   * The names in keep:, each a variable the game declares (but the match's own), each once; vars null: the game
   * compiled already (the GDL-II export), so the names are not checked again.
   */
  static List<String> kept(Node.Call call, java.util.Map<String, int[]> vars) throws DslException {
    Node k = null;
    for (Node item : call.args()) {
      if (item instanceof Node.Named nm && nm.name().equals("keep")) {
        k = nm.value();
      }
    }
    List<String> out = new ArrayList<>();
    if (k == null) {
      return out;
    }
    for (Node n : k instanceof Node.Braces b ? b.items() : List.of(k)) {
      String name = veil.ludeme.compile.Compiler.text(n);
      if (name.equals(GameCompiler.MATCH_TOTAL) || name.equals(GameCompiler.MATCH_DEAL)) {
        throw new DslException(Diagnostic.at(n.pos(), "the match keeps \"" + name + "\" anyway: keep: names the "
            + "game's own variables", "keep:{\"Name\" …}"));
      }
      if (vars != null && !vars.containsKey(name)) {
        throw new DslException(Diagnostic.at(n.pos(), "keep: names no variable of the game: \"" + name + "\"",
            vars.isEmpty() ? "a variable declared in (vars {…})" : String.join(" ", vars.keySet())));
      }
      if (out.contains(name)) {
        throw new DslException(Diagnostic.at(n.pos(), "keep: names \"" + name + "\" twice"));
      }
      out.add(name);
    }
    return out;
  }

  private static Node call(Pos at, String head, Node... args) {
    List<Node> items = new ArrayList<>();
    items.add(sym(at, head));
    items.addAll(List.of(args));
    return new Node.Call(at, items);
  }

  private static Node sym(Pos at, String name) {
    return new Node.Sym(at, name);
  }

  private static Node str(Pos at, String value) {
    return new Node.Str(at, value);
  }

  private static Node num(Pos at, long value) {
    return new Node.Int(at, value);
  }

  @Override
  public Object build(Args a) throws DslException {
    int target = a.constInt("to", 0, 1_000_000, "a match's target to:");
    if (target == 0) {
      return a.outcome("outcome"); // one deal: the game as it is
    }
    if (!a.has("deals")) {
      throw new DslException(Diagnostic.at(a.pos(), "a match needs a bound on its deals, so that it always ends",
          "(match outcome to:" + target + " deals:K)"));
    }
    int deals = a.constInt("deals", 1, 1000, "a match's deals:");
    if (!a.compiler().vars.containsKey(GameCompiler.MATCH_DEAL)) {
      throw new DslException(Diagnostic.at(a.pos(), "a match ends a deal: it belongs in (end (if cond (match …)))"));
    }
    Parts p = parts(a.call(), target, deals, a.compiler().vars);
    a.compiler().game.stepBound *= deals; // (bound N) bounds one deal
    Effect hand = a.compiler().effect(p.handEffect());
    BoolExpr over = a.compiler().bool(p.over());
    Outcome result = a.compiler().outcome(p.outcome());
    int n = a.compiler().players();
    int base = a.compiler().layout.vars;
    List<Integer> slots = new ArrayList<>();
    int[] total = a.compiler().vars.get(GameCompiler.MATCH_TOTAL);
    for (int q = 0; q < n; q++) {
      slots.add(base + total[0] + q);
    }
    int dealSlot = base + a.compiler().vars.get(GameCompiler.MATCH_DEAL)[0];
    slots.add(dealSlot);
    for (String name : p.keep()) {
      int[] v = a.compiler().vars.get(name);
      for (int q = 0; q < (v[1] == 0 ? 1 : n); q++) {
        slots.add(base + v[0] + q);
      }
    }
    int[] kept = slots.stream().mapToInt(Integer::intValue).toArray();
    int word = a.compiler().table.tellIndex(NEW_DEAL);
    return new Outcome.Match() {
      @Override
      public boolean nextDeal(LudState s) {
        hand.run(s);
        return !over.eval(s);
      }

      @Override
      public int[] keptSlots() {
        return kept; // read on the playout path: shared, not to be modified
      }

      @Override
      public int dealSlot() {
        return dealSlot;
      }

      @Override
      public int dealWord() {
        return word;
      }

      @Override
      public void keys(LudState s, int[] keys) {
        result.keys(s, keys);
      }

      @Override
      public veil.model.PayoffRange payoffRange() {
        return result.payoffRange();
      }

      @Override
      public boolean scores() {
        return result.scores();
      }
    };
  }

  /**
   * Outside the card sampler: the next deal gathers the cards without a card move. A match is sampled deal by deal
   * ({@code veil.cards.match.MatchSampler}): each deal played alone, whose rules do not list the match.
   */
  @Override
  public veil.ludeme.compile.CardSampling cardSampling() {
    return veil.ludeme.compile.CardSampling.OUTSIDE;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Match) Match::gdlParts;
  }

  /** The GDL-II translation: the parts, translated by the step ({@link veil.ludeme.gdl.Step}). */
  static OutcomeGdl.MatchParts gdlParts(Bound b) throws ExportException {
    try {
      int target = (int) ((Node.Int) b.get("to")).value();
      int deals = (int) ((Node.Int) b.get("deals")).value();
      Parts p = parts(b.call, target, deals, null);
      return new OutcomeGdl.MatchParts(p.handEffect(), p.over(), p.outcome(), p.score(), target, deals, p.keep());
    } catch (DslException e) {
      throw new ExportException(e.getMessage());
    }
  }
}
