package veil.ludeme;

/**
 * How a finished game ranks its players: writes a key per player (higher is better) into {@code keys}; players with
 * equal keys tie and share the average of their ranks. An outcome with a {@link #payoffRange()} writes amounts
 * instead, and each player's goal is the affine image of its amount.
 */
public interface Outcome {
  void keys(LudState s, int[] keys);

  /**
   * Whether the keys are the game's score, an expression meaningful before the end too (byScore, ranking, byTeam,
   * payoff): then {@link veil.model.Game#heuristic} ranks the players by it in a non-terminal state. False for an
   * outcome that only names who wins ({@code result}).
   */
  default boolean scores() {
    return false;
  }

  /** The declared range of an outcome that pays amounts ({@code payoff}); null for a ranking. */
  default veil.model.PayoffRange payoffRange() {
    return null;
  }

  /**
   * A match of several deals ({@code (match …)}): at the end of a deal it adds the deal's scores to the totals and
   * says whether another deal follows; {@link #keys} then ranks the players by their totals.
   */
  interface Match extends Outcome {
    /** Adds the deal's scores to the totals and counts the deal; true when another deal follows. */
    boolean nextDeal(LudState s);

    /** The slots of {@link LudState#v} kept from one deal to the next (the totals, the deal count and keep:'s
     * variables); read only. */
    int[] keptSlots();

    /** The slot of the number of deals played (0 in the first deal); the player after the dealer is it mod n. */
    int dealSlot();

    /** The word ({@link Table#tells}) every player is told when a new deal begins. */
    int dealWord();
  }
}
