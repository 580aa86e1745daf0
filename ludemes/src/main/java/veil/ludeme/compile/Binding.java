package veil.ludeme.compile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;

/**
 * A call's arguments bound to its ludeme's declared parameters: positional ones in order, named ones by name. The one
 * place binding happens — the compiler ({@link Args}) and the GDL-II export ({@code veil.ludeme.gdl.Bound}) both
 * read a call through it — and the one place that checks a ludeme reads only parameters it declares: asking for
 * an undeclared name (a misspelling in a ludeme's code) is a bug in Veil, reported at once rather than read as an
 * absent argument.
 */
public final class Binding {
  private final Node.Call call;
  private final Ludeme ludeme;
  private final Map<String, Node> bound = new LinkedHashMap<>();
  private final List<Node> rest = new ArrayList<>();

  private Binding(Node.Call call, Ludeme ludeme) {
    this.call = call;
    this.ludeme = ludeme;
  }

  /** Binds a call, or reports what is wrong with it at its position. */
  public static Binding of(Node.Call call, Ludeme ludeme) throws DslException {
    Binding b = new Binding(call, ludeme);
    b.bind();
    return b;
  }

  private void bind() throws DslException {
    List<Param> params = ludeme.params();
    int nextPositional = 0;
    for (Node arg : call.args()) {
      if (arg instanceof Node.Named named) {
        Param p = find(named.name());
        if (p == null) {
          List<String> names = new ArrayList<>();
          for (Param q : params) {
            if (!q.positional()) {
              names.add(q.name() + ":");
            }
          }
          throw new DslException(new Diagnostic(named.pos(), "(" + ludeme.name() + " …) has no argument "
              + named.name() + ":", names.isEmpty() ? "no named arguments; usage: " + ludeme.usage()
              : String.join(" ", names), veil.dsl.Names.nearest(named.name(), names(params), 3)));
        }
        if (bound.containsKey(p.name())) {
          throw new DslException(Diagnostic.at(named.pos(), "argument " + p.name() + " given twice"));
        }
        bound.put(p.name(), named.value());
        continue;
      }
      while (nextPositional < params.size()
          && (!params.get(nextPositional).positional() || bound.containsKey(params.get(nextPositional).name()))) {
        nextPositional++;
      }
      if (nextPositional >= params.size()) {
        if (ludeme.variadic()) {
          rest.add(arg);
          continue;
        }
        throw new DslException(Diagnostic.at(arg.pos(), "too many arguments for (" + ludeme.name() + " …)",
            ludeme.usage()));
      }
      bound.put(params.get(nextPositional).name(), arg);
      nextPositional++;
    }
    for (Param p : params) {
      if (!p.optional() && !bound.containsKey(p.name())) {
        throw new DslException(Diagnostic.at(call.pos(), "(" + ludeme.name() + " …) needs its argument "
            + (p.positional() ? "<" + p.name() + ">" : p.name() + ":") + " (" + p.kind() + ")", ludeme.usage()));
      }
    }
  }

  private static List<String> names(List<Param> params) {
    List<String> out = new ArrayList<>();
    for (Param p : params) {
      out.add(p.name());
    }
    return out;
  }

  private Param find(String name) {
    for (Param p : ludeme.params()) {
      if (p.name().equalsIgnoreCase(name)) {
        return p;
      }
    }
    return null;
  }

  private String declared(String name) {
    for (Param p : ludeme.params()) {
      if (p.name().equals(name)) {
        return name;
      }
    }
    throw new IllegalArgumentException("(" + ludeme.name() + " …) reads an argument named '" + name
        + "' that it does not declare (it declares " + names(ludeme.params()) + ")");
  }

  public Node.Call call() {
    return call;
  }

  public Ludeme ludeme() {
    return ludeme;
  }

  /** Whether the call gives this declared parameter. */
  public boolean has(String name) {
    return bound.containsKey(declared(name));
  }

  /** The argument given for this declared parameter, or null. */
  public Node node(String name) {
    return bound.get(declared(name));
  }

  /** Extra positional arguments of a variadic ludeme. */
  public List<Node> rest() {
    return rest;
  }
}
