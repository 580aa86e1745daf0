package veil.ludeme;

/**
 * How a finished game ranks its players: writes a key per player (higher is better) into {@code keys}; players with
 * equal keys tie and share the average of their ranks.
 */
public interface Outcome {
  void keys(LudState s, int[] keys);
}
