package veil.ai.arena;

/**
 * One game of a tournament as stored in the output: index, seed, the agent index in each role (-1 for random),
 * the joint moves (ints and GDL text), per-role scores (null when the game failed), per-role decision costs, and
 * per-role fallbacks: decisions where a search agent found no state of its information set and moved at random,
 * and per-role approximate decisions: where a search agent drew worlds from an approximate belief (the general
 * sampler's particle bag) rather than the exact posterior.
 */
public record GameResult(
    int index,
    long seed,
    int[] agentOfRole,
    String[] agentSpecOfRole,
    int[][] moves,
    String[][] movesText,
    double[] scores,
    int[] decisions,
    double[] msPerMove,
    long[] iterations,
    long[] decisionNanos,
    String failure,
    int[] fallbacks,
    int[] approximate) {
  public boolean failed() {
    return failure != null;
  }
}
