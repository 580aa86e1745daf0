package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Spy vs Spy (HyperPlay-II): the arming agent arms the red or blue wire and, in the same move, tells the opponent
 * which one or hides it (hiding costs 20); the opponent then cuts a wire. The agent wants the bomb to explode
 * (opponent cuts the armed wire): 100 when it told, 80 when it hid; no explosion: 20 when it told, 0 when it hid.
 * Zero-sum. Against an opponent who uses what it is told, telling scores 20 and hiding 40.
 */
public final class SpyVsSpy extends TestGame {
  public static final int AGENT = 0;
  public static final int OPPONENT = 1;
  /** Agent moves: colour + 2·hide. */
  public static final int RED_TELL = 0;
  public static final int BLUE_TELL = 1;
  public static final int RED_HIDE = 2;
  public static final int BLUE_HIDE = 3;
  public static final int CUT_RED = 10;
  public static final int CUT_BLUE = 11;

  @Override
  public String name() {
    return "Spy vs Spy";
  }

  @Override
  public int roleCount() {
    return 2;
  }

  @Override
  public String roleName(int role) {
    return role == AGENT ? "agent" : "opponent";
  }

  @Override
  public int randomRole() {
    return -1;
  }

  @Override
  public int stepBound() {
    return 2;
  }

  @Override
  public State initialState() {
    return new IntState(0, -1, 0, -1); // step, armed colour, hidden, cut colour
  }

  @Override
  public boolean isTerminal(State s) {
    return a(s)[0] == 2;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int step = a(s)[0];
    if (step == 0 && role == AGENT) {
      for (int m = RED_TELL; m <= BLUE_HIDE; m++) {
        out.add(m);
      }
    } else if (step == 1 && role == OPPONENT) {
      out.add(CUT_RED);
      out.add(CUT_BLUE);
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
      int m = joint[AGENT];
      x[1] = m % 2;
      x[2] = m / 2;
      if (p != null && x[2] == 0) {
        p.add(OPPONENT, x[1]);
      }
    } else {
      x[3] = joint[OPPONENT] - CUT_RED;
    }
    x[0]++;
  }

  @Override
  public int goal(State s, int role) {
    int[] x = a(s);
    boolean explodes = x[3] == x[1];
    boolean hid = x[2] == 1;
    int agent = explodes ? (hid ? 80 : 100) : (hid ? 0 : 20);
    return role == AGENT ? agent : 100 - agent;
  }

  @Override
  public String moveText(int role, int move) {
    switch (move) {
      case NOOP:
        return "noop";
      case RED_TELL:
        return "(arm red tell)";
      case BLUE_TELL:
        return "(arm blue tell)";
      case RED_HIDE:
        return "(arm red hide)";
      case BLUE_HIDE:
        return "(arm blue hide)";
      case CUT_RED:
        return "(cut red)";
      default:
        return "(cut blue)";
    }
  }
}
