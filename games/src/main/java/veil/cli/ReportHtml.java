package veil.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import veil.ai.arena.AgentSummary;
import veil.ai.arena.ArenaConfig;
import veil.ai.arena.ArenaStats;
import veil.ai.arena.GameResult;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/**
 * An arena run as one self-contained HTML page: tables and inline SVG figures, no script, no style sheet or font
 * from the network. Each figure is an {@code <svg>} with an {@code id} starting with {@code fig-}.
 */
final class ReportHtml {
  private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
      "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  private static final int W = 640;

  private final StringBuilder h = new StringBuilder();

  private ReportHtml() {}

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static String px(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private static String color(int i) {
    return COLORS[i % COLORS.length];
  }

  /**
   * The page for a run.
   *
   * @param title a heading (the file name)
   * @param runLines lines describing the run (game, agents, budget, seed)
   * @param notes warnings to show first (an unfinished run)
   */
  static String render(String title, List<String> runLines, List<String> notes, ArenaConfig config,
      List<GameResult> games, ArenaStats stats) {
    ReportHtml r = new ReportHtml();
    r.page(title, runLines, notes, config, games, stats);
    return r.h.toString();
  }

  private void page(String title, List<String> runLines, List<String> notes, ArenaConfig config,
      List<GameResult> games, ArenaStats stats) {
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(esc(title)).append("</title>\n<style>\n")
        .append("body{font-family:sans-serif;max-width:760px;margin:1.5em auto;color:#222;line-height:1.4}\n")
        .append("table{border-collapse:collapse;margin:.5em 0 1em}td,th{padding:2px 8px;text-align:right;")
        .append("border-bottom:1px solid #ddd}td:first-child,th:first-child{text-align:left}\n")
        .append("h2{margin-top:1.6em;border-bottom:2px solid #444}.note{background:#fff3cd;padding:4px 8px}\n")
        .append("figure{margin:.5em 0}figcaption{font-size:90%;color:#555}svg text{font-size:12px}\n")
        .append("</style></head><body>\n");
    h.append("<h1>").append(esc(title)).append("</h1>\n<p>");
    for (String l : runLines) {
      h.append(esc(l)).append("<br>\n");
    }
    h.append("</p>\n");
    for (String n : notes) {
      h.append("<p class=\"note\">").append(esc(n)).append("</p>\n");
    }
    List<String> labels = labels(stats.agents());

    h.append("<h2>Scores</h2>\n");
    table(stats.agents(), labels, true);
    h.append("<p>Score: the mean per-game score (0 to 1). Interval: ").append(esc(ArenaStats.METHOD))
        .append(". Win: 1 for the side (team, or seat) with the strictly highest score, 1/k for a k-way tie.</p>\n");
    intervals("fig-scores", "Mean score of each agent with its 95% interval", stats.agents(), labels, 0, 1);

    if (!stats.pairs().isEmpty()) {
      h.append("<h2>Paired differences</h2>\n<table><tr><th>pair</th><th>difference</th><th>95% interval</th>")
          .append("<th>").append(config.duplicate() ? "deals" : "games").append("</th><th></th>")
          .append("<th>games to resolve</th></tr>\n");
      for (ArenaStats.Pair p : stats.pairs()) {
        h.append("<tr><td>").append(esc(labels.get(p.a()) + " − " + labels.get(p.b()))).append("</td><td>")
            .append(String.format(Locale.ROOT, "%+.3f", p.mean())).append("</td><td>[")
            .append(String.format(Locale.ROOT, "%+.3f, %+.3f", p.ciLow(), p.ciHigh())).append("]</td><td>")
            .append(p.units()).append("</td><td>").append(p.significant() ? "significant" : "not significant")
            .append("</td><td>").append(p.gamesNeeded() > 0 ? String.valueOf(p.gamesNeeded()) : "–")
            .append("</td></tr>\n");
      }
      h.append("</table>\n<p>Per ").append(config.duplicate() ? "deal (every seat rotation of one deal)" : "game")
          .append(", the first agent's mean score minus the second's. Games to resolve: about how many games tell a"
              + " difference of the observed size from zero (5% two-sided, 80% power).</p>\n");
      pairs(stats, labels);
    }

    h.append("<h2>Seats</h2>\n");
    List<String> seatLabels = new ArrayList<>();
    stats.seats().forEach(s -> seatLabels.add(s.spec()));
    table(stats.seats(), seatLabels, false);
    intervals("fig-seats", "Mean score in each seat, over all agents (seat advantage)", stats.seats(), seatLabels,
        0, 1);
    if (!stats.teams().isEmpty()) {
      h.append("<h2>Teams</h2>\n");
      List<String> teamLabels = new ArrayList<>();
      stats.teams().forEach(s -> teamLabels.add(s.spec()));
      table(stats.teams(), teamLabels, false);
      intervals("fig-teams", "Mean score of each team with its 95% interval", stats.teams(), teamLabels, 0, 1);
    }

    List<GameResult> ok = new ArrayList<>();
    for (GameResult g : games) {
      if (!g.failed()) {
        ok.add(g);
      }
    }
    h.append("<h2>Distributions</h2>\n");
    lengths(ok);
    scoreDistribution(config.game(), ok, stats, labels);
    h.append("<h2>Over the run</h2>\n");
    trend(config.game(), ok, stats, labels);
    h.append("<h2>Cost</h2>\n");
    cost(stats, labels);
    int failed = games.size() - ok.size();
    if (failed > 0) {
      h.append("<p class=\"note\">").append(failed).append(" game(s) failed and are not counted.</p>\n");
    }
    h.append("</body></html>\n");
  }

  /** The findings of {@code veil analyze} as a page: the text, and figures of seats, skill and length. */
  static String analysis(veil.ai.arena.GameAnalysis.Result r, List<String> text) {
    ReportHtml p = new ReportHtml();
    StringBuilder h = p.h;
    String title = "Analysis: " + r.game().name();
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>").append(esc(title))
        .append("</title>\n<style>body{font-family:sans-serif;max-width:760px;margin:1.5em auto;color:#222}")
        .append("pre{background:#f6f6f6;padding:8px;white-space:pre-wrap}h2{border-bottom:2px solid #444}")
        .append("figcaption{font-size:90%;color:#555}svg text{font-size:12px}</style></head><body>\n<h1>")
        .append(esc(title)).append("</h1>\n<pre>");
    for (String t : text) {
      h.append(esc(t)).append('\n');
    }
    h.append("</pre>\n<h2>Seat fairness</h2>\n");
    List<AgentSummary> seats = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < r.seatRoles().size(); i++) {
      seats.add(row(i, r.randomSeats().get(i)));
      labels.add(r.seatRoles().get(i) + ", random");
      if (!r.selfPlaySeats().isEmpty()) {
        seats.add(row(i, r.selfPlaySeats().get(i)));
        labels.add(r.seatRoles().get(i) + ", so-ismcts");
      }
    }
    p.intervals("fig-seat-fairness", "Mean score of each seat in random playouts and in so-ismcts self-play",
        seats, labels, 0, 1);
    h.append("<h2>Skill and information</h2>\n");
    List<AgentSummary> ladder = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (veil.ai.arena.GameAnalysis.Rung rung : r.ladder()) {
      ladder.add(row(ladder.size(), rung.score()));
      names.add(rung.agent());
    }
    ladder.add(row(ladder.size(), r.clairvoyant()));
    names.add("uct-cheat, " + r.settings().highIterations() + " iterations");
    p.intervals("fig-ladder", "Score of one agent against random opponents: the skill ladder, and the clairvoyant"
        + " uct-cheat (it sees the hidden state) at the larger budget", ladder, names, 0, 1);
    h.append("<h2>Length</h2>\n");
    p.lengthsOf(r.lengths());
    h.append("</body></html>\n");
    return h.toString();
  }

  private static AgentSummary row(int i, veil.ai.arena.GameAnalysis.Estimate e) {
    boolean none = Double.isNaN(e.mean());
    return new AgentSummary(i, "", e.n(), none ? 0 : e.mean(), none ? 0 : e.low(), none ? 0 : e.high(), 0, 0, 0, 0,
        0);
  }

  static List<String> labels(List<AgentSummary> rows) {
    List<String> out = new ArrayList<>();
    for (AgentSummary s : rows) {
      long same = rows.stream().filter(o -> o.spec().equals(s.spec())).count();
      out.add(same > 1 ? s.spec() + "#" + (s.index() + 1) : s.spec());
    }
    return out;
  }

  private void table(List<AgentSummary> rows, List<String> labels, boolean costs) {
    h.append("<table><tr><th></th><th>games</th><th>score</th><th>95% interval</th><th>win</th>");
    if (costs) {
      h.append("<th>ms/move</th><th>iterations/s</th><th>fallbacks</th>");
    }
    h.append("</tr>\n");
    for (int i = 0; i < rows.size(); i++) {
      AgentSummary s = rows.get(i);
      h.append("<tr><td>").append(esc(labels.get(i))).append("</td><td>").append(s.games()).append("</td><td>")
          .append(f(s.meanScore())).append("</td><td>[").append(f(s.ciLow())).append(", ").append(f(s.ciHigh()))
          .append("]</td><td>").append(f(s.winRate())).append("</td>");
      if (costs) {
        h.append("<td>").append(String.format(Locale.ROOT, "%.2f", s.msPerMove())).append("</td><td>")
            .append(String.format(Locale.ROOT, "%.0f", s.iterationsPerSecond())).append("</td><td>")
            .append(s.fallbacks()).append(" of ").append(s.decisions()).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private void open(String id, String caption, int height) {
    h.append("<figure><svg id=\"").append(id).append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W)
        .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(W).append(' ').append(height)
        .append("\" role=\"img\"><title>").append(esc(caption)).append("</title>\n");
  }

  private void close(String caption) {
    h.append("</svg><figcaption>").append(esc(caption)).append("</figcaption></figure>\n");
  }

  private void text(double x, double y, String s, String anchor) {
    h.append("<text x=\"").append(px(x)).append("\" y=\"").append(px(y)).append("\" text-anchor=\"").append(anchor)
        .append("\">").append(esc(s)).append("</text>\n");
  }

  private void line(double x1, double y1, double x2, double y2, String stroke, double width) {
    h.append("<line x1=\"").append(px(x1)).append("\" y1=\"").append(px(y1)).append("\" x2=\"").append(px(x2))
        .append("\" y2=\"").append(px(y2)).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
        .append(px(width)).append("\"/>\n");
  }

  private void rect(double x, double y, double w, double hh, String fill, String tip) {
    h.append("<rect x=\"").append(px(x)).append("\" y=\"").append(px(y)).append("\" width=\"").append(px(w))
        .append("\" height=\"").append(px(hh)).append("\" fill=\"").append(fill).append("\">");
    if (tip != null) {
      h.append("<title>").append(esc(tip)).append("</title>");
    }
    h.append("</rect>\n");
  }

  /** A horizontal axis from {@code lo} to {@code hi} at {@code y}, mapped onto [x0, x1]. */
  private void axis(double x0, double x1, double y, double lo, double hi, int ticks, boolean signed) {
    line(x0, y, x1, y, "#444", 1);
    for (int i = 0; i <= ticks; i++) {
      double v = lo + (hi - lo) * i / ticks;
      double x = x0 + (x1 - x0) * i / ticks;
      line(x, y, x, y + 4, "#444", 1);
      text(x, y + 16, signed ? String.format(Locale.ROOT, "%+.1f", v) : String.format(Locale.ROOT, "%.1f", v),
          "middle");
    }
  }

  /** Dots with whiskers: one row per line of the table. */
  private void intervals(String id, String caption, List<AgentSummary> rows, List<String> labels, double lo,
      double hi) {
    int rowH = 26;
    int height = rows.size() * rowH + 40;
    double x0 = 170;
    double x1 = W - 20;
    open(id, caption, height);
    for (int i = 0; i < rows.size(); i++) {
      AgentSummary s = rows.get(i);
      double y = 18 + i * rowH;
      text(x0 - 8, y + 4, labels.get(i), "end");
      double a = x0 + (x1 - x0) * (s.ciLow() - lo) / (hi - lo);
      double b = x0 + (x1 - x0) * (s.ciHigh() - lo) / (hi - lo);
      double m = x0 + (x1 - x0) * (s.meanScore() - lo) / (hi - lo);
      line(a, y, b, y, color(i), 3);
      line(a, y - 6, a, y + 6, color(i), 2);
      line(b, y - 6, b, y + 6, color(i), 2);
      h.append("<circle cx=\"").append(px(m)).append("\" cy=\"").append(px(y)).append("\" r=\"5\" fill=\"")
          .append(color(i)).append("\"><title>").append(esc(labels.get(i) + ": " + f(s.meanScore()) + " ["
              + f(s.ciLow()) + ", " + f(s.ciHigh()) + "]")).append("</title></circle>\n");
    }
    axis(x0, x1, height - 26, lo, hi, 10, false);
    close(caption);
  }

  private void pairs(ArenaStats stats, List<String> labels) {
    List<ArenaStats.Pair> ps = stats.pairs();
    int rowH = 26;
    int height = ps.size() * rowH + 40;
    double x0 = 220;
    double x1 = W - 20;
    String caption = "Paired differences with their 95% intervals; the dashed line is no difference";
    open("fig-pairs", caption, height);
    double zero = (x0 + x1) / 2;
    h.append("<line x1=\"").append(px(zero)).append("\" y1=\"4\" x2=\"").append(px(zero)).append("\" y2=\"")
        .append(height - 26).append("\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n");
    for (int i = 0; i < ps.size(); i++) {
      ArenaStats.Pair p = ps.get(i);
      double y = 18 + i * rowH;
      text(x0 - 8, y + 4, labels.get(p.a()) + " − " + labels.get(p.b()), "end");
      double a = zero + (x1 - x0) / 2 * p.ciLow();
      double b = zero + (x1 - x0) / 2 * p.ciHigh();
      double m = zero + (x1 - x0) / 2 * p.mean();
      String c = p.significant() ? "#d62728" : "#555";
      line(a, y, b, y, c, 3);
      h.append("<circle cx=\"").append(px(m)).append("\" cy=\"").append(px(y)).append("\" r=\"5\" fill=\"")
          .append(c).append("\"/>\n");
    }
    axis(x0, x1, height - 26, -1, 1, 8, true);
    close(caption);
  }

  /** A histogram of {@code values} over integer bins. */
  private void histogram(String id, String caption, int[] counts, int firstBin, int binWidth, String unit,
      String fill) {
    int height = 200;
    double x0 = 50;
    double x1 = W - 20;
    double top = 14;
    double bottom = height - 36;
    int max = 1;
    for (int c : counts) {
      max = Math.max(max, c);
    }
    open(id, caption, height);
    double bw = (x1 - x0) / Math.max(1, counts.length);
    for (int i = 0; i < counts.length; i++) {
      double hh = (bottom - top) * counts[i] / max;
      int from = firstBin + i * binWidth;
      String range = binWidth == 1 ? String.valueOf(from) : from + "–" + (from + binWidth - 1);
      rect(x0 + i * bw + 1, bottom - hh, Math.max(1, bw - 2), hh, fill, range + " " + unit + ": " + counts[i]);
    }
    line(x0, bottom, x1, bottom, "#444", 1);
    line(x0, top, x0, bottom, "#444", 1);
    text(x0 - 6, top + 4, String.valueOf(max), "end");
    text(x0 - 6, bottom, "0", "end");
    int labelsEvery = Math.max(1, counts.length / 10);
    for (int i = 0; i < counts.length; i += labelsEvery) {
      text(x0 + i * bw + bw / 2, bottom + 16, String.valueOf(firstBin + i * binWidth), "middle");
    }
    text((x0 + x1) / 2, height - 4, unit, "middle");
    close(caption);
  }

  private void lengths(List<GameResult> ok) {
    int[] len = new int[ok.size()];
    for (int i = 0; i < len.length; i++) {
      len[i] = ok.get(i).moves().length;
    }
    lengthsOf(len);
  }

  private void lengthsOf(int[] len) {
    if (len.length == 0) {
      h.append("<p>No finished game.</p>\n");
      return;
    }
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int v : len) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    int width = Math.max(1, (max - min + 1 + 39) / 40);
    int[] counts = new int[(max - min) / width + 1];
    double sum = 0;
    for (int v : len) {
      counts[(v - min) / width]++;
      sum += v;
    }
    histogram("fig-length", String.format(Locale.ROOT, "Game length in joint moves (chance included): mean %.1f,"
        + " min %d, max %d", sum / len.length, min, max), counts, min, width, "joint moves", "#1f77b4");
  }

  private void scoreDistribution(Game game, List<GameResult> ok, ArenaStats stats, List<String> labels) {
    int[] seatRoles = MatchRunner.seatRoles(game);
    int bins = 10;
    int k = stats.agents().size();
    int[][] counts = new int[k][bins + 1];
    int max = 1;
    for (GameResult g : ok) {
      for (int r : seatRoles) {
        int a = g.agentOfRole()[r];
        int b = (int) Math.round(g.scores()[r] * bins);
        b = Math.max(0, Math.min(bins, b));
        max = Math.max(max, ++counts[a][b]);
      }
    }
    int height = 220;
    double x0 = 50;
    double x1 = W - 20;
    double top = 14;
    double bottom = height - 50;
    String caption = "Distribution of each agent's per-game score (bars grouped by score, one colour per agent)";
    open("fig-score-dist", caption, height);
    double groupW = (x1 - x0) / (bins + 1);
    double bw = (groupW - 4) / k;
    for (int b = 0; b <= bins; b++) {
      for (int a = 0; a < k; a++) {
        double hh = (bottom - top) * counts[a][b] / max;
        rect(x0 + b * groupW + 2 + a * bw, bottom - hh, Math.max(1, bw - 1), hh, color(a),
            labels.get(a) + ", score " + f(b / (double) bins) + ": " + counts[a][b] + " games");
      }
      text(x0 + b * groupW + groupW / 2, bottom + 16, String.format(Locale.ROOT, "%.1f", b / (double) bins),
          "middle");
    }
    line(x0, bottom, x1, bottom, "#444", 1);
    line(x0, top, x0, bottom, "#444", 1);
    text(x0 - 6, top + 4, String.valueOf(max), "end");
    legend(labels, height - 14);
    close(caption);
  }

  private void legend(List<String> labels, double y) {
    double x = 50;
    for (int a = 0; a < labels.size(); a++) {
      rect(x, y - 9, 10, 10, color(a), null);
      text(x + 14, y, labels.get(a), "start");
      x += 24 + 7 * labels.get(a).length();
    }
  }

  private void trend(Game game, List<GameResult> ok, ArenaStats stats, List<String> labels) {
    int[] seatRoles = MatchRunner.seatRoles(game);
    int k = stats.agents().size();
    int n = ok.size();
    int height = 240;
    double x0 = 50;
    double x1 = W - 20;
    double top = 14;
    double bottom = height - 50;
    String caption = "Each agent's mean score over the games so far (the run settles as the lines flatten)";
    open("fig-trend", caption, height);
    for (int a = 0; a < k; a++) {
      double sum = 0;
      int cnt = 0;
      StringBuilder pts = new StringBuilder();
      for (int i = 0; i < n; i++) {
        GameResult g = ok.get(i);
        for (int r : seatRoles) {
          if (g.agentOfRole()[r] == a) {
            sum += g.scores()[r];
            cnt++;
          }
        }
        if (cnt > 0) {
          double x = x0 + (x1 - x0) * (n == 1 ? 1 : i / (double) (n - 1));
          double y = bottom - (bottom - top) * sum / cnt;
          pts.append(px(x)).append(',').append(px(y)).append(' ');
        }
      }
      h.append("<polyline fill=\"none\" stroke=\"").append(color(a)).append("\" stroke-width=\"2\" points=\"")
          .append(pts.toString().trim()).append("\"><title>").append(esc(labels.get(a))).append("</title></polyline>\n");
    }
    line(x0, bottom, x1, bottom, "#444", 1);
    line(x0, top, x0, bottom, "#444", 1);
    text(x0 - 6, top + 4, "1.0", "end");
    text(x0 - 6, (top + bottom) / 2 + 4, "0.5", "end");
    text(x0 - 6, bottom, "0.0", "end");
    text(x0, bottom + 16, "1", "middle");
    text(x1, bottom + 16, String.valueOf(n), "middle");
    text((x0 + x1) / 2, bottom + 16, "games", "middle");
    legend(labels, height - 14);
    close(caption);
  }

  private void cost(ArenaStats stats, List<String> labels) {
    List<AgentSummary> rows = stats.agents();
    double max = 0;
    for (AgentSummary s : rows) {
      max = Math.max(max, s.msPerMove());
    }
    int rowH = 24;
    int height = rows.size() * rowH + 20;
    double x0 = 170;
    double x1 = W - 140;
    String caption = "Thinking time per move, and fallbacks (decisions where a search agent found no state of its"
        + " information set and moved at random)";
    open("fig-time", caption, height);
    for (int i = 0; i < rows.size(); i++) {
      AgentSummary s = rows.get(i);
      double y = 6 + i * rowH;
      text(x0 - 8, y + 13, labels.get(i), "end");
      double w = max == 0 ? 0 : (x1 - x0) * s.msPerMove() / max;
      rect(x0, y, Math.max(1, w), rowH - 6, color(i), labels.get(i) + ": " + String.format(Locale.ROOT, "%.2f",
          s.msPerMove()) + " ms per move");
      text(x0 + w + 6, y + 13, String.format(Locale.ROOT, "%.2f ms", s.msPerMove()) + (s.fallbacks() > 0
          ? ", " + s.fallbacks() + " fallbacks" : ""), "start");
    }
    close(caption);
  }
}
