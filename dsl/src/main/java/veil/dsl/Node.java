package veil.dsl;

import java.util.List;

/**
 * A node of the syntax tree shared by the ludeme language and GDL-II KIF.
 *
 * <ul>
 *   <li>{@link Call}: {@code (head arg …)} — a parenthesised form; {@code items} holds every element, head included;
 *   <li>{@link Braces}: {@code {a b c}} — a list;
 *   <li>{@link Sym}: a bare word ({@code hand}, {@code Each}, {@code ?x}, {@code <=}, {@code #1});
 *   <li>{@link Str}: a quoted string, without its quotes;
 *   <li>{@link Int}: an integer;
 *   <li>{@link Range}: {@code 1..8} (inclusive both ends), normally inside braces;
 *   <li>{@link Named}: {@code name:value}.
 * </ul>
 */
public sealed interface Node permits Node.Call, Node.Braces, Node.Sym, Node.Str, Node.Int, Node.Range, Node.Named {
  Pos pos();

  /** A short human description of what kind of node this is, for error messages. */
  String kind();

  record Call(Pos pos, List<Node> items) implements Node {
    public Call {
      items = List.copyOf(items);
    }

    /** The head's name if the head is a symbol or a string, else null. */
    public String headName() {
      if (items.isEmpty()) {
        return null;
      }
      Node h = items.get(0);
      if (h instanceof Sym s) {
        return s.name();
      }
      if (h instanceof Str s) {
        return s.value();
      }
      return null;
    }

    /** Everything after the head. */
    public List<Node> args() {
      return items.isEmpty() ? items : items.subList(1, items.size());
    }

    @Override
    public String kind() {
      return "(" + (headName() == null ? "…" : headName()) + " …)";
    }

    @Override
    public String toString() {
      return Printer.print(this);
    }
  }

  record Braces(Pos pos, List<Node> items) implements Node {
    public Braces {
      items = List.copyOf(items);
    }

    @Override
    public String kind() {
      return "a list {…}";
    }

    @Override
    public String toString() {
      return Printer.print(this);
    }
  }

  record Sym(Pos pos, String name) implements Node {
    @Override
    public String kind() {
      return "the name " + name;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  record Str(Pos pos, String value) implements Node {
    @Override
    public String kind() {
      return "the string \"" + value + "\"";
    }

    @Override
    public String toString() {
      return Printer.print(this);
    }
  }

  record Int(Pos pos, long value) implements Node {
    @Override
    public String kind() {
      return "the integer " + value;
    }

    @Override
    public String toString() {
      return Long.toString(value);
    }
  }

  record Range(Pos pos, long from, long to) implements Node {
    @Override
    public String kind() {
      return "the range " + from + ".." + to;
    }

    @Override
    public String toString() {
      return from + ".." + to;
    }
  }

  record Named(Pos pos, String name, Node value) implements Node {
    @Override
    public String kind() {
      return "the argument " + name + ":";
    }

    @Override
    public String toString() {
      return name + ":" + Printer.print(value);
    }
  }
}
