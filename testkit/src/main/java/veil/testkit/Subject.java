package veil.testkit;

import java.util.Locale;
import java.util.function.Consumer;
import veil.model.Game;
import veil.model.GameLoadException;

/**
 * A game under test: loaded once and its random playouts recorded once, on first use, for all its checks.
 * Thread-safe.
 */
public final class Subject {
  private final Target target;
  private final Settings settings;
  private final Consumer<String> log;
  private Game game;
  private GameLoadException loadFailure;
  private Recording recording;

  /**
   * @param log told one line when the playouts are recorded (how many, how long), or null
   */
  public Subject(Target target, Settings settings, Consumer<String> log) {
    this.target = target;
    this.settings = settings;
    this.log = log;
  }

  public Target target() {
    return target;
  }

  public Settings settings() {
    return settings;
  }

  /** The game, loaded on first use. */
  public synchronized Game game() throws GameLoadException {
    if (game == null && loadFailure == null) {
      try {
        game = target.load();
      } catch (GameLoadException e) {
        loadFailure = e;
      }
    }
    if (loadFailure != null) {
      throw loadFailure;
    }
    return game;
  }

  synchronized Recording recording() throws GameLoadException {
    if (recording == null) {
      recording = Recording.record(game(), settings);
      if (log != null) {
        log.accept("conformance " + target.name() + ": " + recordingSummary());
      }
    }
    return recording;
  }

  /** How many playouts were recorded and how long they took, e.g. {@code 200 playouts (200 completed), ...}. */
  public synchronized String recordingSummary() {
    if (recording == null) {
      return "no playouts recorded";
    }
    Recording r = recording;
    int n = r.playouts.size();
    long steps = 0;
    for (Recording.Playout p : r.playouts) {
      steps += p.joints.size();
    }
    return String.format(Locale.ROOT, "%d playouts (%d completed), mean length %.1f steps, %.2f s", n,
        r.completed(Integer.MAX_VALUE).size(), n == 0 ? 0.0 : (double) steps / n, r.nanos / 1e9);
  }

  /** How many playouts were recorded (0 before the first check that needs them). */
  public synchronized int recordedPlayouts() {
    return recording == null ? 0 : recording.playouts.size();
  }
}
