package veil.ludeme.gdl;

import java.util.NavigableSet;

/**
 * Outcomes: (result Who Win|Loss|Draw), (byScore expr [misere:True]), (ranking by:expr), (payoff expr range:lo..hi).
 * Each gives a key per player, (R PLAYER KEY); the end of the game ranks by them, higher is better, or for a payoff
 * the key is the amount and the goal its affine image. Keys that are ordered keys (a match's totals written digit by
 * digit) come compared already ({@link Keys#order}).
 */
public final class OutcomeGdl {
  private OutcomeGdl() {}

  /** The key relation, the values a key may take, and the payoff range when keys are amounts (else null). */
  public record Keys(Rel rel, NavigableSet<Integer> nums, veil.model.PayoffRange payoff, KeyOrder order) {
    public Keys(Rel rel, NavigableSet<Integer> nums) {
      this(rel, nums, null, null);
    }

    public Keys(Rel rel, NavigableSet<Integer> nums, veil.model.PayoffRange payoff) {
      this(rel, nums, payoff, null);
    }

    /** Keys that are ordered keys ({@link LexKey}), already compared pairwise. */
    public static Keys ordered(KeyOrder order) {
      return new Keys(null, null, null, order);
    }
  }

  /**
   * A match of several deals ({@code (match …)}) as calls of other ludemes: the effect adding a deal's scores to the
   * totals and counting it, the condition that ends the match, the outcome ranking the totals, and a deal's score
   * of Player; with its target (0: none), its bound on the deals and the game's variables it keeps (keep:).
   */
  public record MatchParts(veil.dsl.Node handEffect, veil.dsl.Node over, veil.dsl.Node outcome,
      veil.dsl.Node score, int target, int deals, java.util.List<String> keep) {}
}
