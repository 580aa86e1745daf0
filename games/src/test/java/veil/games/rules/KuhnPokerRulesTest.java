package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.PayoffRange;

/**
 * Kuhn poker (kuhn-poker.lud) against docs/games.md: ante 1, one card each, check or bet 1, call or fold; the
 * payoff is the chips won or lost, and goals are its affine image over the declared range -2..2.
 */
class KuhnPokerRulesTest {
  static final String J = "(card jack kuhn)";
  static final String Q = "(card queen kuhn)";
  static final String K = "(card king kuhn)";

  static Play deal(String c1, String c2) {
    return new Play("kuhn-poker").deal(c1).deal(c2);
  }

  /** The amounts of a finished hand, read back from the goals through the declared range. */
  static int[] amounts(Play p) {
    assertThat(p.over()).isTrue();
    PayoffRange r = p.game.payoffRange();
    return new int[] {r.amount(p.game.goal(p.state, 0)), r.amount(p.game.goal(p.state, 1))};
  }

  @Test
  void theRangeIsDeclaredAndGoalsAreItsAffineImage() {
    CompiledGame g = Play.load("kuhn-poker", Map.of());
    assertThat(g.payoffRange()).isEqualTo(new PayoffRange(-2, 2));
    assertThat(g.payoffRange().goal(-2)).isZero();
    assertThat(g.payoffRange().goal(-1)).isEqualTo(25);
    assertThat(g.payoffRange().goal(1)).isEqualTo(75);
    assertThat(g.payoffRange().goal(2)).isEqualTo(100);
  }

  @Test
  void everyLineOfBettingPaysWhatTheRulesSay() {
    // check, check: showdown for the antes
    Play p = deal(K, J);
    assertThat(p.legal(0)).containsExactly("check", "bet");
    assertThat(p.legal(1)).containsExactly("noop");
    p.play("check");
    assertThat(p.seen(0)).containsExactly("check");
    assertThat(p.seen(1)).containsExactly("check");
    p.play("check");
    assertThat(amounts(p)).containsExactly(1, -1);
    assertThat(p.scores()[0]).isCloseTo(0.75, within(1e-12));

    // bet, call: showdown for 2 each, the lower card first
    p = deal(J, Q).play("bet");
    assertThat(p.legal(1)).containsExactly("fold", "call");
    assertThat(p.seen(1)).containsExactly("bet");
    p.play("call");
    assertThat(amounts(p)).containsExactly(-2, 2);

    // bet, fold: the folder loses its ante, whatever the cards
    p = deal(J, K).play("bet").play("fold");
    assertThat(amounts(p)).containsExactly(1, -1);

    // check, bet, fold and check, bet, call
    p = deal(Q, J).play("check").play("bet");
    assertThat(p.legal(0)).containsExactly("fold", "call");
    p.play("fold");
    assertThat(amounts(p)).containsExactly(-1, 1);
    p = deal(Q, J).play("check").play("bet").play("call");
    assertThat(amounts(p)).containsExactly(2, -2);
  }

  @Test
  void anAmountOutsideTheDeclaredRangeIsARuleFailure() throws Exception {
    CompiledGame g = new veil.cards.LudLoader().load("overpay.lud", "(game \"Overpay\" (players 2)\n"
        + "  (equipment {(deck \"Deck\") (hand Each)})\n"
        + "  (rules (play (choose go)) (end (if (= (turns) 1) (payoff (if (= Player P1) 2 -1) range:-1..1)))))",
        Map.of());
    Play p = new Play(g);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> p.play("go"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("rule failure: p1's payoff 2 is outside the declared range -1..1 of Overpay");
  }

  @Test
  void aPlayerSeesItsOwnCardOnly() {
    Play p = new Play("kuhn-poker").deal(Q);
    assertThat(p.seen(0)).containsExactly("(moved " + Q + " deck (hand p1))");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck (hand p1))");
  }

  /**
   * The equilibrium of Kuhn poker (Kuhn 1950; the family with α = 0): its value to the first player is -1/18 per
   * hand. Computed exactly from the game's rules and goals by enumerating the deals and both players' mixed moves,
   * so the payoff encoding (amount, range, goal) is what fixes the figure.
   */
  @Test
  void theEquilibriumValueIsMinusOneEighteenth() {
    CompiledGame g = Play.load("kuhn-poker", Map.of());
    assertThat(value(g, KuhnPokerRulesTest::equilibrium)).isCloseTo(-1.0 / 18, within(1e-12));
    // Always betting and always calling against it: a worse line for the first player, as theory gives.
    assertThat(value(g, (seat, card, history, move) -> seat == 0
        ? (move.equals("bet") || move.equals("call") ? 1 : 0) : equilibrium(seat, card, history, move)))
        .isLessThan(-1.0 / 18 - 1e-9);
  }

  interface Strategy {
    /** The probability that {@code seat}, holding {@code card} (1 J, 2 Q, 3 K) after {@code history}, plays move. */
    double p(int seat, int card, String history, String move);
  }

  /** P1: check J and Q, check K; after check-bet fold J, call Q a third of the time, call K. P2 as theory says. */
  static double equilibrium(int seat, int card, String history, String move) {
    double[] bet; // probability of the aggressive move (bet or call) by card J, Q, K
    if (seat == 0) {
      bet = history.isEmpty() ? new double[] {0, 0, 0} : new double[] {0, 1.0 / 3, 1};
    } else {
      bet = history.equals("bet") ? new double[] {0, 1.0 / 3, 1} : new double[] {1.0 / 3, 0, 1};
    }
    double b = bet[card - 1];
    return move.equals("bet") || move.equals("call") ? b : 1 - b;
  }

  /** The first player's expected amount under a strategy profile, by exact enumeration of the game tree. */
  static double value(CompiledGame g, Strategy s) {
    LudState st = (LudState) g.initialState();
    return expand(g, st, s, new int[2], "");
  }

  private static double expand(CompiledGame g, LudState st, Strategy s, int[] cards, String history) {
    if (g.isTerminal(st)) {
      return g.payoffRange().amount(g.goal(st, 0));
    }
    MoveList moves = new MoveList();
    int random = g.randomRole();
    g.legalMoves(st, random, moves);
    if (!g.moveText(random, moves.get(0)).equals("noop")) {
      double sum = 0;
      int n = moves.size();
      for (int i = 0; i < n; i++) {
        String text = g.moveText(random, moves.get(i));
        int[] c = cards.clone();
        c[c[0] == 0 ? 0 : 1] = text.contains("jack") ? 1 : text.contains("queen") ? 2 : 3;
        sum += expand(g, next(g, st, random, moves.get(i)), s, c, history) / n;
      }
      return sum;
    }
    for (int seat = 0; seat < 2; seat++) {
      g.legalMoves(st, seat, moves);
      if (g.moveText(seat, moves.get(0)).equals("noop")) {
        continue;
      }
      double sum = 0;
      double total = 0;
      for (int i = 0; i < moves.size(); i++) {
        String text = g.moveText(seat, moves.get(i));
        double p = s.p(seat, cards[seat], history, text);
        total += p;
        if (p > 0) {
          sum += p * expand(g, next(g, st, seat, moves.get(i)), s, cards,
              history.isEmpty() ? text : history + " " + text);
        }
      }
      assertThat(total).as("a strategy's probabilities at " + history).isCloseTo(1, within(1e-12));
      return sum;
    }
    throw new AssertionError("nobody moves");
  }

  private static LudState next(CompiledGame g, LudState st, int role, int move) {
    LudState c = (LudState) st.copy();
    int[] joint = new int[g.roleCount()];
    MoveList ml = new MoveList();
    for (int r = 0; r < joint.length; r++) {
      g.legalMoves(c, r, ml);
      joint[r] = r == role ? move : ml.get(0);
    }
    g.apply(c, joint, null);
    return c;
  }

}
