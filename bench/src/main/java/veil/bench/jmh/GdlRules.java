package veil.bench.jmh;

import veil.bench.BenchGames;
import veil.model.Game;

/** Names GDL-II rules for a benchmark parameter: {@code kif:NAME} is a bundled .kif. */
final class GdlRules {
  private GdlRules() {}

  static Game load(String spec) {
    if (spec.startsWith("kif:")) {
      return BenchGames.kif(spec.substring(4));
    }
    throw new IllegalArgumentException("unknown GDL rules " + spec + " (expected kif:NAME)");
  }
}
