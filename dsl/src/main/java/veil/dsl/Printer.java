package veil.dsl;

/** Prints nodes back as text in the reader's own syntax (round-trips through {@link Reader}). */
public final class Printer {
  private Printer() {}

  public static String print(Node n) {
    StringBuilder sb = new StringBuilder();
    print(n, sb);
    return sb.toString();
  }

  private static void print(Node n, StringBuilder sb) {
    // Iterative nesting would be needed only for hostile depths; the reader bounds depth before we get here.
    if (n instanceof Node.Call c) {
      list(sb, '(', c.items(), ')');
    } else if (n instanceof Node.Braces b) {
      list(sb, '{', b.items(), '}');
    } else if (n instanceof Node.Sym s) {
      sb.append(s.name());
    } else if (n instanceof Node.Int i) {
      sb.append(i.value());
    } else if (n instanceof Node.Range r) {
      sb.append(r.from()).append("..").append(r.to());
    } else if (n instanceof Node.Named nm) {
      sb.append(nm.name()).append(':');
      print(nm.value(), sb);
    } else if (n instanceof Node.Str s) {
      sb.append('"');
      for (char ch : s.value().toCharArray()) {
        if (ch == '"' || ch == '\\') {
          sb.append('\\');
        }
        sb.append(ch);
      }
      sb.append('"');
    }
  }

  private static void list(StringBuilder sb, char open, java.util.List<Node> items, char close) {
    sb.append(open);
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        sb.append(' ');
      }
      print(items.get(i), sb);
    }
    sb.append(close);
  }
}
