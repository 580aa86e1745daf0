package veil.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Diagnostic;
import veil.dsl.Pos;
import veil.gdl.reason.KifGame;
import veil.model.Game;

/**
 * What lenient mode repaired in a GDL-II game, as the commands print it: every repair with its position, what was
 * done and the rule's line; the same message at several positions is printed once with a count and the positions.
 */
final class Repairs {
  /** Positions listed for a repeated message; the rest are counted. */
  static final int POSITIONS_SHOWN = 8;

  private Repairs() {}

  /** The repairs of a game, one entry per distinct message (empty for a strict or ludeme game). */
  static List<String> lines(Game game) {
    if (!(game instanceof KifGame k)) {
      return List.of();
    }
    Map<String, List<Diagnostic>> byMessage = new LinkedHashMap<>();
    List<Diagnostic> sorted = new ArrayList<>(k.warnings());
    sorted.sort(Comparator.comparingInt(d -> d.pos() == null ? -1 : d.pos().offset()));
    for (Diagnostic d : sorted) {
      byMessage.computeIfAbsent(d.message(), m -> new ArrayList<>()).add(d);
    }
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<Diagnostic>> e : byMessage.entrySet()) {
      List<Diagnostic> ds = e.getValue();
      Pos first = ds.get(0).pos();
      StringBuilder sb = new StringBuilder();
      sb.append(first == null ? "(no position)" : first.toString()).append(": ").append(e.getKey());
      if (ds.size() > 1) {
        sb.append("\n      (").append(ds.size()).append(" times, at lines ");
        for (int i = 0; i < Math.min(POSITIONS_SHOWN, ds.size()); i++) {
          Pos p = ds.get(i).pos();
          sb.append(i == 0 ? "" : ", ").append(p == null ? "?" : Integer.toString(p.line()));
        }
        sb.append(ds.size() > POSITIONS_SHOWN ? ", …)" : ")");
      } else if (first != null) {
        String line = first.source().line(first.line()).strip();
        sb.append("\n      ").append(line.length() > 120 ? line.substring(0, 117) + "…" : line);
      }
      out.add(sb.toString());
    }
    return out;
  }

  /** The number of repairs (each position counted). */
  static int count(Game game) {
    return game instanceof KifGame k ? k.warnings().size() : 0;
  }

  /** For commands other than check: one line on stderr when lenient mode repaired something. */
  static void note(Game game, String gameArg, PrintWriter err) {
    int n = count(game);
    if (n > 0) {
      err.println("note: lenient mode repaired " + n + " deviation" + (n == 1 ? "" : "s") + " from GDL-II in "
          + gameArg + " (`veil check " + Shell.quote(gameArg) + "` lists them; --mode strict refuses them)");
      err.flush();
    }
  }

  /** Warnings found while playing (several goal values for a role in lenient mode), on stderr. */
  static void playWarnings(Game game, PrintWriter err) {
    if (game instanceof KifGame k) {
      for (String w : k.playWarnings()) {
        err.println("warning: " + w);
      }
      err.flush();
    }
  }
}
