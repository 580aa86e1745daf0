package veil.ai.arena;

import java.util.List;
import java.util.Locale;

/**
 * The outcome of a tournament: every game (including games read back on resume), the statistics, and notes on what
 * a resumed file needed (a torn last line dropped, an earlier summary replaced); {@code readBack} games came from
 * the file being resumed.
 */
public record ArenaResult(ArenaConfig config, List<GameResult> games, ArenaStats stats, int failures,
    List<String> notes, int readBack) {
  /** The per-agent table. */
  public List<AgentSummary> table() {
    return stats.agents();
  }

  /** The table as text for a terminal. */
  public String format() {
    StringBuilder sb = new StringBuilder();
    formatTable(sb, "agent", table(), true);
    if (!stats.teams().isEmpty()) {
      sb.append('\n');
      formatTable(sb, "team", stats.teams(), false);
    }
    if (table().size() > 1) {
      sb.append('\n');
      formatTable(sb, "seat", stats.seats(), false);
    }
    if (!stats.pairs().isEmpty()) {
      sb.append('\n');
      formatPairs(sb);
    }
    sb.append("score: mean per-game score (0..1); 95% CI: ").append(ArenaStats.METHOD)
        .append("; win: the side (team or seat) with the strictly highest score 1, a k-way tie at the top 1/k\n");
    if (failures > 0) {
      sb.append(failures).append(" game(s) failed and are not counted")
          .append(config.output() != null ? "; they are in " + config.output() + "\n" : "\n");
    }
    return sb.toString();
  }

  private void formatTable(StringBuilder sb, String what, List<AgentSummary> rows, boolean costs) {
    int w = what.length();
    for (AgentSummary s : rows) {
      w = Math.max(w, label(s, rows).length());
    }
    String head = "%-" + w + "s  %5s  %6s  %-15s  %6s" + (costs ? "  %9s  %9s" : "") + "%n";
    String row = "%-" + w + "s  %5d  %6.3f  [%5.3f, %5.3f]  %6.3f" + (costs ? "  %9.2f  %9.0f" : "") + "%n";
    sb.append(costs ? String.format(Locale.ROOT, head, what, "games", "score", "95% CI", "win", "ms/move", "iter/s")
        : String.format(Locale.ROOT, head, what, "games", "score", "95% CI", "win"));
    for (AgentSummary s : rows) {
      sb.append(costs ? String.format(Locale.ROOT, row, label(s, rows), s.games(), s.meanScore(), s.ciLow(),
          s.ciHigh(), s.winRate(), s.msPerMove(), s.iterationsPerSecond())
          : String.format(Locale.ROOT, row, label(s, rows), s.games(), s.meanScore(), s.ciLow(), s.ciHigh(),
              s.winRate()));
    }
  }

  private void formatPairs(StringBuilder sb) {
    String unit = config.duplicate() ? "deals" : "games";
    sb.append("paired difference (first minus second, per ").append(config.duplicate() ? "deal" : "game")
        .append("):\n");
    for (ArenaStats.Pair p : stats.pairs()) {
      String a = label(table().get(p.a()), table());
      String b = label(table().get(p.b()), table());
      sb.append(String.format(Locale.ROOT, "  %s - %s: %+.3f [%+.3f, %+.3f] over %d %s, %s", a, b, p.mean(),
          p.ciLow(), p.ciHigh(), p.units(), unit, p.significant() ? "significant" : "not significant"));
      if (p.gamesNeeded() > 0 && !p.significant()) {
        sb.append(String.format(Locale.ROOT, "; about %d games would resolve a difference this size",
            p.gamesNeeded()));
      }
      sb.append('\n');
    }
  }

  private static String label(AgentSummary s, List<AgentSummary> rows) {
    long same = rows.stream().filter(o -> o.spec().equals(s.spec())).count();
    return same > 1 ? s.spec() + "#" + (s.index() + 1) : s.spec();
  }
}
