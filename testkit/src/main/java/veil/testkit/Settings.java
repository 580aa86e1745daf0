package veil.testkit;

/**
 * How much the suite plays: the master seed (playout i is {@code veil simulate}'s game i of that seed), how many
 * random playouts it records, and a time budget that may stop recording early (but not before {@code
 * minPlayouts}).
 */
public record Settings(long seed, int playouts, int minPlayouts, long budgetNanos) {
  /** The seed of every test run and of {@code veil conform} without {@code --seed}. */
  public static final long DEFAULT_SEED = 20_250_101L;

  public static final int DEFAULT_PLAYOUTS = 200;
  public static final int DEFAULT_MIN_PLAYOUTS = 10;
  public static final int DEFAULT_BUDGET_SECONDS = 4;

  /** 200 playouts, or as many as 4 seconds allow (at least 10): what the tests run on every game. */
  public static final Settings DEFAULT = new Settings(DEFAULT_SEED, DEFAULT_PLAYOUTS, DEFAULT_MIN_PLAYOUTS,
      DEFAULT_BUDGET_SECONDS * 1_000_000_000L);

  public Settings {
    if (playouts < 1 || minPlayouts < 1 || minPlayouts > playouts || budgetNanos < 0) {
      throw new IllegalArgumentException("bad settings: " + playouts + " playouts, at least " + minPlayouts);
    }
  }

  /** Exactly {@code playouts} playouts, no time budget: the same run every time. */
  public static Settings exactly(long seed, int playouts) {
    return new Settings(seed, playouts, playouts, Long.MAX_VALUE);
  }

  public Settings withSeed(long s) {
    return new Settings(s, playouts, minPlayouts, budgetNanos);
  }
}
