package veil.ludeme.gdl;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Node;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.Type;

/**
 * The ludemes of a game's language with their GDL-II translations, which each ludeme keeps itself ({@link
 * Ludeme#gdl()}). Looked up by name and type as the compiler does. A ludeme with no translation makes the export
 * fail with its name and position.
 */
public final class Emitters {
  private final Map<String, Ludeme> ludemes = new HashMap<>();
  private final Map<String, GdlEmitter> emitters = new HashMap<>();
  private final Map<String, veil.ludeme.compile.NamedValue> namedValues = new HashMap<>();

  public Emitters(List<Ludeme> language) {
    for (Ludeme l : language) {
      String key = key(l.name(), l.type());
      ludemes.put(key, l);
      for (veil.ludeme.compile.NamedValue v : l.namedValues()) {
        namedValues.putIfAbsent(v.name(), v);
      }
      GdlEmitter e = l.gdl();
      if (e != null) {
        emitters.put(key, e);
      }
    }
  }

  private static String key(String name, Type type) {
    return name.toLowerCase(java.util.Locale.ROOT) + "/" + type;
  }

  /** The bare name a ludeme of the language gives meaning to, or null. */
  public veil.ludeme.compile.NamedValue namedValue(String name) {
    return namedValues.get(name);
  }

  /** Whether a call's head names a ludeme of this type (as the compiler decides what an argument is). */
  public boolean has(Node n, Type type) {
    return n instanceof Node.Call c && c.headName() != null && ludemes.containsKey(key(c.headName(), type));
  }

  /** The bound call, or the export error for a call that names no ludeme of this type. */
  public Bound bind(Node n, Type type) throws ExportException {
    if (!(n instanceof Node.Call c) || c.headName() == null) {
      throw ExportException.at(n, "expected " + type.description + ", found " + n.kind());
    }
    Ludeme l = ludemes.get(key(c.headName(), type));
    if (l == null) {
      throw ExportException.at(n, "(" + c.headName() + " …) is not " + type.description);
    }
    return new Bound(c, l);
  }

  /** The translation of a bound call, or the export error naming the ludeme that has none. */
  @SuppressWarnings("unchecked")
  public <T extends GdlEmitter> T emitter(Bound b, Type type, Class<T> kind) throws ExportException {
    GdlEmitter e = emitters.get(key(b.name(), type));
    if (!kind.isInstance(e)) {
      throw ExportException.unsupported(b.call);
    }
    return (T) e;
  }

  /** The same translations without one (for tests of what an untranslated ludeme does). */
  public Emitters without(String name, Type type) {
    Emitters e = new Emitters(List.of());
    e.ludemes.putAll(ludemes);
    e.emitters.putAll(emitters);
    e.namedValues.putAll(namedValues);
    e.emitters.remove(key(name, type));
    return e;
  }

  public List<String> names() {
    return List.copyOf(emitters.keySet());
  }
}
