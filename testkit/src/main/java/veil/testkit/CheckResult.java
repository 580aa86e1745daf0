package veil.testkit;

import java.util.List;

/**
 * What one check found.
 *
 * @param passed true when the rule held
 * @param summary for a failure, what failed in one line (how many violations, and the first); for a pass, a note
 *     (e.g. that there was nothing to compare) or ""
 * @param details for a failure, the first violations, one a line (with the playout and step where they occurred)
 * @param replay for a failure, the command that replays it ({@code veil simulate ... --first-game i --games 1} for
 *     a playout, {@code veil conform ... --check x} otherwise); null for a pass
 * @param cause the first exception the game threw, or null
 */
public record CheckResult(Check check, boolean passed, String summary, List<String> details, String replay,
    Throwable cause) {
  public static CheckResult pass(Check check, String note) {
    return new CheckResult(check, true, note, List.of(), null, null);
  }

  /**
   * One line: {@code ok   (a) playouts-end  random playouts end ...} or {@code FAIL (c) goals  goals in ...: what
   * failed; replay: command}.
   */
  public String line() {
    String head = String.format(java.util.Locale.ROOT, "%-4s (%c) %-12s  %s", passed ? "ok" : "FAIL", check.letter(), check.id(),
        check.description());
    if (passed) {
      return head + (summary.isEmpty() ? "" : " (" + summary + ")");
    }
    return head + ": " + summary + "; replay: " + replay;
  }

  /** The whole failure, for a test report: the summary, the first violations, the replay command. */
  public String report() {
    StringBuilder sb = new StringBuilder(line()).append('\n');
    for (String d : details) {
      sb.append("  ").append(d).append('\n');
    }
    return sb.toString();
  }
}
