package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import veil.cli.Cli.Run;

/**
 * Mutated arena files (lines dropped, repeated, swapped, cut, fields changed, bytes flipped): {@code arena --resume},
 * {@code replay}, {@code report} and {@code merge} exit 0, 1 or 2 — never 3 — without a stack trace, and when they
 * refuse they say what is wrong.
 */
class ArenaFileFuzzTest {
  private static Path dir;
  private static List<String> whole;
  private static List<String> shard0;
  private static Path shard1;
  private static final String[] RUN = {"arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "6",
      "--seed", "5", "--no-progress"};

  @BeforeContainer
  static void makeFiles() throws IOException {
    dir = Files.createTempDirectory("veil-arena-fuzz");
    Path w = dir.resolve("whole.jsonl");
    assertThat(Cli.run(concat(RUN, "--json", w.toString())).code()).isZero();
    whole = Files.readAllLines(w, StandardCharsets.UTF_8);
    Path s0 = dir.resolve("s0.jsonl");
    shard1 = dir.resolve("s1.jsonl");
    assertThat(Cli.run(concat(RUN, "--shard", "0/2", "--json", s0.toString())).code()).isZero();
    assertThat(Cli.run(concat(RUN, "--shard", "1/2", "--json", shard1.toString())).code()).isZero();
    shard0 = Files.readAllLines(s0, StandardCharsets.UTF_8);
  }

  @AfterContainer
  static void removeFiles() throws IOException {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  private static final String[] VALUES = {"null", "-1", "99999999999", "\"x\"", "[]", "{}", "[[1,2]]", "1.5",
      "true", "[null]", "[[\"a\"]]"};
  private static final String[] FIELDS = {"index", "seed", "seats", "moves", "movesText", "scores", "decisions",
      "msPerMove", "iterations", "decisionNanos", "fallbacks", "failure", "type", "agentIndex", "agents", "games",
      "masterSeed", "threads", "shard", "duplicate", "iterations", "roles"};

  static String mutate(List<String> lines, SplittableRandom rng) {
    List<String> l = new ArrayList<>(lines);
    int edits = 1 + rng.nextInt(3);
    for (int e = 0; e < edits && !l.isEmpty(); e++) {
      int i = rng.nextInt(l.size());
      switch (rng.nextInt(8)) {
        case 0 -> l.remove(i);
        case 1 -> l.add(rng.nextInt(l.size() + 1), l.get(i));
        case 2 -> {
          int j = rng.nextInt(l.size());
          String t = l.get(i);
          l.set(i, l.get(j));
          l.set(j, t);
        }
        case 3 -> l.set(i, l.get(i).substring(0, rng.nextInt(l.get(i).length() + 1)));
        case 4 -> {
          String f = FIELDS[rng.nextInt(FIELDS.length)];
          l.set(i, l.get(i).replaceFirst("\"" + f + "\":(\"[^\"]*\"|-?[0-9.]+|null|true|false|\\[[^\\]]*\\])",
              "\"" + f + "\":" + java.util.regex.Matcher.quoteReplacement(VALUES[rng.nextInt(VALUES.length)])));
        }
        case 5 -> {
          StringBuilder sb = new StringBuilder(l.get(i));
          if (sb.length() > 0) {
            int at = rng.nextInt(sb.length());
            String chars = "{}[],:\"0a\u00e9\n";
            sb.setCharAt(at, chars.charAt(rng.nextInt(chars.length())));
          }
          l.set(i, sb.toString());
        }
        case 6 -> l.add(i, rng.nextBoolean() ? "" : "{\"type\":\"" + (rng.nextBoolean() ? "game" : "summary")
            + "\"}");
        default -> l.set(i, l.get(i).replace("\"index\":" + rng.nextInt(6), "\"index\":" + rng.nextInt(8)));
      }
    }
    String text = String.join("\n", l);
    return rng.nextInt(4) == 0 ? text : text + "\n";
  }

  private static void check(Run r, String what) {
    assertThat(r.code()).as(what + "\n" + r.err()).isIn(0, 1, 2);
    assertThat(r.err()).as(what).doesNotContain("Exception").doesNotContain("internal error")
        .doesNotContain("\tat ");
    if (r.code() != 0) {
      // What is wrong: an error, or (exit 1) the games that the file records as failed.
      assertThat(r.err()).as(what).containsPattern("(?m)^(error: .+|failed game [0-9]+ .+)");
    }
  }

  @Property(tries = 100, shrinking = ShrinkingMode.OFF)
  void mutatedFilesAreResumedReplayedReportedAndMergedOrRefused(@ForAll long seed) {
    fuzz(seed);
  }

  /** A torn copy of the summary after the summary (a flipped byte, no newline): refused, not taken as finished. */
  @Example
  void aTornLineAfterTheSummaryIsRefused() throws IOException {
    Path f = dir.resolve("torn.jsonl");
    String summary = whole.get(whole.size() - 1);
    Files.writeString(f, String.join("\n", whole) + "\n" + summary.substring(0, summary.length() / 2),
        StandardCharsets.UTF_8);
    Run resume = Cli.run(concat(RUN, "--json", f.toString(), "--resume"));
    check(resume, "resume");
    assertThat(resume.code()).isEqualTo(2);
    assertThat(resume.err()).contains(":" + (whole.size() + 1) + ": a line after the summary");
  }

  /** Every field of every line set to every odd value, one at a time: reported or refused, never a crash. */
  @Example
  void everySingleFieldChangeIsReportedOrRefused() throws IOException {
    for (int i = 0; i < whole.size(); i++) {
      for (String field : FIELDS) {
        for (String value : VALUES) {
          List<String> l = new ArrayList<>(whole);
          String changed = l.get(i).replaceFirst("\"" + field + "\":(\"[^\"]*\"|-?[0-9.]+|null|true|false|\\[[^\\]]*\\])",
              "\"" + field + "\":" + java.util.regex.Matcher.quoteReplacement(value));
          if (changed.equals(l.get(i))) {
            continue;
          }
          l.set(i, changed);
          Path f = dir.resolve("single.jsonl");
          Files.writeString(f, String.join("\n", l) + "\n", StandardCharsets.UTF_8);
          String what = "line " + (i + 1) + " " + field + "=" + value;
          check(Cli.run("report", f.toString(), "-o", dir.resolve("single.html").toString(), "--force"),
              "report, " + what);
          check(Cli.run("replay", f.toString(), "--game", "1"), "replay, " + what);
        }
      }
    }
  }

  private static void fuzz(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    boolean isShard = rng.nextInt(3) == 0;
    String text = mutate(isShard ? shard0 : whole, rng);
    Path f = dir.resolve("m" + Long.toHexString(seed) + ".jsonl");
    Path html = dir.resolve("m" + Long.toHexString(seed) + ".html");
    Path merged = dir.resolve("m" + Long.toHexString(seed) + ".merged");
    try {
      Files.writeString(f, text, StandardCharsets.UTF_8);
      check(Cli.run("replay", f.toString()), "replay list");
      check(Cli.run("replay", f.toString(), "--game", String.valueOf(rng.nextInt(6))), "replay game");
      check(Cli.run("report", f.toString(), "-o", html.toString()), "report");
      check(Cli.run("merge", f.toString(), shard1.toString(), "-o", merged.toString()), "merge");
      Run resume = Cli.run(isShard ? concat(RUN, "--shard", "0/2", "--json", f.toString(), "--resume")
          : concat(RUN, "--json", f.toString(), "--resume"));
      check(resume, "resume");
      if (resume.code() == 0) {
        // A resumed file is whole again: what an uninterrupted run writes, but for the measured times.
        List<String> after = Files.readAllLines(f, StandardCharsets.UTF_8);
        assertThat(after).hasSize((isShard ? shard0 : whole).size());
        assertThat(after.get(after.size() - 1)).contains("\"type\":\"summary\"");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      f.toFile().delete();
      html.toFile().delete();
      merged.toFile().delete();
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
