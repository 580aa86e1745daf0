package veil.dsl;

import java.util.List;

/**
 * One error at a position: a message, what was expected there (may be empty) and the nearest known names
 * for an unknown one (may be empty). Formats as
 *
 * <pre>
 * file:line:col: message
 *   (the source line)
 *        ^
 *   expected: …
 *   did you mean: …
 * </pre>
 */
public record Diagnostic(Pos pos, String message, String expected, List<String> suggestions) {
  public Diagnostic {
    expected = expected == null ? "" : expected;
    suggestions = suggestions == null ? List.of() : List.copyOf(suggestions);
  }

  public static Diagnostic at(Pos pos, String message) {
    return new Diagnostic(pos, message, "", List.of());
  }

  public static Diagnostic at(Pos pos, String message, String expected) {
    return new Diagnostic(pos, message, expected, List.of());
  }

  public String format() {
    StringBuilder sb = new StringBuilder();
    if (pos == null) {
      sb.append("error: ").append(message).append('\n');
    } else {
      sb.append(pos).append(": ").append(message).append('\n');
      // Very long lines (minified or hostile input) are cut around the caret.
      int col = Math.max(1, pos.col());
      Source.Excerpt line = pos.source().excerpt(pos.line(), col, 160);
      sb.append("  ").append(line.text().replace('\t', ' ')).append('\n');
      sb.append("  ").append(" ".repeat(Math.max(0, col - 1 - line.fromCol()))).append("^\n");
      for (String use : pos.uses()) {
        sb.append("  ").append(use).append('\n');
      }
    }
    if (!expected.isEmpty()) {
      sb.append("  expected: ").append(expected).append('\n');
    }
    if (!suggestions.isEmpty()) {
      sb.append("  did you mean: ").append(String.join(", ", suggestions)).append('\n');
    }
    return sb.toString();
  }

  /** The most errors a report shows; a hostile text can have millions, and the first ones are what matter. */
  public static final int MAX_SHOWN = 100;

  public static String formatAll(List<Diagnostic> ds) {
    StringBuilder sb = new StringBuilder();
    int shown = Math.min(ds.size(), MAX_SHOWN);
    for (int i = 0; i < shown; i++) {
      sb.append(ds.get(i).format());
    }
    if (ds.size() > shown) {
      sb.append("... and ").append(ds.size() - shown).append(" more errors\n");
    }
    return sb.toString();
  }
}
