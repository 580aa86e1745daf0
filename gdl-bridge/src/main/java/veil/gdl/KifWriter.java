package veil.gdl;

import java.util.List;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;

/**
 * Prints rules as KIF that {@link KifLoader} reads back: an optional header comment, then each rule with its
 * comment lines ({@code ; …}) above it. Facts and short rules take one line; longer rules put each body literal on
 * its own indented line.
 */
public final class KifWriter {
  private static final int LINE = 100;

  private KifWriter() {}

  public static String write(List<Rule> rules, Symbols symbols) {
    return write("", rules, symbols);
  }

  /** {@code header} (may be empty or several lines) is printed first as comment lines. */
  public static String write(String header, List<Rule> rules, Symbols symbols) {
    StringBuilder sb = new StringBuilder();
    comment(header, sb);
    if (!header.isBlank()) {
      sb.append('\n');
    }
    for (int i = 0; i < rules.size(); i++) {
      Rule r = rules.get(i);
      if (i > 0 && !r.comment().isBlank()) {
        sb.append('\n');
      }
      comment(r.comment(), sb);
      rule(r, symbols, sb);
      sb.append('\n');
    }
    return sb.toString();
  }

  private static void comment(String text, StringBuilder sb) {
    if (text == null || text.isBlank()) {
      return;
    }
    for (String line : text.split("\n", -1)) {
      sb.append(line.isBlank() ? ";" : "; " + line.strip()).append('\n');
    }
  }

  private static void rule(Rule r, Symbols symbols, StringBuilder sb) {
    String one = r.toKif(symbols);
    if (r.isFact() || one.length() <= LINE) {
      sb.append(one);
      return;
    }
    sb.append("(<= ").append(r.head().toKif(symbols));
    for (Literal l : r.body()) {
      sb.append("\n    ").append(l.toKif(symbols));
    }
    sb.append(')');
  }
}
