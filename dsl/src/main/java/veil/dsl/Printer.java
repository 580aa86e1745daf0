package veil.dsl;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Prints nodes back as text in the reader's own syntax, on one line: {@code Reader.read(print(node))} gives the same
 * tree (ignoring positions) as long as every symbol and {@code name:} name is one the reader would produce (see
 * {@link Reader#isPlainSymbol}) — true of every tree the reader and the expander return.
 *
 * <p>Iterative (an explicit work stack), so even a hand-built tree of any depth prints without a stack overflow.
 */
public final class Printer {
  private Printer() {}

  public static String print(Node n) {
    StringBuilder sb = new StringBuilder();
    print(n, sb);
    return sb.toString();
  }

  /** The nodes one after another, separated by newlines (a whole file of top-level forms). */
  public static String printAll(List<? extends Node> nodes) {
    StringBuilder sb = new StringBuilder();
    for (Node n : nodes) {
      print(n, sb);
      sb.append('\n');
    }
    return sb.toString();
  }

  public static void print(Node root, StringBuilder sb) {
    // Holds nodes still to print and the literal text (closers, blanks) to put between them.
    ArrayDeque<Object> work = new ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      Object next = work.pop();
      if (next instanceof String text) {
        sb.append(text);
      } else if (next instanceof Node.Call c) {
        sb.append('(');
        pushItems(work, c.items(), ")");
      } else if (next instanceof Node.Braces b) {
        sb.append('{');
        pushItems(work, b.items(), "}");
      } else if (next instanceof Node.Sym s) {
        sb.append(s.name());
      } else if (next instanceof Node.Int i) {
        sb.append(i.value());
      } else if (next instanceof Node.Range r) {
        sb.append(r.from()).append("..").append(r.to());
      } else if (next instanceof Node.Named nm) {
        sb.append(nm.name()).append(':');
        work.push(nm.value());
      } else if (next instanceof Node.Str s) {
        string(s.value(), sb);
      }
    }
  }

  private static void pushItems(ArrayDeque<Object> work, List<Node> items, String closer) {
    work.push(closer);
    for (int k = items.size() - 1; k >= 0; k--) {
      work.push(items.get(k));
      if (k > 0) {
        work.push(" ");
      }
    }
  }

  private static void string(String value, StringBuilder sb) {
    sb.append('"');
    for (int k = 0; k < value.length(); k++) {
      char ch = value.charAt(k);
      switch (ch) {
        case '"':
        case '\\':
          sb.append('\\').append(ch);
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\r':
          sb.append("\\r");
          break;
        default:
          sb.append(ch);
      }
    }
    sb.append('"');
  }
}
