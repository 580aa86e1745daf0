package veil.bench.jmh;

import java.util.List;
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
import veil.bench.BenchGames;
import veil.bench.SamplerPositions;
import veil.cards.sample.CardSampler;
import veil.ludeme.CompiledGame;
import veil.model.Determinizer;
import veil.model.Game;

/**
 * Information-set draws per second of one game's sampler, over that game's {@link SamplerPositions} (early, middle
 * and late observations of two seeded random games, every player's). Each observation has a sampler of its own
 * whose analysis of it (the card sampler's walk, the general sampler's filtering) is made in set-up, untimed, as a
 * search makes it once per decision; one operation is then one {@link Determinizer#sample} call, at the next
 * observation in turn. So the rate is calls over the time they took, whatever observation they were at: a sampler
 * that got slower at any of them shows it in proportion to its share of the time. The {@code samples} counter
 * counts the calls that found a consistent state.
 *
 * <p>{@code game} is a bundled ludeme game ({@code hearts}) or a bundled GDL-II one ({@code kif:monty-hall-5});
 * {@code sampler} is {@code card} (the card sampler, made anew for each observation) or {@code general} (the
 * general sampler's belief for that observation).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class GameSamplerBenchmarks {
  @State(Scope.Thread)
  public static class Sweep {
    @Param({"hearts"})
    public String game;

    @Param({"card"})
    public String sampler;

    SamplerPositions.At[] at;
    Determinizer[] samplers;
    Game loaded;
    int next;
    veil.model.State out;
    final SplittableRandom rng = new SplittableRandom(17);

    @Setup(Level.Trial)
    public void positions() {
      Game g = load(game);
      loaded = g;
      List<SamplerPositions.At> list = SamplerPositions.of(g, SamplerPositions.SEEDS);
      at = list.toArray(new SamplerPositions.At[0]);
      samplers = new Determinizer[at.length];
      out = g.initialState();
      SplittableRandom warm = new SplittableRandom(3);
      for (int i = 0; i < at.length; i++) {
        samplers[i] = sampler(g, sampler, at[i]);
        samplers[i].sample(at[i].observation(), warm, out); // the analysis, untimed
      }
    }
  }

  /** A bundled game by benchmark name: {@code kif:NAME} or a ludeme game's name. */
  public static Game load(String game) {
    return game.startsWith("kif:") ? BenchGames.kif(game.substring(4)) : BenchGames.lud(game);
  }

  /** A sampler of kind {@code kind} ({@code card} or {@code general}) for one observation of {@code g}. */
  public static Determinizer sampler(Game g, String kind, SamplerPositions.At at) {
    switch (kind) {
      case "card":
        if (!(g instanceof CompiledGame cg) || !CardSampler.supports(cg)) {
          throw new IllegalStateException(g.name() + ": the card sampler does not apply");
        }
        return new CardSampler(cg);
      case "general":
        return new GeneralDeterminizer(g).forObservation(at.observation());
      default:
        throw new IllegalArgumentException("sampler is card or general, not " + kind);
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

  /**
   * The general sampler's filtering: one operation builds the belief for the next observation from nothing (a new
   * {@link GeneralDeterminizer}, as at a search's first decision; later decisions extend the last belief) and draws
   * one state from it. Only for {@code sampler=general}.
   */
  @Benchmark
  public boolean filter(Sweep s, Found found) {
    int i = s.next;
    s.next = i + 1 == s.at.length ? 0 : i + 1;
    boolean ok = new GeneralDeterminizer(s.loaded).forObservation(s.at[i].observation())
        .sample(s.at[i].observation(), s.rng, s.out);
    if (ok) {
      found.samples++;
    }
    return ok;
  }

  @Benchmark
  public boolean sample(Sweep s, Found found) {
    int i = s.next;
    s.next = i + 1 == s.at.length ? 0 : i + 1;
    boolean ok = s.samplers[i].sample(s.at[i].observation(), s.rng, s.out);
    if (ok) {
      found.samples++;
    }
    return ok;
  }
}
