package veil.ludeme;

/**
 * One phase of play: who moves (the mover alone, or every player at once), the move rule, what happens after each
 * move, what happens on entry, and the conditions that end it.
 */
public final class Phase {
  public final String name;
  /** True when every player moves at once (a simultaneous phase); false when only the mover does. */
  public final boolean simultaneous;
  public final MoveRule play;
  /** {@code play.managesTurn()}, asked once: the move rule hands the turn on by itself (a trick). */
  public final boolean playManagesTurn;
  /** Run after every move (turn-based: after the turn passed on) or every joint move (simultaneous). */
  public final Effect then;
  /** Run when the phase is entered, once chance has settled. */
  public final Effect entry;
  final BoolExpr[] exitWhen;
  final int[] exitTo;
  final Effect[] exitThen;
  /** Resolves a simultaneous joint move as a whole (e.g. claims that collide); null applies moves one by one. */
  public final JointResolver resolver;
  /**
   * The player whose role makes the moves of the mover's turn, evaluated with Mover the seat to play (a declarer
   * playing dummy's cards: {@code (play … by:…)}); null when every seat moves for itself.
   */
  public final IntExpr by;

  public Phase(String name, boolean simultaneous, MoveRule play, Effect then, Effect entry, BoolExpr[] exitWhen,
      int[] exitTo, Effect[] exitThen, JointResolver resolver) {
    this(name, simultaneous, play, then, entry, exitWhen, exitTo, exitThen, resolver, null);
  }

  public Phase(String name, boolean simultaneous, MoveRule play, Effect then, Effect entry, BoolExpr[] exitWhen,
      int[] exitTo, Effect[] exitThen, JointResolver resolver, IntExpr by) {
    this.by = by;
    this.name = name;
    this.simultaneous = simultaneous;
    this.play = play;
    this.playManagesTurn = play.managesTurn();
    this.then = then;
    this.entry = entry;
    this.exitWhen = exitWhen;
    this.exitTo = exitTo;
    this.exitThen = exitThen;
    this.resolver = resolver;
  }

  /** Applies a whole joint move of a simultaneous phase; also gives the random role's moves in that phase. */
  public interface JointResolver {
    void apply(LudState s, int[] joint, CompiledGame g);

    /** The random role's legal moves in this phase (e.g. a tie-break); none means noop. */
    void randomMoves(LudState s, veil.model.MoveList out);

    String randomMoveText(CompiledGame g, int move);
  }

  /** The phases this one's transitions lead to, in order (a copy). */
  public int[] exitTargets() {
    return exitTo.clone();
  }
}
