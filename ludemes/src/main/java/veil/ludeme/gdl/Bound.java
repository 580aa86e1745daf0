package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.Param;

/** A ludeme call's arguments bound to the ludeme's parameters, the way the compiler binds them. */
public final class Bound {
  public final Node.Call call;
  public final Ludeme ludeme;
  private final Map<String, Node> args = new LinkedHashMap<>();
  public final List<Node> rest = new ArrayList<>();

  public Bound(Node.Call call, Ludeme ludeme) {
    this.call = call;
    this.ludeme = ludeme;
    List<Param> params = ludeme.params();
    int next = 0;
    for (Node arg : call.args()) {
      if (arg instanceof Node.Named named) {
        for (Param p : params) {
          if (p.name().equalsIgnoreCase(named.name())) {
            args.put(p.name(), named.value());
          }
        }
        continue;
      }
      while (next < params.size() && (!params.get(next).positional() || args.containsKey(params.get(next).name()))) {
        next++;
      }
      if (next >= params.size()) {
        rest.add(arg);
        continue;
      }
      args.put(params.get(next).name(), arg);
      next++;
    }
  }

  public String name() {
    return ludeme.name();
  }

  public boolean has(String name) {
    return args.containsKey(name);
  }

  public Node get(String name) {
    return args.get(name);
  }

  public String text(String name) throws ExportException {
    try {
      return Compiler.text(args.get(name));
    } catch (DslException e) {
      throw ExportException.at(args.get(name), e.getMessage());
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
    Node n = args.get(name);
    if (n == null) {
      return List.of();
    }
    return n instanceof Node.Braces b ? b.items() : List.of(n);
  }
}
