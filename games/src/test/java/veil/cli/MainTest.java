package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.games.GameRegistry;
import veil.games.Simulator;
import veil.games.TestGames;

/** The command line run in-process on the test games, with stdout and stderr captured. */
class MainTest {
  record Run(int code, String out, String err) {}

  private static Run run(GameRegistry registry, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(registry, new PrintWriter(out), new PrintWriter(err), args);
    return new Run(code, out.toString(), err.toString());
  }

  private static Run run(String... args) {
    return run(TestGames.registry(), args);
  }

  @Test
  void listShowsNamePlayersAndDescription() {
    Run r = run("list");
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo(""
        + "counter                2  Two players race to 10; a hidden coin for the mover\n"
        + "counter-long           2  The counting race to 40\n"
        + "choices                3  The choose ludeme: a bid, a secret suit, a named player; payoffs as amounts\n"
        + "three-handed-betting   3  The betting ludemes with three players: a fold is skipped, a round opens past "
        + "a fold, odd chips\n"
        + "shown                  3  show to one player, a seat played by another (by:), a choice filtered by if:\n"
        + "pile-order             2  Ordered places and computed cards: top, bottom, at:Bottom, (card R S) from "
        + "expressions\n"
        + "start-order            2  Start effects that read dealt cards: trump and a bonus set in start after the "
        + "deals they read\n"
        + "short-stacks           3  Betting with stacks: all-in calls, side pots for three players, the board "
        + "dealt out after an all-in\n"
        + "trial-sevens           4  Sevens (Fan Tan): build suits up and down from the sevens; newcomer trial\n"
        + "trial-durak            2  Durak for two: attack, beat or take, a trump card turned up under the stock; "
        + "newcomer trial\n"
        + "trial-memory           2  Memory (Concentration): sixteen face-down sites, turn two up, keep a pair; "
        + "newcomer trial\n"
        + "trial-scopa            2  Scopa: capture by value or by a sum of two, sweeps, primiera; declared variable "
        + "ranges; newcomer trial\n"
        + "mini-match             2  A match of small trick deals: totals carried over, cards gathered and dealt "
        + "again, the dealer rotating\n"
        + "top-discard            2  Draw the top of a discard pile that shows its top card alone, or from the "
        + "stock; discard on top\n"
        + "trial-knockout-whist   3  Knock-Out Whist for three: rounds of fewer cards, trumps chosen by the round's "
        + "winner, cards gathered and dealt again; newcomer trial\n"
        + "trial-rummy            2  Rummy for two: draw from the stock or the discard pile, lay down and lay off sets "
        + "and runs, the stock turned over; newcomer trial\n"
        + "trial-fifteens         2  Fifteens: the show of two-player Cribbage, fifteens counted by (subsets …), "
        + "pairs, a crib\n"
        + "trial-claim-fifteen    2  Claim Fifteen: a claim allowed while a hidden hand holds a fifteen tells the "
        + "others so\n"
        + "subset-sums            2  Subset Sums: a played card captures, one at a time, table cards summing to its "
        + "value (subsets … with:)\n"
        + "two-deck-eights        2  Crazy Eights with two decks (104 cards, copies:2): the card sampler with "
        + "identical cards\n"
        + "sum-captures           2  Sum captures with (hasSubset …): a condition exported as reachable sums, the "
        + "table unbounded\n"
        + "newcomer-scopa         2  Scopa written from the docs alone (session 11): captures by hasSubset, "
        + "primiera, scopas\n");
  }

  @Test
  void listGoesOnPastAGameThatFailsToLoadAndExitsOne() {
    Run r = run(TestGames.registry("veil/testgames/with-error-index.txt"), "list");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).isEqualTo(""
        + "counter   2  Two players race to 10\n"
        + "syntax    ?  A game file with errors\n");
    assertThat(r.err()).startsWith("veil/testgames/broken/syntax.fake:2:8: bad target 'ten'\n");
  }

  @Test
  void checkSummarisesAGame() {
    Run r = run("check", "counter");
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo(""
        + "counter: ok\n"
        + "  name         Counter\n"
        + "  description  Two players race to 10; a hidden coin for the mover\n"
        + "  options      (defaults)\n"
        + "  roles        p1 p2 random  (random plays chance)\n"
        + "  players      2\n"
        + "  step bound   10 joint moves\n"
        + "  sampler      general\n");
  }

  @Test
  void checkTakesOptionsAndFilePaths() {
    Run r = run("check", TestGames.file("counter.fake").toString(), "--option", "Target=4");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("  options      Target=4\n").contains("  step bound   4 joint moves\n");
  }

  @Test
  void checkPrintsTheLoadersReportAsItIsAndExitsOne() {
    String path = TestGames.broken("syntax");
    Run r = run("check", path);
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(path + ":2:8: bad target 'ten'\n"
        + "  target ten\n"
        + "         ^\n"
        + "  expected: an integer in 1..1000\n"
        + path + ":3:1: unknown key 'level'\n"
        + "  level 3\n"
        + "  ^\n"
        + "  expected: name, description, target, bug\n");
  }

  @Test
  void anUnknownGameNameGetsTheNearestNames() {
    Run r = run("simulate", "countr");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).contains("unknown game 'countr'").contains("did you mean: counter");
    assertThat(r.err()).doesNotContain("Exception");
  }

  @Test
  void badOptionsAreUsageErrors() {
    assertThat(run("check", "counter", "--option", "Target").code()).isEqualTo(2);
    assertThat(run("simulate", "counter", "--gamez", "3").code()).isEqualTo(2);
    assertThat(run("simulate", "counter", "--games", "many").code()).isEqualTo(2);
    Run zero = run("simulate", "counter", "--games", "0");
    assertThat(zero.code()).isEqualTo(2);
    assertThat(zero.err()).contains("--games must be at least 1");
    assertThat(run("check").code()).isEqualTo(2);
    assertThat(run("frobnicate").code()).isEqualTo(2);
    Run none = run();
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("Usage: veil");
  }

  @Test
  void anUnknownGameOptionIsAUsageError() {
    Run r = run("check", "counter", "--option", "Targte=4");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("unknown option 'Targte'").contains("did you mean: Target");
    Run value = run("check", "counter", "--option", "Target=0");
    assertThat(value.code()).as("a bad value of an option the game takes is a game error").isEqualTo(1);
  }

  @Test
  void simulatePrintsATable() {
    Run r = run("simulate", "counter", "--games", "300", "--seed", "5");
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .startsWith("game      Counter (counter)\noptions   (defaults)\nrun       300 games from game 0, seed 5\n")
        .containsPattern("speed     [0-9.]+ games/s, [0-9]+ steps/s \\([0-9.]+ s\\)\n")
        .containsPattern("length    mean [0-9.]+ steps, min [5-9], max (9|10) \\(step bound 10\\)\n")
        .containsPattern("seat      mean score\n  p1      0\\.[0-9]{3}\n  p2      0\\.[0-9]{3}\n")
        .endsWith("failures  none\n");
  }

  @Test
  void simulateWritesJson(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.json");
    Run r = run("simulate", "counter", "--games", "200", "--seed", "9", "--option", "Target=12", "--json",
        file.toString());
    assertThat(r.code()).isZero();
    JsonNode json = new ObjectMapper().readTree(file.toFile());
    assertThat(json.get("game").asText()).isEqualTo("Counter");
    assertThat(json.get("argument").asText()).isEqualTo("counter");
    assertThat(json.get("options").get("Target").asText()).isEqualTo("12");
    assertThat(json.get("seed").asLong()).isEqualTo(9);
    assertThat(json.get("games").asInt()).isEqualTo(200);
    assertThat(json.get("completed").asInt()).isEqualTo(200);
    assertThat(json.get("stepBound").asInt()).isEqualTo(12);
    assertThat(json.get("minLength").asInt()).isBetween(6, 12);
    assertThat(json.get("gamesPerSecond").asDouble()).isPositive();
    assertThat(json.get("seats")).hasSize(2);
    assertThat(json.get("seats").get(0).get("role").asText()).isEqualTo("p1");
    double sum = json.get("seats").get(0).get("meanScore").asDouble() + json.get("seats").get(1).get("meanScore")
        .asDouble();
    assertThat(sum).isEqualTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(json.get("failureCount").asInt()).isZero();
    assertThat(json.get("failures")).isEmpty();
  }

  @Test
  void aRuleFailureIsReportedWithACommandThatReplaysIt(@TempDir Path dir) throws IOException {
    String path = TestGames.broken("stuck");
    Path file = dir.resolve("fail.json");
    Run r = run("simulate", path, "--games", "3", "--seed", "11", "--json", file.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("length    no game completed\n").endsWith(
        "failures  3 of 3 games broke the rules (details on stderr)\n");
    String[] lines = r.err().split("\n");
    assertThat(lines).hasSize(6);
    assertThat(lines[2]).startsWith("rule failure: game 1 (seed " + Simulator.gameSeed(11, 1) + "), step ")
        .contains("role p2 has no legal move");
    String replay = "veil simulate " + path + " --seed 11 --first-game 1 --games 1";
    assertThat(lines[3]).isEqualTo("  replay: " + replay);

    // The printed command replays game 1 alone, with the same failure.
    String[] args = replay.substring("veil ".length()).split(" ");
    Run again = run(args);
    assertThat(again.code()).isEqualTo(1);
    assertThat(again.err().split("\n")[0]).isEqualTo(lines[2]);

    JsonNode json = new ObjectMapper().readTree(file.toFile());
    assertThat(json.get("failureCount").asInt()).isEqualTo(3);
    JsonNode f = json.get("failures").get(1);
    assertThat(f.get("kind").asText()).isEqualTo("NO_LEGAL_MOVE");
    assertThat(f.get("game").asInt()).isEqualTo(1);
    assertThat(f.get("gameSeed").asLong()).isEqualTo(Simulator.gameSeed(11, 1));
    assertThat(f.get("role").asText()).isEqualTo("p2");
    assertThat(f.get("reproduce").asText()).isEqualTo(replay);
  }

  @Test
  void theReplayCommandKeepsOptionsAndQuotesWhatNeedsQuoting() {
    Run r = run("simulate", TestGames.broken("throw"), "--games", "1", "--option", "Target=9 ");
    // "9 " is not a valid target: the loader says so, nothing is simulated.
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).contains("option Target must be an integer");
    Run ok = run("simulate", TestGames.broken("throw"), "--games", "1", "--option", "Target=9");
    assertThat(ok.err()).contains(" --option Target=9 --seed 1 --first-game 0 --games 1");
    assertThat(Shell.quote("it's here")).isEqualTo("'it'\\''s here'");
    assertThat(Shell.quote("rules/my-game.lud")).isEqualTo("rules/my-game.lud");
  }

  @Test
  void aLoaderCrashIsAnInternalErrorOfOneLineUnlessDebugging() {
    Run r = run("check", TestGames.broken("crash"));
    assertThat(r.code()).isEqualTo(Main.INTERNAL_ERROR);
    assertThat(r.err()).isEqualTo("internal error: java.lang.IllegalStateException: the loader crashed on purpose\n"
        + "(run again with --debug to see where)\n");
    Run debug = run("check", "--debug", TestGames.broken("crash"));
    assertThat(debug.code()).isEqualTo(Main.INTERNAL_ERROR);
    assertThat(debug.err()).contains("\tat veil.games.fake.CounterLoader.load");
    assertThat(run("--debug", "check", TestGames.broken("crash")).err()).contains("\tat veil.games.fake");
  }

  @Test
  void helpListsOnlyWorkingCommandsAndNamesThePlannedOnes() {
    Run r = run("--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("  list ", "  check ", "  simulate ", "  arena ", "  replay ", "  play ",
        "  export-gdl ", "  verify-gdl ", "  conform ", "`veil bench`");
    for (String planned : Arrays.asList("bench")) {
      assertThat(r.out()).doesNotContainPattern("(?m)^  " + planned + "\\b");
    }
    Run sim = run("simulate", "--help");
    assertThat(sim.code()).isZero();
    assertThat(sim.out()).contains("--games=N", "--seed=S", "--first-game=I", "--json=FILE", "--option=NAME=VALUE",
        "--debug", "--help").doesNotContain("--version");
    assertThat(run("check", "-h").out()).startsWith("Usage: veil check");
    for (String command : Arrays.asList("arena", "replay", "play")) {
      Run help = run(command, "--help");
      assertThat(help.code()).isZero();
      assertThat(help.out()).startsWith("Usage: veil " + command);
      assertThat(help.err()).isEmpty();
    }
    assertThat(run("arena", "--help").out()).contains("--agents=SPEC", "--games=N", "--seed=S", "--iterations=K",
        "--time-ms=T", "--threads=N", "--json=FILE", "--resume", "--force", "95% confidence");
  }

  @Test
  void versionNamesVeilAndJava() {
    Run r = run("--version");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("veil ").contains("Java 17");
  }
}
