package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

class ReportCommandTest {
  static final List<String> FIGURES =
      List.of("fig-scores", "fig-pairs", "fig-seats", "fig-length", "fig-score-dist", "fig-trend", "fig-time");

  private static Path arena(Path dir, String... extra) {
    Path file = dir.resolve("run.jsonl");
    List<String> args = new ArrayList<>(List.of("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,random",
        "--games", "8", "--seed", "2", "--iterations", "40", "--no-progress", "--json", file.toString()));
    args.addAll(List.of(extra));
    Run r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    return file;
  }

  @Test
  void theReportIsOnePageWithItsFiguresAndNothingFromTheNetwork(@TempDir Path dir) throws IOException {
    Path file = arena(dir);
    Path html = dir.resolve("report.html");
    Run r = Cli.run("report", file.toString(), "-o", html.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("wrote " + html + " (8 games)");
    String page = Files.readString(html);
    for (String fig : FIGURES) {
      assertThat(page).contains("<svg id=\"" + fig + "\"");
    }
    assertThat(page).contains("so-ismcts").contains("random").contains("percentile bootstrap")
        .contains("so-ismcts − random");
    // Self-contained: no script, no link, no image or style from elsewhere.
    assertThat(page).doesNotContainPattern("(?i)<script|<link|<img|<iframe|\\bsrc=|\\bhref=|url\\(|@import");
    // The output is not overwritten, nor the input used as output.
    Run again = Cli.run("report", file.toString(), "-o", html.toString());
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("exists; add --force");
    Run self = Cli.run("report", file.toString(), "-o", file.toString(), "--force");
    assertThat(self.code()).isEqualTo(2);
    assertThat(self.err()).contains("is a file this command reads");
    Run missing = Cli.run("report", dir.resolve("nope.jsonl").toString(), "-o", dir.resolve("x.html").toString());
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("no such file");
  }

  @Test
  void anUnfinishedRunIsReportedOverItsGames(@TempDir Path dir) throws IOException {
    Path file = arena(dir);
    List<String> lines = Files.readAllLines(file);
    Files.write(file, lines.subList(0, 5)); // config + 4 games, no summary
    Path html = dir.resolve("part.html");
    Run r = Cli.run("report", file.toString(), "-o", html.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readString(html)).contains("unfinished: 4 of its 8 games");
  }

  /** Chromium's binary, or null. */
  static String chromium() {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return p.toString();
        }
      }
    }
    return null;
  }

  @Test
  void headlessChromiumRendersTheFigures(@TempDir Path dir) throws Exception {
    String chromium = chromium();
    if (chromium == null) {
      String ci = System.getenv("CI");
      assertThat(ci == null || ci.isEmpty())
          .as("CI is set but Chromium is missing: .ci/run installs the Debian package chromium").isTrue();
      Assumptions.abort("Chromium not found (install the Debian package chromium); the report was not rendered");
    }
    Path file = arena(dir, "--duplicate");
    Path html = dir.resolve("report.html");
    assertThat(Cli.run("report", file.toString(), "-o", html.toString()).code()).isZero();
    Path profile = Files.createDirectory(dir.resolve("profile"));
    List<String> flags = List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile);
    List<String> dump = new ArrayList<>(flags);
    dump.add("--dump-dom");
    dump.add(html.toUri().toString());
    String dom = run(dump, dir.resolve("dom.txt"));
    for (String fig : FIGURES) {
      assertThat(dom).contains("id=\"" + fig + "\"");
    }
    assertThat(dom).contains("<circle").contains("<polyline").contains("<rect");
    List<String> shot = new ArrayList<>(flags);
    Path png = dir.resolve("report.png");
    shot.add("--screenshot=" + png);
    shot.add("--window-size=800,2400");
    shot.add(html.toUri().toString());
    run(shot, dir.resolve("shot.txt"));
    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes.length).isGreaterThan(10_000);
    assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    String keep = System.getProperty("veil.report.screenshot");
    if (keep != null) {
      Files.copy(png, Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      Files.copy(html, Path.of(keep + ".html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static String run(List<String> command, Path log) throws Exception {
    Process p = new ProcessBuilder(command).redirectOutput(log.toFile())
        .redirectError(log.resolveSibling(log.getFileName() + ".err").toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 120 s: " + command);
    }
    assertThat(p.exitValue()).as(Files.readString(log.resolveSibling(log.getFileName() + ".err"))).isZero();
    return Files.readString(log);
  }
}
