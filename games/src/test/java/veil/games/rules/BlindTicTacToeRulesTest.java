package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Blind Tic-Tac-Toe (blind-tic-tac-toe.lud): simultaneous marks, random's tie-break, the percept ok. */
class BlindTicTacToeRulesTest {
  static final int WHITE = 0;
  static final int BLACK = 1;
  static final int RANDOM = 2;

  /** One simultaneous step: white's and black's cells ("r c"), and who random favours on a collision. */
  static Play mark(Play p, String white, String black, String tiebreak) {
    return p.step(Map.of(WHITE, "(mark " + white + ")", BLACK, "(mark " + black + ")", RANDOM,
        "(tiebreak " + tiebreak + ")"));
  }

  static Play mark(Play p, String white, String black) {
    return mark(p, white, black, "white");
  }

  /** The mark on a cell (row and column from 1): 0 empty, 1 white, 2 black. */
  static int cell(Play p, int row, int col) {
    return p.state.v[p.game.layout.cells + (row - 1) * p.game.cols + (col - 1)];
  }

  @Test
  void bothMarkAtOnceAndRandomAlwaysChoosesATieBreak() {
    Play p = new Play("blind-tic-tac-toe");
    assertThat(p.game.roleName(WHITE)).isEqualTo("white");
    assertThat(p.game.roleName(BLACK)).isEqualTo("black");
    assertThat(p.movers()).containsExactly(WHITE, BLACK);
    assertThat(p.legal(WHITE)).hasSize(9).contains("(mark 1 1)", "(mark 3 3)");
    assertThat(p.legal(RANDOM)).containsExactlyInAnyOrder("(tiebreak white)", "(tiebreak black)");
  }

  @Test
  void differentCellsBothSucceed() {
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "1 1", "2 2");
    assertThat(p.seen(WHITE)).containsExactly("ok");
    assertThat(p.seen(BLACK)).containsExactly("ok");
    assertThat(cell(p, 1, 1)).isEqualTo(1);
    assertThat(cell(p, 2, 2)).isEqualTo(2);
    // Nobody sees the other's mark.
    assertThat(p.game.render(p.state, WHITE)).contains("A..\n  ...\n");
    assertThat(p.game.render(p.state, BLACK)).contains("...\n  .B.\n");
  }

  @Test
  void onTheSameCellTheTieBreakDecidesAndOnlyTheWinnerHearsOk() {
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "2 2", "2 2", "black");
    assertThat(cell(p, 2, 2)).isEqualTo(2);
    assertThat(p.seen(BLACK)).containsExactly("ok");
    assertThat(p.seen(WHITE)).isEmpty();

    Play q = new Play("blind-tic-tac-toe");
    mark(q, "2 2", "2 2", "white");
    assertThat(cell(q, 2, 2)).isEqualTo(1);
    assertThat(q.seen(WHITE)).containsExactly("ok");
    assertThat(q.seen(BLACK)).isEmpty();
  }

  @Test
  void markingAnOccupiedCellFailsSilentlyAndACellIsTriedOnce() {
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "1 1", "2 2");
    mark(p, "2 2", "1 1"); // both try the other's cell
    assertThat(p.seen(WHITE)).isEmpty();
    assertThat(p.seen(BLACK)).isEmpty();
    assertThat(cell(p, 1, 1)).isEqualTo(1);
    assertThat(cell(p, 2, 2)).isEqualTo(2);
    assertThat(p.legal(WHITE)).hasSize(7).doesNotContain("(mark 1 1)", "(mark 2 2)");
    assertThat(p.legal(BLACK)).hasSize(7).doesNotContain("(mark 1 1)", "(mark 2 2)");
    // The loser of a collision cannot try that cell again either.
    mark(p, "3 3", "3 3", "black");
    assertThat(p.legal(WHITE)).doesNotContain("(mark 3 3)").hasSize(6);
    assertThat(p.over()).isFalse();
  }

  @Test
  void aLineWins() {
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "1 1", "2 1");
    mark(p, "1 2", "2 2");
    assertThat(p.over()).isFalse();
    mark(p, "1 3", "3 1");
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {1, 0}, within(1e-9));
    assertThat(p.game.goal(p.state, WHITE)).isEqualTo(100);
    assertThat(p.game.goal(p.state, BLACK)).isZero();
  }

  @Test
  void aColumnAndADiagonalWinToo() {
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "1 1", "1 3");
    mark(p, "2 1", "2 2");
    mark(p, "1 2", "3 1"); // black: 1 3, 2 2, 3 1 — the anti-diagonal
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {0, 1}, within(1e-9));

    Play q = new Play("blind-tic-tac-toe");
    mark(q, "1 2", "1 1");
    mark(q, "2 2", "2 1");
    mark(q, "3 3", "3 1"); // black: the first column
    assertThat(q.over()).isTrue();
    assertThat(q.scores()).containsExactly(new double[] {0, 1}, within(1e-9));
  }

  @Test
  void bothLinesAtOnceIsADraw() {
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "1 1", "3 1");
    mark(p, "1 2", "3 2");
    mark(p, "1 3", "3 3");
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {0.5, 0.5}, within(1e-9));
  }

  @Test
  void aFullBoardWithoutLinesIsADraw() {
    // W B W / W B B / B W W
    Play p = new Play("blind-tic-tac-toe");
    mark(p, "1 1", "1 2");
    mark(p, "1 3", "2 2");
    mark(p, "2 1", "2 3");
    mark(p, "3 2", "3 1");
    assertThat(p.over()).isFalse();
    mark(p, "3 3", "1 1"); // black's try fails: white's cell
    assertThat(p.seen(BLACK)).isEmpty();
    assertThat(p.over()).isTrue();
    assertThat(p.scores()).containsExactly(new double[] {0.5, 0.5}, within(1e-9));
  }

  @Test
  void randomGamesEndWithinTheBound() {
    assertThat(Play.randomPlayouts("blind-tic-tac-toe", Map.of(), 400)).isLessThanOrEqualTo(9);
  }
}
