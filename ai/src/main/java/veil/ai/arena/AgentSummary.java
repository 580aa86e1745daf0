package veil.ai.arena;

/**
 * One line of a tournament table (an agent, a seat or a team).
 *
 * @param meanScore mean of its per-game scores (0..1) over the games it played without failure
 * @param ciLow lower end of the 95% interval of the mean: percentile bootstrap over games (over deals with
 *     duplicate deals), so it lies in [0, 1] and accounts for the seats of one game being correlated
 * @param ciHigh upper end of that interval
 * @param winRate mean win credit: 1 when its side (its team; by default its own seat) has the strictly highest
 *     score, 1/k when k sides share the highest score, 0 otherwise; in a one-seat game a win is the maximum score 1
 * @param msPerMove mean thinking time per decision
 * @param iterationsPerSecond total search iterations / total thinking time (0 for non-search agents)
 * @param fallbacks decisions where a search agent found no state of its information set and moved at random
 */
public record AgentSummary(
    int index,
    String spec,
    int games,
    double meanScore,
    double ciLow,
    double ciHigh,
    double winRate,
    double msPerMove,
    double iterationsPerSecond,
    long decisions,
    long fallbacks) {}
