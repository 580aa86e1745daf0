package veil.model;

import java.util.SplittableRandom;

/**
 * Uniform draws for the playout and sampling paths. {@code SplittableRandom.nextInt(bound)} reduces with an integer
 * division on every draw; this draws the same exactly uniform distribution by multiplying a 32-bit draw by the
 * bound (Lemire, "Fast random integer generation in an interval", 2019), which needs a division only in the rare
 * case that the low half of the product falls below the bound.
 */
public final class Uniform {
  private Uniform() {}

  /** An int in [0, bound), each with probability 1/bound; bound must be positive. */
  public static int below(SplittableRandom rng, int bound) {
    long product = (rng.nextInt() & 0xFFFFFFFFL) * bound;
    long low = product & 0xFFFFFFFFL;
    if (low < bound) {
      // Reject the 2^32 mod bound products that would make the first values more likely.
      long threshold = (0x100000000L - bound) % bound;
      while (low < threshold) {
        product = (rng.nextInt() & 0xFFFFFFFFL) * bound;
        low = product & 0xFFFFFFFFL;
      }
    }
    return (int) (product >>> 32);
  }
}
