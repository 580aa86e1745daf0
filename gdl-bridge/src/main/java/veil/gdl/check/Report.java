package veil.gdl.check;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import veil.dsl.Diagnostic;
import veil.dsl.Pos;

/** Errors and warnings found while reading, checking and grounding one game. */
public final class Report {
  private final Mode mode;
  private final List<Diagnostic> errors = new ArrayList<>();
  private final List<Diagnostic> warnings = new ArrayList<>();
  private final Set<String> seen = new HashSet<>();
  private final Set<Integer> dropped = new HashSet<>();

  public Report(Mode mode) {
    this.mode = mode;
  }

  public Mode mode() {
    return mode;
  }

  public boolean strict() {
    return mode == Mode.STRICT;
  }

  public void error(Pos at, String message) {
    add(errors, new Diagnostic(at, message, "", List.of()));
  }

  public void error(Pos at, String message, String expected, List<String> suggestions) {
    add(errors, new Diagnostic(at, message, expected, suggestions));
  }

  public void warn(Pos at, String message) {
    add(warnings, new Diagnostic(at, message, "", List.of()));
  }

  /**
   * A deviation from textbook GDL-II whose meaning is clear: an error in strict mode, else a warning given once per
   * rule ({@code rulePos}) and {@code kind}. Returns true when it was only a warning (the caller goes on).
   */
  public boolean deviation(String kind, Pos rulePos, Pos at, String message) {
    if (mode == Mode.STRICT) {
      error(at, message + " (not allowed in strict mode)");
      return false;
    }
    if (seen.add(kind + "@" + key(rulePos))) {
      warn(at, message);
    }
    return true;
  }

  private static String key(Pos p) {
    return p == null ? "?" : p.source().name() + ":" + p.offset();
  }

  private void add(List<Diagnostic> list, Diagnostic d) {
    // The same problem found twice (e.g. in two rules expanded from one `or`) is reported once.
    if (seen.add((list == errors ? "E" : "W") + key(d.pos()) + d.message())) {
      list.add(d);
    }
  }

  /**
   * A sentence was dropped as malformed (its error is reported); {@code relation} is its head's symbol, or -1 when
   * the head could not be read. Later checks do not report what may follow from its absence.
   */
  public void dropped(int relation) {
    dropped.add(relation);
  }

  /** Whether a dropped sentence may have defined {@code relation}. */
  public boolean mayHaveDropped(int relation) {
    return dropped.contains(relation) || dropped.contains(-1);
  }

  public boolean hasErrors() {
    return !errors.isEmpty();
  }

  public List<Diagnostic> errors() {
    return List.copyOf(errors);
  }

  public List<Diagnostic> warnings() {
    return List.copyOf(warnings);
  }

  /** The errors as one formatted report, sorted by position. */
  public String formatErrors() {
    List<Diagnostic> sorted = new ArrayList<>(errors);
    sorted.sort(
        (a, b) -> {
          if (a.pos() == null || b.pos() == null) {
            return a.pos() == null ? (b.pos() == null ? 0 : 1) : -1;
          }
          return Integer.compare(a.pos().offset(), b.pos().offset());
        });
    return Diagnostic.formatAll(sorted);
  }
}
