package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;
import veil.testkit.Check;

/** veil conform: the conformance suite on a bundled game and on a user's files. */
class ConformCommandTest {
  /** A small trick game a user might write: two players, three cards each, the most tricks wins. */
  static final String TINY = """
      // A tiny trick game: three cards each, the most tricks wins.
      (game "Tiny Tricks"
        (players 2)
        (bound 20)
        (equipment {
          (deck "Deck" suits:{Red Blue} ranks:{1 2 3})
          (hand Each)
          (spot "Table" Each)
          (pile "Won" Each visible:All)
        })
        (rules
          (start {(shuffle "Deck") (deal 3 to:(hand Each))})
          (play (trick to:(spot "Table" Mover) won:(pile "Won" Winner) leader:P1))
          (end (if (= (tricks) 3) (byScore (count (pile "Won" Player)))))))
      """;

  private static List<String> checkLines(Run r) {
    return r.out().lines().filter(l -> l.startsWith("ok   (") || l.startsWith("FAIL (")).toList();
  }

  private static void assertAllPassed(Run r) {
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    List<String> lines = checkLines(r);
    assertThat(lines).hasSize(Check.values().length);
    for (int i = 0; i < lines.size(); i++) {
      Check c = Check.values()[i];
      assertThat(lines.get(i)).startsWith("ok   (" + c.letter() + ") " + c.id()).contains(c.description());
    }
    assertThat(r.out()).contains("playouts  200 playouts (200 completed)")
        .containsPattern("\n" + Check.values().length + " checks: all passed \\(\\d+\\.\\d s\\)\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void aBundledGamePassesEveryCheck() {
    Run r = Cli.run("conform", "blind-tic-tac-toe");
    assertAllPassed(r);
    assertThat(r.out()).startsWith("game      Blind Tic-Tac-Toe (blind-tic-tac-toe)\noptions   (defaults)\n"
        + "seed      20250101\n");
  }

  @Test
  void aUsersGameInAFolderPassesEveryCheck(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tiny.lud");
    Files.writeString(file, TINY);
    assertAllPassed(Cli.run("conform", file.toString()));
  }

  @Test
  void aBrokenGameFailsNamingTheCheckAndItsReplay(@TempDir Path dir) throws Exception {
    // The game needs 12 steps; a bound of 8 breaks the rule that a game ends within its step bound.
    Path file = dir.resolve("short.lud");
    Files.writeString(file, TINY.replace("(bound 20)", "(bound 8)"));
    Run r = Cli.run("conform", file.toString(), "--playouts", "5");
    assertThat(r.code()).isEqualTo(Main.GAME_ERROR);
    String replay = "veil simulate " + file + " --seed 20250101 --first-game 0 --games 1";
    assertThat(checkLines(r).get(0)).isEqualTo("FAIL (a) playouts-end  " + Check.PLAYOUTS_END.description()
        + ": 5 playouts that did not end properly, first: playout 0, step 8: not over after the step bound of 8;"
        + " replay: " + replay);
    assertThat(r.out()).containsPattern("\n12 checks: \\d+ passed, \\d+ failed");
    assertThat(r.err()).contains("(a) playout 4, step 8: not over after the step bound of 8");
    // The replay command plays that game again and finds the same failure.
    List<String> words = Shell.split(replay);
    Run again = Cli.run(words.subList(1, words.size()).toArray(new String[0]));
    assertThat(again.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(again.err()).contains("rule failure: game 0", "step bound of 8");
  }

  @Test
  void checksCanBeChosen() {
    Run r = Cli.run("conform", "tic-tac-toe", "--check", "e,replay", "--check", "h", "--playouts", "3");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(checkLines(r)).hasSize(3);
    assertThat(checkLines(r).get(0)).startsWith("ok   (e) copies");
    assertThat(checkLines(r).get(1)).startsWith("ok   (g) replay");
    assertThat(r.out()).contains("playouts  3 playouts (3 completed)").contains("3 checks: all passed");
  }

  @Test
  void aGameThatDoesNotLoadIsReportedAsItsLoaderSaysIt(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("typo.lud");
    Files.writeString(file, TINY.replace("(hand Each)", "(hnad Each)"));
    Run r = Cli.run("conform", file.toString());
    assertThat(r.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(r.err()).contains(file + ":7:6: unknown ludeme hnad").contains("hnad");
    assertThat(r.out()).isEmpty();
  }

  /** The line of check (l) in a run of conform. */
  private static String lockstepLine(Run r) {
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    List<String> lines = checkLines(r);
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).startsWith("ok   (l) gdl-lockstep");
    return lines.get(0);
  }

  @Test
  void theReasonerOfTheLockstepCanBeChosenForALudemeGamesExport() {
    assertThat(lockstepLine(Cli.run("conform", "blind-tic-tac-toe", "--check", "l", "--playouts", "3")))
        .containsPattern("\\(grounded, \\d+ ground rules\\)$");
    assertThat(lockstepLine(Cli.run("conform", "blind-tic-tac-toe", "--check", "l", "--playouts", "3",
        "--reasoner", "grounded"))).containsPattern("\\(grounded, \\d+ ground rules\\)$");
    assertThat(lockstepLine(Cli.run("conform", "blind-tic-tac-toe", "--check", "l", "--playouts", "3",
        "--reasoner", "topdown"))).endsWith("(played top-down)");
    // Only (l) loads GDL-II rules for a ludeme game: the other checks run on its compiled engine as before.
    Run all = Cli.run("conform", "blind-tic-tac-toe", "--playouts", "3", "--reasoner", "topdown",
        "--check", "a,g,l");
    assertThat(all.code()).as(all.out() + all.err()).isZero();
    assertThat(all.out()).contains("options   --reasoner topdown\n", "3 checks: all passed");
  }

  @Test
  void aGdlGamesReasonerPlaysItAndItsRulesWrittenBackOut() {
    assertThat(lockstepLine(Cli.run("conform", "tic-tac-toe", "--check", "l", "--playouts", "3")))
        .containsPattern("\\(grounded, \\d+ ground rules\\)$");
    assertThat(lockstepLine(Cli.run("conform", "tic-tac-toe", "--check", "l", "--playouts", "3",
        "--reasoner", "topdown"))).endsWith("(played top-down)");
    assertThat(lockstepLine(Cli.run("conform", "tic-tac-toe", "--check", "l", "--playouts", "3",
        "--option", "reasoner=topdown"))).endsWith("(played top-down)");
    Run r = Cli.run("conform", "tic-tac-toe", "--check", "a,b,l", "--playouts", "3", "--reasoner", "topdown");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("3 checks: all passed");
  }

  @Test
  void aFailedLockstepsReplayNamesTheReasoner(@TempDir Path dir) throws Exception {
    // A counter without a range over 6000 steps: the exporter cannot bound its values, so (l) fails.
    Path file = dir.resolve("wrap.lud");
    Files.writeString(file, String.join("\n",
        "(game \"Wrap\" (players 2) (bound 6000)",
        "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2}) (hand Each)})",
        "  (vars {(var \"C\") (var \"N\" range:0..20)})",
        "  (rules (start {(deal 1 to:(hand Each))})",
        "    (play (choose tick then:{(if (= (var \"C\") 2) (set \"C\" 0) (add \"C\" 1)) (add \"N\" 1)}))",
        "    (end (if (= (var \"N\") 20) (result All Draw)))))", ""));
    Run r = Cli.run("conform", file.toString(), "--check", "l", "--playouts", "3", "--reasoner", "topdown");
    assertThat(r.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(checkLines(r)).hasSize(1);
    assertThat(checkLines(r).get(0)).startsWith("FAIL (l) gdl-lockstep").contains("cannot bound the values of var_c")
        .endsWith("; replay: veil conform " + file + " --reasoner topdown --seed 20250101 --playouts 3 --check l");
  }

  @Test
  void usageErrors() {
    assertThat(Cli.run("conform", "agram", "--check", "z").code()).isEqualTo(2);
    assertThat(Cli.run("conform", "agram", "--check", "z").err()).contains("unknown check 'z'", "e copies");
    assertThat(Cli.run("conform", "agram", "--playouts", "0").code()).isEqualTo(2);
    assertThat(Cli.run("conform").code()).isEqualTo(2);
    assertThat(Cli.run("conform", "agram", "--reasoner", "fast").code()).isEqualTo(2);
    Run contradicts = Cli.run("conform", "tic-tac-toe", "--reasoner", "topdown", "--option", "reasoner=grounded");
    assertThat(contradicts.code()).isEqualTo(2);
    assertThat(contradicts.err()).contains("--reasoner topdown contradicts --option reasoner=grounded");
  }

  @Test
  void helpNamesTheReasonerOption() {
    Run r = Cli.run("conform", "--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("--reasoner=auto|grounded|topdown", "chooses the reasoner of check (l)");
  }
}
