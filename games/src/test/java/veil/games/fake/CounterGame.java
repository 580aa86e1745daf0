package veil.games.fake;

import java.util.Arrays;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * A tiny game with chance and hidden information, standing in for real games in the tests of the games module:
 * p1 and p2 take turns adding 1 or 2 to a running total; whoever brings it to the target wins. Every step the
 * {@code random} role flips a coin that only the player to move sees, and that player's coin tally is hidden
 * state. {@link Bug}s break one rule each on purpose, to test that the simulator and the conformance suite catch
 * it.
 */
public final class CounterGame implements Game {
  /** Deliberate rule breaks, chosen by a {@code bug} line in a .fake file. */
  public enum Bug {
    NONE,
    /** p2 has no legal move once the total reaches the bug's threshold. */
    STUCK,
    /** The winner's goal is 150. */
    GOAL,
    /** apply throws once the total reaches the threshold. */
    THROW,
    /** The declared step bound is 2, shorter than the game. */
    BOUND,
    /** copy() shares the state's array with the original. */
    SHARED_COPY,
    /** Both "add" moves print as the same text. */
    SAME_TEXT,
    /** randomLegalMove always plays the first listed move (drawing as if it chose). */
    RANDOM_MOVE
  }

  static final int P1 = 0;
  static final int P2 = 1;
  static final int RANDOM = 2;
  private static final String[] ROLES = {"p1", "p2", "random"};

  // State layout: total, player to move, coin tally of p1, of p2.
  static final int TOTAL = 0;
  static final int MOVER = 1;
  static final int TALLY = 2;

  private static final int NOOP = 0;

  private final String name;
  private final String description;
  private final int target;
  private final Bug bug;
  private final int threshold;

  public CounterGame(String name, String description, int target, Bug bug, int threshold) {
    this.name = name;
    this.description = description;
    this.target = target;
    this.bug = bug;
    this.threshold = threshold;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public int roleCount() {
    return 3;
  }

  @Override
  public String roleName(int role) {
    return ROLES[role];
  }

  @Override
  public int randomRole() {
    return RANDOM;
  }

  @Override
  public int stepBound() {
    return bug == Bug.BOUND ? 2 : target;
  }

  @Override
  public State initialState() {
    return new CounterState(new int[] {0, P1, 0, 0}, bug == Bug.SHARED_COPY);
  }

  @Override
  public boolean isTerminal(State s) {
    return v(s)[TOTAL] >= target;
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    out.clear();
    int[] v = v(s);
    if (bug == Bug.STUCK && role == P2 && v[TOTAL] >= threshold) {
      return;
    }
    if (role == RANDOM) {
      out.add(0);
      out.add(1);
    } else if (role == v[MOVER]) {
      out.add(1);
      out.add(2);
    } else {
      out.add(NOOP);
    }
  }

  @Override
  public int randomLegalMove(State s, int role, java.util.SplittableRandom rng, MoveList scratch) {
    if (bug == Bug.RANDOM_MOVE) {
      legalMoves(s, role, scratch);
      int n = scratch.size();
      if (n > 1) {
        veil.model.Uniform.below(rng, n);
      }
      return n == 0 ? NO_MOVE : scratch.get(0);
    }
    return Game.super.randomLegalMove(s, role, rng, scratch);
  }

  @Override
  public void apply(State s, int[] joint, Percepts percepts) {
    int[] v = v(s);
    if (bug == Bug.THROW && v[TOTAL] >= threshold) {
      throw new IllegalStateException("counter broken on purpose at total " + v[TOTAL]);
    }
    int mover = v[MOVER];
    int add = joint[mover];
    int coin = joint[RANDOM];
    v[TOTAL] += add;
    v[TALLY + mover] += coin;
    v[MOVER] = 1 - mover;
    if (percepts != null) {
      percepts.clear();
      int added = 100 + mover * 10 + add;
      percepts.add(P1, added);
      percepts.add(P2, added);
      percepts.add(mover, 1000 + coin);
    }
  }

  @Override
  public int goal(State s, int role) {
    int[] v = v(s);
    // The player who moved last (not the one to move now) reached the target.
    boolean won = role == 1 - v[MOVER];
    return won ? (bug == Bug.GOAL ? 150 : 100) : 0;
  }

  @Override
  public String moveText(int role, int move) {
    if (role == RANDOM) {
      return "(coin " + move + ")";
    }
    if (move == NOOP) {
      return "noop";
    }
    return bug == Bug.SAME_TEXT ? "(add)" : "(add " + move + ")";
  }

  @Override
  public String perceptText(int role, int percept) {
    if (percept >= 1000) {
      return "(coin " + (percept - 1000) + ")";
    }
    int p = percept - 100;
    return "(added " + ROLES[p / 10] + " " + p % 10 + ")";
  }

  @Override
  public String render(State s, int viewer) {
    int[] v = v(s);
    String tallies = viewer < 0 ? ", coins p1 " + v[TALLY] + " p2 " + v[TALLY + 1]
        : viewer < 2 ? ", your coins " + v[TALLY + viewer] : "";
    return "total " + v[TOTAL] + " of " + target + ", " + ROLES[v[MOVER]] + " to move" + tallies + "\n";
  }

  private static int[] v(State s) {
    return ((CounterState) s).v;
  }

  /** The state: four ints. */
  static final class CounterState implements State {
    int[] v;
    private final boolean shareOnCopy;

    CounterState(int[] v, boolean shareOnCopy) {
      this.v = v;
      this.shareOnCopy = shareOnCopy;
    }

    @Override
    public State copy() {
      return new CounterState(shareOnCopy ? v : v.clone(), shareOnCopy);
    }

    @Override
    public void copyFrom(State other) {
      System.arraycopy(((CounterState) other).v, 0, v, 0, v.length);
    }

    @Override
    public boolean sameAs(State other) {
      return other instanceof CounterState o && Arrays.equals(v, o.v);
    }

    @Override
    public long contentHash() {
      return Arrays.hashCode(v);
    }
  }
}
