package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Exploding Bomb (GDL-II book, chapter 17): random arms the red or blue wire; the agent may ask which (the answer
 * costs 10 points); the agent cuts a wire, and cutting the armed one explodes (goal 0). Asking then cutting right
 * scores 90; not asking scores 100 or 0 with even chances.
 */
public final class ExplodingBomb extends TestGame {
  public static final int RANDOM = 0;
  public static final int AGENT = 1;
  public static final int RED = 0;
  public static final int BLUE = 1;
  public static final int ASK = 2;
  public static final int CUT_RED = 3;
  public static final int CUT_BLUE = 4;

  @Override
  public String name() {
    return "Exploding Bomb";
  }

  @Override
  public int roleCount() {
    return 2;
  }

  @Override
  public String roleName(int role) {
    return role == RANDOM ? "random" : "agent";
  }

  @Override
  public int randomRole() {
    return RANDOM;
  }

  @Override
  public int stepBound() {
    return 3;
  }

  @Override
  public State initialState() {
    return new IntState(0, -1, 0, -1); // step, armed, asked, cut
  }

  @Override
  public boolean isTerminal(State s) {
    return a(s)[0] == 3;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int step = a(s)[0];
    if (role == RANDOM && step == 0) {
      out.add(RED);
      out.add(BLUE);
    } else if (role == AGENT && step == 1) {
      out.add(NOOP);
      out.add(ASK);
    } else if (role == AGENT && step == 2) {
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
      x[1] = joint[RANDOM];
    } else if (x[0] == 1) {
      if (joint[AGENT] == ASK) {
        x[2] = 1;
        if (p != null) {
          p.add(AGENT, x[1]);
        }
      }
    } else {
      x[3] = joint[AGENT] - CUT_RED;
    }
    x[0]++;
  }

  @Override
  public int goal(State s, int role) {
    int[] x = a(s);
    if (x[3] == x[1]) {
      return 0;
    }
    return x[2] == 1 ? 90 : 100;
  }

  @Override
  public String moveText(int role, int move) {
    switch (move) {
      case NOOP:
        return "noop";
      case ASK:
        return "ask";
      case CUT_RED:
        return "(cut red)";
      case CUT_BLUE:
        return "(cut blue)";
      default:
        return move == RED ? "(arm red)" : "(arm blue)";
    }
  }

  @Override
  public String perceptText(int role, int percept) {
    return percept == RED ? "red" : "blue";
  }
}
