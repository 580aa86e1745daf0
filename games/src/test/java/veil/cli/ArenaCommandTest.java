package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.ai.Budget;
import veil.ai.arena.ArenaConfig;
import veil.ai.arena.ArenaResult;
import veil.ai.arena.ArenaStats;
import veil.ai.arena.GameResult;
import veil.cli.Cli.Run;
import veil.model.Game;

class ArenaCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  private static List<JsonNode> games(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode n : lines(file)) {
      if (n.get("type").asText().equals("game")) {
        out.add(n);
      }
    }
    return out;
  }

  @Test
  void printsTheTableAndWritesAJsonLinesFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.jsonl");
    Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,random", "--games", "4", "--seed", "3",
        "--iterations", "50", "--json", file.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith("game      Blind Tic-Tac-Toe (blind-tic-tac-toe)\noptions   (defaults)\n"
            + "run       4 games, seed 3, 50 iterations per move\n"
            + "agents    so-ismcts, random (seats rotate from game to game)\n")
        .containsPattern("(?m)^agent +games +score +95% CI +win +ms/move +iter/s$")
        .containsPattern("(?m)^so-ismcts +4 +[01]\\.[0-9]{3} +\\[")
        .containsPattern("(?m)^random +4 +[01]\\.[0-9]{3} +\\[")
        .contains("time      ").contains("json      " + file)
        .doesNotContain("fallback");
    assertThat(r.err()).isEqualTo("writing " + file + "; an interrupted run continues with the same command and"
        + " --resume\n");

    List<JsonNode> lines = lines(file);
    assertThat(lines).hasSize(6);
    JsonNode config = lines.get(0);
    assertThat(config.get("type").asText()).isEqualTo("config");
    assertThat(config.get("game").asText()).isEqualTo("blind-tic-tac-toe");
    assertThat(config.get("agents").toString()).isEqualTo("[\"so-ismcts\",\"random\"]");
    assertThat(config.get("iterations").asLong()).isEqualTo(50);
    for (int i = 0; i < 4; i++) {
      assertThat(lines.get(1 + i).get("index").asInt()).isEqualTo(i);
    }
    // Seats rotate: so-ismcts plays white in one game and black in the next.
    assertThat(lines.get(1).get("seats").get(0).get("agent").asText()).isEqualTo("so-ismcts");
    assertThat(lines.get(2).get("seats").get(0).get("agent").asText()).isEqualTo("random");
    assertThat(lines.get(5).get("type").asText()).isEqualTo("summary");
  }

  @Test
  void resumeKeepsTheGamesPlayedAndAddsTheRest(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.jsonl");
    String[] first = {"arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "3", "--seed", "8",
        "--json", file.toString(), "--no-progress"};
    assertThat(Cli.run(first).code()).isZero();
    List<JsonNode> before = games(file);

    Run more = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "5", "--seed", "8",
        "--json", file.toString(), "--resume", "--no-progress");
    assertThat(more.code()).as(more.err()).isZero();
    assertThat(more.out()).contains("for 2 games (3 read back from " + file + ")")
        .containsPattern("(?m)^random#1 +5 ").containsPattern("(?m)^random#2 +5 ");
    assertThat(more.err()).isEqualTo("note: " + file + ": the summary of the earlier 3-game run is replaced by this"
        + " run's\n");
    List<JsonNode> after = games(file);
    assertThat(after).hasSize(5);
    assertThat(after.subList(0, 3)).isEqualTo(before);

    // A run of 5 from scratch plays the same games: game i depends on the seed and i alone.
    Path fresh = dir.resolve("fresh.jsonl");
    assertThat(Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "5", "--seed", "8",
        "--json", fresh.toString(), "--no-progress").code()).isZero();
    List<JsonNode> again = games(fresh);
    for (int i = 0; i < 5; i++) {
      assertThat(again.get(i).get("movesText")).isEqualTo(after.get(i).get("movesText"));
      assertThat(again.get(i).get("scores")).isEqualTo(after.get(i).get("scores"));
    }

    Run otherSeed = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "6", "--seed",
        "9", "--json", file.toString(), "--resume", "--no-progress");
    assertThat(otherSeed.code()).isEqualTo(2);
    assertThat(otherSeed.err()).contains("cannot resume").contains("masterSeed");
    assertThat(games(file)).hasSize(5);
  }

  @Test
  void aCpuClockRunSaysSoAndResumesOnlyOnTheCpuClock(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("cpu.jsonl");
    Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,random", "--games", "2", "--seed", "4",
        "--time-ms", "3", "--clock", "cpu", "--json", file.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("3 ms of CPU time per move");
    JsonNode config = new ObjectMapper().readTree(Files.readAllLines(file).get(0));
    assertThat(config.get("clock").asText()).isEqualTo("cpu");
    Run wall = Cli.run("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,random", "--games", "3", "--seed", "4",
        "--time-ms", "3", "--json", file.toString(), "--resume", "--no-progress");
    assertThat(wall.code()).isEqualTo(2);
    assertThat(wall.err()).contains("cannot resume").contains("clock = cpu, this run has wall");
    Run cpu = Cli.run("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,random", "--games", "3", "--seed", "4",
        "--time-ms", "3", "--clock", "cpu", "--json", file.toString(), "--resume", "--no-progress");
    assertThat(cpu.code()).as(cpu.err()).isZero();
    assertThat(games(file)).hasSize(3);
  }

  @Test
  void refusesToOverwriteAFileWithoutResumeOrForce(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.jsonl");
    Files.writeString(file, "precious\n");
    Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "2", "--json",
        file.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("error: " + file + " exists; add --resume to continue that run, or --force to"
        + " overwrite it\n");
    assertThat(r.out()).isEmpty();
    assertThat(Files.readString(file)).isEqualTo("precious\n");

    Run notArena = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "2", "--json",
        file.toString(), "--resume");
    assertThat(notArena.code()).isEqualTo(2);
    assertThat(notArena.err()).contains("cannot resume: " + file + ":1: ").contains("not a tournament file");

    Run forced = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "2", "--json",
        file.toString(), "--force", "--no-progress");
    assertThat(forced.code()).isZero();
    assertThat(games(file)).hasSize(2);
  }

  @Test
  void oneAgentPerSeatOrAClearUsageError() {
    Run few = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random", "--games", "2");
    assertThat(few.code()).isEqualTo(2);
    assertThat(few.err()).startsWith("blind-tic-tac-toe has 2 seats (white, black): give one agent per seat with"
        + " --agents (1 given: random)\n");
    Run many = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random,pimc", "--games", "2");
    assertThat(many.code()).isEqualTo(2);
    assertThat(many.err()).contains("(3 given: random,random,pimc)");
    assertThat(few.out()).isEmpty();
  }

  @Test
  void anUnknownAgentIsAUsageErrorListingTheAgents() {
    Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,alphazero", "--games", "2");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("--agents: unknown agent 'alphazero'; known agents: random, uct-cheat, pimc,"
        + " so-ismcts, mo-ismcts, hp-ismcts, smooth-ismcts\n");
    Run param = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,pimc:worldz=3", "--games", "2");
    assertThat(param.code()).isEqualTo(2);
    assertThat(param.err()).contains("agent 'pimc': bad parameter 'worldz=3'");
  }

  @Test
  void badBudgetsAndFlagsAreUsageErrors() {
    String[] base = {"arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "1"};
    assertThat(Cli.run(concat(base, "--iterations", "10", "--time-ms", "5")).err())
        .contains("either --iterations or --time-ms");
    assertThat(Cli.run(concat(base, "--iterations", "0")).code()).isEqualTo(2);
    assertThat(Cli.run(concat(base, "--threads", "0")).code()).isEqualTo(2);
    Run clockAlone = Cli.run(concat(base, "--clock", "cpu"));
    assertThat(clockAlone.code()).isEqualTo(2);
    assertThat(clockAlone.err()).contains("--clock is the clock of --time-ms");
    Run badClock = Cli.run(concat(base, "--time-ms", "5", "--clock", "sundial"));
    assertThat(badClock.code()).isEqualTo(2);
    assertThat(badClock.err()).contains("--clock must be wall or cpu");
    assertThat(Cli.run(concat(base, "--resume")).err()).contains("--resume continues the run in a --json FILE");
    assertThat(Cli.run("arena", "blind-tic-tac-toe", "--games", "1").err()).contains("--agents");
    assertThat(Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "0").err())
        .contains("--games must be at least 1");
  }

  @Test
  void anUnknownGameIsAGameError() {
    Run r = Cli.run("arena", "blind-tic-tac-to", "--agents", "random,random");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).contains("unknown game 'blind-tic-tac-to'").contains("did you mean: blind-tic-tac-toe");
  }

  @Test
  void randomMovesOfASearchAgentAreReported() throws Exception {
    Game game = Cli.standard().load("blind-tic-tac-toe", java.util.Map.of());
    ArenaConfig config = ArenaConfig.of(game, List.of("so-ismcts", "random")).withGames(2);
    int[][] none = new int[0][];
    // Game 0: so-ismcts (white) fell back in all 4 decisions; game 1: in 1 of 3.
    GameResult blind = new GameResult(0, 1, new int[] {0, 1, -1}, new String[] {"so-ismcts", "random", null}, none,
        new String[0][], new double[] {0, 1, 0}, new int[] {4, 4, 0}, new double[3], new long[] {0, 0, 0},
        new long[3], null, new int[] {4, 0, 0}, new int[3]);
    GameResult partly = new GameResult(1, 2, new int[] {1, 0, -1}, new String[] {"random", "so-ismcts", null},
        none, new String[0][], new double[] {0, 1, 0}, new int[] {3, 3, 0}, new double[3], new long[] {0, 2000, 0},
        new long[3], null, new int[] {0, 1, 0}, new int[] {0, 2, 0});
    ArenaResult result = new ArenaResult(config, List.of(blind, partly),
        ArenaStats.of(config, List.of(blind, partly)), 0, List.of(), 0);
    StringWriter w = new StringWriter();
    ArenaCommand.printFallbacks(new PrintWriter(w), game, result, Budget.iterations(1000));
    assertThat(w.toString()).contains("Blind Tic-Tac-Toe has no fast sampler")
        .contains("  so-ismcts: 5 of 7 decisions\n")
        .contains("drew worlds from a bag of particles")
        .contains("  so-ismcts: 2 of 7 decisions\n")
        .doesNotContain("random:");

    StringWriter quiet = new StringWriter();
    GameResult searched = new GameResult(0, 1, new int[] {0, 1, -1}, new String[] {"so-ismcts", "random", null},
        none, new String[0][], new double[] {0, 1, 0}, new int[] {2, 2, 0}, new double[3], new long[] {2000, 0, 0},
        new long[3], null, new int[3], new int[3]);
    ArenaCommand.printFallbacks(new PrintWriter(quiet), game,
        new ArenaResult(config, List.of(searched), ArenaStats.of(config, List.of(searched)), 0, List.of(), 0),
        Budget.iterations(1000));
    assertThat(quiet.toString()).isEmpty();
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
