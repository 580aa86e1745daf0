package veil.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command runs JMH and reports what it measured. The runs here are smoke runs (in this JVM, a few tens of
 * milliseconds each): they check the wiring and the report, never a speed.
 */
class BenchTest {
  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Bench.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void usage() {
    assertThat(run("--help").out()).startsWith("Usage: veil bench");
    Run bad = run("--fast");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("unknown argument '--fast'", "Usage: veil bench");
    assertThat(run("--json").code()).isEqualTo(2);
  }

  @Test
  void playoutRatiosAreMeasuredInTheSameRunAndWrittenAsJson(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("bench.json");
    Run r = run("--smoke", "--no-memory", "--only", "playout/(ludeme/(hearts|blind-tic-tac-toe)|reference|gdl)",
        "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("random playout, ludeme engine, hearts", "random playout, hand-written reference",
        "ludeme Hearts ÷ reference Hearts", "GDL-II ÷ ludeme, Blind Tic-Tac-Toe");
    JsonNode root = new ObjectMapper().readTree(Files.readString(json));
    assertThat(root.get("hearts_ratio_vs_reference").asDouble()).isPositive();
    assertThat(root.get("gdl_ratio_vs_native").asDouble()).isPositive();
    assertThat(root.has("ismcts_iterations_per_s")).isTrue();
    assertThat(root.has("parallel_speedup")).isTrue();
    JsonNode hearts = root.get("figures").get("playout/ludeme/hearts");
    assertThat(hearts.get("mean").asDouble()).isPositive();
    assertThat(hearts.get("unit").asText()).isEqualTo("games/s");
    assertThat(root.get("figures").has("playout/ludeme/agram")).isFalse();
  }

  @Test
  void deckSizeRatioIsMeasuredInTheSameRun(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("bench.json");
    Run r = run("--smoke", "--no-memory", "--only", "playout/ludeme/deck-", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("random playout, ludeme engine, deck-52", "random playout, ludeme engine, deck-104",
        "cost per card dealt, 104 cards ÷ 52");
    JsonNode root = new ObjectMapper().readTree(Files.readString(json));
    JsonNode ratio = root.get("ratios").get("cost_per_card_104_vs_52");
    double r52 = root.get("figures").get("playout/ludeme/deck-52").get("mean").asDouble();
    double r104 = root.get("figures").get("playout/ludeme/deck-104").get("mean").asDouble();
    assertThat(ratio.get("value").asDouble()).isCloseTo(r52 / r104 * 52 / 104, org.assertj.core.data.Offset.offset(
        1e-9 * r52 / r104));
    assertThat(r.out()).contains("issue 11: cost per card dealt, 104 ÷ 52, at most 1.5: ");
    assertThat(ratio.get("verdict").asText()).isEqualTo(Report.verdict(
        new Measurement.Ratio(ratio.get("value").asDouble(), ratio.get("sd").asDouble()), 1.5));
  }

  @Test
  void theIssueTargetVerdictSaysWhenOneRunCannotTell() {
    assertThat(Report.verdict(new Measurement.Ratio(1.12, 0.03), 1.5)).isEqualTo("met");
    assertThat(Report.verdict(new Measurement.Ratio(1.9, 0.1), 1.5)).isEqualTo("NOT met");
    assertThat(Report.verdict(new Measurement.Ratio(1.45, 0.03), 1.5)).startsWith("not settled");
    assertThat(Report.verdict(new Measurement.Ratio(1.232, 0.29), 1.5)).startsWith("not settled");
  }

  @Test
  void samplerSweepReportsDrawsOverPlayoutsOfTheSameRun(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("bench.json");
    Run r = run("--smoke", "--no-memory", "--only", "sampler/(card|general|general-filter)/(kuhn-poker|monty-hall-3)$",
        "--samplers", "kuhn-poker,kif:monty-hall-3", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Samplers per game (same run)", "card sampler, kuhn-poker, 12 observations",
        "general sampler, monty-hall-3, 6 observations", "general sampler's filtering and a draw, monty-hall-3");
    assertThat(r.out()).doesNotContain("failed");
    JsonNode root = new ObjectMapper().readTree(Files.readString(json));
    JsonNode figures = root.get("figures");
    for (String[] g : new String[][] {{"kuhn-poker", "card", "ludeme"}, {"monty-hall-3", "general", "gdl"}}) {
      JsonNode ratio = root.get("ratios").get("sampler_vs_playout/" + g[0]);
      double draws = figures.get("sampler/" + g[1] + "/" + g[0]).get("mean").asDouble();
      double playouts = figures.get("playout/" + g[2] + "/" + g[0]).get("mean").asDouble();
      assertThat(draws).isPositive();
      assertThat(ratio.get("sampler").asText()).isEqualTo(g[1]);
      assertThat(ratio.get("value").asDouble()).isCloseTo(draws / playouts,
          org.assertj.core.data.Offset.offset(1e-9 * draws / playouts));
      assertThat(ratio.get("found_fraction").asDouble()).isEqualTo(1.0);
    }
    assertThat(figures.get("sampler/general-filter/monty-hall-3").get("mean").asDouble()).isPositive();
    assertThat(figures.has("sampler/general-filter/kuhn-poker")).isFalse(); // the card sampler has no filtering
    // the benchmarks other than the sweep's were not run
    assertThat(figures.has("playout/ludeme/hearts")).isFalse();
  }

  @Test
  void samplerSweepNamesOnlyBundledGames() {
    Run bad = run("--samplers", "hearts,no-such-game");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("'no-such-game' is not a bundled game");
    assertThat(Bench.sweepGames("all")).containsAll(Bench.SWEEP_DEFAULT);
    assertThat(Bench.sweepGames("none")).isEmpty();
  }

  @Test
  void searchIterationsComeFromTheSearchItself() throws Exception {
    Run r = run("--smoke", "--no-memory", "--only", "ismcts/blind-tic-tac-toe-step0/1t");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).containsPattern("so-ismcts, blind-tic-tac-toe/step0, 1 thread .*iterations/s");
    assertThat(r.out()).doesNotContain("failed");
  }

  @Test
  void memoryProbeCountsNodesAndBytes() {
    Map<String, Object> m = MemoryProbe.measure(Position.of(Bench.FALLBACK_SEARCH, 1), 3000);
    assertThat(((Number) m.get("tree_iterations_run")).longValue()).isEqualTo(3000);
    assertThat(((Number) m.get("tree_nodes")).intValue()).isBetween(2, 3001);
    assertThat(((Number) m.get("decision_iterations_run")).longValue()).isEqualTo(3000);
    assertThat(m).containsKeys("bytes_per_node", "heap_peak_bytes", "heap_retained_bytes");
  }
}
