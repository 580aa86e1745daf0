package veil.ggp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The s-expressions of GGP messages: an atom (a name, number or variable) or a list. Parsing keeps, for every list,
 * where it starts and ends in the message, so the rules of a START message can be handed to the GDL loader as they
 * were written. Comments ({@code ;} to the end of the line) are skipped. Bounded: nesting is limited to {@link
 * #MAX_DEPTH}.
 */
public final class Sexp {
  public static final int MAX_DEPTH = 200;

  private final String atom;
  private final List<Sexp> items;
  private final int from;
  private final int to;

  private Sexp(String atom, List<Sexp> items, int from, int to) {
    this.atom = atom;
    this.items = items;
    this.from = from;
    this.to = to;
  }

  public static Sexp atom(String name) {
    return new Sexp(name, null, -1, -1);
  }

  public static Sexp list(List<Sexp> items) {
    return new Sexp(null, List.copyOf(items), -1, -1);
  }

  public boolean isAtom() {
    return atom != null;
  }

  public String atom() {
    return atom;
  }

  public List<Sexp> items() {
    return items == null ? List.of() : items;
  }

  public int size() {
    return items == null ? 0 : items.size();
  }

  public Sexp get(int i) {
    return items.get(i);
  }

  /** Whether this is the atom {@code name}, ignoring case (GGP messages are case-insensitive). */
  public boolean is(String name) {
    return atom != null && atom.equalsIgnoreCase(name);
  }

  /** {@code NIL} or {@code ()}: the empty list of the protocols. */
  public boolean isNil() {
    return is("nil") || (items != null && items.isEmpty());
  }

  /** The text of a list between its parentheses in {@code source} (the message it was parsed from). */
  public String innerText(String source) {
    if (items == null || from < 0) {
      throw new IllegalStateException("not a parsed list");
    }
    return source.substring(from + 1, to - 1);
  }

  /** Canonical text: lower case, one space between items; compares terms written differently. */
  public String canonical() {
    StringBuilder sb = new StringBuilder();
    write(sb);
    return sb.toString();
  }

  private void write(StringBuilder sb) {
    if (atom != null) {
      sb.append(atom.toLowerCase(Locale.ROOT));
      return;
    }
    sb.append('(');
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        sb.append(' ');
      }
      items.get(i).write(sb);
    }
    sb.append(')');
  }

  @Override
  public String toString() {
    return canonical();
  }

  /** A message that is not one s-expression. */
  public static final class ParseException extends Exception {
    public ParseException(String message) {
      super(message);
    }
  }

  /** Parses exactly one s-expression (whitespace and comments around it allowed). */
  public static Sexp parse(String text) throws ParseException {
    int[] pos = {0};
    Sexp s = read(text, pos, 0);
    skip(text, pos);
    if (pos[0] != text.length()) {
      throw new ParseException("text after the message at offset " + pos[0]);
    }
    return s;
  }

  /** Parses a sequence of s-expressions (e.g. the rules). */
  public static List<Sexp> parseAll(String text) throws ParseException {
    List<Sexp> out = new ArrayList<>();
    int[] pos = {0};
    skip(text, pos);
    while (pos[0] < text.length()) {
      out.add(read(text, pos, 0));
      skip(text, pos);
    }
    return out;
  }

  private static void skip(String t, int[] pos) {
    int i = pos[0];
    while (i < t.length()) {
      char c = t.charAt(i);
      if (c == ';') {
        while (i < t.length() && t.charAt(i) != '\n') {
          i++;
        }
      } else if (Character.isWhitespace(c)) {
        i++;
      } else {
        break;
      }
    }
    pos[0] = i;
  }

  private static Sexp read(String t, int[] pos, int depth) throws ParseException {
    if (depth > MAX_DEPTH) {
      throw new ParseException("nested deeper than " + MAX_DEPTH);
    }
    skip(t, pos);
    int i = pos[0];
    if (i >= t.length()) {
      throw new ParseException("the message ends where an expression was expected");
    }
    char c = t.charAt(i);
    if (c == ')') {
      throw new ParseException("unexpected ')' at offset " + i);
    }
    if (c == '(') {
      pos[0] = i + 1;
      List<Sexp> items = new ArrayList<>();
      while (true) {
        skip(t, pos);
        if (pos[0] >= t.length()) {
          throw new ParseException("a '(' at offset " + i + " is not closed");
        }
        if (t.charAt(pos[0]) == ')') {
          pos[0]++;
          return new Sexp(null, items, i, pos[0]);
        }
        items.add(read(t, pos, depth + 1));
      }
    }
    int j = i;
    while (j < t.length() && !Character.isWhitespace(t.charAt(j)) && t.charAt(j) != '(' && t.charAt(j) != ')'
        && t.charAt(j) != ';') {
      j++;
    }
    pos[0] = j;
    return new Sexp(t.substring(i, j), null, i, j);
  }
}
