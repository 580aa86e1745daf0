package veil.ludeme.compile;

/**
 * One argument of a ludeme. Positional parameters are filled in order by unnamed arguments; named ones by
 * {@code name:value}. {@code kind} says what the argument must be, in words for the reference and for errors.
 */
public record Param(String name, String kind, boolean positional, boolean optional, String doc) {
  public static Param pos(String name, String kind, String doc) {
    return new Param(name, kind, true, false, doc);
  }

  public static Param optPos(String name, String kind, String doc) {
    return new Param(name, kind, true, true, doc);
  }

  public static Param named(String name, String kind, String doc) {
    return new Param(name, kind, false, true, doc);
  }

  /** A named argument that must be given. */
  public static Param required(String name, String kind, String doc) {
    return new Param(name, kind, false, false, doc);
  }

  /** The parameter as the reference shows it: {@code count}, {@code [count]}, {@code to:}, {@code [to:]}. */
  public String signature() {
    String s = positional ? "<" + name + ">" : name + ":<" + kind + ">";
    if (positional) {
      s = "<" + name + ":" + kind + ">";
    }
    return optional ? "[" + s + "]" : s;
  }
}
