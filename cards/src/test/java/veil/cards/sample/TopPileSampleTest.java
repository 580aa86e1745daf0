package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * The card sampler on piles that show their top card alone ({@code (pile … visible:Top)}), on the test game
 * top-discard.lud (draw the top of the discard pile or from the stock, discard on top; fives buried under a second
 * such pile). Exactness: every player's samples against the exact posterior over whole states (chi-square at the
 * 0.05% level) at points of random games. A card seen on top and covered later stays known through the percepts
 * that showed it; one never seen is any card still unseen. Consistency: on longer random games every sampled history
 * replays to the observation, and the sampler never fails.
 */
class TopPileSampleTest {
  static final Path TEST_GAMES = Path.of("../games/src/test/resources/veil/testgames");
  static final int MAX_STATES = 400;

  static CompiledGame topDiscard() {
    try {
      return Play.compile("top-discard.lud", Files.readString(TEST_GAMES.resolve("top-discard.lud")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void samplesAreTheExactPosterior() {
    CompiledGame g = topDiscard();
    assertThat(CardSampler.unsupported(g)).isNull();
    int tested = 0;
    int covered = 0;
    for (int game = 0; game < 12; game++) {
      SplittableRandom rng = new SplittableRandom(500 + game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(rng);
        if (play.steps() <= 5 || play.steps() % 3 != game % 3) {
          continue;
        }
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2 || posterior.size() > MAX_STATES) {
            continue;
          }
          int n = 200 * posterior.size();
          CardSampler sampler = new CardSampler(g);
          SplittableRandom srng = new SplittableRandom(game * 31L + p + play.steps() * 7L);
          Map<LudState, Integer> counts = new HashMap<>();
          for (int i = 0; i < n; i++) {
            LudState out = g.initialState();
            assertThat(sampler.sample(obs, srng, out)).as("game %d p%d step %d: %s", game, p + 1, obs.length(),
                sampler.stats()).isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          int df = posterior.size() - 1;
          System.out.printf("top-discard game %d p%d step %d: %d states, chi-square %.1f (critical %.1f)%n", game,
              p + 1, obs.length(), posterior.size(), chi, Posterior.critical(df));
          assertThat(chi).as("game %d p%d step %d", game, p + 1, obs.length()).isLessThan(Posterior.critical(df));
          tested++;
          int pile = java.util.Arrays.asList(g.places.text()).indexOf("discard");
          covered += play.state.count(pile) > 1 ? 1 : 0;
        }
      }
    }
    System.out.println("top-discard: " + tested + " observations tested against enumeration, " + covered
        + " with covered cards in the discard pile");
    assertThat(tested).isGreaterThanOrEqualTo(20);
    assertThat(covered).isGreaterThanOrEqualTo(5);
  }

  @Test
  void everySampleReplaysAndTheSamplerNeverFails() {
    CompiledGame g = topDiscard();
    CardSampler sampler = new CardSampler(g);
    int points = 0;
    for (int game = 0; game < 60; game++) {
      SplittableRandom playRng = new SplittableRandom(900 + game);
      SplittableRandom rng = new SplittableRandom(9000 + game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(playRng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          int[][] history = sampler.sampleHistory(obs, rng);
          assertThat(history).as("game %d p%d step %d: %s", game, p + 1, obs.length(), sampler.stats()).isNotNull();
          Play.replayChecked(g, history, obs);
          points++;
        }
      }
    }
    assertThat(sampler.stats().failures.sum()).as(sampler.stats().toString()).isZero();
    assertThat(sampler.stats().structureMismatches.sum()).isZero();
    assertThat(points).isGreaterThan(1000);
  }
}
