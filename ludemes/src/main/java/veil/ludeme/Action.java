package veil.ludeme;

/**
 * A kind of move a player can make: the leaf of a move rule. A move is an int packing the action's id and a payload
 * (a card, a site, an option) that says which one of the action's moves it is: {@link #encode}, {@link #actionOf}
 * and {@link #payloadOf} are the only code that knows how.
 */
public abstract class Action implements MoveRule {
  /** Set by the game when it registers its actions; ids start at 1 (0 is noop). */
  int id;
  /** The GDL function name of this action's moves, e.g. "play". */
  protected final String verb;

  protected Action(String verb) {
    this.verb = verb;
  }

  public final int id() {
    return id;
  }

  public final String verb() {
    return verb;
  }

  protected final int move(int payload) {
    return encode(id, payload);
  }

  /** The move of an action with this payload: the one place a move is packed. */
  public static int encode(int actionId, int payload) {
    return actionId << 16 | payload;
  }

  /** Plays the move with this payload for the player {@link LudState#cur}. */
  public abstract void apply(LudState s, int payload);

  /** The move as a GDL-II term. */
  public abstract String text(CompiledGame g, int payload);

  public static int actionOf(int move) {
    return move >>> 16;
  }

  public static int payloadOf(int move) {
    return move & 0xFFFF;
  }
}
