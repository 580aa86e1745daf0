package veil.cards.sample;

import java.util.SplittableRandom;

/**
 * The bound of the weighted draws when SOME facts designate tokens ({@link HandFacts}, {@link TokenWalk}). A draw is
 * accepted with probability weight / bound, so the bound must be at least every draw's weight; a draw above it is
 * declined by the sampler (never accepted with a wrong probability). The walk that always takes the narrowest
 * candidate bounds reveals of nested sets, but not designations, whose weight depends on how many cards of the set
 * each hand holds: the bound is raised to the largest weight of {@link #DRAWS} draws with their own random numbers,
 * times {@link #MARGIN}. Draws whose mixed choices are counted ({@link TokenWalk#countMixed}) take this bound alone
 * (from no greedy walk's: that walk's weight is none of theirs); measured, not proved, and checked on every draw.
 */
final class DesignationBound {
  static final int DRAWS = 64;
  static final double MARGIN = Math.log(2);

  private DesignationBound() {}

  static double raise(Worker w, double logBound, int steps, SplittableRandom rng) {
    return raise(w, logBound, steps, rng, MARGIN);
  }

  /** {@link #raise} with another margin. */
  static double raise(Worker w, double logBound, int steps, SplittableRandom rng, double margin) {
    double max = logBound;
    for (int i = 0; i < DRAWS; i++) {
      double v = w.logWeightOfADraw(steps, rng);
      if (!Double.isNaN(v) && v > max) {
        max = v;
      }
    }
    return max + margin;
  }
}
