package veil.cards.sample;

import java.util.SplittableRandom;

/**
 * The exact bound of the weighted draws: the largest weight (the walk's choices times the assignment's bijections)
 * over every path of the walk's choices, found by walking each path once.
 *
 * <p>Why. A weighted draw is accepted with probability weight / bound, so the bound must be at least every draw's
 * weight; a draw above it is declined (the sampler never accepts with a wrong probability, but an observation whose
 * draws cross the bound cannot be sampled). The walk that always takes the narrowest candidate of a face-up card
 * bounds nested sets, but a hidden play's choice decides how many candidates a later card has: a hand's dealt card
 * played unseen leaves two drawn cards to be the card asked for later, a drawn card played leaves one, so the
 * weights of the two paths differ by 2 whichever candidates the bound's walk took at the reveal. Enumerating every
 * path gives the maximum itself.
 *
 * <p>Not for draws whose SOME facts are designated (their weight depends on the assignment drawn, not only on the
 * path: {@link DesignationBound}). Choices among tokens that all started in one place unchanged are not branched
 * (the paths differ only by the tokens' names). Beyond {@link #MAX_PATHS} paths the enumeration gives up (NaN) and
 * the sampler keeps the walk's bound, as before.
 */
final class ExactBound {
  /** Paths walked at most (each one walk and one count of bijections). */
  static final int MAX_PATHS = 1 << 14;

  private ExactBound() {}

  /**
   * The largest log weight of a draw over every path of the walk's choices, or NaN when there are more than {@link
   * #MAX_PATHS} paths or none gives a draw.
   */
  static double max(Worker worker, TokenWalk walk, int steps, SplittableRandom rng) {
    Path path = new Path();
    walk.enumerated = path;
    double max = Double.NaN;
    try {
      for (int paths = 0; paths < MAX_PATHS; paths++) {
        path.start();
        double w = worker.logWeightOfADraw(steps, rng);
        if (path.changed) {
          return Double.NaN;
        }
        if (!Double.isNaN(w) && (Double.isNaN(max) || w > max)) {
          max = w;
        }
        if (!path.advance()) {
          return max;
        }
      }
      return Double.NaN;
    } finally {
      walk.enumerated = null;
    }
  }

  /** One path through the walk's choices (the candidate taken at each), moved on like an odometer. */
  static final class Path {
    private int[] taken = new int[32];
    private int[] width = new int[32];
    /** Choices of the current path known; the walk is at choice {@link #at}. */
    private int depth;
    private int at;
    /** A choice had another number of candidates than on an earlier walk with the same choices before it. */
    boolean changed;

    void start() {
      at = 0;
    }

    /** The candidate to take of n at the walk's next choice. */
    int next(int n) {
      if (at < depth) {
        changed |= width[at] != n;
        return taken[at++] % n;
      }
      if (depth == taken.length) {
        taken = java.util.Arrays.copyOf(taken, depth * 2);
        width = java.util.Arrays.copyOf(width, depth * 2);
      }
      taken[depth] = 0;
      width[depth] = n;
      depth++;
      at++;
      return 0;
    }

    /**
     * After a walk: forgets the choices it did not reach (it stopped earlier), then takes the next path in
     * depth-first order; false when every path was taken.
     */
    boolean advance() {
      depth = at;
      while (depth > 0 && taken[depth - 1] == width[depth - 1] - 1) {
        depth--;
      }
      if (depth == 0) {
        return false;
      }
      taken[depth - 1]++;
      return true;
    }
  }
}
