package veil.ludeme.gdl;

import java.util.List;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.Binding;

/**
 * A ludeme call's arguments bound to the ludeme's parameters exactly as the compiler bound them (one {@link
 * Binding}), for the ludeme's GDL-II translation.
 */
public final class Bound {
  public final Node.Call call;
  public final Ludeme ludeme;
  private final Binding binding;
  public final List<Node> rest;

  public Bound(Node.Call call, Ludeme ludeme) throws ExportException {
    this.call = call;
    this.ludeme = ludeme;
    try {
      this.binding = Binding.of(call, ludeme);
    } catch (DslException e) {
      throw ExportException.at(call, e.getMessage());
    }
    this.rest = binding.rest();
  }

  public String name() {
    return ludeme.name();
  }

  public boolean has(String name) {
    return binding.has(name);
  }

  public Node get(String name) {
    return binding.node(name);
  }

  public String text(String name) throws ExportException {
    try {
      return Compiler.text(get(name));
    } catch (DslException e) {
      throw ExportException.at(get(name), e.getMessage());
    }
  }

  public String text(String name, String dflt) throws ExportException {
    return has(name) ? text(name) : dflt;
  }

  public boolean flag(String name, boolean dflt) throws ExportException {
    return has(name) ? text(name).equalsIgnoreCase("True") : dflt;
  }

  /** The items of a {…} list, or the single node given. */
  public List<Node> list(String name) {
    Node n = get(name);
    if (n == null) {
      return List.of();
    }
    return n instanceof Node.Braces b ? b.items() : List.of(n);
  }
}
