package veil.model;

/** A game that cannot be loaded; the message is the complete, formatted error report for a human. */
public final class GameLoadException extends Exception {
  private final boolean usage;

  public GameLoadException(String report) {
    this(report, false);
  }

  /** @param usage whether the command line is at fault, not the game: an option name the game does not take */
  public GameLoadException(String report, boolean usage) {
    super(report, null, false, false);
    this.usage = usage;
  }

  /** Whether the command line is at fault (a usage error, exit 2), not the game (exit 1). */
  public boolean usage() {
    return usage;
  }
}
