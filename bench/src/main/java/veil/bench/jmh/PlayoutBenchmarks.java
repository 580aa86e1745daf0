package veil.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import veil.bench.BenchGames;
import veil.bench.RandomPlayout;
import veil.bench.reference.ReferenceHearts;

/**
 * Random playouts per second: the compiled ludeme engine, the GDL-II reasoner and the hand-written reference
 * Hearts. One operation is one whole game from the initial state (for Hearts: 52 deal steps, 3 pass steps, 52
 * plays) with uniformly random legal joint moves.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PlayoutBenchmarks {
  /** A bundled ludeme game, no percepts (as a search's rollout plays). */
  @State(Scope.Thread)
  public static class Ludeme {
    @Param({"hearts", "agram", "blind-tic-tac-toe", "deck-52", "deck-104"})
    public String game;

    RandomPlayout playout;

    @Setup
    public void load() {
      playout = new RandomPlayout(BenchGames.lud(game), 1, RandomPlayout.Way.ROLLOUT);
    }
  }

  /** A bundled ludeme game through the step protocol (a move per role, apply), no percepts. */
  @State(Scope.Thread)
  public static class LudemeSteps {
    @Param({"hearts"})
    public String game;

    RandomPlayout playout;

    @Setup
    public void load() {
      playout = new RandomPlayout(BenchGames.lud(game), 1, RandomPlayout.Way.STEPS);
    }
  }

  /** A bundled ludeme game with every role's percepts computed at every step (as real play and simulate do). */
  @State(Scope.Thread)
  public static class LudemeWithPercepts {
    @Param({"hearts"})
    public String game;

    RandomPlayout playout;

    @Setup
    public void load() {
      playout = new RandomPlayout(BenchGames.lud(game), 1, RandomPlayout.Way.PERCEPTS);
    }
  }

  /** GDL-II rules run by the GDL-II reasoner: a bundled .kif ({@code kif:NAME}) or exported rules. */
  @State(Scope.Thread)
  public static class Gdl {
    @Param({"kif:blind-tic-tac-toe-gdl"})
    public String rules;

    RandomPlayout playout;

    @Setup
    public void load() {
      playout = new RandomPlayout(GdlRules.load(rules), 1, RandomPlayout.Way.ROLLOUT);
    }
  }

  @State(Scope.Thread)
  public static class Reference {
    final ReferenceHearts hearts = new ReferenceHearts(1);
  }

  @Benchmark
  public int ludeme(Ludeme s) {
    return s.playout.play();
  }

  @Benchmark
  public int ludemeSteps(LudemeSteps s) {
    return s.playout.play();
  }

  @Benchmark
  public int ludemeWithPercepts(LudemeWithPercepts s) {
    return s.playout.play();
  }

  @Benchmark
  public int gdl(Gdl s) {
    return s.playout.play();
  }

  @Benchmark
  public int referenceHearts(Reference s) {
    s.hearts.randomPlayout();
    return s.hearts.goal(0);
  }
}
