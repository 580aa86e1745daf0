package veil.bench;

import java.util.Map;

/**
 * One figure of a benchmark run: a rate with its spread, or the reason it could not be measured.
 *
 * @param key a stable name for the JSON output, e.g. {@code playout/ludeme/hearts}
 * @param label what a person reads in the table
 * @param mean the mean over measured iterations (NaN when skipped)
 * @param sd the standard deviation over measured iterations
 * @param n the number of measured iterations
 * @param unit e.g. {@code games/s}
 * @param extra further figures of the same run (e.g. {@code alloc_bytes_per_op}), may be empty
 * @param skipped why there is no figure, or null
 */
public record Measurement(String key, String label, double mean, double sd, long n, String unit,
    Map<String, Double> extra, String skipped) {
  public static Measurement skipped(String key, String label, String unit, String why) {
    return new Measurement(key, label, Double.NaN, Double.NaN, 0, unit, Map.of(), why);
  }

  public boolean ok() {
    return skipped == null;
  }

  /** {@code this ÷ other} with the spread propagated from both relative spreads; null when either is missing. */
  public Ratio over(Measurement other) {
    if (!ok() || !other.ok() || other.mean == 0) {
      return null;
    }
    double r = mean / other.mean;
    double rel = Math.hypot(relativeSd(), other.relativeSd());
    return new Ratio(r, r * rel);
  }

  double relativeSd() {
    return mean == 0 ? 0 : sd / mean;
  }

  /** A ratio of two measurements and its propagated spread. */
  public record Ratio(double value, double sd) {}
}
