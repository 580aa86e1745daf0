package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/** What the sampler declines, and that it may be shared between threads. */
class LimitsTest {
  /** p1 gives p2 a card (p1 sees which), then p2 hides one of its cards face down: maybe the given one. */
  static final String GIVE_AND_HIDE = """
      (game "Give and Hide"
        (players 2)
        (bound 20)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{2 3 4})
          (hand Each)
          (pile "Hidden" visible:None)
        })
        (rules
          (start {(shuffle "Deck") (deal 2 to:(hand Each))})
          (phases {
            (phase "Give" (play (move to:(hand P2) name:give)) (nextPhase (= (turns) 1) "Hide"))
            (phase "Hide" (play (move to:"Hidden" name:hide)))
          })
          (end (if (= (turns) 2) (byScore (count (hand Player)))))))
      """;

  @Test
  void samplesExactlyWhenAKnownCardMayHaveLeftFaceDown() {
    CompiledGame g = Play.compile("give-and-hide", GIVE_AND_HIDE);
    assertThat(CardSampler.supports(g)).isTrue();
    for (long seed = 1; seed <= 4; seed++) {
      CardSampler sampler = new CardSampler(g);
      SplittableRandom rng = new SplittableRandom(seed);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(rng);
      }
      // p1 cannot tell whether p2 hid the card p1 gave: the walk draws which token left among known and unknown
      // ones, and weighs the draw by its completions, so every consistent history counts once.
      Observation obs = play.observations[0];
      java.util.Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
      java.util.Map<LudState, Integer> counts = new java.util.HashMap<>();
      int n = 6000;
      for (int i = 0; i < n; i++) {
        LudState out = g.initialState();
        assertThat(sampler.sample(obs, rng, out)).as("%s", sampler.stats()).isTrue();
        counts.merge(out, 1, Integer::sum);
      }
      double chi = Posterior.chiSquare(posterior, 0, counts, n);
      int df = posterior.size() - 1;
      assertThat(posterior.size()).isGreaterThan(1);
      assertThat(chi).as("seed %d: %d states, chi-square (df %d)", seed, posterior.size(), df)
          .isLessThan(Posterior.critical(df));
      // p2 saw everything it did: its samples replay too.
      LudState out = g.initialState();
      assertThat(sampler.sample(play.observations[1], rng, out)).isTrue();
      Play.replayChecked(g, sampler.sampleHistory(play.observations[1], rng), play.observations[1]);
    }
  }

  @Test
  void sharedBetweenThreads() throws Exception {
    CompiledGame g = Play.bundled("hearts");
    CardSampler sampler = new CardSampler(g);
    SplittableRandom rng = new SplittableRandom(4);
    Play.Game play = new Play.Game(g);
    for (int i = 0; i < 80; i++) {
      play.step(rng);
    }
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int k = 0; k < 6; k++) {
        int role = k % g.players;
        long seed = rng.nextLong();
        Observation obs = play.observations[role].copy();
        done.add(pool.submit(() -> {
          SplittableRandom r = new SplittableRandom(seed);
          for (int i = 0; i < 200; i++) {
            Play.replayChecked(g, sampler.sampleHistory(obs, r), obs);
          }
          return 200;
        }));
      }
      int total = 0;
      for (Future<Integer> f : done) {
        total += f.get();
      }
      assertThat(total).isEqualTo(1200);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void analysesAreReusedAsTheObservationGrows() {
    CompiledGame g = Play.bundled("golf");
    CardSampler sampler = new CardSampler(g);
    SplittableRandom rng = new SplittableRandom(2);
    Play.Game play = new Play.Game(g);
    int calls = 0;
    while (!play.over()) {
      play.step(rng);
      for (int p = 0; p < g.players; p++) {
        assertThat(sampler.sample(play.observations[p].copy(), rng, g.initialState())).isTrue();
        calls++;
      }
    }
    // One analysis per seat, extended step by step, rather than one per call.
    assertThat(sampler.stats().analyses.sum()).isEqualTo(g.players);
    assertThat(calls).isGreaterThan(100);
  }
}
