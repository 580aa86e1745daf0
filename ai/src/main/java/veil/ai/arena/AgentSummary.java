package veil.ai.arena;

/**
 * One agent's line in the tournament table.
 *
 * @param meanScore mean of its per-game scores (0..1) over the games it played without failure
 * @param ciHalfWidth half-width of the 95% confidence interval of the mean, normal approximation: 1.96·sd/√n
 *     (sample standard deviation; 0 when n < 2)
 * @param winRate mean win credit: 1 for the strictly highest score among the seats, 1/k when k seats share the
 *     highest score, 0 otherwise; in a one-seat game a win is the maximum score 1
 * @param msPerMove mean thinking time per decision
 * @param iterationsPerSecond total search iterations / total thinking time (0 for non-search agents)
 */
public record AgentSummary(
    int index,
    String spec,
    int games,
    double meanScore,
    double ciHalfWidth,
    double winRate,
    double msPerMove,
    double iterationsPerSecond,
    long decisions) {
  public double ciLow() {
    return meanScore - ciHalfWidth;
  }

  public double ciHigh() {
    return meanScore + ciHalfWidth;
  }
}
