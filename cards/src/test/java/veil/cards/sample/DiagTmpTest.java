package veil.cards.sample;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

class DiagTmpTest {
  @Test
  void diag() {
    String name = System.getProperty("diag.game", "pinochle");
    int games = Integer.getInteger("diag.games", 1);
    int every = Integer.getInteger("diag.every", 5);
    CompiledGame g = name.endsWith(".lud") ? Play.compile(name, read(name)) : Play.bundled(name);
    CardSampler sampler = new CardSampler(g);
    long calls = 0, fails = 0;
    long t0 = System.nanoTime();
    for (int game = 0; game < games; game++) {
      SplittableRandom prng = new SplittableRandom(1000 + game);
      SplittableRandom rng = new SplittableRandom(7 + game);
      Play.Game play = new Play.Game(g);
      while (!play.over()) {
        play.step(prng);
        if (play.steps() % every != 0) continue;
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          String before = sampler.stats().toString();
          long rj = sampler.stats().rejected.sum(), wf = sampler.stats().walkFailures.sum();
          LudState out = g.initialState();
          boolean ok = sampler.sample(obs, rng, out);
          calls++;
          if (!ok) {
            fails++;
            System.out.println("FAIL game " + game + " step " + obs.length() + " p" + p + " rejected+"
                + (sampler.stats().rejected.sum() - rj) + " walkFail+" + (sampler.stats().walkFailures.sum() - wf)
                + " copyMismatch=" + sampler.stats().relabelled);
          }
        }
      }
      System.out.println("game " + game + " steps " + play.steps() + " calls " + calls + " fails " + fails);
    }
    System.out.println("TOTAL calls " + calls + " fails " + fails + " " + sampler.stats() + " copyMismatch="
        + sampler.stats().relabelled + " s=" + (System.nanoTime() - t0) / 1e9);
  }

  static String read(String f) {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of(f));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
