package veil.games;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import veil.games.RuleFailure.Kind;
import veil.model.Game;
import veil.model.Percepts;
import veil.model.RandomJointMoves;
import veil.model.State;

/**
 * Plays games with uniformly random joint moves from the initial state to the end and checks that they keep the
 * rules of the GDL-II model: every role has a legal move in every non-terminal state, the game ends within its
 * step bound, goals are in 0..100 and scores in [0, 1] at the end, and nothing throws.
 *
 * <p>Game {@code i} of a run plays from {@link #gameSeed}(masterSeed, i), which depends on nothing else, so a
 * run of one game starting at index {@code i} with the same master seed replays game {@code i} exactly.
 *
 * <p>Every step computes percepts too (real play needs them, so they belong in the rules check and the speed
 * figure). The playout loop allocates nothing but one random generator per game (and whatever the game's
 * {@code scores} allocates at the end): one working state is reset with
 * {@link State#copyFrom}, and the move list, joint move and percepts are reused.
 */
public final class Simulator {
  /** How many failures a result describes in full; all are counted. */
  public static final int MAX_FAILURES_KEPT = 100;

  /** Told how far a run is, at most every {@link #PROGRESS_INTERVAL_NANOS}. */
  public interface Progress {
    void update(int done, int total, long elapsedNanos);
  }

  public static final long PROGRESS_INTERVAL_NANOS = 200_000_000L;

  // What the playout was doing when the game threw, for the failure message.
  private static final int LEGAL = 0;
  private static final int APPLY = 1;
  private static final int TERMINAL = 2;
  private static final int GOAL = 3;
  private static final int SCORES = 4;
  private static final String[] DOING = {
    "computing legal moves", "applying a joint move", "testing for the end", "computing goals", "computing scores"
  };

  private final Game game;
  private final RandomJointMoves chooser;
  private final int[] joint;
  private final int[] previousJoint;
  private final Percepts percepts;
  private final double[] scoreSums;

  // The outcome of the last playOne besides its length: its scores, or its failure.
  private double[] lastScores;
  private RuleFailure failure;

  public Simulator(Game game) {
    this.game = game;
    this.chooser = new RandomJointMoves(game);
    this.joint = new int[game.roleCount()];
    this.previousJoint = new int[game.roleCount()];
    this.percepts = new Percepts(game.roleCount());
    this.scoreSums = new double[game.roleCount()];
  }

  /**
   * The seed of game {@code gameIndex} of a run with {@code masterSeed} ({@link RandomJointMoves#gameSeed}, shared
   * with the conformance suite, so its replay commands name simulate's games).
   */
  public static long gameSeed(long masterSeed, long gameIndex) {
    return RandomJointMoves.gameSeed(masterSeed, gameIndex);
  }

  /**
   * Plays games {@code firstGame .. firstGame + games - 1} of the run with {@code masterSeed}.
   *
   * @param progress told how far the run is, or null
   */
  public SimulationResult run(long masterSeed, int firstGame, int games, Progress progress) {
    if (games < 0 || firstGame < 0) {
      throw new IllegalArgumentException("games and firstGame must be >= 0");
    }
    long start = System.nanoTime();
    Arrays.fill(scoreSums, 0);
    List<RuleFailure> failures = new ArrayList<>();
    int failureCount = 0;
    int completed = 0;
    long totalSteps = 0;
    int minLength = Integer.MAX_VALUE;
    int maxLength = 0;

    State initial;
    State pristine;
    State state;
    try {
      initial = game.initialState();
      // A second initial state, never copied or played on, tells whether playing on a copy changed the first.
      pristine = game.initialState();
      state = initial.copy();
    } catch (RuntimeException | Error e) {
      rethrowIfFatal(e);
      // Without an initial state no game can start: every game of the run fails the same way.
      failures.add(new RuleFailure(Kind.EXCEPTION, firstGame, gameSeed(masterSeed, firstGame), 0, -1,
          "the game threw while creating the initial state: " + describe(e), e));
      return new SimulationResult(masterSeed, firstGame, games, 0, 0, 0, 0, new double[game.roleCount()],
          System.nanoTime() - start, games, failures);
    }

    long lastProgress = start;
    for (int i = 0; i < games; i++) {
      int index = firstGame + i;
      long seed = gameSeed(masterSeed, index);
      int length = playOne(initial, state, index, seed);
      if (length >= 0 && changed(initial, pristine)) {
        length = fail(Kind.SHARED_STATE, index, seed, length, -1, "playing on a copy of the initial state changed"
            + " the initial state: copy() or copyFrom() shares mutable parts (or sameAs is wrong)");
      }
      if (length >= 0) {
        completed++;
        totalSteps += length;
        minLength = Math.min(minLength, length);
        maxLength = Math.max(maxLength, length);
        for (int r = 0; r < scoreSums.length; r++) {
          scoreSums[r] += lastScores[r];
        }
      } else {
        failureCount++;
        if (failures.size() < MAX_FAILURES_KEPT) {
          failures.add(failure);
        }
        // Start the next game from fresh states, so that it plays as it would alone.
        try {
          initial = game.initialState();
          state = initial.copy();
        } catch (RuntimeException | Error e) {
          rethrowIfFatal(e);
        }
      }
      if (progress != null) {
        long now = System.nanoTime();
        if (now - lastProgress >= PROGRESS_INTERVAL_NANOS) {
          lastProgress = now;
          progress.update(i + 1, games, now - start);
        }
      }
    }
    double[] means = new double[game.roleCount()];
    for (int r = 0; r < means.length; r++) {
      means[r] = completed == 0 ? 0 : scoreSums[r] / completed;
    }
    return new SimulationResult(masterSeed, firstGame, games, completed, totalSteps,
        completed == 0 ? 0 : minLength, maxLength, means, System.nanoTime() - start, failureCount,
        List.copyOf(failures));
  }

  /**
   * Plays one game from {@code initial} in {@code state}; returns its length in steps and adds its scores to the
   * sums, or returns -1 and leaves the failure in {@link #failure}.
   */
  private int playOne(State initial, State state, int index, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int bound = game.stepBound();
    int step = 0;
    int doing = TERMINAL;
    try {
      state.copyFrom(initial);
      while (!game.isTerminal(state)) {
        if (step >= bound) {
          return fail(Kind.STEP_BOUND_EXCEEDED, index, seed, step, -1,
              "the game is not over after its step bound of " + bound + " joint moves");
        }
        doing = LEGAL;
        int stuck = chooser.choose(state, rng, joint);
        if (stuck >= 0) {
          return fail(Kind.NO_LEGAL_MOVE, index, seed, step, stuck,
              "role " + game.roleName(stuck) + " has no legal move in a non-terminal state" + after(step));
        }
        doing = APPLY;
        game.apply(state, joint, percepts);
        System.arraycopy(joint, 0, previousJoint, 0, joint.length);
        step++;
        doing = TERMINAL;
      }
      doing = GOAL;
      int randomRole = game.randomRole();
      for (int r = 0; r < joint.length; r++) {
        if (r != randomRole) {
          int goal = game.goal(state, r);
          if (goal < 0 || goal > 100) {
            return fail(Kind.GOAL_OUT_OF_RANGE, index, seed, step, r,
                "goal of " + game.roleName(r) + " is " + goal + ", outside 0..100");
          }
        }
      }
      doing = SCORES;
      double[] scores = game.scores(state);
      if (scores == null || scores.length != joint.length) {
        return fail(Kind.SCORE_OUT_OF_RANGE, index, seed, step, -1, "scores() gave "
            + (scores == null ? "null" : scores.length + " scores") + " for " + joint.length + " roles");
      }
      for (int r = 0; r < scores.length; r++) {
        if (!(scores[r] >= 0 && scores[r] <= 1)) {
          return fail(Kind.SCORE_OUT_OF_RANGE, index, seed, step, r,
              "score of " + game.roleName(r) + " is " + scores[r] + ", outside [0, 1]");
        }
      }
      lastScores = scores;
      return step;
    } catch (RuntimeException | Error e) {
      rethrowIfFatal(e);
      String context = doing == APPLY ? " " + jointText("the joint move", joint) : after(step);
      return failWith(e, index, seed, step, "the game threw while " + DOING[doing] + context + ": " + describe(e));
    }
  }

  private String after(int step) {
    return step == 0 ? " (in the initial state)" : " " + jointText("after the joint move", previousJoint);
  }

  // Only called for a failure, so it may build strings.
  private String jointText(String label, int[] moves) {
    StringBuilder sb = new StringBuilder("(").append(label);
    for (int r = 0; r < moves.length; r++) {
      sb.append(r == 0 ? " " : ", ").append(game.roleName(r)).append(": ");
      try {
        sb.append(game.moveText(r, moves[r]));
      } catch (RuntimeException e) {
        sb.append("move ").append(moves[r]).append(" (moveText threw ").append(e).append(')');
      }
    }
    return sb.append(')').toString();
  }

  private boolean changed(State initial, State pristine) {
    try {
      return !initial.sameAs(pristine);
    } catch (RuntimeException e) {
      return true;
    }
  }

  private int fail(Kind kind, int index, long seed, int step, int role, String message) {
    failure = new RuleFailure(kind, index, seed, step, role, message, null);
    return -1;
  }

  private int failWith(Throwable e, int index, long seed, int step, String message) {
    failure = new RuleFailure(Kind.EXCEPTION, index, seed, step, -1, message, e);
    return -1;
  }

  // A game's StackOverflowError or AssertionError is its own bug; running out of memory is everyone's problem.
  private static void rethrowIfFatal(Throwable e) {
    if (e instanceof VirtualMachineError && !(e instanceof StackOverflowError)) {
      throw (VirtualMachineError) e;
    }
  }

  /**
   * A rule failure the rules reported themselves (a ludeme's, with its position, or the GDL-II reasoner's) as it is;
   * any other exception with its class, which is then a bug worth naming.
   */
  static String describe(Throwable e) {
    String m = e.getMessage();
    if (m != null && (e instanceof veil.gdl.reason.GdlPlayException
        || e instanceof IllegalStateException && m.startsWith("rule failure: "))) {
      return m;
    }
    return e.toString();
  }
}
