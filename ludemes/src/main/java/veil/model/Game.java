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
    for (int r = 0; r < out.length; r++) {
      out[r] = r == randomRole() ? 0 : goal(s, r) / 100.0;
    }
    return out;
  }

  /** Lines describing the game's equipment for {@code veil check} (places, cards, …); empty when none. */
  default java.util.List<String> summary() {
    return java.util.List.of();
  }

  /** Optional fast information-set sampler specialised to this game; null when only the general one applies. */
  default Determinizer determinizer() {
    return null;
  }
}
