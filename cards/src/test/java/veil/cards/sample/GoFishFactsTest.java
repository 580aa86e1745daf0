package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;

/**
 * The facts the card sampler learns from asks on the full Go Fish (52 cards, four players) hold in the true game:
 * every NONE and SOME fact of every player's analysis, at every step of random games, against the true state at
 * the fact's step. A fact that is false would make the true history impossible for the sampler (it would then
 * decline or, worse, sample from the wrong set). The learned kinds must all occur, so the check is not vacuous.
 */
class GoFishFactsTest {
  @Test
  void factsHoldInTheTrueGame() {
    CompiledGame g = Play.bundled("go-fish");
    int[] kinds = new int[4];
    int checked = 0;
    for (int seed = 7; seed < 9; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      Play.Game play = new Play.Game(g);
      List<LudState> states = new ArrayList<>();
      Worker[] workers = new Worker[g.players];
      for (int p = 0; p < g.players; p++) {
        workers[p] = new Worker(g, new CardSampler.Stats());
      }
      while (!play.over() && play.steps() < 90) {
        states.add(play.state.copy());
        play.step(rng);
        for (int p = 0; p < g.players; p++) {
          if (!workers[p].prepare(play.observations[p])) {
            continue; // the analysis gave up (a figure in the notes); the facts so far were checked
          }
          HandFacts f = workers[p].skeleton().facts;
          for (int i = 0; i < f.count; i++) {
            kinds[f.kind[i]]++;
            if (f.kind[i] != HandFacts.NONE && f.kind[i] != HandFacts.SOME) {
              continue;
            }
            LudState s = states.get(f.step[i]);
            boolean in = CardSets.intersects(s.places, f.where[i] * s.words, f.mask, i * f.words, f.words);
            assertThat(f.kind[i] == HandFacts.NONE ? !in : in)
                .as("seed %d, p%d, fact %d of step %d (kind %d, place %d)", seed, p + 1, i, f.step[i], f.kind[i],
                    f.where[i])
                .isTrue();
            checked++;
          }
        }
      }
    }
    System.out.printf("go fish facts checked: %d (seen NONE %d, SOME %d, NOT_CARD %d, IS_CARD %d)%n", checked,
        kinds[0], kinds[1], kinds[2], kinds[3]);
    assertThat(kinds).doesNotContain(0);
  }
}
