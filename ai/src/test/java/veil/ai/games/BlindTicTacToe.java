package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Blind Tic-Tac-Toe (GDL-II book, chapter 17): white and black mark at the same time without seeing each other's
 * marks; each may try each cell once; marking a taken cell has no effect; when both try the same free cell a coin
 * toss (the random role's tiebreak) decides. Each player only learns whether its own mark succeeded. Goal 100 for
 * the only line, 50 each when neither or both have one.
 */
public final class BlindTicTacToe extends TestGame {
  public static final int WHITE = 0;
  public static final int BLACK = 1;
  public static final int RANDOM = 2;
  public static final int OK = 1;
  public static final int TAKEN = 0;
  private static final int TRIED_W = 9;
  private static final int TRIED_B = 10;
  private static final int STEPS = 11;
  private static final int[][] LINES = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}
  };

  @Override
  public String name() {
    return "Blind Tic-Tac-Toe";
  }

  @Override
  public int roleCount() {
    return 3;
  }

  @Override
  public String roleName(int role) {
    return new String[] {"white", "black", "random"}[role];
  }

  @Override
  public int randomRole() {
    return RANDOM;
  }

  @Override
  public int stepBound() {
    return 9;
  }

  @Override
  public State initialState() {
    return new IntState(new int[12]);
  }

  private static boolean line(int[] x, int mark) {
    for (int[] l : LINES) {
      if (x[l[0]] == mark && x[l[1]] == mark && x[l[2]] == mark) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean isTerminal(State s) {
    int[] x = a(s);
    if (x[STEPS] == 9 || line(x, 1) || line(x, 2)) {
      return true;
    }
    for (int i = 0; i < 9; i++) {
      if (x[i] == 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int[] x = a(s);
    if (role == RANDOM) {
      out.add(0);
      out.add(1);
      return;
    }
    int tried = x[role == WHITE ? TRIED_W : TRIED_B];
    for (int c = 0; c < 9; c++) {
      if ((tried & (1 << c)) == 0) {
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
    int w = joint[WHITE];
    int b = joint[BLACK];
    x[TRIED_W] |= 1 << w;
    x[TRIED_B] |= 1 << b;
    boolean wOk;
    boolean bOk;
    if (w == b) {
      boolean free = x[w] == 0;
      wOk = free && joint[RANDOM] == 0;
      bOk = free && joint[RANDOM] == 1;
      if (free) {
        x[w] = wOk ? 1 : 2;
      }
    } else {
      wOk = x[w] == 0;
      bOk = x[b] == 0;
      if (wOk) {
        x[w] = 1;
      }
      if (bOk) {
        x[b] = 2;
      }
    }
    x[STEPS]++;
    if (p != null) {
      p.add(WHITE, wOk ? OK : TAKEN);
      p.add(BLACK, bOk ? OK : TAKEN);
    }
  }

  @Override
  public int goal(State s, int role) {
    int[] x = a(s);
    boolean xl = line(x, 1);
    boolean ol = line(x, 2);
    if (xl == ol) {
      return 50;
    }
    return (xl == (role == WHITE)) ? 100 : 0;
  }

  @Override
  public String moveText(int role, int move) {
    if (role == RANDOM) {
      return move == 0 ? "(tiebreak x)" : "(tiebreak o)";
    }
    return "(mark " + (move / 3 + 1) + " " + (move % 3 + 1) + ")";
  }

  @Override
  public String perceptText(int role, int percept) {
    return percept == OK ? "ok" : "taken";
  }
}
