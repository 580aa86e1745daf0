package veil.ai.games;

import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * A game with no decisions (War in one trick): chance deals each player a card 0..9, the highest card wins (ties
 * share the win). Nobody ever chooses anything, so any difference between agents is luck. With {@code teams},
 * players 1 and 3 are partners against 2 and 4 (a side wins when one of its members holds the highest card).
 */
public final class HighCard extends TestGame {
  private final int players;
  private final boolean teams;

  public HighCard(int players, boolean teams) {
    if (teams && players % 2 != 0) {
      throw new IllegalArgumentException("teams need an even number of players");
    }
    this.players = players;
    this.teams = teams;
  }

  @Override
  public String name() {
    return "High Card";
  }

  @Override
  public int roleCount() {
    return players + 1;
  }

  @Override
  public String roleName(int role) {
    return role == players ? "random" : "p" + (role + 1);
  }

  @Override
  public int randomRole() {
    return players;
  }

  @Override
  public int team(int role) {
    return teams && role < players ? role % 2 : role;
  }

  @Override
  public int stepBound() {
    return players;
  }

  @Override
  public State initialState() {
    return new IntState(new int[players + 1]);
  }

  @Override
  public boolean isTerminal(State s) {
    return a(s)[0] == players;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    if (role == players) {
      for (int c = 0; c < 10; c++) {
        out.add(c);
      }
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
    x[1 + x[0]] = joint[players];
    x[0]++;
  }

  @Override
  public int goal(State s, int role) {
    if (role == players) {
      return 0;
    }
    int[] x = a(s);
    int best = 0;
    for (int r = 0; r < players; r++) {
      best = Math.max(best, x[1 + r]);
    }
    for (int r = 0; r < players; r++) {
      if (x[1 + r] == best && team(r) == team(role)) {
        return 100;
      }
    }
    return 0;
  }
}
