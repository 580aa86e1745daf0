package veil.games;

import java.util.List;

/**
 * The figures of a simulation run. Lengths and scores are over the games that reached a terminal state without a
 * rule failure ({@link #completed}).
 *
 * @param games the number of games played (completed or failed)
 * @param completed the games that ended in a terminal state with valid goals and scores
 * @param totalSteps joint moves played in completed games
 * @param minLength shortest completed game in steps (0 when none completed)
 * @param maxLength longest completed game in steps (0 when none completed)
 * @param meanScores mean score of each role over completed games, {@code random}'s entry 0
 * @param elapsedNanos wall-clock time of the whole run
 * @param failureCount all rule failures, one per failed game
 * @param failures the first failures in game order (at most {@link Simulator#MAX_FAILURES_KEPT})
 */
public record SimulationResult(
    long masterSeed,
    int firstGame,
    int games,
    int completed,
    long totalSteps,
    int minLength,
    int maxLength,
    double[] meanScores,
    long elapsedNanos,
    int failureCount,
    List<RuleFailure> failures) {

  public double meanLength() {
    return completed == 0 ? 0 : (double) totalSteps / completed;
  }

  public double seconds() {
    return elapsedNanos / 1e9;
  }

  public double gamesPerSecond() {
    return elapsedNanos == 0 ? 0 : games / seconds();
  }

  public double stepsPerSecond() {
    return elapsedNanos == 0 ? 0 : totalSteps / seconds();
  }

  public boolean ok() {
    return failureCount == 0;
  }
}
