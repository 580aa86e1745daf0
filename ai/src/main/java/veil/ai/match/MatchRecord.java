package veil.ai.match;

import java.util.List;

/**
 * One finished (or failed) match: its seed, the agent in each role ({@code null} for {@code random}), the joint
 * moves played, the per-role scores ({@link veil.model.Game#scores}), and per-role decision costs. On a rule or
 * agent failure {@code failure} says what happened and {@code scores} is null.
 *
 * @param decisions number of decisions each role was asked for (only steps with two or more legal moves)
 * @param decisionNanos total thinking time of each role
 * @param iterations total search iterations of each role
 * @param fallbacks decisions where a search agent could not sample its information set and moved at random
 * @param approximate decisions where a search agent drew some worlds from an approximate belief (the general
 *     sampler's particle bag) rather than the exact posterior
 */
public record MatchRecord(
    long seed,
    List<String> agents,
    int[][] joints,
    double[] scores,
    String failure,
    int[] decisions,
    long[] decisionNanos,
    long[] iterations,
    int[] fallbacks,
    int[] approximate) {
  public int steps() {
    return joints.length;
  }

  public boolean failed() {
    return failure != null;
  }

  /** Mean milliseconds per decision of {@code role}, 0 when it never decided. */
  public double msPerMove(int role) {
    return decisions[role] == 0 ? 0 : decisionNanos[role] / 1e6 / decisions[role];
  }
}
