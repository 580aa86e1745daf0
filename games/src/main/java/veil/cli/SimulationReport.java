package veil.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import veil.games.RuleFailure;
import veil.games.SimulationResult;
import veil.model.Game;

/** What {@code veil simulate --json FILE} writes: the run's figures and every failure kept, for later analysis. */
record SimulationReport(
    String game,
    String argument,
    Map<String, String> options,
    long seed,
    int firstGame,
    int games,
    int completed,
    double seconds,
    double gamesPerSecond,
    double stepsPerSecond,
    double meanLength,
    int minLength,
    int maxLength,
    int stepBound,
    List<Seat> seats,
    int failureCount,
    List<Failure> failures) {

  /** One player's seat: its role name and mean score over completed games. */
  record Seat(String role, double meanScore) {}

  /** One failed game, with the command that replays it alone. */
  record Failure(String kind, int game, long gameSeed, int step, String role, String message, String reproduce) {}

  static SimulationReport of(Game game, GameArgs args, SimulationResult result, List<String> reproduce) {
    List<Seat> seats = new ArrayList<>();
    for (int r = 0; r < game.roleCount(); r++) {
      if (r != game.randomRole()) {
        seats.add(new Seat(game.roleName(r), result.meanScores()[r]));
      }
    }
    List<Failure> failures = new ArrayList<>();
    for (int i = 0; i < result.failures().size(); i++) {
      RuleFailure f = result.failures().get(i);
      failures.add(new Failure(f.kind().name(), f.gameIndex(), f.gameSeed(), f.step(),
          f.role() >= 0 ? game.roleName(f.role()) : null, f.message(), reproduce.get(i)));
    }
    return new SimulationReport(game.name(), args.game, args.options, result.masterSeed(), result.firstGame(),
        result.games(), result.completed(), result.seconds(), result.gamesPerSecond(), result.stepsPerSecond(),
        result.meanLength(), result.minLength(), result.maxLength(), game.stepBound(), seats,
        result.failureCount(), failures);
  }
}
