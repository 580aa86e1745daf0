package veil.cards.sample;

import java.nio.file.Files;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.Observation;

/**
 * A measurement, not a check (skipped unless {@code -Dgofish.harness=PLAYERS:SEED,...} is given): random Go Fish
 * games, and at every decision with more than one legal move the deciding player's sampler asked for up to
 * {@code -Dgofish.tries} (default 2) states, as an agent would. A decision all of whose tries fail is a decline
 * (an agent would fall back to random play there). Prints per game the declines and the sampler's counters, and the
 * counters' change at the first few declines ({@code -Dgofish.show}, default 5). {@code -Dgofish.steps} stops a
 * game early; {@code -Dgofish.exact=true|false} sets {@link SamplerOptions#exactFacts} for the run.
 */
class GoFishDeclinesHarnessTest {
  @Test
  void declines() throws Exception {
    String spec = System.getProperty("gofish.harness");
    Assumptions.assumeTrue(spec != null && !spec.isBlank(), "a measurement: -Dgofish.harness=3:7,4:7");
    int tries = Integer.getInteger("gofish.tries", 2);
    int show = Integer.getInteger("gofish.show", 5);
    int maxSteps = Integer.getInteger("gofish.steps", Integer.MAX_VALUE);
    String exact = System.getProperty("gofish.exact");
    boolean exactFacts = exact != null ? Boolean.parseBoolean(exact) : new SamplerOptions().exactFacts;
    run(spec, tries, show, maxSteps, exactFacts);
  }

  private static void run(String spec, int tries, int show, int maxSteps, boolean exactFacts) throws Exception {
    System.out.println("go fish harness: exactFacts=" + exactFacts);
    for (String one : spec.split(",")) {
      String[] ps = one.split(":");
      int players = Integer.parseInt(ps[0]);
      long seed = Long.parseLong(ps[1]);
      CompiledGame g = LudLoader.compile("go-fish.lud", Files.readString(Play.LUD.resolve("go-fish.lud")),
          Map.of("Players", String.valueOf(players)));
      CardSampler[] samplers = new CardSampler[players];
      for (int p = 0; p < players; p++) {
        samplers[p] = new CardSampler(g);
        samplers[p].options.exactFacts = exactFacts;
      }
      Play.Game play = new Play.Game(g);
      SplittableRandom rng = new SplittableRandom(seed);
      MoveList moves = new MoveList();
      LudState out = g.initialState();
      int decisions = 0;
      int declined = 0;
      int shown = 0;
      long start = System.nanoTime();
      long slowest = 0;
      while (!play.over() && play.steps() < maxSteps) {
        for (int p = 0; p < players; p++) {
          g.legalMoves(play.state, p, moves);
          if (moves.size() < 2) {
            continue;
          }
          decisions++;
          Observation obs = play.observations[p];
          String before = samplers[p].stats().toString();
          long t0 = System.nanoTime();
          boolean ok = false;
          for (int t = 0; t < tries && !ok; t++) {
            ok = samplers[p].sample(obs, new SplittableRandom(seed * 1000003L + obs.length() * 31L + t), out);
          }
          slowest = Math.max(slowest, System.nanoTime() - t0);
          if (!ok) {
            declined++;
            if (shown++ < show) {
              System.out.printf("  %dp seed %d: p%d declined at step %d (%.1f s)%n    before %s%n    after  %s%n",
                  players, seed, p + 1, obs.length(), (System.nanoTime() - t0) / 1e9, before,
                  samplers[p].stats());
            }
          }
        }
        play.step(rng);
      }
      CardSampler.Stats total = new CardSampler.Stats();
      StringBuilder per = new StringBuilder();
      for (int p = 0; p < players; p++) {
        per.append("\n    p").append(p + 1).append(": ").append(samplers[p].stats());
      }
      System.out.printf("go fish %dp seed %d: %d steps, declined %d of %d decisions, %.1f s, slowest decision %.1f s%s%n",
          players, seed, play.steps(), declined, decisions, (System.nanoTime() - start) / 1e9, slowest / 1e9, per);
    }
  }
}
