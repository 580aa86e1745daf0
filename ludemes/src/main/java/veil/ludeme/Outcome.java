package veil.ludeme;

/**
 * How a finished game ranks its players: writes a key per player (higher is better) into {@code keys}; players with
 * equal keys tie and share the average of their ranks. An outcome with a {@link #payoffRange()} writes amounts
 * instead, and each player's goal is the affine image of its amount.
 */
public interface Outcome {
  void keys(LudState s, int[] keys);

  /** The declared range of an outcome that pays amounts ({@code payoff}); null for a ranking. */
  default veil.model.PayoffRange payoffRange() {
    return null;
  }
}
