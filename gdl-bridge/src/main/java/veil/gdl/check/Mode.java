package veil.gdl.check;

/**
 * How strictly rules are held to the GDL-II restrictions (Love et al. 2008; Thielscher 2010).
 *
 * <p>{@link #STRICT} rejects every deviation; {@link #LENIENT} accepts the common deviations of real GDL-II files
 * whose meaning is clear and records one warning per rule and kind of deviation. Errors that leave a game without
 * meaning (unsafe variables, negation cycles, {@code does} under {@code legal}, bad goal values) are errors in both.
 */
public enum Mode {
  STRICT,
  LENIENT;

  public static Mode parse(String text) {
    if (text == null || text.isBlank()) {
      return LENIENT;
    }
    switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "strict":
        return STRICT;
      case "lenient":
        return LENIENT;
      default:
        throw new IllegalArgumentException("mode must be strict or lenient, not '" + text + "'");
    }
  }
}
