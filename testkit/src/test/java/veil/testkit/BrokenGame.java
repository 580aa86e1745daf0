package veil.testkit;

import java.util.SplittableRandom;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;
import veil.model.Uniform;

/**
 * A healthy game with one rule broken on purpose ({@link Bug}), to show that the check for that rule fails. With
 * {@link Bug#NONE} it plays exactly as the game it wraps. Not thread-safe (some bugs count calls).
 */
final class BrokenGame implements Game {
  enum Bug {
    NONE,
    /** (a) apply throws from the third step on. */
    THROW,
    /** (a) the declared step bound is 2, shorter than the game. */
    BOUND,
    /** (b) the first player has no legal move from the third step on. */
    STUCK,
    /** (c) every player's goal is 150. */
    GOAL,
    /** (d) the legal moves come in an order that turns with every call, so a seed does not fix the game. */
    TURNING_ORDER,
    /** (e) copy() shares the wrapped state with the original. */
    SHARED_COPY,
    /** (f) all moves of a role print alike. */
    SAME_TEXT,
    /** (g) the first player perceives the number of apply calls so far, not a function of the history. */
    TICK,
    /** (h) the first player's legal moves include one that depends on the whole (hidden) state. */
    LEAK,
    /** (i), (j) the game's sampler draws the empty history whatever the observation, and no state. */
    BAD_SAMPLER,
    /** (k) randomLegalMove plays the first listed move, drawing as if it chose. */
    RANDOM_MOVE
  }

  private static final int ALIAS = 1 << 20;
  private static final int TICK_PERCEPT = 1 << 21;
  // TICK_PERCEPT + 0xFFFFF stays below 1 << 22.

  private final Game inner;
  private final Bug bug;
  private final int player;
  private int calls;

  BrokenGame(Game inner, Bug bug) {
    this.inner = inner;
    this.bug = bug;
    this.player = inner.randomRole() == 0 ? 1 : 0;
  }

  /** The wrapped state and the steps played to reach it. */
  static final class S implements State {
    final State inner;
    int steps;
    private final boolean share;

    S(State inner, int steps, boolean share) {
      this.inner = inner;
      this.steps = steps;
      this.share = share;
    }

    @Override
    public State copy() {
      return new S(share ? inner : inner.copy(), steps, share);
    }

    @Override
    public void copyFrom(State other) {
      inner.copyFrom(((S) other).inner);
      steps = ((S) other).steps;
    }

    @Override
    public boolean sameAs(State other) {
      return other instanceof S o && steps == o.steps && inner.sameAs(o.inner);
    }

    @Override
    public long contentHash() {
      return inner.contentHash() * 31 + steps;
    }
  }

  private static S s(State s) {
    return (S) s;
  }

  @Override
  public String name() {
    return inner.name() + " (" + bug.name().toLowerCase(java.util.Locale.ROOT) + ")";
  }

  @Override
  public String description() {
    return inner.description();
  }

  @Override
  public int roleCount() {
    return inner.roleCount();
  }

  @Override
  public String roleName(int role) {
    return inner.roleName(role);
  }

  @Override
  public int randomRole() {
    return inner.randomRole();
  }

  @Override
  public int stepBound() {
    return bug == Bug.BOUND ? 2 : inner.stepBound();
  }

  @Override
  public State initialState() {
    return new S(inner.initialState(), 0, bug == Bug.SHARED_COPY);
  }

  @Override
  public boolean isTerminal(State st) {
    return inner.isTerminal(s(st).inner);
  }

  @Override
  public void legalMoves(State st, int role, MoveList out) {
    inner.legalMoves(s(st).inner, role, out);
    if (bug == Bug.STUCK && role == player && s(st).steps >= 2) {
      out.clear();
    } else if (bug == Bug.TURNING_ORDER && out.size() > 1) {
      int[] moves = out.toArray();
      int turn = calls++ % moves.length;
      out.clear();
      for (int i = 0; i < moves.length; i++) {
        out.add(moves[(i + turn) % moves.length]);
      }
    } else if (bug == Bug.LEAK && role == player && out.size() > 1) {
      out.add(ALIAS + (int) ((s(st).inner.contentHash() >>> 7) & 63));
    }
  }

  @Override
  public int randomLegalMove(State st, int role, SplittableRandom rng, MoveList scratch) {
    if (bug == Bug.RANDOM_MOVE) {
      legalMoves(st, role, scratch);
      int n = scratch.size();
      if (n > 1) {
        Uniform.below(rng, n);
      }
      return n == 0 ? NO_MOVE : scratch.get(0);
    }
    return Game.super.randomLegalMove(st, role, rng, scratch);
  }

  @Override
  public void apply(State st, int[] joint, Percepts percepts) {
    if (bug == Bug.THROW && s(st).steps >= 2) {
      throw new IllegalStateException("broken on purpose at step " + s(st).steps);
    }
    int[] j = joint;
    if (bug == Bug.LEAK && joint[player] >= ALIAS) {
      // The leaked move plays as the role's first legal move.
      MoveList ml = new MoveList();
      inner.legalMoves(s(st).inner, player, ml);
      j = joint.clone();
      j[player] = ml.get(0);
    }
    inner.apply(s(st).inner, j, percepts);
    s(st).steps++;
    if (bug == Bug.TICK && percepts != null) {
      percepts.add(player, TICK_PERCEPT + (calls++ & 0xFFFFF));
    }
  }

  @Override
  public int goal(State st, int role) {
    return bug == Bug.GOAL ? 150 : inner.goal(s(st).inner, role);
  }

  @Override
  public String moveText(int role, int move) {
    if (move >= ALIAS) {
      return "(leaked " + (move - ALIAS) + ")";
    }
    return bug == Bug.SAME_TEXT ? "(same)" : inner.moveText(role, move);
  }

  @Override
  public String perceptText(int role, int percept) {
    return percept >= TICK_PERCEPT ? "(tick " + (percept - TICK_PERCEPT) + ")" : inner.perceptText(role, percept);
  }

  @Override
  public String render(State st, int viewer) {
    return inner.render(s(st).inner, viewer);
  }

  @Override
  public Determinizer determinizer() {
    if (bug != Bug.BAD_SAMPLER) {
      return null; // the general sampler, on this game
    }
    return new Determinizer() {
      @Override
      public boolean sample(Observation observation, SplittableRandom rng, State out) {
        return false;
      }

      @Override
      public int[][] sampleHistory(Observation observation, SplittableRandom rng) {
        return new int[0][];
      }
    };
  }
}
