package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

/** {@code veil analyze} and {@code veil report} on every bundled game, with tiny budgets. */
class AnalyzeCommandTest {
  @Test
  void analyzeAndReportWorkOnEveryBundledGame(@TempDir Path dir) throws IOException {
    List<String> names = Cli.standard().bundledNames();
    assertThat(names).hasSizeGreaterThan(10);
    for (String name : names) {
      Path html = dir.resolve(name + "-analysis.html");
      Run a = Cli.run("analyze", name, "--playouts", "30", "--games", "2", "--low", "10", "--high", "20",
          "--parallel", "2", "--html", html.toString());
      assertThat(a.code()).as(name + ": " + a.err()).isZero();
      assertThat(a.out()).as(name).contains("length      ").contains("seats       random playouts:")
          .contains("skill       ").contains("information clairvoyant uct-cheat").doesNotContain("NaN");
      String page = Files.readString(html);
      assertThat(page).as(name).contains("<svg id=\"fig-ladder\"").contains("<svg id=\"fig-seat-fairness\"")
          .contains("<svg id=\"fig-length\"").doesNotContain("NaN");

      Path run = dir.resolve(name + ".jsonl");
      Run arena = Cli.run("arena", name, "--agents", "random" + ",random".repeat(seats(a.out()) - 1), "--games",
          "2", "--no-progress", "--json", run.toString());
      assertThat(arena.code()).as(name + ": " + arena.err()).isZero();
      Path report = dir.resolve(name + ".html");
      Run r = Cli.run("report", run.toString(), "-o", report.toString());
      assertThat(r.code()).as(name + ": " + r.err()).isZero();
      assertThat(Files.readString(report)).as(name).contains("<svg id=\"fig-scores\"").doesNotContain("NaN");
    }
  }

  private static int seats(String analyzeOut) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\), ([0-9]+) seats?\\n").matcher(analyzeOut);
    assertThat(m.find()).isTrue();
    return Integer.parseInt(m.group(1));
  }

  @Test
  void movesAtRandomAndApproximateWorldsAreListedNotHidden() throws Exception {
    veil.model.Game game = Cli.standard().load("blind-tic-tac-toe", java.util.Map.of());
    veil.ai.arena.GameAnalysis.Estimate e = new veil.ai.arena.GameAnalysis.Estimate(0.5, 0.4, 0.6, 10);
    java.util.function.Function<List<veil.ai.arena.GameAnalysis.Inexact>, List<String>> text = inexact ->
        AnalyzeCommand.lines(new veil.ai.arena.GameAnalysis.Result(game,
            new veil.ai.arena.GameAnalysis.Settings(10, 2, 10, 20, 1, 1), List.of("x", "o"), List.of(e, e),
            List.of(e, e), 0, false, 0, Double.NaN, 0, 0, new int[] {9}, List.of(), e, e, e, inexact), args());
    assertThat(String.join("\n", text.apply(List.of()))).doesNotContain("fallback").doesNotContain("approx");
    List<String> l = text.apply(List.of(new veil.ai.arena.GameAnalysis.Inexact("pimc, 10 iterations", 3, 0, 40),
        new veil.ai.arena.GameAnalysis.Inexact("so-ismcts, 20 iterations", 0, 7, 41)));
    assertThat(l).contains("fallback    pimc, 10 iterations moved at random in 3 of 40 decisions (its sampler found"
        + " no state consistent with what it saw); the scores above include those moves");
    assertThat(l).contains("approx      so-ismcts, 20 iterations drew worlds from a bag of particles, an"
        + " approximation of its belief, in 7 of 41 decisions");
  }

  private static GameArgs args() {
    GameArgs a = new GameArgs();
    a.game = "blind-tic-tac-toe";
    return a;
  }

  @Test
  void hiddenInformationShowsInMontyHall() {
    // Monty Hall: the clairvoyant player always finds the car; the honest one wins 2/3 at best.
    Run a = Cli.run("analyze", "monty-hall-3", "--playouts", "50", "--games", "30", "--low", "50", "--high", "200",
        "--parallel", "2");
    assertThat(a.code()).as(a.err()).isZero();
    assertThat(a.out()).contains("seeing the hidden information pays");
  }
}
