package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * A tiny trick-taking game: 8 cards (2 suits x 4 ranks), random deals 3 to each player one card at a time (the
 * receiver sees it; 2 stay undealt), then 3 tricks: the leader plays any card, the follower must follow suit when
 * it can (so failing to follow reveals a void); both see every card played; the higher card of the led suit wins
 * and leads next. Goal: tricks won x 33 (100 for all three).
 */
public final class MiniTricks extends TestGame {
  public static final int RANDOM = 0;
  public static final int P1 = 1;
  public static final int P2 = 2;
  private static final int STEP = 0;
  private static final int HAND1 = 1;
  private static final int HAND2 = 2;
  private static final int DEALT = 3;
  private static final int TURN = 4;
  private static final int LED = 5;
  private static final int TRICKS = 6;
  private static final int WON1 = 7;
  private static final int WON2 = 8;

  @Override
  public String name() {
    return "Mini Tricks";
  }

  @Override
  public int roleCount() {
    return 3;
  }

  @Override
  public String roleName(int role) {
    return new String[] {"random", "p1", "p2"}[role];
  }

  @Override
  public int randomRole() {
    return RANDOM;
  }

  @Override
  public int stepBound() {
    return 12;
  }

  @Override
  public State initialState() {
    return new IntState(0, 0, 0, 0, P1, -1, 0, 0, 0);
  }

  @Override
  public boolean isTerminal(State s) {
    return a(s)[TRICKS] == 3;
  }

  private static int suit(int card) {
    return card / 4;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int[] x = a(s);
    if (x[STEP] < 6) {
      if (role == RANDOM) {
        for (int c = 0; c < 8; c++) {
          if ((x[DEALT] & (1 << c)) == 0) {
            out.add(c);
          }
        }
      } else {
        out.add(NOOP);
      }
      return;
    }
    if (role != x[TURN]) {
      out.add(NOOP);
      return;
    }
    int hand = x[role == P1 ? HAND1 : HAND2];
    int led = x[LED];
    if (led >= 0) {
      for (int c = 0; c < 8; c++) {
        if ((hand & (1 << c)) != 0 && suit(c) == suit(led)) {
          out.add(c);
        }
      }
      if (!out.isEmpty()) {
        return;
      }
    }
    for (int c = 0; c < 8; c++) {
      if ((hand & (1 << c)) != 0) {
        out.add(c);
      }
    }
  }

  @Override
  public void apply(State s, int[] joint, Percepts p) {
    if (p != null) {
      p.clear();
    }
    int[] x = a(s);
    if (x[STEP] < 6) {
      int c = joint[RANDOM];
      int to = x[STEP] % 2 == 0 ? P1 : P2;
      x[DEALT] |= 1 << c;
      x[to == P1 ? HAND1 : HAND2] |= 1 << c;
      if (p != null) {
        p.add(to, 100 + c);
      }
      x[STEP]++;
      return;
    }
    int mover = x[TURN];
    int c = joint[mover];
    x[mover == P1 ? HAND1 : HAND2] &= ~(1 << c);
    if (p != null) {
      p.add(P1, 200 + c);
      p.add(P2, 200 + c);
    }
    int other = mover == P1 ? P2 : P1;
    if (x[LED] < 0) {
      x[LED] = c;
      x[TURN] = other;
    } else {
      int led = x[LED];
      boolean followerWins = suit(c) == suit(led) && c > led;
      int winner = followerWins ? mover : other;
      x[winner == P1 ? WON1 : WON2]++;
      x[TRICKS]++;
      x[LED] = -1;
      x[TURN] = winner;
    }
    x[STEP]++;
  }

  @Override
  public int goal(State s, int role) {
    int won = a(s)[role == P1 ? WON1 : WON2];
    return won == 3 ? 100 : won * 33;
  }

  /**
   * A running score (a test of {@code leaf=K}): the share of the three tricks a player would take if the tricks
   * left were split evenly, (won + (3 - played) / 2) / 3; unlike {@link #goal}, it is not 0 before the end.
   */
  @Override
  public veil.model.Heuristic heuristic() {
    return (s, scratch, out) -> {
      int[] x = a(s);
      for (int r = 0; r < out.length; r++) {
        out[r] = r == RANDOM ? 0 : (x[r == P1 ? WON1 : WON2] + (3 - x[TRICKS]) / 2.0) / 3;
      }
      return true;
    };
  }

  @Override
  public String moveText(int role, int move) {
    if (move == NOOP) {
      return "noop";
    }
    return "(card " + "HS".charAt(move / 4) + (move % 4 + 1) + ")";
  }
}
