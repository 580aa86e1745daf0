package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/** Random games of every bundled card game; samples at random points for every player must replay the observation. */
class ConsistencyTest {
  @ParameterizedTest
  @ValueSource(strings = {"hearts", "hearts-simple", "agram", "golf", "ninety-eight", "bottle-imp", "gin-rummy"})
  void everySampleReplaysTheObservation(String name) {
    check(name, Play.bundled(name), 3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hearts Pass=Right", "hearts Pass=Across", "hearts Pass=None", "agram Players=2",
      "agram Players=5"})
  void withOptions(String spec) throws Exception {
    String[] parts = spec.split("[ =]");
    String text = java.nio.file.Files.readString(Play.LUD.resolve(parts[0] + ".lud"));
    CompiledGame g = veil.cards.LudLoader.compile(parts[0], text, java.util.Map.of(parts[1], parts[2]));
    check(spec, g, 3);
  }

  private static void check(String name, CompiledGame g, int games) {
    assertThat(CardSampler.supports(g)).isTrue();
    CardSampler sampler = new CardSampler(g);
    // The game and the points checked come from their own generator, so they do not change with how many numbers
    // the sampler draws.
    SplittableRandom playRng = new SplittableRandom(name.hashCode());
    SplittableRandom rng = new SplittableRandom(~name.hashCode());
    int checkedPoints = 0;
    int varied = 0;
    for (int game = 0; game < games; game++) {
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(playRng);
        if (playRng.nextInt(12) != 0 && !play.over()) {
          continue;
        }
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          Set<LudState> distinct = new HashSet<>();
          for (int k = 0; k < 8; k++) {
            int[][] history = sampler.sampleHistory(obs, rng);
            assertThat(history).as("%s p%d step %d: %s", name, p + 1, obs.length(), sampler.stats()).isNotNull();
            LudState reached = Play.replayChecked(g, history, obs);
            distinct.add(reached);
            LudState out = g.initialState();
            assertThat(sampler.sample(obs, rng, out)).isTrue();
            // What the observer may see of the sample is exactly what it sees of the true state (the result of a
            // finished game can depend on hidden cards, so it is left out).
            assertThat(view(g, out, p)).isEqualTo(view(g, play.state, p));
            Play.replayChecked(g, sampler.sampleHistory(obs, rng), obs);
          }
          checkedPoints++;
          if (distinct.size() > 1) {
            varied++;
          }
        }
      }
    }
    System.out.printf("%s: %d points, %d with varied samples; %s%n", name, checkedPoints, varied, sampler.stats());
    assertThat(checkedPoints).isGreaterThan(5);
    // Each seat's analysis is kept and extended as its observation grows, not redone per call.
    assertThat(sampler.stats().analyses.sum()).isLessThanOrEqualTo((long) games * g.players);
    // Points late in a game can have one consistent state (empty hands), so about half may not vary.
    assertThat(varied).isGreaterThanOrEqualTo(checkedPoints / 2);
    assertThat(sampler.stats().structureMismatches.sum()).isZero();
    assertThat(sampler.stats().ambiguous.sum()).isZero();
  }

  static String view(CompiledGame g, LudState s, int p) {
    return g.render(s, p).replaceAll("(?m)^  result:.*$", "");
  }

  @org.junit.jupiter.api.Test
  void blindTicTacToeIsNotSupported() {
    assertThat(CardSampler.supports(Play.bundled("blind-tic-tac-toe"))).isFalse();
  }
}
