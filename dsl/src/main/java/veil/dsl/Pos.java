package veil.dsl;

/** A position in a source text: 1-based line and column, 0-based character offset. */
public record Pos(Source source, int line, int col, int offset) {
  @Override
  public String toString() {
    return source.name() + ":" + line + ":" + col;
  }
}
