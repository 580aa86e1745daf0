package veil.ai.arena;

import java.util.List;
import java.util.Locale;

/** The outcome of a tournament: every game (including games read back on resume) and the per-agent table. */
public record ArenaResult(ArenaConfig config, List<GameResult> games, List<AgentSummary> table, int failures) {
  /** The table as text for a terminal. */
  public String format() {
    StringBuilder sb = new StringBuilder();
    int w = "agent".length();
    for (AgentSummary s : table) {
      w = Math.max(w, label(s).length());
    }
    String head = "%-" + w + "s  %5s  %6s  %-15s  %6s  %9s  %9s%n";
    String row = "%-" + w + "s  %5d  %6.3f  [%5.3f, %5.3f]  %6.3f  %9.2f  %9.0f%n";
    sb.append(String.format(Locale.ROOT, head, "agent", "games", "score", "95% CI", "win", "ms/move", "iter/s"));
    for (AgentSummary s : table) {
      sb.append(String.format(Locale.ROOT, row, label(s), s.games(), s.meanScore(), s.ciLow(), s.ciHigh(),
          s.winRate(), s.msPerMove(), s.iterationsPerSecond()));
    }
    sb.append("score: mean per-game score (0..1); 95% CI: normal approximation, mean ± 1.96·sd/√n; "
        + "win: strictly highest score 1, a k-way tie at the top 1/k\n");
    if (failures > 0) {
      sb.append(failures).append(" game(s) failed and are not counted")
          .append(config.output() != null ? "; they are in " + config.output() + "\n" : "\n");
    }
    return sb.toString();
  }

  private String label(AgentSummary s) {
    long same = table.stream().filter(o -> o.spec().equals(s.spec())).count();
    return same > 1 ? s.spec() + "#" + (s.index() + 1) : s.spec();
  }
}
