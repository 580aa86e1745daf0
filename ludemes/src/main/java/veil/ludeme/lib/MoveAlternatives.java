package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.LudState;
import veil.ludeme.MoveRule;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.MoveRuleGdl;
import veil.model.MoveList;

/**
 * Alternatives among move rules: {@code (or {m …})} — or a bare {@code {m …}} where a move is expected — gives every
 * move of every rule; {@code (priority {m …})} the moves of the first rule that has any (do this if you can, else
 * that). One class, since the two differ only in whether a rule that gave moves stops the rest.
 */
public final class MoveAlternatives extends SimpleLudeme {
  private final boolean priority;

  private MoveAlternatives(boolean priority) {
    super(priority ? "priority" : "or", Type.MOVE, priority
        ? "The moves of the first rule that gives any: do the first kind if you can."
        : "All the moves of all the given move rules.",
        Param.pos("moves", "{move …}", priority ? "the rules, most preferred first" : "the alternatives"));
    this.priority = priority;
  }

  public static List<MoveAlternatives> all() {
    return List.of(new MoveAlternatives(false), new MoveAlternatives(true));
  }

  @Override
  public Object build(Args a) throws DslException {
    List<MoveRule> parts = new ArrayList<>();
    for (Node n : a.list("moves")) {
      parts.add(a.compiler().move(n));
    }
    return of(parts, priority);
  }

  /** The alternatives as one rule (a single rule is itself). */
  public static MoveRule of(List<MoveRule> parts, boolean priority) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    MoveRule[] rules = parts.toArray(new MoveRule[0]);
    boolean manages = false;
    for (MoveRule r : rules) {
      manages |= r.managesTurn();
    }
    boolean managesTurn = manages;
    return new MoveRule() {
      @Override
      public void generate(LudState s, MoveList out) {
        for (MoveRule r : rules) {
          int before = out.size();
          r.generate(s, out);
          if (priority && out.size() > before) {
            return;
          }
        }
      }

      @Override
      public boolean managesTurn() {
        return managesTurn;
      }
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new MoveRuleGdl.Or(MoveRuleGdl.parts(b.list("moves"), x), priority);
  }
}
