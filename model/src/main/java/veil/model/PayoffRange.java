package veil.model;

/**
 * The declared range of a game whose outcome is an amount per player (chips won, points scored): every amount lies
 * in {@code lo..hi}, and the goal 0..100 (and the 0..1 score, goal / 100) is its exact affine image,
 * {@code goal = (amount - lo) · 100 / (hi - lo)}, where {@code hi - lo} divides 100. A report reads the amount back
 * from a goal with {@link #amount(int)} or from a score with {@link #amountOfScore(double)}.
 */
public record PayoffRange(int lo, int hi) {
  public PayoffRange {
    if (lo >= hi || 100 % (hi - lo) != 0) {
      throw new IllegalArgumentException("a payoff range lo..hi needs lo < hi and hi - lo dividing 100: " + lo + ".."
          + hi);
    }
  }

  /** Goal points per unit of amount: 100 / (hi - lo). */
  public int step() {
    return 100 / (hi - lo);
  }

  /** The goal 0..100 of an amount in the range. */
  public int goal(int amount) {
    if (amount < lo || amount > hi) {
      throw new IllegalArgumentException("amount " + amount + " outside the declared range " + lo + ".." + hi);
    }
    return (amount - lo) * step();
  }

  /** The amount whose goal this is (exact: every goal of the game is a multiple of {@link #step()}). */
  public int amount(int goal) {
    if (goal < 0 || goal > 100 || goal % step() != 0) {
      throw new IllegalArgumentException("goal " + goal + " is not the image of an amount in " + lo + ".." + hi);
    }
    return lo + goal / step();
  }

  /** The amount of a 0..1 score (goal / 100) or of a mean score: lo + score · (hi - lo); linear, so means carry over. */
  public double amountOfScore(double score) {
    return lo + score * (hi - lo);
  }
}
