package veil.model;

/** A game that cannot be loaded; the message is the complete, formatted error report for a human. */
public final class GameLoadException extends Exception {
  public GameLoadException(String report) {
    super(report, null, false, false);
  }
}
