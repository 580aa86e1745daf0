package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/** Matching pennies: both players show heads or tails at once; p1 wins on a match. Simultaneous, no chance. */
public final class MatchingPennies extends TestGame {
  @Override
  public String name() {
    return "Matching Pennies";
  }

  @Override
  public int roleCount() {
    return 2;
  }

  @Override
  public String roleName(int role) {
    return role == 0 ? "p1" : "p2";
  }

  @Override
  public int randomRole() {
    return -1;
  }

  @Override
  public int stepBound() {
    return 1;
  }

  @Override
  public State initialState() {
    return new IntState(0, -1, -1);
  }

  @Override
  public boolean isTerminal(State s) {
    return a(s)[0] == 1;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    out.add(0);
    out.add(1);
  }

  @Override
  public void apply(State s, int[] joint, Percepts p) {
    if (p != null) {
      p.clear();
      p.add(0, 10 + joint[1]);
      p.add(1, 10 + joint[0]);
    }
    int[] x = a(s);
    x[0] = 1;
    x[1] = joint[0];
    x[2] = joint[1];
  }

  @Override
  public int goal(State s, int role) {
    boolean match = a(s)[1] == a(s)[2];
    return (match == (role == 0)) ? 100 : 0;
  }
}
