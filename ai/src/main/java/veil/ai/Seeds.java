package veil.ai;

/**
 * Seed derivation (SplitMix64 finalizer). Every random stream in the arena, the match runner and the agents is
 * derived from one master seed and a few indices, so that any game or decision can be replayed exactly.
 */
public final class Seeds {
  private Seeds() {}

  /** The SplitMix64 output function: a bijective 64-bit mixer. */
  public static long mix(long z) {
    z += 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A seed for item {@code index} of the stream named by {@code seed}. */
  public static long derive(long seed, long index) {
    return mix(seed ^ mix(index ^ 0x632BE59BD9B4E019L));
  }

  public static long derive(long seed, long a, long b) {
    return derive(derive(seed, a), b);
  }
}
