package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Monty Hall with n doors: random hides the car; the player picks a door; the host (the random role, or a player
 * role choosing freely) leaves closed the player's door and one other, opening all the rest — the other is the car
 * unless the player picked it; the player stays or switches. Goal 100 for the car. Switching wins (n-1)/n.
 */
public final class MontyHall extends TestGame {
  public static final int RANDOM = 0;
  public static final int PLAYER = 1;
  public static final int HOST = 2;
  public static final int STAY = 100;
  public static final int SWITCH = 101;
  private static final int STEP = 0;
  private static final int CAR = 1;
  private static final int PICK = 2;
  private static final int OTHER = 3;
  private static final int FINAL = 4;

  private final int doors;
  private final boolean hostIsRole;

  public MontyHall(int doors, boolean hostIsRole) {
    this.doors = doors;
    this.hostIsRole = hostIsRole;
  }

  @Override
  public String name() {
    return "Monty Hall " + doors + (hostIsRole ? " (host role)" : "");
  }

  @Override
  public int roleCount() {
    return hostIsRole ? 3 : 2;
  }

  @Override
  public String roleName(int role) {
    return new String[] {"random", "player", "host"}[role];
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
    return new IntState(0, -1, -1, -1, -1);
  }

  @Override
  public boolean isTerminal(State s) {
    return a(s)[STEP] == 4;
  }

  private int hostMover() {
    return hostIsRole ? HOST : RANDOM;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int[] x = a(s);
    switch (x[STEP]) {
      case 0:
        if (role == RANDOM) {
          for (int d = 0; d < doors; d++) {
            out.add(d);
          }
          return;
        }
        break;
      case 1:
        if (role == PLAYER) {
          for (int d = 0; d < doors; d++) {
            out.add(d);
          }
          return;
        }
        break;
      case 2:
        if (role == hostMover()) {
          if (x[PICK] == x[CAR]) {
            for (int d = 0; d < doors; d++) {
              if (d != x[PICK]) {
                out.add(d);
              }
            }
          } else {
            out.add(x[CAR]);
          }
          return;
        }
        break;
      case 3:
        if (role == PLAYER) {
          out.add(STAY);
          out.add(SWITCH);
          return;
        }
        break;
      default:
        break;
    }
    out.add(NOOP);
  }

  @Override
  public void apply(State s, int[] joint, Percepts p) {
    if (p != null) {
      p.clear();
    }
    int[] x = a(s);
    switch (x[STEP]) {
      case 0:
        x[CAR] = joint[RANDOM];
        if (p != null && hostIsRole) {
          p.add(HOST, 10 + x[CAR]);
        }
        break;
      case 1:
        x[PICK] = joint[PLAYER];
        if (p != null && hostIsRole) {
          p.add(HOST, 20 + x[PICK]);
        }
        break;
      case 2:
        x[OTHER] = joint[hostMover()];
        if (p != null) {
          p.add(PLAYER, 30 + x[OTHER]);
        }
        break;
      default:
        x[FINAL] = joint[PLAYER] == SWITCH ? x[OTHER] : x[PICK];
        if (p != null) {
          p.add(PLAYER, 40 + x[CAR]);
        }
        break;
    }
    x[STEP]++;
  }

  @Override
  public int goal(State s, int role) {
    return role == PLAYER && a(s)[FINAL] == a(s)[CAR] ? 100 : 0;
  }

  @Override
  public String moveText(int role, int move) {
    if (move == NOOP) {
      return "noop";
    }
    if (move == STAY) {
      return "stay";
    }
    return move == SWITCH ? "switch" : "(door " + move + ")";
  }
}
