package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

/** veil export-gdl and veil verify-gdl. */
class GdlCommandsTest {
  @Test
  void exportWritesKifOnStdout() {
    Run r = Cli.run("export-gdl", "blind-tic-tac-toe");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("; GDL-II rules of Blind Tic-Tac-Toe")
        .contains("(role white)", "(role black)", "(role random)", "(<= terminal (true terminated))");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void exportWritesAFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("agram.kif");
    Run r = Cli.run("export-gdl", "agram", "--option", "Players=3", "-o", file.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("wrote the GDL-II rules of Agram to " + file);
    assertThat(Files.readString(file)).contains("(role p1)", "(role p3)", "(role random)").doesNotContain("(role p4)");
  }

  @Test
  void exportRefusesWhatIsNotALudemeGame() {
    Run r = Cli.run("export-gdl", "monty-hall-3");
    assertThat(r.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(r.err()).contains("is not a ludeme game (.lud)");
    Run unknown = Cli.run("export-gdl", "no-such-game");
    assertThat(unknown.code()).isEqualTo(Main.GAME_ERROR);
    assertThat(unknown.err()).contains("unknown game 'no-such-game'");
  }

  @Test
  void verifyAgrees() {
    Run r = Cli.run("verify-gdl", "blind-tic-tac-toe", "--playouts", "30", "--seed", "3", "--states");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("strict mode", "run       30 playouts",
        "result    the engine and the exported rules agree: roles, legal moves, percepts, terminal, goals, states");
  }

  @Test
  void verifyGolfInBothModes() {
    Run r = Cli.run("verify-gdl", "golf", "--playouts", "2");
    assertThat(r.code()).as(r.err()).isZero();
    Run lenient = Cli.run("verify-gdl", "golf", "--playouts", "3", "--mode", "lenient");
    assertThat(lenient.code()).as(lenient.err()).isZero();
  }

  @Test
  void verifyChecksItsOptions() {
    assertThat(Cli.run("verify-gdl", "agram", "--playouts", "0").code()).isEqualTo(2);
    assertThat(Cli.run("verify-gdl", "agram", "--mode", "loose").code()).isEqualTo(2);
  }
}
