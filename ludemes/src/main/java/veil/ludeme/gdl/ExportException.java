package veil.ludeme.gdl;

import veil.dsl.Node;
import veil.dsl.Pos;

/**
 * The game cannot be exported: a ludeme without a GDL-II translation, or a construct the exporter cannot bound or
 * express. The message names the ludeme and where it is; rules are never written half right.
 */
public final class ExportException extends Exception {
  public ExportException(String message) {
    super(message);
  }

  /** {@code export-gdl: the ludeme (X …) at file:line:col cannot be exported to GDL-II yet}. */
  public static ExportException unsupported(Node n) {
    String what = n instanceof Node.Call c ? "(" + (c.headName() == null ? "…" : c.headName()) + " …)" : n.toString();
    return new ExportException("export-gdl: the ludeme " + what + " at " + where(n.pos())
        + " cannot be exported to GDL-II yet");
  }

  /** A construct the exporter does not handle, with the reason. */
  public static ExportException at(Node n, String why) {
    return new ExportException("export-gdl: " + where(n.pos()) + ": " + why);
  }

  /** {@code file:line:col}, and inside a define's body {@code (in "Name", used at file:line:col; …)}. */
  public static String where(Pos p) {
    if (p == null) {
      return "?";
    }
    String at = p.source().name() + ":" + p.line() + ":" + p.col();
    return p.uses().isEmpty() ? at : at + " (" + String.join("; ", p.uses()) + ")";
  }
}
