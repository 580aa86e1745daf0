package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;

/**
 * The facts the card sampler learns from asks on the full Go Fish (52 cards) hold in the true game: every NONE and
 * SOME fact of every player's analysis against the true state at the fact's step, every NOT_CARD and IS_CARD fact
 * against the card the true game moved at the fact's move, and every void against the true state at its step, at
 * every step of random four- and three-player games. A fact that is false would make the true history impossible
 * for the sampler (it would then decline or, worse, sample from the wrong set). The learned kinds must all occur,
 * so the check is not vacuous.
 */
class GoFishFactsTest {
  @Test
  void factsHoldInTheTrueGame() throws Exception {
    int[] kinds = new int[4];
    int checked = 0;
    int voids = 0;
    // {players, first seed, seeds, steps}
    int[][] runs = {{4, 7, 2, 90}, {3, 7, 4, 150}};
    for (int[] run : runs) {
      CompiledGame g = LudLoader.compile("go-fish.lud", Files.readString(Play.LUD.resolve("go-fish.lud")),
          Map.of("Players", Integer.toString(run[0])));
      for (int seed = run[1]; seed < run[1] + run[2]; seed++) {
        SplittableRandom rng = new SplittableRandom(seed);
        Play.Game play = new Play.Game(g);
        List<LudState> states = new ArrayList<>();
        Worker[] workers = new Worker[g.players];
        for (int p = 0; p < g.players; p++) {
          workers[p] = new Worker(g, new CardSampler.Stats());
        }
        while (!play.over() && play.steps() < run[3]) {
          states.add(play.state.copy());
          play.step(rng);
          for (int p = 0; p < g.players; p++) {
            if (!workers[p].prepare(play.observations[p])) {
              continue; // the analysis gave up (a figure in the notes); the facts so far were checked
            }
            Skeleton sk = workers[p].skeleton();
            HandFacts f = sk.facts;
            String where = String.format("%d players, seed %d, p%d", g.players, seed, p + 1);
            for (int i = 0; i < f.count; i++) {
              kinds[f.kind[i]]++;
              boolean holds;
              if (f.kind[i] == HandFacts.NONE || f.kind[i] == HandFacts.SOME) {
                LudState s = states.get(f.step[i]);
                boolean in = CardSets.intersects(s.places, f.where[i] * s.words, f.mask, i * f.words, f.words);
                holds = f.kind[i] == HandFacts.NONE ? !in : in;
              } else {
                int c = trueCard(g, sk, f.where[i], states, play.state);
                holds = c >= 0 && f.holds(i, c) == (f.kind[i] == HandFacts.IS_CARD);
              }
              assertThat(holds)
                  .as("%s, fact %d of step %d (kind %d, place or move %d)", where, i, f.step[i], f.kind[i],
                      f.where[i])
                  .isTrue();
              checked++;
            }
            for (int t = 0; t < sk.steps; t++) {
              int x = sk.voidPlace(t);
              if (x >= 0) {
                assertThat(CardSets.intersects(states.get(t).places, x * sk.words, sk.voidMask, t * sk.words,
                    sk.words)).as("%s, void of step %d in place %d", where, t, x).isFalse();
                voids++;
              }
            }
          }
        }
      }
    }
    System.out.printf("go fish facts checked: %d (seen NONE %d, SOME %d, NOT_CARD %d, IS_CARD %d), voids %d%n",
        checked, kinds[0], kinds[1], kinds[2], kinds[3], voids);
    assertThat(kinds).doesNotContain(0);
  }

  /** The card skeleton move i moved in the true game: the one card that left its place for its destination. */
  private static int trueCard(CompiledGame g, Skeleton sk, int i, List<LudState> states, LudState last) {
    int t = 0;
    while (sk.stepStart[t + 1] <= i) {
      t++;
    }
    LudState before = states.get(t);
    LudState after = t + 1 < states.size() ? states.get(t + 1) : last;
    int words = before.words;
    int found = -1;
    for (int c = 0; c < g.cards.count(); c++) {
      if (CardSets.has(before.places, sk.from[i] * words, c) && CardSets.has(after.places, sk.to[i] * words, c)) {
        if (found >= 0) {
          return -2; // not one card: the check fails loudly
        }
        found = c;
      }
    }
    return found;
  }
}
