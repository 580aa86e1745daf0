package veil.cards.sample;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import veil.ludeme.CompiledGame;
import veil.model.Observation;

/**
 * Measurements of the card sampler, off by default (minutes of CPU). Two-deck Crazy Eights: random games (the
 * bundled rules with {@code copies:2} and a step bound of 600, {@code crazy-eights-two-decks.lud}), the card sampler
 * asked once at every step by every player, as an agent would ask it; every failed call printed with its counters,
 * and per game the calls, failures, draws and the sampler's time. Run it with {@code -Dtest=SamplerHarness
 * -Dharness.c8x2=true} ({@code -Dharness.games=1000-1009} chooses the seeds, {@code -Dharness.modes=old,new} runs the
 * same calls with the mixed choices always drawn uniformly ({@code old}) and counted after 100 uniform draws
 * ({@code new}, the default), alternating game by game so that both see the same load).
 */
class SamplerHarness {

  static CompiledGame twoDecks() {
    try (InputStream in = SamplerHarness.class.getResourceAsStream("crazy-eights-two-decks.lud")) {
      return Play.compile("crazy-eights-two-decks.lud", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  @EnabledIfSystemProperty(named = "harness.c8x2", matches = "true")
  void everyDecisionOfSeededGames() {
    CompiledGame g = twoDecks();
    String[] range = System.getProperty("harness.games", "1000-1009").split("-");
    int first = Integer.parseInt(range[0]);
    int last = range.length > 1 ? Integer.parseInt(range[1]) : first;
    String[] modes = System.getProperty("harness.modes", "default").split(",");
    long[] calls = new long[modes.length];
    long[] failures = new long[modes.length];
    long[] nanos = new long[modes.length];
    long[] draws = new long[modes.length];
    for (int seed = first; seed <= last; seed++) {
      for (int m = 0; m < modes.length; m++) {
        CardSampler sampler = new CardSampler(g);
        if (!modes[m].equals("default")) {
          sampler.countedMixedChoices = modes[m].equals("new");
        }
        SplittableRandom rng = new SplittableRandom(seed);
        Play.Game play = new Play.Game(g);
        long gameCalls = 0;
        long gameFailures = 0;
        long gameNanos = 0;
        while (!play.over()) {
          play.step(rng);
          for (int p = 0; p < g.players; p++) {
            Observation obs = play.observations[p].copy();
            SplittableRandom srng = new SplittableRandom(seed * 1_000_003L + p * 7919L + play.steps());
            String before = sampler.stats().toString();
            long rejectedBefore = sampler.stats().rejected.sum();
            long replaysBefore = sampler.stats().replays.sum();
            long t0 = System.nanoTime();
            boolean ok = sampler.sample(obs, srng, g.initialState());
            long dt = System.nanoTime() - t0;
            gameNanos += dt;
            gameCalls++;
            if (!ok) {
              gameFailures++;
              System.out.printf("FAILED %s seed %d p%d step %d (%.2f s): replays %d, rejected %d; stats %s (before: %s)%n",
                  modes[m], seed, p + 1, obs.length(), dt / 1e9, sampler.stats().replays.sum() - replaysBefore,
                  sampler.stats().rejected.sum() - rejectedBefore, sampler.stats(), before);
            }
          }
        }
        calls[m] += gameCalls;
        failures[m] += gameFailures;
        nanos[m] += gameNanos;
        draws[m] += sampler.stats().replays.sum();
        System.out.printf("game %s seed %d: %d steps, %d calls, %d failed, %.1f s in the sampler, %d draws; %s%n",
            modes[m], seed, play.steps(), gameCalls, gameFailures, gameNanos / 1e9, sampler.stats().replays.sum(),
            sampler.stats());
      }
    }
    for (int m = 0; m < modes.length; m++) {
      System.out.printf("TOTAL %s: %d calls, %d failed, %.1f s in the sampler (%.1f ms a call), %d draws%n", modes[m],
          calls[m], failures[m], nanos[m] / 1e9, nanos[m] / 1e6 / calls[m], draws[m]);
    }
    if (modes.length == 2) {
      System.out.printf("RATIO %s / %s: time %.3f, draws %.3f, failures %d vs %d%n", modes[1], modes[0],
          (double) nanos[1] / nanos[0], (double) draws[1] / draws[0], failures[1], failures[0]);
    }
  }

  /**
   * Old Maid at full size ({@code old-maid.lud}): one seeded random game ({@code -Dharness.oldmaid=SEED}), the card
   * sampler asked once at every step by every player; each call's time and result printed (to find the slow calls
   * and profile one: {@code -Dharness.from=STEP} skips the calls before it, {@code -Dharness.to=STEP} stops there;
   * {@code -Dharness.pairs=false} draws without the pair assignment, as before it).
   */
  @Test
  @EnabledIfSystemProperty(named = "harness.oldmaid", matches = "\\d+")
  void oldMaidCalls() throws IOException {
    CompiledGame g;
    try (InputStream in = SamplerHarness.class.getResourceAsStream("old-maid.lud")) {
      g = Play.compile("old-maid.lud", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    int seed = Integer.parseInt(System.getProperty("harness.oldmaid"));
    int from = Integer.parseInt(System.getProperty("harness.from", "0"));
    int to = Integer.parseInt(System.getProperty("harness.to", "1000000"));
    CardSampler sampler = new CardSampler(g);
    sampler.pairRedrawBudget = Long.parseLong(System.getProperty("harness.pairbudget", "200000"));
    sampler.options.pairAssignment = Boolean.parseBoolean(System.getProperty("harness.pairs", "true"));
    SplittableRandom rng = new SplittableRandom(seed);
    Play.Game play = new Play.Game(g);
    long t0Game = System.nanoTime();
    long gameNanos = 0;
    long calls = 0;
    long failed = 0;
    while (!play.over() && play.steps() < to) {
      play.step(rng);
      if (play.steps() < from) {
        continue;
      }
      for (int p = 0; p < g.players; p++) {
        Observation obs = play.observations[p].copy();
        SplittableRandom srng = new SplittableRandom(seed * 1_000_003L + p * 7919L + play.steps());
        long replays = sampler.stats().replays.sum();
        long witnesses = sampler.stats().witnessRedraws.sum();
        long pairRedraws = sampler.stats().witnessPairRedraws.sum();
        long spent = sampler.stats().witnessPairRedrawsSpent.sum();
        long searches = sampler.stats().witnessSearches.sum();
        String statsBefore = sampler.stats().toString();
        long t0 = System.nanoTime();
        boolean ok = sampler.sample(obs, srng, g.initialState());
        long dt = System.nanoTime() - t0;
        gameNanos += dt;
        calls++;
        if (!ok) {
          failed++;
        }
        System.out.printf("oldmaid seed %d p%d step %d: %b, %.2f s, %d draws, analysis: %d witness redraws, %d pair "
                + "redraws (%d witnesses spent all 2,000), %d searches%n", seed, p + 1, obs.length(), ok,
            dt / 1e9, sampler.stats().replays.sum() - replays,
            sampler.stats().witnessRedraws.sum() - witnesses, sampler.stats().witnessPairRedraws.sum() - pairRedraws,
            sampler.stats().witnessPairRedrawsSpent.sum() - spent, sampler.stats().witnessSearches.sum() - searches);
        if (!ok) {
          System.out.println("  counters of the failed call: " + statsDelta(statsBefore, sampler.stats().toString()));
        }
      }
    }
    System.out.printf("oldmaid %d steps, pair budget %d, %.1f s (%.1f s in the sampler), %d calls, %d failed: %s%n",
        play.steps(), sampler.pairRedrawBudget, (System.nanoTime() - t0Game) / 1e9, gameNanos / 1e9, calls, failed,
        sampler.stats());
  }

  /** The counters that changed between two {@link CardSampler.Stats#toString} texts, as name+delta. */
  static String statsDelta(String before, String after) {
    java.util.Map<String, Long> old = new java.util.HashMap<>();
    for (String kv : before.split(" ")) {
      String[] p = kv.split("=");
      old.put(p[0], Long.parseLong(p[1]));
    }
    StringBuilder out = new StringBuilder();
    for (String kv : after.split(" ")) {
      String[] p = kv.split("=");
      long d = Long.parseLong(p[1]) - old.getOrDefault(p[0], 0L);
      if (d != 0) {
        out.append(p[0]).append('+').append(d).append(' ');
      }
    }
    return out.toString().trim();
  }
}
