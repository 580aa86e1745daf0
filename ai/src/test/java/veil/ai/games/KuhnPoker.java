package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Kuhn poker: a three-card deck (J, Q, K), one card each, one betting round with pass/bet, ante 1. Random deals
 * both cards in one move; each player sees its own card; both see every action; at a showdown both see the other
 * card. Goal 50 + 25·(chips won), so 0..100.
 */
public final class KuhnPoker extends TestGame {
  public static final int RANDOM = 0;
  public static final int P1 = 1;
  public static final int P2 = 2;
  public static final int PASS = 0;
  public static final int BET = 1;
  // state: dealt, c1, c2, n actions, h0, h1, h2

  @Override
  public String name() {
    return "Kuhn Poker";
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
    return 4;
  }

  @Override
  public State initialState() {
    return new IntState(0, -1, -1, 0, -1, -1, -1);
  }

  @Override
  public boolean isTerminal(State s) {
    int[] x = a(s);
    int n = x[3];
    return n == 3 || (n == 2 && !(x[4] == PASS && x[5] == BET));
  }

  private static int actor(int[] x) {
    return x[3] == 1 ? P2 : P1;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int[] x = a(s);
    if (x[0] == 0) {
      if (role == RANDOM) {
        for (int c1 = 0; c1 < 3; c1++) {
          for (int c2 = 0; c2 < 3; c2++) {
            if (c1 != c2) {
              out.add(c1 * 3 + c2);
            }
          }
        }
      } else {
        out.add(NOOP);
      }
      return;
    }
    if (role == actor(x)) {
      out.add(PASS);
      out.add(BET);
    } else {
      out.add(NOOP);
    }
  }

  @Override
  public void apply(State s, int[] joint, Percepts p) {
    if (p != null) {
      p.clear();
    }
    int[] x = a(s);
    if (x[0] == 0) {
      x[0] = 1;
      x[1] = joint[RANDOM] / 3;
      x[2] = joint[RANDOM] % 3;
      if (p != null) {
        p.add(P1, 100 + x[1]);
        p.add(P2, 100 + x[2]);
      }
      return;
    }
    int who = actor(x);
    int act = joint[who];
    x[4 + x[3]] = act;
    x[3]++;
    if (p != null) {
      p.add(P1, 200 + who * 10 + act);
      p.add(P2, 200 + who * 10 + act);
      if (isTerminal(s) && showdown(x)) {
        p.add(P1, 300 + x[2]);
        p.add(P2, 300 + x[1]);
      }
    }
  }

  private static boolean showdown(int[] x) {
    int folds = 0;
    // a fold is a pass after a bet
    if (x[4] == BET && x[5] == PASS) {
      folds = 1;
    }
    if (x[3] == 3 && x[6] == PASS) {
      folds = 1;
    }
    return folds == 0;
  }

  /** Chips won by p1. */
  private static int net1(int[] x) {
    if (x[4] == BET && x[5] == PASS) {
      return 1;
    }
    if (x[3] == 3 && x[6] == PASS) {
      return -1;
    }
    int stake = (x[4] == PASS && x[5] == PASS) ? 1 : 2;
    return x[1] > x[2] ? stake : -stake;
  }

  @Override
  public int goal(State s, int role) {
    int g1 = 50 + 25 * net1(a(s));
    return role == P1 ? g1 : 100 - g1;
  }

  @Override
  public String moveText(int role, int move) {
    if (move == NOOP) {
      return "noop";
    }
    if (role == RANDOM) {
      return "(deal " + "JQK".charAt(move / 3) + " " + "JQK".charAt(move % 3) + ")";
    }
    return move == BET ? "bet" : "pass";
  }
}
