package veil.ai.games;

import veil.model.Game;
import veil.model.State;

/** Defaults shared by the hand-written test games. */
public abstract class TestGame implements Game {
  public static final int NOOP = -1;

  protected static int[] a(State s) {
    return ((IntState) s).a;
  }

  @Override
  public String description() {
    return "a hand-written test game";
  }

  @Override
  public String moveText(int role, int move) {
    return move == NOOP ? "noop" : "(move " + move + ")";
  }

  @Override
  public String perceptText(int role, int percept) {
    return "(see " + percept + ")";
  }

  @Override
  public String render(State s, int viewer) {
    return viewer < 0 ? s.toString() : "(hidden)";
  }
}
