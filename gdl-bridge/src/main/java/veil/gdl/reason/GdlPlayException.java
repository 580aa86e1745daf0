package veil.gdl.reason;

/** A rule failure found while playing: a terminal state without a goal, or with several in strict mode. */
public final class GdlPlayException extends IllegalStateException {
  public GdlPlayException(String message) {
    super(message);
  }
}
