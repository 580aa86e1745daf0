package veil.cli;

import java.io.PrintWriter;
import veil.games.Simulator;

/**
 * Progress of a long run on stderr: on a terminal, one line rewritten in place; otherwise (a log file, CI) a new
 * line every few seconds, so logs show life without filling up.
 */
final class ProgressLine implements Simulator.Progress {
  private static final long LOG_INTERVAL_NANOS = 5_000_000_000L;

  private final PrintWriter err;
  private final String label;
  private final boolean terminal;
  private long lastLogged;
  private int lastWidth;

  ProgressLine(PrintWriter err, String label, boolean terminal) {
    this.err = err;
    this.label = label;
    this.terminal = terminal;
  }

  /**
   * Whether stderr is a terminal. Java 17 cannot ask about stderr alone, so the launcher tests it ({@code [ -t 2
   * ]}) and passes {@code -Dveil.stderr.tty}; without it, a console on stdin and stdout is the best guess.
   */
  static boolean stderrIsTerminal() {
    String told = System.getProperty("veil.stderr.tty");
    return told != null ? Boolean.parseBoolean(told) : System.console() != null;
  }

  @Override
  public void update(int done, int total, long elapsedNanos) {
    update(done, total, elapsedNanos, done == 0 ? 0 : (long) (elapsedNanos / (double) done * (total - done)));
  }

  /**
   * Progress with the caller's own estimate of the time left: a resumed arena counts the games read back in
   * {@code done} but not in {@code elapsedNanos}, so only it can tell how long the rest will take.
   */
  void update(int done, int total, long elapsedNanos, long remainingNanos) {
    if (!terminal) {
      if (elapsedNanos - lastLogged < LOG_INTERVAL_NANOS) {
        return;
      }
      lastLogged = elapsedNanos;
    }
    double seconds = elapsedNanos / 1e9;
    double left = remainingNanos / 1e9;
    String line = String.format("%s: %d/%d games (%d%%), %s elapsed, about %s left", label, done, total,
        (int) (100L * done / Math.max(1, total)), duration(seconds), duration(left));
    if (terminal) {
      err.print("\r" + line + " ".repeat(Math.max(0, lastWidth - line.length())));
      lastWidth = line.length();
    } else {
      err.println(line);
    }
    err.flush();
  }

  /** Removes the in-place line, if one was drawn. */
  void finish() {
    if (terminal && lastWidth > 0) {
      err.print("\r" + " ".repeat(lastWidth) + "\r");
      err.flush();
      lastWidth = 0;
    }
  }

  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return (s / 60) + " min " + (s % 60) + " s";
    }
    return (s / 3600) + " h " + (s % 3600 / 60) + " min";
  }
}
