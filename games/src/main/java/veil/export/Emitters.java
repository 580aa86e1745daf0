package veil.export;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.cards.CardLibrary;
import veil.dsl.Node;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.Type;

/**
 * The translations of the ludemes, by name and type, next to the ludemes themselves (to bind arguments as the
 * compiler does). A ludeme with no translation makes the export fail with its name and position.
 */
final class Emitters {
  private final Map<String, Ludeme> ludemes = new HashMap<>();
  private final Map<String, GdlEmitter> emitters = new HashMap<>();

  Emitters() {
    for (Ludeme l : CardLibrary.language()) {
      ludemes.put(key(l.name(), l.type()), l);
    }
    NumberGdl.register(this);
    CardValueGdl.register(this);
    ConditionGdl.register(this);
    CardSetGdl.register(this);
    CardCountGdl.register(this);
    PlaceGdl.register(this);
    BoardGdl.register(this);
    EffectGdl.register(this);
    CardEffectGdl.register(this);
    MoveRuleGdl.register(this);
    OutcomeGdl.register(this);
  }

  private static String key(String name, Type type) {
    return name.toLowerCase(java.util.Locale.ROOT) + "/" + type;
  }

  void add(Type type, GdlEmitter e, String... names) {
    for (String n : names) {
      emitters.put(key(n, type), e);
    }
  }

  /** Whether a call's head names a ludeme of this type (as the compiler decides what an argument is). */
  boolean has(Node n, Type type) {
    return n instanceof Node.Call c && c.headName() != null && ludemes.containsKey(key(c.headName(), type));
  }

  /** The bound call and its translation, or the export error for a ludeme that has none. */
  <T extends GdlEmitter> Bound bind(Node n, Type type) throws ExportException {
    if (!(n instanceof Node.Call c) || c.headName() == null) {
      throw ExportException.at(n, "expected " + type.description + ", found " + n.kind());
    }
    Ludeme l = ludemes.get(key(c.headName(), type));
    if (l == null) {
      throw ExportException.at(n, "(" + c.headName() + " …) is not " + type.description);
    }
    return new Bound(c, l);
  }

  @SuppressWarnings("unchecked")
  <T extends GdlEmitter> T emitter(Bound b, Type type, Class<T> kind) throws ExportException {
    GdlEmitter e = emitters.get(key(b.name(), type));
    if (!kind.isInstance(e)) {
      throw ExportException.unsupported(b.call);
    }
    return (T) e;
  }

  /** The same translations without one (for tests of what an untranslated ludeme does). */
  Emitters without(String name, Type type) {
    Emitters e = new Emitters();
    e.emitters.remove(key(name, type));
    return e;
  }

  List<String> names() {
    return List.copyOf(emitters.keySet());
  }
}
