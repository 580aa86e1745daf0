package veil.dsl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads s-expression text — Veil's ludeme language (.lud) and GDL-II KIF (.kif) — into {@link Node}s.
 *
 * <p>Tokens: {@code ( ) { }}; strings {@code "…"} on one line, with the escapes {@code \" \\ \n \t \r}; integers
 * ({@code 42}, {@code -10}); ranges ({@code 1..8}, {@code -3..-1}); {@code name:value}, where the value is the node
 * written right after the colon; and symbols — every other run of characters that are not blanks, brackets, quotes
 * or comment starts ({@code ?x}, {@code <=}, {@code #1}, {@code <Players>}, {@code 2C}). A colon at the start of a
 * word is part of the symbol ({@code :a}); a word ending in a colon with nothing after it is an error. Comments run
 * from {@code //} or {@code ;} to the end of the line, in both languages.
 *
 * <p>The parser is a hand-written scanner with an explicit stack, so hostile nesting cannot overflow the Java stack;
 * nesting (brackets and {@code name:} prefixes alike) deeper than {@link #MAX_DEPTH} is an error, which is what lets
 * every later tree walk recurse safely. It keeps reading after an error it can recover from (stray or mismatched
 * closers, bad numbers, unclosed strings, stray control characters) and reports at most {@link #MAX_ERRORS}.
 */
public final class Reader {
  /** The deepest nesting accepted; every tree the reader returns is at most this deep. */
  public static final int MAX_DEPTH = 1000;

  /** Errors reported at most before the reader gives up. */
  public static final int MAX_ERRORS = 20;

  private static final char NAMED = ':';

  private final Source src;
  private final String text;
  private final int n;
  private final Consumer<? super Node> sink;
  private final List<Diagnostic> errors = new ArrayList<>();
  private final ArrayList<Frame> stack = new ArrayList<>();
  private final Interner interner = new Interner();
  private int i;
  private int line = 1;
  private int lineStart;

  /** An open bracket waiting for its closer, or a {@code name:} waiting for its value. */
  private static final class Frame {
    final char open;
    final Pos pos;
    final ArrayList<Node> items;
    final String name;

    Frame(char open, Pos pos, String name) {
      this.open = open;
      this.pos = pos;
      this.items = open == NAMED ? null : new ArrayList<>();
      this.name = name;
    }
  }

  /** Unwinds the scanner after a fatal error or once enough errors are collected. */
  private static final class Stop extends RuntimeException {
    Stop() {
      super(null, null, false, false);
    }
  }

  private Reader(Source src, Consumer<? super Node> sink) {
    this.src = src;
    this.text = src.text();
    this.n = text.length();
    this.sink = sink;
  }

  /** Every top-level node of the text, in order; an empty or comment-only text gives an empty list. */
  public static List<Node> read(Source src) throws DslException {
    List<Node> out = new ArrayList<>();
    read(src, out::add);
    return out;
  }

  /**
   * Streams the top-level nodes to {@code sink} as each one is complete, so a huge text of many forms needs memory
   * only for the largest form. Nodes are passed on only until the first error; if any error is found, a
   * {@link DslException} is thrown when reading ends and what the sink got so far must be discarded.
   */
  public static void read(Source src, Consumer<? super Node> sink) throws DslException {
    Reader r = new Reader(src, sink);
    try {
      r.scan();
      r.unclosedAtEnd();
    } catch (Stop stop) {
      // errors already hold the reason
    }
    if (!r.errors.isEmpty()) {
      throw new DslException(r.errors);
    }
  }

  /**
   * Whether {@code name} reads back as exactly one symbol with that name — what a writer must check before printing
   * a name bare (KIF export, generated rules).
   */
  public static boolean isPlainSymbol(String name) {
    int len = name.length();
    if (len == 0) {
      return false;
    }
    for (int k = 0; k < len; k++) {
      char c = name.charAt(k);
      if (endsWord(c) || (c == ':' && k > 0) || (c == '/' && k + 1 < len && name.charAt(k + 1) == '/')) {
        return false;
      }
    }
    return classify(name, 0, len) == SYMBOL;
  }

  // ---- scanning ---------------------------------------------------------------------------------------------

  private void scan() {
    while (true) {
      skipBlanks();
      if (i >= n) {
        return;
      }
      char c = text.charAt(i);
      if (c == '(' || c == '{') {
        push(new Frame(c, here(), null));
        i++;
      } else if (c == ')' || c == '}') {
        close(c);
      } else if (c == '"') {
        string();
      } else {
        word();
      }
    }
  }

  /** Skips blanks and comments, counting lines; reports (and skips) control characters. */
  private void skipBlanks() {
    while (i < n) {
      char c = text.charAt(i);
      if (c == '\n') {
        i++;
        line++;
        lineStart = i;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
        i++;
      } else if (c == ';' || (c == '/' && i + 1 < n && text.charAt(i + 1) == '/')) {
        int nl = text.indexOf('\n', i);
        i = nl < 0 ? n : nl;
      } else if (c < ' ' || c == 0x7F) {
        error(here(), String.format("unexpected control character U+%04X", (int) c), "");
        i++;
      } else if (c > 0x7F && isUnicodeBlank(c)) {
        i++;
      } else {
        return;
      }
    }
  }

  private static boolean isUnicodeBlank(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\uFEFF';
  }

  /** Characters that end a word (a symbol, number, range or {@code name:}); {@code //} also does. */
  private static boolean endsWord(char c) {
    return c <= ' ' || c == '(' || c == ')' || c == '{' || c == '}' || c == '"' || c == ';' || c == 0x7F
        || (c > 0x7F && isUnicodeBlank(c));
  }

  private boolean commentAt(int k) {
    return k + 1 < n && text.charAt(k) == '/' && text.charAt(k + 1) == '/';
  }

  private void close(char c) {
    Pos pos = here();
    i++;
    if (stack.isEmpty()) {
      error(pos, "unexpected '" + c + "': nothing is open here", "a new form or the end of the input");
      return;
    }
    // A name: frame never sits on top here: it is pushed only when a value starts right after the colon, and every
    // value either completes at once (a bad one is replaced by a stand-in) or opens a bracket above it.
    Frame top = stack.remove(stack.size() - 1);
    char want = closerOf(top.open);
    if (c != want) {
      error(pos, "unexpected '" + c + "': the '" + top.open + "' at line " + top.pos.line() + ", col "
          + top.pos.col() + " is still open", "'" + want + "'");
      // Recover as if the closer matched: the usual cause is a typo in the closer itself.
    }
    emit(top.open == '(' ? new Node.Call(top.pos, top.items) : new Node.Braces(top.pos, top.items));
  }

  private static char closerOf(char open) {
    return open == '(' ? ')' : '}';
  }

  private void string() {
    Pos pos = here();
    i++;
    StringBuilder sb = null;
    int segment = i;
    while (true) {
      if (i >= n || text.charAt(i) == '\n') {
        error(pos, "string is not closed on its line", "a closing '\"'");
        break;
      }
      char c = text.charAt(i);
      if (c == '"') {
        break;
      }
      if (c != '\\') {
        i++;
        continue;
      }
      if (sb == null) {
        sb = new StringBuilder();
      }
      sb.append(text, segment, i);
      if (i + 1 >= n || text.charAt(i + 1) == '\n') {
        i++; // the loop head reports the unclosed string
        segment = i;
        continue;
      }
      char e = text.charAt(i + 1);
      switch (e) {
        case '"':
        case '\\':
          sb.append(e);
          break;
        case 'n':
          sb.append('\n');
          break;
        case 't':
          sb.append('\t');
          break;
        case 'r':
          sb.append('\r');
          break;
        default:
          error(here(), "unknown escape '\\" + e + "' in a string", "one of \\\" \\\\ \\n \\t \\r");
          sb.append(e);
      }
      i += 2;
      segment = i;
    }
    String value;
    if (sb == null) {
      value = interner.intern(text, segment, i);
    } else {
      value = sb.append(text, segment, i).toString();
    }
    if (i < n && text.charAt(i) == '"') {
      i++;
    }
    emit(new Node.Str(pos, value));
  }

  /** A symbol, integer, range, or the {@code name:} prefix of a named value. */
  private void word() {
    int start = i;
    Pos pos = here();
    while (i < n) {
      char c = text.charAt(i);
      if (endsWord(c) || commentAt(i)) {
        break;
      }
      if (c == ':' && i > start) {
        named(start, pos);
        return;
      }
      i++;
    }
    emit(atom(start, i, pos));
  }

  /** Whether a node starts at {@code k}: not the end, a blank, a closer or a comment. */
  private boolean valueStartsAt(int k) {
    if (k >= n) {
      return false;
    }
    char c = text.charAt(k);
    return c == '(' || c == '{' || c == '"' || !(endsWord(c) || commentAt(k));
  }

  private void named(int start, Pos pos) {
    String name = interner.intern(text, start, i);
    i++; // the colon
    if (!valueStartsAt(i)) {
      error(pos, "'" + name + ":' has nothing after the colon",
          "a value right after the colon, e.g. " + name + ":Value, " + name + ":{…} or " + name + ":(…)");
      // Stand in for the missing node, so that an enclosing name: waiting for its value (a:b: ) gets one.
      emit(new Node.Sym(pos, name + ":"));
      return;
    }
    push(new Frame(NAMED, pos, name));
  }

  private static final int SYMBOL = 0;
  private static final int INTEGER = 1;
  private static final int RANGE = 2;

  /**
   * What the word {@code s[from, to)} is: an INTEGER ({@code -?digits}), a RANGE or an attempt at one (an integer
   * followed by {@code ..}), else a SYMBOL ({@code 2C}, {@code 1.5} and {@code -} are symbols).
   */
  private static int classify(CharSequence s, int from, int to) {
    int k = from;
    if (s.charAt(k) == '-' && to - from > 1) {
      k++;
    }
    if (!isDigit(s.charAt(k))) {
      return SYMBOL;
    }
    k = digitsEnd(s, k, to);
    if (k == to) {
      return INTEGER;
    }
    return k + 1 < to && s.charAt(k) == '.' && s.charAt(k + 1) == '.' ? RANGE : SYMBOL;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(CharSequence s, int k, int to) {
    while (k < to && isDigit(s.charAt(k))) {
      k++;
    }
    return k;
  }

  private Node atom(int start, int end, Pos pos) {
    int kind = classify(text, start, end);
    if (kind == INTEGER) {
      Long v = parseLong(start, end, pos);
      return v == null ? symbol(start, end, pos) : new Node.Int(pos, v);
    }
    if (kind == RANGE) {
      return range(start, text.indexOf("..", start), end, pos);
    }
    return symbol(start, end, pos);
  }

  private Node range(int start, int dots, int end, Pos pos) {
    int second = dots + 2;
    if (second >= end || classify(text, second, end) != INTEGER) {
      return badRange(start, end, pos);
    }
    Long from = parseLong(start, dots, pos);
    Long to = parseLong(second, end, pos);
    if (from == null || to == null) {
      return symbol(start, end, pos);
    }
    if (from > to) {
      error(pos, "the range " + from + ".." + to + " is empty: its first bound is larger than its last",
          to + ".." + from + " (ranges count upwards)");
      return symbol(start, end, pos);
    }
    return new Node.Range(pos, from, to);
  }

  private Node badRange(int start, int end, Pos pos) {
    error(pos, "bad range '" + text.substring(start, end) + "'", "two integers joined by '..', e.g. 1..8 or -2..2");
    return symbol(start, end, pos);
  }

  /** The integer in {@code text[from, to)}, or null after reporting that it does not fit in a long. */
  private Long parseLong(int from, int to, Pos pos) {
    try {
      return Long.parseLong(text, from, to, 10);
    } catch (NumberFormatException e) {
      String digits = to - from > 40 ? text.substring(from, from + 40) + "…" : text.substring(from, to);
      error(pos, "integer " + digits + " is too large", "an integer from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
      return null;
    }
  }

  private Node symbol(int start, int end, Pos pos) {
    return new Node.Sym(pos, interner.intern(text, start, end));
  }

  // ---- tree building ----------------------------------------------------------------------------------------

  private void push(Frame frame) {
    if (stack.size() >= MAX_DEPTH) {
      errors.add(Diagnostic.at(frame.pos, "nesting deeper than " + MAX_DEPTH + " levels",
          "at most " + MAX_DEPTH + " levels of ( ), { } and name: inside each other"));
      throw new Stop();
    }
    stack.add(frame);
  }

  /** Hands a finished node to whatever waits for it: a name: prefix, the enclosing bracket, or the sink. */
  private void emit(Node node) {
    while (!stack.isEmpty()) {
      Frame top = stack.get(stack.size() - 1);
      if (top.open != NAMED) {
        top.items.add(node);
        return;
      }
      stack.remove(stack.size() - 1);
      node = new Node.Named(top.pos, top.name, node);
    }
    if (errors.isEmpty()) {
      sink.accept(node);
    }
  }

  private void unclosedAtEnd() {
    for (Frame f : stack) {
      if (f.open != NAMED) {
        error(f.pos, "'" + f.open + "' is never closed", "'" + closerOf(f.open) + "' before the end of the input");
      }
    }
  }

  private Pos here() {
    return new Pos(src, line, i - lineStart + 1, i);
  }

  private void error(Pos pos, String message, String expected) {
    errors.add(Diagnostic.at(pos, message, expected));
    if (errors.size() >= MAX_ERRORS) {
      errors.add(Diagnostic.at(null, "too many errors; stopped after the first " + MAX_ERRORS));
      throw new Stop();
    }
  }

  /**
   * Shares the String of each distinct short word: a game text repeats the same few names thousands of times, and
   * looking them up by their characters avoids allocating a substring per occurrence.
   */
  private static final class Interner {
    private static final int MAX_LENGTH = 48;
    private String[] table = new String[256];
    private int size;

    String intern(String text, int from, int to) {
      int len = to - from;
      if (len > MAX_LENGTH) {
        return text.substring(from, to);
      }
      int h = 0;
      for (int k = from; k < to; k++) {
        h = 31 * h + text.charAt(k);
      }
      int mask = table.length - 1;
      int slot = mix(h) & mask;
      while (true) {
        String s = table[slot];
        if (s == null) {
          s = text.substring(from, to);
          table[slot] = s;
          if (++size * 2 > table.length) {
            grow();
          }
          return s;
        }
        if (s.length() == len && s.regionMatches(0, text, from, len)) {
          return s;
        }
        slot = (slot + 1) & mask;
      }
    }

    private static int mix(int h) {
      return h ^ (h >>> 16) ^ (h >>> 7);
    }

    private void grow() {
      String[] old = table;
      table = new String[old.length * 2];
      int mask = table.length - 1;
      for (String s : old) {
        if (s != null) {
          int slot = mix(s.hashCode()) & mask;
          while (table[slot] != null) {
            slot = (slot + 1) & mask;
          }
          table[slot] = s;
        }
      }
    }
  }
}
