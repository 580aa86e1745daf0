package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

/** {@code arena --parallel/--shard/--duplicate} and {@code merge} from the command line. */
class ArenaScaleCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static List<String> withoutTimes(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      JsonNode n = JSON.readTree(line);
      strip(n);
      out.add(n.toString());
    }
    return out;
  }

  private static void strip(JsonNode n) {
    if (n instanceof ObjectNode o) {
      o.remove(List.of("msPerMove", "decisionNanos", "iterationsPerSecond"));
    }
    n.forEach(ArenaScaleCommandTest::strip);
  }

  private static final String[] BASE = {"arena", "blind-tic-tac-toe", "--agents", "so-ismcts,pimc", "--games", "8",
      "--seed", "4", "--iterations", "40", "--no-progress"};

  private static String[] with(String... more) {
    String[] all = new String[BASE.length + more.length];
    System.arraycopy(BASE, 0, all, 0, BASE.length);
    System.arraycopy(more, 0, all, BASE.length, more.length);
    return all;
  }

  @Test
  void parallelShardsAndMergeGiveTheWholeRun(@TempDir Path dir) throws IOException {
    Path whole = dir.resolve("whole.jsonl");
    Run one = Cli.run(with("--parallel", "1", "--json", whole.toString()));
    assertThat(one.code()).as(one.err()).isZero();
    assertThat(one.out()).contains("1 at once");
    Path two = dir.resolve("two.jsonl");
    Run par = Cli.run(with("--parallel", "2", "--json", two.toString()));
    assertThat(par.code()).as(par.err()).isZero();
    assertThat(par.out()).contains("2 at once");
    assertThat(withoutTimes(two)).isEqualTo(withoutTimes(whole));

    List<String> merge = new ArrayList<>(List.of("merge"));
    for (int k = 0; k < 3; k++) {
      Path p = dir.resolve("s" + k + ".jsonl");
      Run s = Cli.run(with("--shard", k + "/3", "--json", p.toString()));
      assertThat(s.code()).as(s.err()).isZero();
      merge.add(p.toString());
    }
    Path all = dir.resolve("all.jsonl");
    merge.add("-o");
    merge.add(all.toString());
    Run m = Cli.run(merge.toArray(String[]::new));
    assertThat(m.code()).as(m.err()).isZero();
    assertThat(m.out()).contains("merged 3 files, 8 games");
    assertThat(withoutTimes(all)).isEqualTo(withoutTimes(whole));
    // The merged file is not overwritten without --force, and a missing shard is named.
    Run again = Cli.run(merge.toArray(String[]::new));
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("exists; add --force");
    Run missing = Cli.run("merge", merge.get(1), merge.get(2), "-o", dir.resolve("x.jsonl").toString());
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("shard 2/3 is missing").doesNotContain("Exception");
  }

  @Test
  void badShardsAndDuplicateCountsAreUsageErrors() {
    for (String bad : new String[] {"3/3", "-1/2", "1", "a/b", "0/0", "1/2/3"}) {
      Run r = Cli.run(with("--shard", bad));
      assertThat(r.code()).as(bad).isEqualTo(2);
      assertThat(r.err()).contains("--shard takes K/N");
    }
    Run d = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "3", "--duplicate");
    assertThat(d.code()).isEqualTo(2);
    assertThat(d.err()).contains("multiple of the 2 seats");
    Run p = Cli.run(with("--parallel", "0"));
    assertThat(p.code()).isEqualTo(2);
    assertThat(p.err()).contains("--parallel must be between 1 and 1024");
  }

  @Test
  void resumeRefusesFewerGamesAndDoesNotAddASecondSummary(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("ten.jsonl");
    assertThat(Cli.run(with("--json", f.toString())).code()).isZero();
    byte[] before = Files.readAllBytes(f);
    Run fewer = Cli.run("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,pimc", "--games", "5", "--seed", "4",
        "--iterations", "40", "--no-progress", "--json", f.toString(), "--resume");
    assertThat(fewer.code()).isEqualTo(2);
    assertThat(fewer.err()).contains("8-game run").contains("--games 5");
    Run done = Cli.run(with("--json", f.toString(), "--resume"));
    assertThat(done.code()).as(done.err()).isZero();
    assertThat(done.err()).contains("nothing to play");
    assertThat(Files.readAllBytes(f)).isEqualTo(before);
  }

  @Test
  void slurmWritesAnArrayScriptWithADependentMerge(@TempDir Path dir) throws IOException {
    Path script = dir.resolve("run.sbatch");
    Path out = dir.resolve("run.jsonl");
    Run r = Cli.run(with("--slurm", "3", "--json", out.toString(), "--slurm-script", script.toString()));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("wrote " + script + ": 3 shards of 8 games");
    String text = Files.readString(script);
    assertThat(text).startsWith("#!/bin/bash\n").contains("#SBATCH --array=0-2\n")
        .contains("sbatch --parsable --dependency=afterok:")
        .contains(" merge " + out + ".shard-0-of-3.jsonl " + out + ".shard-1-of-3.jsonl " + out
            + ".shard-2-of-3.jsonl -o \"$OUT\" --force")
        .contains("arena blind-tic-tac-toe --agents so-ismcts,pimc --games 8 --seed 4 --iterations 40 --shard"
            + " \"$k/$N\" --json \"$OUT.shard-$k-of-$N.jsonl\" --resume --no-progress");
    assertThat(Files.exists(out)).isFalse();
    // The script is not overwritten without --force; --slurm with --shard is a usage error.
    assertThat(Cli.run(with("--slurm", "3", "--json", out.toString(), "--slurm-script", script.toString())).code())
        .isEqualTo(2);
    Run both = Cli.run(with("--slurm", "3", "--shard", "0/3", "--json", out.toString(), "--slurm-script",
        dir.resolve("x").toString()));
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("leave out --shard");
  }
}
