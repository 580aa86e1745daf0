package veil.dsl;

/**
 * A position in a source text: 1-based line and column, 0-based character offset, and for a node a macro put there,
 * the use of that macro ({@code via}, null for text written where it stands). An error inside a define's body then
 * says which use of the define it was in, not only the line of the body.
 */
public record Pos(Source source, int line, int col, int offset, Use via) {
  /** A use of a macro: its name and the position of the call. */
  public record Use(String macro, Pos at) {}

  public Pos(Source source, int line, int col, int offset) {
    this(source, line, col, offset, null);
  }

  /** This position, reached through the use of a macro. */
  public Pos via(String macro, Pos at) {
    return new Pos(source, line, col, offset, new Use(macro, at));
  }

  /**
   * The uses of macros that led here, innermost first, e.g. {@code in "Show", used at game.lud:88:7}, one per entry;
   * empty for text written where it stands.
   */
  public java.util.List<String> uses() {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (Use u = via; u != null && out.size() < 16; u = u.at().via()) {
      out.add("in \"" + u.macro() + "\", used at " + u.at());
    }
    return out;
  }

  @Override
  public String toString() {
    return source.name() + ":" + line + ":" + col;
  }
}
