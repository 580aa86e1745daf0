package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

/** --mode strict|lenient on the commands that load a game, and what check says about lenient repairs. */
class GdlModesTest {
  /** One step game; lines 11 and 12 repeat one deviation (an undefined relation), line 13 makes another. */
  static final String DEVIANT =
      "; a test game with deviations\n"
          + "(role a)\n"
          + "(role b)\n"
          + "(legal a go)\n"
          + "(legal a stay)\n"
          + "(legal b wait)\n"
          + "(<= (next done) (does a ?m))\n"
          + "(<= terminal (true done))\n"
          + "(goal a 100)\n"
          + "(goal b 0)\n"
          + "(<= (sees b odd) (does a go) (not (weird)))\n"
          + "(<= (sees b even) (does a stay) (not (weird)))\n"
          + "(<= (sees ?Who moved) (does a go))\n";

  /** a's goal is 50 and 100 at once when it plays go. */
  static final String TWO_GOALS =
      "(role a)\n(role b)\n(legal a go)\n(legal a stay)\n(legal b wait)\n"
          + "(<= (next done) (does a ?m))\n(<= (next went) (does a go))\n(<= terminal (true done))\n"
          + "(goal a 100)\n(<= (goal a 50) (true went))\n(goal b 0)\n";

  static String write(Path dir, String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f.toString();
  }

  @Test
  void checkListsEveryLenientRepairOnceWithACount(@TempDir Path dir) throws Exception {
    String file = write(dir, "deviant.gdl", DEVIANT);
    Run r = Cli.run("check", file);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("mode         lenient: 3 repairs", "repairs (lenient mode; 3 in all, 2 different):",
        "deviant.gdl:11:35: relation 'weird' (arity 0) is used but never defined; it is always false",
        "(2 times, at lines 11, 12)",
        "deviant.gdl:13:11: unsafe variable ?Who in the role position of (sees …): read as ranging over the roles",
        "(<= (sees ?Who moved) (does a go))",
        "dialect      GDL-II");
    // The repeated message is printed once.
    assertThat(r.out().split("is used but never defined", -1)).hasSize(2);
    Run strict = Cli.run("check", file, "--mode", "strict");
    assertThat(strict.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(strict.err()).contains("deviant.gdl:11:35: relation 'weird'", "deviant.gdl:12:38: relation 'weird'",
        "deviant.gdl:13:11: unsafe variable ?Who");
    assertThat(Cli.run("check", file, "--option", "mode=strict").err()).isEqualTo(strict.err());
  }

  @Test
  void otherCommandsSayThatLenientModeRepairedSomething(@TempDir Path dir) throws Exception {
    String file = write(dir, "deviant.kif", DEVIANT);
    Run r = Cli.run("simulate", file, "--games", "5", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("note: lenient mode repaired 3 deviations from GDL-II in " + file);
    Run strict = Cli.run("simulate", file, "--games", "5", "--no-progress", "--mode", "strict");
    assertThat(strict.code()).isEqualTo(Main.GAME_ERROR);
  }

  @Test
  void severalGoalValues(@TempDir Path dir) throws Exception {
    String file = write(dir, "two-goals.kif", TWO_GOALS);
    Run lenient = Cli.run("simulate", file, "--games", "40", "--no-progress");
    assertThat(lenient.code()).as(lenient.err()).isZero();
    // About half the games end after go; the count is every such game (random moves, fixed seed).
    String line = lenient.out().lines().filter(l -> l.startsWith("goals")).findFirst().orElseThrow();
    int n = Integer.parseInt(line.split("\\s+")[1]);
    assertThat(n).isBetween(5, 35);
    assertThat(line).contains(" of 40 games ended in a state that gives a role several goal values");
    assertThat(lenient.err()).contains("warning: role a has several goal values (50, 100)", "lenient mode took 100");
    Run strict = Cli.run("simulate", file, "--games", "40", "--no-progress", "--mode", "strict");
    assertThat(strict.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(strict.out()).contains("failures  " + n + " of 40 games broke the rules");
    assertThat(strict.err()).contains("strict mode refuses a state with several goal values");
    Run check = Cli.run("check", file, "--mode", "strict");
    assertThat(check.out()).contains("mode         strict", "dialect      GDL-I");
  }

  @Test
  void modeIsAUsageErrorWhereItMeansNothingOrContradicts(@TempDir Path dir) throws Exception {
    Run lud = Cli.run("check", "agram", "--mode", "lenient");
    assertThat(lud.code()).isEqualTo(2);
    assertThat(lud.err()).contains("--mode lenient applies to GDL-II rules");
    assertThat(Cli.run("check", "agram", "--mode", "strict").code()).isZero();
    assertThat(Cli.run("check", "tic-tac-toe", "--mode", "loose").code()).isEqualTo(2);
    Run both = Cli.run("check", "tic-tac-toe", "--mode", "strict", "--option", "mode=lenient");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("--mode strict contradicts --option mode=lenient");
  }

  @Test
  void helpNamesGdlFilesAndTheModes() {
    Run r = Cli.run("--help");
    assertThat(r.out()).contains(".gdl");
    Run check = Cli.run("check", "--help");
    assertThat(check.out()).contains("--mode=strict|lenient", ".gdl");
  }
}
