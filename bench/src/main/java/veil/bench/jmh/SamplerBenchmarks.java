package veil.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import veil.ai.sample.GeneralDeterminizer;
import veil.bench.Position;
import veil.model.Determinizer;

/**
 * Information-set samples per second at a mid-game position: the game's own sampler ({@code card}) and the
 * general one that works through the model contract alone ({@code general}). One operation is one call to
 * {@link Determinizer#sample}; the {@code samples} counter counts the calls that found a consistent state. Each
 * measurement iteration moves to the next of several positions (random games from different seeds), and the
 * general sampler's filtering for a position happens in set-up, untimed: this measures sampling only.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SamplerBenchmarks {
  public static final int POSITIONS = 8;

  @State(Scope.Thread)
  public static class At {
    @Param({"hearts/trick6"})
    public String position;

    @Param({"card", "general"})
    public String sampler;

    Position[] positions;
    int next;
    Position current;
    Determinizer determinizer;
    veil.model.State out;
    final SplittableRandom rng = new SplittableRandom(11);

    @Setup(Level.Trial)
    public void positions() {
      positions = new Position[POSITIONS];
      for (int i = 0; i < POSITIONS; i++) {
        positions[i] = Position.of(position, 100 + i);
      }
      out = positions[0].game().initialState();
      if (sampler.equals("card") && positions[0].game().determinizer() == null) {
        throw new IllegalStateException(positions[0].game().name() + " has no sampler of its own");
      }
    }

    @Setup(Level.Iteration)
    public void nextPosition() {
      current = positions[next++ % POSITIONS];
      determinizer = sampler.equals("card")
          ? current.game().determinizer()
          : new GeneralDeterminizer(current.game()).forObservation(current.observation());
    }
  }

  /** Successful samples, reported per second beside the calls. */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Found {
    public long samples;

    @Setup(Level.Iteration)
    public void reset() {
      samples = 0;
    }
  }

  @Benchmark
  public boolean sample(At at, Found found) {
    boolean ok = at.determinizer.sample(at.current.observation(), at.rng, at.out);
    if (ok) {
      found.samples++;
    }
    return ok;
  }
}
