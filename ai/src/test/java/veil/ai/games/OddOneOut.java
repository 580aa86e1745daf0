package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/** Three players show 0 or 1 at once; the one who differs wins (100), others 0; all equal: 50 each. */
public final class OddOneOut extends TestGame {
  @Override
  public String name() {
    return "Odd One Out";
  }

  @Override
  public int roleCount() {
    return 3;
  }

  @Override
  public String roleName(int role) {
    return "p" + (role + 1);
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
    return new IntState(0, -1, -1, -1);
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
    int[] x = a(s);
    x[0] = 1;
    for (int r = 0; r < 3; r++) {
      x[1 + r] = joint[r];
    }
    if (p != null) {
      p.clear();
      for (int r = 0; r < 3; r++) {
        for (int q = 0; q < 3; q++) {
          if (q != r) {
            p.add(r, 10 * q + joint[q]);
          }
        }
      }
    }
  }

  @Override
  public int goal(State s, int role) {
    int[] x = a(s);
    int ones = x[1] + x[2] + x[3];
    if (ones == 0 || ones == 3) {
      return 50;
    }
    int odd = ones == 1 ? 1 : 0;
    return x[1 + role] == odd ? 100 : 0;
  }
}
