package veil.ai.arena;

import java.time.Duration;

/** Progress of a tournament, reported after every game. */
@FunctionalInterface
public interface ArenaProgress {
  /**
   * @param done games finished (including those read back on resume)
   * @param total games in the tournament
   * @param elapsed time spent in this run
   * @param remaining estimated time left (from this run's mean time per game), zero when done
   */
  void update(int done, int total, Duration elapsed, Duration remaining);

  /**
   * Called once the output file (if any) is open and locked and, on resume, checked: {@code readBack} games came from
   * it, {@code total} games are in the run.
   */
  default void started(int readBack, int total) {}

  ArenaProgress NONE = (done, total, elapsed, remaining) -> {};
}
