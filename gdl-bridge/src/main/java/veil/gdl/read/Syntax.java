package veil.gdl.read;

import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Reader;
import veil.dsl.Source;

/** The two ways to write GDL: KIF s-expressions and the Prolog-like infix form. */
public enum Syntax {
  KIF,
  INFIX;

  /**
   * KIF when the first thing after blanks and comments is '(', infix otherwise (an infix text starts with a name;
   * a KIF text with a bare name first is unusual, and {@code syntax=kif} forces it).
   */
  public static Syntax detect(String text) {
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == ';' || c == '%' || (c == '/' && i + 1 < n && text.charAt(i + 1) == '/')) {
        while (i < n && text.charAt(i) != '\n') {
          i++;
        }
      } else {
        return c == '(' ? KIF : INFIX;
      }
    }
    return KIF;
  }

  public static Syntax parse(String option, String text) {
    if (option == null || option.isBlank() || option.equalsIgnoreCase("auto")) {
      return detect(text);
    }
    switch (option.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "kif":
        return KIF;
      case "infix":
      case "prolog":
        return INFIX;
      default:
        throw new IllegalArgumentException("syntax must be kif, infix or auto, not '" + option + "'");
    }
  }

  /** Reads the sentences of {@code source} in this syntax. */
  public List<Node> read(Source source) throws DslException {
    if (this == INFIX) {
      return InfixParser.read(source);
    }
    return Reader.read(source);
  }

  /** The longest description taken from a leading comment. */
  public static final int MAX_DESCRIPTION = 200;

  /** The first comment line of a text, without its comment marks; "" when the text does not start with one. */
  public static String leadingComment(String text) {
    for (String line : text.split("\n", 50)) {
      String s = line.strip();
      if (s.isEmpty()) {
        continue;
      }
      if (s.charAt(0) != ';' && s.charAt(0) != '%') {
        return "";
      }
      int i = 0;
      while (i < s.length() && (s.charAt(i) == ';' || s.charAt(i) == '%')) {
        i++;
      }
      String c = s.substring(i).strip();
      if (!c.isEmpty()) {
        // A description is one line of a listing: a huge comment line is cut, not printed whole.
        return c.length() <= MAX_DESCRIPTION ? c : c.substring(0, MAX_DESCRIPTION - 1) + "…";
      }
    }
    return "";
  }
}
