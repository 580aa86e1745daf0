package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

class ReplayCommandTest {
  @TempDir static Path dir;
  static Path file;

  @BeforeAll
  static void playATournament() {
    file = dir.resolve("run.jsonl");
    Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "so-ismcts,random", "--games", "3", "--seed", "4",
        "--iterations", "30", "--json", file.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
  }

  private static JsonNode gameLine(int index) throws IOException {
    for (String line : Files.readAllLines(file)) {
      JsonNode n = new ObjectMapper().readTree(line);
      if (n.get("type").asText().equals("game") && n.get("index").asInt() == index) {
        return n;
      }
    }
    throw new AssertionError("no game " + index);
  }

  @Test
  void printsEveryJointMoveAndEveryRolesView() throws IOException {
    Run r = Cli.run("replay", file.toString(), "--game", "1");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode g = gameLine(1);
    assertThat(r.out()).startsWith("game 1 of " + file + " (seed " + g.get("seed").asLong() + ")\n"
        + "  white: random, score ").contains("  black: so-ismcts, score ");
    JsonNode moves = g.get("movesText");
    for (int t = 0; t < moves.size(); t++) {
      assertThat(r.out()).contains("step " + t + ": white " + moves.get(t).get(0).asText() + " | black "
          + moves.get(t).get(1).asText() + " | random " + moves.get(t).get(2).asText() + "\n");
    }
    assertThat(r.out()).contains("  white sees: ").contains("  black sees: ").contains("terminal; goals: white=");
  }

  @Test
  void aViewerSeesOnlyItsOwnMovesAndPercepts() throws IOException {
    Run r = Cli.run("replay", file.toString(), "--game", "1", "--viewer", "Black");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode moves = gameLine(1).get("movesText");
    assertThat(r.out()).contains("Blind Tic-Tac-Toe as black saw it: " + moves.size() + " steps\n");
    for (int t = 0; t < moves.size(); t++) {
      assertThat(r.out()).containsPattern("step " + t + ": black played " + moves.get(t).get(1).asText()
          .replace("(", "\\(").replace(")", "\\)") + " and saw: (ok|nothing)\n");
    }
    assertThat(r.out()).doesNotContain("white sees").doesNotContain("white (mark").doesNotContain("tiebreak");
    // Black's view of the board never shows a white mark (render draws white's as A).
    String beforeEnd = r.out().substring(0, r.out().indexOf("terminal;"));
    assertThat(beforeEnd).doesNotContainPattern("(?m)^ +[.AB]*A[.AB]*$");
  }

  @Test
  void withoutAGameIndexListsTheGames() {
    Run r = Cli.run("replay", file.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith(file + ": Blind Tic-Tac-Toe (blind-tic-tac-toe), 3 games, seed 4\n")
        .containsPattern("(?m)^    0 +[0-9]+ steps +white=so-ismcts [01]\\.[0-9]{2} black=random [01]\\.[0-9]{2}$")
        .containsPattern("(?m)^    2 +[0-9]+ steps ")
        .endsWith("replay one with: veil replay " + file + " --game I\n");
  }

  @Test
  void mistakesAreReportedWithoutStackTraces(@TempDir Path tmp) throws IOException {
    Run missing = Cli.run("replay", file.toString(), "--game", "7");
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).isEqualTo("error: " + file + " has no game 7 (its games are 0..2)\n");

    Run role = Cli.run("replay", file.toString(), "--game", "0", "--viewer", "random");
    assertThat(role.code()).isEqualTo(2);
    assertThat(role.err()).isEqualTo("error: Blind Tic-Tac-Toe has no role 'random'; roles: white, black\n");

    Run otherRules = Cli.run("replay", file.toString(), "--game", "0", "--rules", "hearts");
    assertThat(otherRules.code()).isEqualTo(1);
    assertThat(otherRules.err()).contains("are not those " + file + " was played with: the file's game is"
        + " 'Blind Tic-Tac-Toe', the rules are 'Hearts'");

    Path notArena = tmp.resolve("x.jsonl");
    Files.writeString(notArena, "{\"type\":\"game\"}\n");
    Run bad = Cli.run("replay", notArena.toString(), "--game", "0");
    assertThat(bad.code()).isEqualTo(1);
    assertThat(bad.err()).contains("not a tournament file").doesNotContain("Exception");

    Run none = Cli.run("replay", tmp.resolve("nothing.jsonl").toString());
    assertThat(none.code()).isEqualTo(1);
    assertThat(none.err()).startsWith("error: no such file: ");
  }

  @Test
  void gameIdsCarryOptionsAndQuotedPaths() {
    GameArgs args = new GameArgs();
    args.game = "hearts";
    args.options.put("Passing", "right");
    args.options.put("Name", "it's mine");
    String id = GameId.of(Cli.standard(), args);
    assertThat(id).isEqualTo("hearts --option Passing=right --option 'Name=it'\\''s mine'");
    GameId.Parsed back = GameId.parse(id);
    assertThat(back.game()).isEqualTo("hearts");
    assertThat(back.options()).isEqualTo(Map.of("Passing", "right", "Name", "it's mine"));
    assertThat(GameId.parse("'/tmp/my games/x.lud'").game()).isEqualTo("/tmp/my games/x.lud");
    // An id written by other code is taken whole.
    assertThat(GameId.parse("Blind Tic-Tac-Toe")).isEqualTo(new GameId.Parsed("Blind Tic-Tac-Toe", Map.of()));
    assertThat(Shell.split("a 'b c'd \\'e")).isEqualTo(List.of("a", "b cd", "'e"));
    assertThat(Shell.split("'open")).isNull();
  }
}
