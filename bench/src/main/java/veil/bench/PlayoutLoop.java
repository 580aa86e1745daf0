package veil.bench;

import java.util.Locale;
import veil.bench.reference.ReferenceHearts;
import veil.model.Game;

/**
 * Random playouts of one game for a while, printing the rate each second: a steady workload to attach a profiler
 * to, e.g.
 *
 * <pre>
 * java -XX:StartFlightRecording=filename=hearts.jfr,settings=profile \
 *   -cp "bench/target/veil-bench-0.1.0-SNAPSHOT.jar:bench/target/lib/*" veil.bench.PlayoutLoop hearts 20
 * jfr print --events jdk.ExecutionSample hearts.jfr
 * </pre>
 *
 * Arguments: a bundled ludeme game (or {@code reference} for the hand-written Hearts, or {@code kif:NAME} for a
 * bundled GDL-II game), seconds (default 10), and {@code percepts} to compute percepts as real play does.
 */
public final class PlayoutLoop {
  private PlayoutLoop() {}

  public static void main(String[] args) {
    if (args.length == 0) {
      System.err.println("usage: PlayoutLoop GAME|reference|kif:NAME [SECONDS] [percepts]");
      System.exit(2);
    }
    String name = args[0];
    double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 10;
    boolean percepts = args.length > 2 && args[2].equals("percepts");
    ReferenceHearts reference = name.equals("reference") ? new ReferenceHearts(1) : null;
    RandomPlayout playout = null;
    if (reference == null) {
      Game game = name.startsWith("kif:") ? BenchGames.kif(name.substring(4)) : BenchGames.lud(name);
      playout = new RandomPlayout(game, 1, percepts ? RandomPlayout.Way.PERCEPTS : RandomPlayout.Way.ROLLOUT);
    }
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long sink = 0;
    while (System.nanoTime() < end) {
      long start = System.nanoTime();
      long games = 0;
      while (System.nanoTime() - start < 1_000_000_000L) {
        for (int i = 0; i < 100; i++) {
          if (reference != null) {
            reference.randomPlayout();
            sink += reference.goal(0);
          } else {
            sink += playout.play();
          }
        }
        games += 100;
      }
      System.out.printf(Locale.ROOT, "%,.0f games/s%n", games / ((System.nanoTime() - start) / 1e9));
    }
    if (sink == 42) {
      System.out.println();
    }
  }
}
