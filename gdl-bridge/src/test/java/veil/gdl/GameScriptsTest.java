package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import veil.gdl.reason.KifGame;
import veil.model.State;

/** Scripted lines of play through the bundled games, checked against what their rules say. */
class GameScriptsTest {
  @Test
  void ticTacToeDiagonalWinsAndEveryoneSeesTheMoves() {
    KifGame g = Kif.bundled("tic-tac-toe");
    assertThat(g.roleName(0)).isEqualTo("xplayer");
    assertThat(g.randomRole()).isEqualTo(-1);
    State s = g.initialState();
    Map<String, List<String>> seen = Kif.step(g, s, "xplayer (play 1 1)");
    assertThat(seen.get("oplayer")).containsExactlyInAnyOrder("(move xplayer (play 1 1))", "(move oplayer noop)");
    Kif.step(g, s, "oplayer (play 1 2)");
    Kif.step(g, s, "xplayer (play 2 2)");
    Kif.step(g, s, "oplayer (play 1 3)");
    assertThat(g.isTerminal(s)).isFalse();
    assertThat(Kif.legalTexts(g, s, 0)).containsExactlyInAnyOrder(
        "(play 2 1)", "(play 2 3)", "(play 3 1)", "(play 3 2)", "(play 3 3)");
    Kif.step(g, s, "xplayer (play 3 3)");
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.goal(s, 0)).isEqualTo(100);
    assertThat(g.goal(s, 1)).isZero();
    assertThat(g.render(s, -1)).contains("(cell 3 3 x)", "(cell 1 3 o)");
    assertThat(g.render(s, 0)).contains("hidden");
  }

  @Test
  void blindTicTacToeFollowsTheBooksSampleMatch() {
    KifGame g = Kif.bundled("blind-tic-tac-toe-gdl");
    assertThat(g.roleName(g.randomRole())).isEqualTo("random");
    State s = g.initialState();
    // Chapter 17.5: different cells, both get ok.
    Map<String, List<String>> seen = Kif.step(g, s, "white (mark 1 1)", "black (mark 2 3)", "random (tiebreak o)");
    assertThat(seen.get("white")).containsExactly("ok");
    assertThat(seen.get("black")).containsExactly("ok");
    // Same cell, the tie goes to white: only white sees ok.
    seen = Kif.step(g, s, "white (mark 2 2)", "black (mark 2 2)", "random (tiebreak x)");
    assertThat(seen.get("white")).containsExactly("ok");
    assertThat(seen.get("black")).isEmpty();
    assertThat(g.trueFacts(s)).contains("(cell 2 2 x)", "(tried black 2 2)");
    // Black tries an occupied cell: no ok, no effect; white completes the diagonal.
    seen = Kif.step(g, s, "white (mark 3 3)", "black (mark 1 1)", "random (tiebreak o)");
    assertThat(seen.get("white")).containsExactly("ok");
    assertThat(seen.get("black")).isEmpty();
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.goal(s, g.role("white"))).isEqualTo(100);
    assertThat(g.goal(s, g.role("black"))).isZero();
    assertThat(Kif.legalTexts(g, g.initialState(), g.role("white"))).hasSize(9);
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 4, 5})
  void montyHallHostNeverOpensTheCarAndSwitchingWinsExactlyWhenTheFirstChoiceWasWrong(int doors) {
    KifGame g = Kif.bundled("monty-hall-" + doors);
    int contestant = g.role("contestant");
    for (int car = 1; car <= doors; car++) {
      for (int choice = 1; choice <= doors; choice++) {
        for (String finalMove : List.of("switch", "stay")) {
          State s = g.initialState();
          Kif.step(g, s, "random (hide_car " + car + ")");
          assertThat(g.trueFacts(s)).contains("(car " + car + ")");
          Kif.step(g, s, "contestant (choose " + choice + ")");
          List<String> hostMoves = Kif.legalTexts(g, s, g.randomRole());
          assertThat(hostMoves).hasSize(car == choice ? doors - 1 : 1);
          assertThat(hostMoves).doesNotContain("(keep_closed " + choice + ")");
          String kept = hostMoves.get(0);
          Map<String, List<String>> seen = Kif.step(g, s, "random " + kept);
          int keptDoor = Integer.parseInt(kept.replaceAll("\\D", ""));
          assertThat(seen.get("contestant")).hasSize(doors - 2)
              .doesNotContain("(opened " + car + ")", "(opened " + choice + ")", "(opened " + keptDoor + ")");
          Kif.step(g, s, "contestant " + finalMove);
          assertThat(g.isTerminal(s)).isTrue();
          boolean wins = finalMove.equals("switch") ? car != choice : car == choice;
          assertThat(g.goal(s, contestant)).isEqualTo(wins ? 100 : 0);
        }
      }
    }
  }

  @Test
  void explodingBombScores() {
    KifGame g = Kif.bundled("exploding-bomb");
    int agent = g.role("agent");
    State s = g.initialState();
    Kif.step(g, s, "random (arm red)");
    Map<String, List<String>> seen = Kif.step(g, s, "agent ask");
    assertThat(seen.get("agent")).containsExactly("red");
    Kif.step(g, s, "agent (cut red)");
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.goal(s, agent)).isEqualTo(90);

    s = g.initialState();
    Kif.step(g, s, "random (arm blue)");
    assertThat(Kif.step(g, s, "agent wait").get("agent")).isEmpty();
    Kif.step(g, s, "agent (cut blue)");
    assertThat(g.goal(s, agent)).isEqualTo(100);

    s = g.initialState();
    Kif.step(g, s, "random (arm blue)");
    Kif.step(g, s, "agent ask");
    Kif.step(g, s, "agent (cut red)");
    assertThat(g.goal(s, agent)).isZero();
  }

  @Test
  void spyVsSpyTellingShowsTheWireAndCosts() {
    KifGame g = Kif.bundled("spy-vs-spy");
    int spy = g.role("spy");
    int defuser = g.role("defuser");
    String[][] lines = {
      {"tell", "(cut red)", "20"}, {"tell", "(cut blue)", "100"}, {"hide", "(cut red)", "0"}, {"hide", "(cut blue)", "80"}
    };
    for (String[] line : lines) {
      State s = g.initialState();
      Kif.step(g, s, "spy (arm red)");
      Map<String, List<String>> seen = Kif.step(g, s, "spy " + line[0]);
      assertThat(seen.get("defuser")).isEqualTo(line[0].equals("tell") ? List.of("red") : List.of());
      Kif.step(g, s, "defuser " + line[1]);
      assertThat(g.goal(s, spy)).as("%s then %s", line[0], line[1]).isEqualTo(Integer.parseInt(line[2]));
      assertThat(g.goal(s, defuser)).isEqualTo(100 - Integer.parseInt(line[2]));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {4, 8, 16})
  void numberGuessingBinarySearchScoresFullAndSlowGuessesAreDiscounted(int n) {
    KifGame g = Kif.bundled("number-guessing-" + n);
    int agent = g.role("agent");
    int free = Integer.numberOfTrailingZeros(n) + 1;
    for (int secret = 1; secret <= n; secret++) {
      State s = g.initialState();
      Kif.step(g, s, "random (pick " + secret + ")");
      int lo = 1;
      int hi = n;
      while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        List<String> answer = Kif.step(g, s, "agent (ask_less " + mid + ")").get("agent");
        if (answer.equals(List.of("yes"))) {
          hi = mid - 1;
        } else {
          assertThat(answer).containsExactly("no");
          lo = mid;
        }
      }
      Kif.step(g, s, "agent ready");
      Kif.step(g, s, "agent (guess " + lo + ")");
      assertThat(lo).isEqualTo(secret);
      assertThat(g.isTerminal(s)).isTrue();
      assertThat(g.goal(s, agent)).isEqualTo(100);
    }
    // One question more than binary search needs: one move over the free ones costs 10; a wrong guess scores 0.
    State s = g.initialState();
    Kif.step(g, s, "random (pick 3)");
    for (int q = 0; q < free; q++) {
      Kif.step(g, s, "agent (ask_less 4)");
    }
    Kif.step(g, s, "agent ready");
    State wrong = s.copy();
    Kif.step(g, s, "agent (guess 3)");
    assertThat(g.goal(s, agent)).isEqualTo(90);
    Kif.step(g, wrong, "agent (guess 4)");
    assertThat(g.goal(wrong, agent)).isZero();
    // Questions run out: at the limit only ready is left.
    State slow = g.initialState();
    Kif.step(g, slow, "random (pick 1)");
    for (int q = 0; q < free + 4; q++) {
      Kif.step(g, slow, "agent (ask_less 2)");
    }
    assertThat(Kif.legalTexts(g, slow, agent)).containsExactly("ready");
    Kif.step(g, slow, "agent ready");
    Kif.step(g, slow, "agent (guess 1)");
    assertThat(g.goal(slow, agent)).isEqualTo(50);
  }

  @Test
  void bankerAndThiefDecoyWorksAgainstAGreedyThief() {
    KifGame g = Kif.bundled("banker-and-thief");
    State s = g.initialState();
    assertThat(Kif.step(g, s, "random (faulty_alarm 1)").get("banker")).containsExactly("(your_bank 1)");
    for (int i = 0; i < 10; i++) {
      int bank = i < 4 ? 1 : 2;
      assertThat(Kif.step(g, s, "banker (deposit " + bank + ")").get("thief"))
          .containsExactly("(deposited " + bank + ")");
    }
    State robOwn = s.copy();
    Kif.step(g, s, "thief (rob 2)");
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.goal(s, g.role("banker"))).isEqualTo(40);
    assertThat(g.goal(s, g.role("thief"))).isZero();
    Kif.step(g, robOwn, "thief (rob 1)");
    assertThat(g.goal(robOwn, g.role("banker"))).isZero();
    assertThat(g.goal(robOwn, g.role("thief"))).isEqualTo(40);
  }

  @Test
  void battleshipsScanThenHit() {
    KifGame g = Kif.bundled("battleships-in-fog");
    State s = g.initialState();
    Map<String, List<String>> seen = Kif.step(g, s, "random (place 1 1 3 2)");
    assertThat(seen.get("red")).containsExactly("(my_ship 1 1)");
    assertThat(seen.get("blue")).containsExactly("(my_ship 3 2)");
    seen = Kif.step(g, s, "red scan");
    assertThat(seen.get("red")).containsExactly("(spotted 3 2)");
    assertThat(seen.get("blue")).containsExactly("scanned");
    assertThat(Kif.legalTexts(g, s, g.role("blue"))).contains("(move 2 2)", "(move 3 1)", "(move 3 3)")
        .doesNotContain("(move 1 2)", "(move 3 2)");
    seen = Kif.step(g, s, "blue (move 2 2)");
    assertThat(seen.get("red")).isEmpty();
    seen = Kif.step(g, s, "red (fire 3 2)");
    assertThat(seen.get("red")).containsExactly("miss");
    assertThat(seen.get("blue")).containsExactly("(missile 3 2)");
    Kif.step(g, s, "blue (fire 2 2)");
    assertThat(g.isTerminal(s)).isFalse();
    seen = Kif.step(g, s, "red (fire 2 2)");
    assertThat(seen.get("red")).containsExactly("hit");
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.goal(s, g.role("red"))).isEqualTo(100);
    assertThat(g.goal(s, g.role("blue"))).isZero();
  }

  @Test
  void kriegTicTacToePerceptsAndFourInARow() {
    KifGame g = Kif.bundled("krieg-tic-tac-toe");
    State s = g.initialState();
    Map<String, List<String>> seen =
        Kif.step(g, s, "white (mark 1 1)", "black (mark 1 1)", "random (tiebreak o)");
    assertThat(seen.get("white")).containsExactlyInAnyOrder("failed", "opponent_ok");
    assertThat(seen.get("black")).containsExactlyInAnyOrder("ok", "opponent_failed");
    for (int col = 1; col <= 4; col++) {
      seen = Kif.step(g, s, "white (mark 2 " + col + ")", "black (mark 4 " + col + ")", "random (tiebreak x)");
      assertThat(seen.get("white")).containsExactlyInAnyOrder("ok", "opponent_ok");
      if (col < 4) {
        assertThat(g.isTerminal(s)).isFalse();
      }
    }
    // Both completed a row in the same round: a draw.
    assertThat(g.isTerminal(s)).isTrue();
    assertThat(g.goal(s, g.role("white"))).isEqualTo(50);
    assertThat(g.goal(s, g.role("black"))).isEqualTo(50);
  }

  @Test
  void recursiveAtomsThatOnlySupportEachOtherAreDropped() {
    KifGame g = Kif.strict(Kif.testResource("recursive-reach.kif"));
    State s = g.initialState();
    int builder = g.role("builder");
    assertThat(Kif.legalTexts(g, s, builder)).contains("(pour 1)", "(pour 2)", "(pour 3)");
    // Water poured into 2 flows to 3 and back: wet 2 and wet 3 support each other, then go with the move.
    Map<String, List<String>> seen = Kif.step(g, s, "builder (pour 2)", "random (coin tails)");
    assertThat(seen.get("builder")).containsExactlyInAnyOrder("(dry 1)", "(dry 4)", "(dry 5)");
    assertThat(g.trueFacts(s)).contains("(soaked 2)", "(soaked 3)");
    seen = Kif.step(g, s, "builder (toggle 4 5)", "random (coin tails)");
    assertThat(seen.get("builder")).hasSize(5);
    // Cutting 1 -> 2 leaves reach 2 and reach 3 only each other: both go, and the soaked cells dry up.
    Kif.step(g, s, "builder (toggle 1 2)", "random (coin heads)");
    assertThat(Kif.legalTexts(g, s, builder)).doesNotContain("(pour 2)", "(pour 3)").contains("(pour 1)");
    Kif.step(g, s, "builder (toggle 4 5)", "random (coin tails)");
    assertThat(g.trueFacts(s)).doesNotContain("(soaked 2)", "(soaked 3)");
    // Reconnecting brings them back.
    Kif.step(g, s, "builder (toggle 1 3)", "random (coin heads)");
    assertThat(Kif.legalTexts(g, s, builder)).contains("(pour 2)", "(pour 3)");
  }
}
