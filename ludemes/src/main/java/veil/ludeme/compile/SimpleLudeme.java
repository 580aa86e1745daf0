package veil.ludeme.compile;

import java.util.List;

/** A ludeme whose name, type, doc and parameters are given to the constructor. */
public abstract class SimpleLudeme extends Ludeme {
  private final String name;
  private final Type type;
  private final String doc;
  private final List<Param> params;
  private final boolean variadic;

  protected SimpleLudeme(String name, Type type, String doc, Param... params) {
    this(name, type, doc, false, params);
  }

  protected SimpleLudeme(String name, Type type, String doc, boolean variadic, Param... params) {
    this.name = name;
    this.type = type;
    this.doc = doc;
    this.params = List.of(params);
    this.variadic = variadic;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Type type() {
    return type;
  }

  @Override
  public final String doc() {
    return doc;
  }

  @Override
  public final List<Param> params() {
    return params;
  }

  @Override
  public final boolean variadic() {
    return variadic;
  }
}
