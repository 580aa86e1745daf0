package veil.dsl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Ludii-style preprocessor of .lud files: game options and macros.
 *
 * <ul>
 *   <li>{@code (option "Name" default {choices})} at the top level declares an option; every symbol
 *       {@code <Name>} in the file (define bodies included) becomes its value — the one given on the command line,
 *       else the default. Choices are integers, ranges ({@code {2..6}}), names or strings.
 *   <li>{@code (define "Name" body)} at the top level declares a macro; a call {@code ("Name" a b)} becomes the body
 *       with {@code #1}, {@code #2} … replaced by the (expanded) arguments, and is expanded again (bodies may use
 *       other macros). A bare string {@code "Name"} is an ordinary string, and a call whose head is a string naming no
 *       define is left alone (strings may be place names; the compiler decides).
 * </ul>
 *
 * Both kinds of declaration are removed from the output. Nodes keep the position where they were written: an
 * argument its own, the rest of an expansion the position inside the define's body, an option value the position
 * of its {@code <Name>}. Expansion is bounded ({@link #MAX_MACRO_DEPTH} levels of macros inside macros,
 * {@link #MAX_NODES} nodes produced, {@link Reader#MAX_DEPTH} levels of nesting), so a recursive or explosive define
 * is an error, not a hang.
 */
public final class Expander {
  public static final int MAX_MACRO_DEPTH = 100;
  public static final long MAX_NODES = 5_000_000;
  public static final int MAX_ERRORS = 20;

  /** A declared option as the command line lists it, e.g. {@code Players}, {@code 4}, {@code {2..6}}. */
  public record OptionDecl(String name, String defaultText, String choicesText, Pos pos) {}

  private static final class Define {
    final String name;
    final Node.Str nameNode;
    Node body;
    int arity;

    Define(String name, Node.Str nameNode, Node body) {
      this.name = name;
      this.nameNode = nameNode;
      this.body = body;
    }
  }

  private record Option(String name, Node.Str nameNode, Node defaultValue, Node.Braces choices, Pos pos) {
    OptionDecl decl() {
      return new OptionDecl(name, Printer.print(defaultValue), Printer.print(choices), pos);
    }
  }

  /** Unwinds the expander after a fatal error or once enough errors are collected. */
  private static final class Stop extends RuntimeException {
    Stop() {
      super(null, null, false, false);
    }
  }

  // A set: a faulty node inside a macro argument is met once per place the argument is used.
  private final Set<Diagnostic> errors = new LinkedHashSet<>();
  private final Map<String, Define> defines = new LinkedHashMap<>();
  private final Map<String, Option> options = new LinkedHashMap<>();
  // Options whose declaration is faulty (already reported): their <Name> uses are left alone, not reported again.
  private final Set<String> brokenOptions = new HashSet<>();
  private final Map<String, Node> values = new HashMap<>();
  private final List<Node> forms = new ArrayList<>();
  private final ArrayDeque<String> expanding = new ArrayDeque<>();
  private long produced;

  private Expander() {}

  /**
   * The forms with options applied and macros expanded, declarations removed.
   *
   * @param given option values by option name, as typed on the command line ("5", "Classic"); may be null
   */
  public static List<Node> expand(List<Node> forms, Map<String, String> given) throws DslException {
    Expander e = new Expander();
    try {
      e.collect(forms);
      e.resolve(given == null ? Map.of() : given);
      e.stopIfErrors();
      e.applyOptions();
      e.stopIfErrors();
      List<Node> out = new ArrayList<>(e.forms.size());
      for (Node form : e.forms) {
        out.add(e.expand(form, 1, 0));
      }
      e.stopIfErrors();
      return out;
    } catch (Stop stop) {
      throw new DslException(new ArrayList<>(e.errors));
    }
  }

  /** The options the forms declare, in order, for listing; malformed declarations (or defines) are errors. */
  public static List<OptionDecl> options(List<Node> forms) throws DslException {
    Expander e = new Expander();
    try {
      e.collect(forms);
      e.stopIfErrors();
    } catch (Stop stop) {
      throw new DslException(new ArrayList<>(e.errors));
    }
    List<OptionDecl> out = new ArrayList<>();
    for (Option o : e.options.values()) {
      out.add(o.decl());
    }
    return out;
  }

  // ---- declarations -----------------------------------------------------------------------------------------

  private void collect(List<Node> input) {
    for (Node form : input) {
      String keyword = declarationKeyword(form);
      if ("define".equals(keyword)) {
        define((Node.Call) form);
      } else if ("option".equals(keyword)) {
        option((Node.Call) form);
      } else {
        forms.add(form);
      }
    }
  }

  /** "define" or "option" if the node is a call with that symbol as head, else null. */
  private static String declarationKeyword(Node node) {
    if (node instanceof Node.Call c && !c.items().isEmpty() && c.items().get(0) instanceof Node.Sym s
        && (s.name().equals("define") || s.name().equals("option"))) {
      return s.name();
    }
    return null;
  }

  private void define(Node.Call c) {
    List<Node> items = c.items();
    String shape = "(define \"Name\" body)";
    if (items.size() < 2 || !(items.get(1) instanceof Node.Str nameNode)) {
      error(items.size() < 2 ? c.pos() : items.get(1).pos(), "a define needs a quoted name", shape);
      return;
    }
    String name = nameNode.value();
    if (items.size() == 2) {
      error(c.pos(), "define \"" + name + "\" has no body", shape);
      return;
    }
    if (items.size() > 3) {
      error(items.get(3).pos(), "define \"" + name + "\" has more than one body",
          "one body after the name; put several forms in {…}");
      return;
    }
    Define first = defines.get(name);
    if (first != null) {
      error(nameNode.pos(), "\"" + name + "\" is defined twice: it is already defined at line "
          + first.nameNode.pos().line(), "a name not defined yet");
      error(first.nameNode.pos(), "the first definition of \"" + name + "\" is here", "");
      return;
    }
    defines.put(name, new Define(name, nameNode, items.get(2)));
  }

  private void option(Node.Call c) {
    List<Node> items = c.items();
    String shape = "(option \"Name\" default {choices})";
    if (items.size() < 2 || !(items.get(1) instanceof Node.Str nameNode)) {
      error(items.size() < 2 ? c.pos() : items.get(1).pos(), "an option needs a quoted name", shape);
      return;
    }
    String name = nameNode.value();
    if (options.containsKey(name) || brokenOptions.contains(name)) {
      Pos firstPos = options.containsKey(name) ? options.get(name).nameNode().pos() : null;
      error(nameNode.pos(), "option \"" + name + "\" is declared twice"
          + (firstPos == null ? "" : ": it is already declared at line " + firstPos.line()), "a name not declared yet");
      return;
    }
    brokenOptions.add(name); // until the declaration proves sound
    if (items.size() != 4) {
      error(items.size() > 4 ? items.get(4).pos() : c.pos(),
          "option \"" + name + "\" needs a default and a list of choices, nothing else", shape);
      return;
    }
    Node defaultValue = items.get(2);
    if (!isValue(defaultValue)) {
      error(defaultValue.pos(), "the default of option \"" + name + "\" must be a single value",
          "an integer, a name or a string");
      return;
    }
    if (!(items.get(3) instanceof Node.Braces choices) || choices.items().isEmpty()) {
      error(items.get(3).pos(), "the choices of option \"" + name + "\" must be a non-empty list {…}",
          "e.g. {2..6} or {Classic Fast}");
      return;
    }
    for (Node choice : choices.items()) {
      if (!isValue(choice) && !(choice instanceof Node.Range)) {
        error(choice.pos(), "a choice of option \"" + name + "\" must be an integer, a range, a name or a string",
            "e.g. {2..6} or {Classic Fast}");
        return;
      }
    }
    if (choose(choices, textOf(defaultValue)) == null) {
      error(defaultValue.pos(), "the default " + Printer.print(defaultValue) + " of option \"" + name
          + "\" is not one of its choices", "one of " + Printer.print(choices));
      return;
    }
    brokenOptions.remove(name);
    options.put(name, new Option(name, nameNode, defaultValue, choices, c.pos()));
  }

  private static boolean isValue(Node n) {
    return n instanceof Node.Int || n instanceof Node.Sym || n instanceof Node.Str;
  }

  private static String textOf(Node value) {
    if (value instanceof Node.Int i) {
      return Long.toString(i.value());
    }
    if (value instanceof Node.Str s) {
      return s.value();
    }
    return ((Node.Sym) value).name();
  }

  /** The choice that {@code text} selects (as a position-less node), or null if it selects none. */
  private static Node choose(Node.Braces choices, String text) {
    Long number = null;
    try {
      number = Long.parseLong(text);
    } catch (NumberFormatException e) {
      // not a number: only names and strings can match
    }
    for (Node c : choices.items()) {
      if (number != null && c instanceof Node.Int i && i.value() == number) {
        return new Node.Int(null, number);
      }
      if (number != null && c instanceof Node.Range r && r.from() <= number && number <= r.to()) {
        return new Node.Int(null, number);
      }
      if (c instanceof Node.Sym s && s.name().equals(text)) {
        return new Node.Sym(null, text);
      }
      if (c instanceof Node.Str s && s.value().equals(text)) {
        return new Node.Str(null, text);
      }
    }
    return null;
  }

  /** Settles every option's value and rejects values for options the game does not declare. */
  private void resolve(Map<String, String> given) {
    for (Map.Entry<String, String> e : new TreeMap<>(given).entrySet()) {
      String name = e.getKey();
      if (!options.containsKey(name) && !brokenOptions.contains(name)) {
        errors(null, "unknown option \"" + name + "\"",
            options.isEmpty() ? "none: this game declares no options" : "one of " + String.join(", ", options.keySet()),
            Names.nearest(name, options.keySet(), 3));
      }
    }
    for (Option o : options.values()) {
      String text = given.get(o.name());
      if (text == null) {
        values.put(o.name(), choose(o.choices(), textOf(o.defaultValue())));
        continue;
      }
      Node value = choose(o.choices(), text.trim());
      if (value == null) {
        List<String> names = new ArrayList<>();
        for (Node c : o.choices().items()) {
          if (c instanceof Node.Sym || c instanceof Node.Str) {
            names.add(textOf(c));
          }
        }
        errors(o.choices().pos(), "option \"" + o.name() + "\" cannot be " + text + ": it is not one of its choices",
            "one of " + Printer.print(o.choices()), Names.nearest(text.trim(), names, 3));
      } else {
        values.put(o.name(), value);
      }
    }
  }

  // ---- options ----------------------------------------------------------------------------------------------

  private void applyOptions() {
    for (Define d : defines.values()) {
      d.body = withOptions(d.body, 1);
      d.arity = arity(d.body, 1);
    }
    forms.replaceAll(f -> withOptions(f, 1));
  }

  /** The option name in a {@code <Name>} symbol, or null if the symbol is not one. */
  private static String optionReference(String sym) {
    int len = sym.length();
    if (len < 3 || sym.charAt(0) != '<' || sym.charAt(len - 1) != '>') {
      return null;
    }
    char first = sym.charAt(1);
    return Character.isLetter(first) || first == '_' ? sym.substring(1, len - 1) : null;
  }

  private Node withOptions(Node node, int depth) {
    checkDepth(node, depth);
    if (node instanceof Node.Sym s) {
      String ref = optionReference(s.name());
      if (ref == null || brokenOptions.contains(ref)) {
        return s;
      }
      Node value = values.get(ref);
      if (value == null) {
        List<String> near = new ArrayList<>();
        for (String k : Names.nearest(ref, options.keySet(), 3)) {
          near.add("<" + k + ">");
        }
        errors(s.pos(), "unknown option " + s.name(),
            options.isEmpty() ? "none: this game declares no options" : "one of <" + String.join(">, <",
                options.keySet()) + ">", near);
        return s;
      }
      return at(value, s.pos());
    }
    List<Node> kids = children(node);
    List<Node> changed = null;
    for (int k = 0; k < kids.size(); k++) {
      changed = track(changed, kids, k, withOptions(kids.get(k), depth + 1));
    }
    return withChildren(node, changed);
  }

  /** The value node placed where it is used, so errors about it point at its {@code <Name>}. */
  private static Node at(Node value, Pos pos) {
    if (value instanceof Node.Int i) {
      return new Node.Int(pos, i.value());
    }
    if (value instanceof Node.Str s) {
      return new Node.Str(pos, s.value());
    }
    return new Node.Sym(pos, ((Node.Sym) value).name());
  }

  // ---- macros -----------------------------------------------------------------------------------------------

  /** The parameter number of a {@code #k} symbol, or -1 if it is not one. */
  private static int parameter(String sym) {
    int len = sym.length();
    if (len < 2 || sym.charAt(0) != '#') {
      return -1;
    }
    long k = 0;
    for (int j = 1; j < len; j++) {
      char c = sym.charAt(j);
      if (c < '0' || c > '9') {
        return -1;
      }
      k = Math.min(Integer.MAX_VALUE, k * 10 + (c - '0'));
    }
    return (int) k;
  }

  /** The highest {@code #k} in a body (0 if none); reports {@code #0}. */
  private int arity(Node node, int depth) {
    checkDepth(node, depth);
    if (node instanceof Node.Sym s) {
      int k = parameter(s.name());
      if (k == 0) {
        error(s.pos(), "parameters are numbered from #1", "#1, #2, …");
      }
      return Math.max(0, k);
    }
    int max = 0;
    for (Node child : children(node)) {
      max = Math.max(max, arity(child, depth + 1));
    }
    return max;
  }

  private Node expand(Node node, int depth, int macroDepth) {
    checkDepth(node, depth);
    if (macroDepth > 0 && ++produced > MAX_NODES) {
      fatal(node.pos(), "macro expansion produces more than " + MAX_NODES + " nodes (" + chain() + ")",
          "defines that do not multiply their arguments so much");
    }
    if (node instanceof Node.Call c && !c.items().isEmpty()) {
      Node head = c.items().get(0);
      if (head instanceof Node.Str s && defines.containsKey(s.value())) {
        return call(c, defines.get(s.value()), depth, macroDepth);
      }
      String keyword = declarationKeyword(c);
      if (keyword != null) {
        error(c.pos(), "'" + keyword + "' is only allowed at the top level of a file", "");
        return c;
      }
    }
    List<Node> kids = children(node);
    List<Node> changed = null;
    for (int k = 0; k < kids.size(); k++) {
      changed = track(changed, kids, k, expand(kids.get(k), depth + 1, macroDepth));
    }
    return withChildren(node, changed);
  }

  private Node call(Node.Call c, Define d, int depth, int macroDepth) {
    int given = c.items().size() - 1;
    if (given < d.arity) {
      error(c.pos(), "\"" + d.name + "\" uses #" + d.arity + " but is given " + count(given, "argument"),
          count(d.arity, "argument"));
      return c;
    }
    if (given > d.arity) {
      error(c.pos(), "\"" + d.name + "\" takes " + count(d.arity, "argument") + " but is given " + given,
          count(d.arity, "argument") + " (its body uses " + (d.arity == 0 ? "no #k" : "#1 to #" + d.arity) + ")");
      return c;
    }
    if (macroDepth >= MAX_MACRO_DEPTH) {
      fatal(c.pos(), "macro expansion deeper than " + MAX_MACRO_DEPTH + " levels (recursive define?): "
          + chain() + " -> \"" + d.name + "\"", "");
    }
    // Arguments are expanded where they are written, so a macro used in an argument does not count as nested in
    // the callee (the depth bound is about define bodies calling defines). Re-walking them inside the expanded body
    // below finds nothing more to expand, unless the body builds a new call around one.
    List<Node> args = new ArrayList<>(given);
    for (Node arg : c.args()) {
      args.add(expand(arg, depth + 1, macroDepth));
    }
    expanding.push(d.name);
    Node body = substitute(d.body, args, d.name, c.pos(), depth);
    Node out = expand(body, depth, macroDepth + 1);
    expanding.pop();
    return out;
  }

  /** The macros being expanded, outermost first, the middle elided when long. */
  private String chain() {
    List<String> names = new ArrayList<>();
    Iterator<String> it = expanding.descendingIterator();
    while (it.hasNext()) {
      names.add("\"" + it.next() + "\"");
    }
    if (names.size() > 6) {
      List<String> shortened = new ArrayList<>(names.subList(0, 3));
      shortened.add("…");
      shortened.addAll(names.subList(names.size() - 3, names.size()));
      names = shortened;
    }
    return String.join(" -> ", names);
  }

  private static String count(int k, String noun) {
    return k + " " + noun + (k == 1 ? "" : "s");
  }

  /**
   * The body with each {@code #k} replaced by argument k (shared, not copied: nodes are immutable), and every node of
   * the body itself placed at its position reached through this use of the macro ({@link Pos#via}), so that an error
   * in it names the use as well as the body's line.
   */
  private Node substitute(Node node, List<Node> args, String macro, Pos use, int depth) {
    checkDepth(node, depth);
    if (node instanceof Node.Sym s) {
      int k = parameter(s.name());
      return k >= 1 && k <= args.size() ? args.get(k - 1) : new Node.Sym(s.pos().via(macro, use), s.name());
    }
    Pos at = node.pos().via(macro, use);
    if (node instanceof Node.Call c) {
      List<Node> kids = new ArrayList<>(c.items().size());
      for (Node k : c.items()) {
        kids.add(substitute(k, args, macro, use, depth + 1));
      }
      return new Node.Call(at, kids);
    }
    if (node instanceof Node.Braces b) {
      List<Node> kids = new ArrayList<>(b.items().size());
      for (Node k : b.items()) {
        kids.add(substitute(k, args, macro, use, depth + 1));
      }
      return new Node.Braces(at, kids);
    }
    if (node instanceof Node.Named nm) {
      return new Node.Named(at, nm.name(), substitute(nm.value(), args, macro, use, depth + 1));
    }
    if (node instanceof Node.Str st) {
      return new Node.Str(at, st.value());
    }
    if (node instanceof Node.Int i) {
      return new Node.Int(at, i.value());
    }
    Node.Range r = (Node.Range) node;
    return new Node.Range(at, r.from(), r.to());
  }

  // ---- tree helpers -----------------------------------------------------------------------------------------

  // The walks above recurse once per level of nesting, through one method each (no lambdas or helpers in the
  // cycle), so the deepest tree the reader allows fits comfortably in a default thread stack.

  private static List<Node> children(Node node) {
    if (node instanceof Node.Call c) {
      return c.items();
    }
    if (node instanceof Node.Braces b) {
      return b.items();
    }
    if (node instanceof Node.Named nm) {
      return List.of(nm.value());
    }
    return List.of();
  }

  /**
   * Notes the new version of child {@code k}; returns the list of new children, copied only from the first child
   * that changed (null while none has), so untouched subtrees are shared, not copied.
   */
  private static List<Node> track(List<Node> changed, List<Node> kids, int k, Node after) {
    if (changed == null && after != kids.get(k)) {
      changed = new ArrayList<>(kids.subList(0, k));
    }
    if (changed != null) {
      changed.add(after);
    }
    return changed;
  }

  /** The node with new children, or the node itself when none changed. */
  private static Node withChildren(Node node, List<Node> changed) {
    if (changed == null) {
      return node;
    }
    if (node instanceof Node.Call c) {
      return new Node.Call(c.pos(), changed);
    }
    if (node instanceof Node.Braces b) {
      return new Node.Braces(b.pos(), changed);
    }
    Node.Named nm = (Node.Named) node;
    return new Node.Named(nm.pos(), nm.name(), changed.get(0));
  }

  /** Keeps the recursive walks safe on any tree, including hand-built ones deeper than the reader allows. */
  private void checkDepth(Node node, int depth) {
    if (depth > Reader.MAX_DEPTH) {
      fatal(node.pos(), "nesting deeper than " + Reader.MAX_DEPTH + " levels"
          + (expanding.isEmpty() ? "" : " after expanding " + chain()), "");
    }
  }

  // ---- errors -----------------------------------------------------------------------------------------------

  private void error(Pos pos, String message, String expected) {
    errors(pos, message, expected, List.of());
  }

  private void errors(Pos pos, String message, String expected, List<String> suggestions) {
    errors.add(new Diagnostic(pos, message, expected, suggestions));
    if (errors.size() >= MAX_ERRORS) {
      errors.add(Diagnostic.at(null, "too many errors; stopped after the first " + MAX_ERRORS));
      throw new Stop();
    }
  }

  private void fatal(Pos pos, String message, String expected) {
    errors.add(Diagnostic.at(pos, message, expected));
    throw new Stop();
  }

  private void stopIfErrors() {
    if (!errors.isEmpty()) {
      throw new Stop();
    }
  }
}
