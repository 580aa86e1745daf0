package veil.ludeme.compile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Diagnostic;
import veil.dsl.Node;
import veil.dsl.Pos;

/**
 * A variable read as a suit — {@code (card Ace (var "Called"))}, {@code (cards P suit:(var "Trump"))} — holds a suit's
 * position in the deck's suit list, or -1 for none. Setting it to another literal ({@code (set "Called" -2)} as a
 * second sentinel) plays (the engine finds no card of suit -2) but no suit term can stand for it in the GDL-II export,
 * where -1 and -2 would become one "none": the game is refused at check time with the (set …)'s position, and the
 * position where the variable is read as a suit. A computed value outside the suits is refused by the export.
 */
final class SuitVariables {
  private SuitVariables() {}

  static void check(Node rules, Node vars, String[] suitNames, List<Diagnostic> errors) {
    if (suitNames.length == 0) {
      return;
    }
    Map<String, Pos> readAsSuit = new HashMap<>();
    collectSuitReads(rules, readAsSuit);
    if (readAsSuit.isEmpty()) {
      return;
    }
    List<Node[]> sets = new ArrayList<>();
    collectSets(rules, sets);
    if (vars != null) {
      collectInitials(vars, sets);
    }
    for (Node[] s : sets) {
      String name = ((Node.Str) s[0]).value();
      Pos read = readAsSuit.get(name);
      if (read == null || !(s[1] instanceof Node.Int k) || k.value() >= -1 && k.value() < suitNames.length) {
        continue;
      }
      errors.add(Diagnostic.at(s[1].pos(), "the variable \"" + name + "\" is read as a suit (at "
          + read.line() + ":" + read.col() + ") and is given " + k.value() + " here, which is no suit: a suit is its "
          + "position in the deck's suits, 0 to " + (suitNames.length - 1) + " (" + String.join(" ", suitNames)
          + "), or -1 for none; keep -1 as the only \"no suit\" and mark another case with a second variable"));
    }
  }

  /** Variables read as the suit of (card R S) or (cards P suit:S): the first such read of each. */
  private static void collectSuitReads(Node n, Map<String, Pos> out) {
    if (n instanceof Node.Call c) {
      String head = c.headName();
      List<Node> args = c.args();
      if ("card".equals(head) && args.size() == 2) {
        varName(args.get(1), out);
      }
      if ("cards".equals(head)) {
        for (Node a : args) {
          if (a instanceof Node.Named nm && nm.name().equals("suit")) {
            varName(nm.value(), out);
          }
        }
      }
      for (Node a : c.items()) {
        collectSuitReads(a, out);
      }
    } else if (n instanceof Node.Braces b) {
      for (Node a : b.items()) {
        collectSuitReads(a, out);
      }
    } else if (n instanceof Node.Named nm) {
      collectSuitReads(nm.value(), out);
    }
  }

  private static void varName(Node n, Map<String, Pos> out) {
    if (n instanceof Node.Call v && "var".equals(v.headName()) && !v.args().isEmpty()
        && v.args().get(0) instanceof Node.Str s) {
      out.putIfAbsent(s.value(), v.pos());
    }
  }

  /** Every (set "X" value) and (set "X" player value): {name node, value node}. */
  private static void collectSets(Node n, List<Node[]> out) {
    if (n instanceof Node.Call c) {
      List<Node> args = c.args();
      if ("set".equals(c.headName()) && (args.size() == 2 || args.size() == 3) && args.get(0) instanceof Node.Str) {
        out.add(new Node[] {args.get(0), args.get(args.size() - 1)});
      }
      for (Node a : c.items()) {
        collectSets(a, out);
      }
    } else if (n instanceof Node.Braces b) {
      for (Node a : b.items()) {
        collectSets(a, out);
      }
    } else if (n instanceof Node.Named nm) {
      collectSets(nm.value(), out);
    }
  }

  /** Declared initial values, (var "X" [Each] initial): {name node, initial node}. */
  private static void collectInitials(Node vars, List<Node[]> out) {
    if (!(vars instanceof Node.Call section)) {
      return;
    }
    for (Node item : section.args()) {
      List<Node> decls = item instanceof Node.Braces b ? b.items() : List.of(item);
      for (Node d : decls) {
        if (d instanceof Node.Call v && "var".equals(v.headName()) && v.args().size() >= 2
            && v.args().get(0) instanceof Node.Str) {
          Node last = v.args().get(v.args().size() - 1);
          if (last instanceof Node.Int) {
            out.add(new Node[] {v.args().get(0), last});
          }
        }
      }
    }
  }
}
