package veil.ludeme.gdl;

/**
 * A kind of move a player makes (a leaf of a move rule): its GDL function name and what playing it does. The
 * payload (a card) is given as a literal binding a variable.
 */
public interface ActionGdl extends MoveGdl {
  String verb();

  /** True when the move is {@code (verb CARD)}, false when it is the bare verb. */
  boolean hasCard();

  /**
   * Whether the payload of {@code (verb X)} is a card (with identical copies the move names its face and plays the
   * lowest copy); false for a chosen number, suit or player ({@code (bid 60)}), which is played as it is named.
   */
  default boolean namesCard() {
    return hasCard();
  }

  /** The call the move was written as, for an error's file:line:col (null when there is none). */
  default veil.dsl.Node source() {
    return null;
  }

  /** Plays the move for the mover register; {@code card} (null without a payload) is bound by {@code cardLit}. */
  void apply(Flow f, String card, String cardLit) throws ExportException;

  /** A trick hands the turn on itself. */
  default boolean managesTurn() {
    return false;
  }

  /** Whether entering a phase with this move must do something first ({@link #entry}). */
  default boolean hasEntry() {
    return false;
  }

  /** What entering a phase with this move must do first (a trick sets its leader). */
  default void entry(Flow f) throws ExportException {}

  @Override
  default void actions(java.util.List<ActionGdl> out) {
    out.add(this);
  }
}
