package veil.model;

/**
 * A game in the GDL-II state-transition model: roles (with {@code random} for chance), one initial state, legal
 * moves per role, joint moves, per-role percepts, a terminal test and goals 0..100.
 *
 * <p>A compiled game is immutable and safe to share between threads; all mutable data lives in {@link State}.
 * Moves and percepts are ints whose meaning is the game's own; {@link #moveText} and {@link #perceptText} print
 * them as GDL-II terms so that two implementations of one game can be compared term by term.
 *
 * <p>The playout path ({@link #legalMoves}, {@link #apply}, {@link #isTerminal}, {@link #goal}, {@link
 * State#copyFrom}) must not allocate.
 */
public interface Game {
  /** The game's name as written in its rules, e.g. "Hearts". */
  String name();

  /** One line saying what the game is. */
  String description();

  /** Number of roles, {@code random} included when the game has chance. */
  int roleCount();

  /** The GDL name of a role ("p1", "white", "random"). */
  String roleName(int role);

  /**
   * What {@link #randomLegalMove} returns for a role without a legal move. Moves are any other int (games may use
   * -1 for noop), so this is the one value no game uses.
   */
  int NO_MOVE = Integer.MIN_VALUE;

  /** Index of the {@code random} role, or -1 when the game has no chance. */
  int randomRole();

  /**
   * An upper bound on the number of joint moves from the initial state to any terminal state. A playout that runs
   * longer is a rule failure.
   */
  int stepBound();

  /** A fresh initial state. */
  State initialState();

  boolean isTerminal(State s);

  /**
   * Writes the legal moves of {@code role} in the non-terminal state {@code s} into {@code out} (cleared first). A
   * role that is not to move has exactly one move, its noop. In GDL-II a role always has at least one legal move
   * in a non-terminal state; an empty list is a rule failure the caller reports.
   */
  void legalMoves(State s, int role, MoveList out);

  /**
   * A uniformly random legal move of {@code role} in the non-terminal state {@code s}, or {@link #NO_MOVE} when it
   * has none (a rule failure): what a random playout plays. It draws {@code i = Uniform.below(rng, n)} only when
   * there are n ≥ 2 legal moves and plays the i-th in {@link #legalMoves} order, so it plays exactly as listing
   * the moves and drawing an index would. Engines override it to draw without listing (a deal draws a card from
   * the deck's bitmask); {@code scratch} is for implementations that list.
   */
  default int randomLegalMove(State s, int role, java.util.SplittableRandom rng, MoveList scratch) {
    legalMoves(s, role, scratch);
    int n = scratch.size();
    return n == 0 ? NO_MOVE : scratch.get(n == 1 ? 0 : Uniform.below(rng, n));
  }

  /**
   * Writes a uniformly random legal move of every role, in role order, into {@code joint}: {@link
   * #randomLegalMove} for each role, so it plays exactly as they would in turn.
   *
   * @return -1, or the first role with no legal move (a rule failure)
   */
  default int randomJointMove(State s, java.util.SplittableRandom rng, int[] joint, MoveList scratch) {
    for (int r = 0; r < joint.length; r++) {
      int m = randomLegalMove(s, r, rng, scratch);
      if (m == NO_MOVE) {
        return r;
      }
      joint[r] = m;
    }
    return -1;
  }

  /**
   * Plays uniformly random joint moves from {@code s} (in place) until it is terminal or {@code maxSteps} joint
   * moves were played: a random playout, a search's rollout. It plays exactly what {@link #randomJointMove} and
   * {@link #apply} without percepts would, step by step, for the same random numbers; engines override it with a
   * loop that skips the per-step protocol. {@code joint} (one int per role) and {@code scratch} are work space.
   *
   * @return the number of joint moves played
   * @throws IllegalStateException when a role has no legal move in a non-terminal state (a rule failure)
   */
  default int playout(State s, java.util.SplittableRandom rng, int maxSteps, int[] joint, MoveList scratch) {
    int steps = 0;
    while (steps < maxSteps && !isTerminal(s)) {
      int failed = randomJointMove(s, rng, joint, scratch);
      if (failed >= 0) {
        throw new IllegalStateException("rule failure: role " + roleName(failed)
            + " has no legal move in a non-terminal state of " + name());
      }
      apply(s, joint, null);
      steps++;
    }
    return steps;
  }

  /**
   * Plays a joint move ({@code joint[r]} is role r's legal move) in place: {@code s} becomes the next state. When
   * {@code percepts} is non-null, each role's percepts for this step are written to it (it is cleared first).
   */
  void apply(State s, int[] joint, Percepts percepts);

  /** The goal value 0..100 of {@code role} in the terminal state {@code s}. */
  int goal(State s, int role);

  /** A role's move as a GDL-II term, e.g. {@code (play (card queen spades))}; noop is {@code noop}. */
  String moveText(int role, int move);

  /** A percept as a GDL-II term, e.g. {@code (moved (card queen spades) (hand p1) (table p1))}. */
  String perceptText(int role, int percept);

  /**
   * What {@code viewer} may see of {@code s}, as lines of text for a human at a terminal; {@code viewer = -1}
   * shows everything. Only the match runner, which holds the true state anyway, calls this.
   */
  String render(State s, int viewer);

  /**
   * The scores of the seats at a terminal state on the 0..1 scale the arena uses (the winning score of a ranking,
   * goal/100 otherwise), one per role; the random role's entry is 0.
   */
  default double[] scores(State s) {
    double[] out = new double[roleCount()];
    scores(s, out);
    return out;
  }

  /** {@link #scores(State)} written into {@code out} (one entry per role): what a search calls after every rollout. */
  default void scores(State s, double[] out) {
    for (int r = 0; r < out.length; r++) {
      out[r] = r == randomRole() ? 0 : goal(s, r) / 100.0;
    }
  }

  /**
   * For a game whose outcome is an amount per player (chips, points): the declared range, through which each goal
   * (and score) maps back to the amount exactly ({@link PayoffRange#amount}); null for a game that ranks its players.
   */
  default PayoffRange payoffRange() {
    return null;
  }

  /** Lines describing the game's equipment for {@code veil check} (places, cards, …); empty when none. */
  default java.util.List<String> summary() {
    return java.util.List.of();
  }

  /**
   * The side {@code role} plays for: roles with the same team win and lose together (partnerships). By default
   * every role is its own team. Teams are numbered by the game; the arena compares only equality.
   */
  default int team(int role) {
    return role;
  }

  /**
   * The game's value of a non-terminal state from its own scoring rule (see {@link Heuristic}), or null when it has
   * none: a game that only says who wins at the end (a result, not a score) has none. Searches refuse to cut
   * rollouts on a game without one rather than guess.
   */
  default Heuristic heuristic() {
    return null;
  }

  /** Optional fast information-set sampler specialised to this game; null when only the general one applies. */
  default Determinizer determinizer() {
    return null;
  }
}
