package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import veil.cli.Cli.Run;

class PlayCommandTest {
  private static final String[] PLAY = {"play", "blind-tic-tac-toe", "--iterations", "50", "--seed", "7"};

  @Test
  void illegalInputIsRejectedAndTheGameIsPlayedToTheEnd() {
    Run r = Cli.runWithInput("99\n(MARK  1 1)\nfoo\n\n" + "1\n".repeat(9), PLAY);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    String out = r.out();
    assertThat(out).startsWith("Blind Tic-Tac-Toe: you play white (seat 1 of 2); black: so-ismcts; 50 iterations"
        + " per move; seed 7\n");
    assertThat(out).contains("your moves:\n    1  (mark 1 1)\n    2  (mark 1 2)\n")
        .contains("move> '99' is not one of your moves: type a number from 1 to 9 or a move as listed")
        .contains("step 0: you played (mark 1 1) and saw: ")
        .contains("move> 'foo' is not one of your moves: type a number from 1 to 8")
        .contains("\ngame over after ")
        .containsPattern("\nresult: white \\(you\\) [01]\\.[0-9]{2} \\(goal [0-9]+\\), black [01]\\.[0-9]{2}"
            + " \\(goal [0-9]+\\)\nyou (won|did not win|shared the top score)\n$");
    // Until the game is over, white's view never shows one of black's marks (drawn as B).
    String playing = out.substring(0, out.indexOf("everything, revealed:"));
    assertThat(playing).doesNotContainPattern("(?m)^ +[.AB]*B[.AB]*$").containsPattern("(?m)^ +A[.AB]{2}$");
  }

  @Test
  void aGameThatPaysAmountsShowsEachPlayersAmount() {
    // Kuhn poker, seat 1: bet, then (if asked) call; the opponent answers; each result names the chips won or lost.
    Run r = Cli.runWithInput("2\n2\n", "play", "kuhn-poker", "--iterations", "50", "--seed", "3");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).containsPattern("\nresult: p1 \\(you\\) (0\\.00 \\(goal 0\\) amount -2"
        + "|0\\.25 \\(goal 25\\) amount -1|0\\.75 \\(goal 75\\) amount \\+1|1\\.00 \\(goal 100\\) amount \\+2), p2 ");
  }

  @Test
  void theSameSeedAndMovesGiveTheSameGame() {
    String input = "5\n" + "1\n".repeat(9);
    assertThat(Cli.runWithInput(input, PLAY).out()).isEqualTo(Cli.runWithInput(input, PLAY).out());
  }

  @Test
  void theEndOfInputStopsTheGameCleanly() {
    Run r = Cli.runWithInput("2\n", PLAY);
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).contains("step 0: you played (mark 1 2) and saw: ")
        .endsWith("move> \ngame stopped at step 1 (end of input); the same --seed 7 and the same moves play it"
            + " again\n");
    Run quit = Cli.runWithInput("quit\n", PLAY);
    assertThat(quit.code()).isZero();
    assertThat(quit.out()).contains("game stopped at step 0 (quit)");
  }

  @Test
  void theSecondSeatAndChosenAgents() {
    Run r = Cli.runWithInput("1\n".repeat(9), "play", "blind-tic-tac-toe", "--seat", "2", "--agents", "random",
        "--seed", "3");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("Blind Tic-Tac-Toe: you play black (seat 2 of 2); white: random; 1000"
        + " iterations per move; seed 3\n").contains("black (you) ").contains("game over");
  }

  @Test
  void seatsAndAgentsAreChecked() {
    Run seat = Cli.run("play", "blind-tic-tac-toe", "--seat", "3");
    assertThat(seat.code()).isEqualTo(2);
    assertThat(seat.err()).startsWith("--seat must be 1..2: blind-tic-tac-toe has 2 seats (white, black)\n");
    Run agents = Cli.run("play", "blind-tic-tac-toe", "--agents", "random,random");
    assertThat(agents.code()).isEqualTo(2);
    assertThat(agents.err()).startsWith("blind-tic-tac-toe has 2 seats (white, black); you take one, so --agents"
        + " needs 1 spec (2 given: random,random)\n");
    Run unknown = Cli.run("play", "blind-tic-tac-toe", "--agents", "deep-blue");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown agent 'deep-blue'; known agents: random, ");
  }

  @Test
  void movesAreMatchedByNumberOrTextIgnoringCaseAndSpacing() {
    assertThat(HumanPlayer.normalize("  ( MARK   1 1 ) ")).isEqualTo("(mark 1 1)");
    assertThat(HumanPlayer.normalize("(play (card Queen spades))")).isEqualTo("(play (card queen spades))");
  }
}
