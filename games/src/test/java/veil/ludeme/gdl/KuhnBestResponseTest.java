package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.PayoffRange;
import veil.model.State;

/**
 * Kuhn poker's payoffs, checked on the ludeme engine and on its exported GDL-II rules run by the reasoner: exact
 * expected amounts of fixed lines of play, and exact best responses to the equilibrium (every pure strategy of the
 * responder enumerated over the whole game tree), whose values must both be the game value −1/18.
 */
class KuhnBestResponseTest {
  /** A strategy: the probability of the aggressive move (bet or call) for a card (0 J, 1 Q, 2 K) after a history. */
  interface Strategy {
    double aggressive(int card, String history);
  }

  /** The equilibrium with α = 0 (Kuhn 1950). */
  static final Strategy P1_EQ = (c, h) -> h.isEmpty() ? 0 : new double[] {0, 1.0 / 3, 1}[c];
  static final Strategy P2_EQ = (c, h) -> h.equals("bet") ? new double[] {0, 1.0 / 3, 1}[c]
      : new double[] {1.0 / 3, 0, 1}[c];

  static List<Game> models() throws Exception {
    GdlExport.Exported e = ExportFixtures.export("kuhn-poker", Map.of());
    // The goals of both models are read back to amounts through the range the game declares.
    assertThat(e.game().payoffRange()).isEqualTo(new PayoffRange(-2, 2));
    return List.of(e.game(), ExportFixtures.load(e, "strict"));
  }

  @Test
  void fixedLinesPayWhatTheRulesSay() throws Exception {
    for (Game g : models()) {
      PayoffRange r = new PayoffRange(-2, 2);
      Strategy passive = (c, h) -> 0;
      Strategy aggressive = (c, h) -> 1;
      // P1 checks and folds to a bet, P2 always bets: P1 loses its ante every hand.
      assertThat(value(g, r, passive, aggressive)).as(g.getClass().getSimpleName()).isCloseTo(-1, within(1e-12));
      // P1 always bets, P2 always folds: P1 wins P2's ante every hand.
      assertThat(value(g, r, aggressive, passive)).isCloseTo(1, within(1e-12));
      // Both always bet and call: a showdown for 2 chips, won half the time.
      assertThat(value(g, r, aggressive, aggressive)).isCloseTo(0, within(1e-12));
      // Both always check: a showdown for the antes.
      assertThat(value(g, r, passive, (c, h) -> h.equals("bet") ? 1 : 0)).isCloseTo(0, within(1e-12));
    }
  }

  @Test
  void bestResponsesToTheEquilibriumBothGiveTheGameValue() throws Exception {
    for (Game g : models()) {
      PayoffRange r = new PayoffRange(-2, 2);
      assertThat(value(g, r, P1_EQ, P2_EQ)).as(g.getClass().getSimpleName()).isCloseTo(-1.0 / 18, within(1e-12));
      // Pure strategies: one bit per information set (card × history at which the player acts).
      double bestForP1 = Double.NEGATIVE_INFINITY;
      double bestForP2 = Double.POSITIVE_INFINITY;
      for (int bits = 0; bits < 64; bits++) {
        int b = bits;
        Strategy p1 = (c, h) -> (b >> (c + (h.isEmpty() ? 0 : 3)) & 1);
        Strategy p2 = (c, h) -> (b >> (c + (h.equals("bet") ? 0 : 3)) & 1);
        bestForP1 = Math.max(bestForP1, value(g, r, p1, P2_EQ));
        bestForP2 = Math.min(bestForP2, value(g, r, P1_EQ, p2));
      }
      assertThat(bestForP1).isCloseTo(-1.0 / 18, within(1e-12));
      assertThat(bestForP2).isCloseTo(-1.0 / 18, within(1e-12));
    }
  }

  /** The first player's expected amount, by exact enumeration of the deals and both players' moves. */
  static double value(Game g, PayoffRange r, Strategy p1, Strategy p2) {
    return expand(g, r, g.initialState(), new Strategy[] {p1, p2}, new int[] {-1, -1}, "");
  }

  private static double expand(Game g, PayoffRange r, State s, Strategy[] st, int[] cards, String history) {
    if (g.isTerminal(s)) {
      return r.amount(g.goal(s, 0));
    }
    MoveList moves = new MoveList();
    int random = g.randomRole();
    g.legalMoves(s, random, moves);
    if (!g.moveText(random, moves.get(0)).equals("noop")) {
      double sum = 0;
      for (int i = 0; i < moves.size(); i++) {
        String t = g.moveText(random, moves.get(i));
        int[] c = cards.clone();
        c[c[0] < 0 ? 0 : 1] = t.contains("jack") ? 0 : t.contains("queen") ? 1 : 2;
        sum += expand(g, r, next(g, s, random, moves.get(i)), st, c, history) / moves.size();
      }
      return sum;
    }
    for (int seat = 0; seat < 2; seat++) {
      g.legalMoves(s, seat, moves);
      if (g.moveText(seat, moves.get(0)).equals("noop")) {
        continue;
      }
      double a = st[seat].aggressive(cards[seat], history);
      double sum = 0;
      for (int i = 0; i < moves.size(); i++) {
        String t = g.moveText(seat, moves.get(i));
        double p = t.equals("bet") || t.equals("call") ? a : 1 - a;
        if (p > 0) {
          sum += p * expand(g, r, next(g, s, seat, moves.get(i)), st, cards, history.isEmpty() ? t : history + " " + t);
        }
      }
      return sum;
    }
    throw new AssertionError("nobody moves");
  }

  private static State next(Game g, State s, int role, int move) {
    State c = s.copy();
    int[] joint = new int[g.roleCount()];
    MoveList ml = new MoveList();
    for (int q = 0; q < joint.length; q++) {
      g.legalMoves(c, q, ml);
      joint[q] = q == role ? move : ml.get(0);
    }
    g.apply(c, joint, null);
    return c;
  }
}
