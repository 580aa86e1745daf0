package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
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

  private static final String GROUNDED = "\\(grounded, \\d+ ground rules\\)$";
  private static final String TOPDOWN = "\\(played top-down\\)$";

  /**
   * The reasoner of (l): for a ludeme game the one that plays its export, for a GDL-II game the one that plays the
   * game and its rules written back out; auto grounds both small games, and (l)'s line says which played.
   */
  static Stream<Arguments> lockstepReasoners() {
    return Stream.of(
        Arguments.of("blind-tic-tac-toe", List.of(), GROUNDED),
        Arguments.of("blind-tic-tac-toe", List.of("--reasoner", "grounded"), GROUNDED),
        Arguments.of("blind-tic-tac-toe", List.of("--reasoner", "topdown"), TOPDOWN),
        Arguments.of("tic-tac-toe", List.of(), GROUNDED),
        Arguments.of("tic-tac-toe", List.of("--reasoner", "topdown"), TOPDOWN),
        Arguments.of("tic-tac-toe", List.of("--option", "reasoner=topdown"), TOPDOWN));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("lockstepReasoners")
  void theReasonerOfTheLockstepCanBeChosen(String game, List<String> reasoner, String lineEnd) {
    List<String> args = new ArrayList<>(List.of("conform", game, "--check", "l", "--playouts", "3"));
    args.addAll(reasoner);
    assertThat(lockstepLine(Cli.run(args.toArray(new String[0])))).containsPattern(lineEnd);
  }

  /**
   * The other checks beside (l) with --reasoner topdown: a ludeme game's run on its compiled engine as before (only
   * (l) loads GDL-II rules for it), a GDL-II game's on the top-down reasoner; both pass and name the option.
   */
  @ParameterizedTest(name = "{0} --check {1}")
  @CsvSource({"blind-tic-tac-toe, 'a,g,l'", "tic-tac-toe, 'a,b,l'"})
  void otherChecksRunBesideTheChosenReasoner(String game, String checks) {
    Run r = Cli.run("conform", game, "--check", checks, "--playouts", "3", "--reasoner", "topdown");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("options   --reasoner topdown\n", "3 checks: all passed");
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
