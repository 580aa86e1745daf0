package veil.dsl;

import java.util.List;

/** One or more errors in a source text, each with its position; {@link #getMessage()} is the formatted report. */
public final class DslException extends Exception {
  private final List<Diagnostic> diagnostics;

  public DslException(List<Diagnostic> diagnostics) {
    super(Diagnostic.formatAll(diagnostics), null, false, false);
    this.diagnostics = List.copyOf(diagnostics);
  }

  public DslException(Diagnostic diagnostic) {
    this(List.of(diagnostic));
  }

  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }
}
