package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * Asks on the card sampler: the bundled Go Fish rules on a deck of eight cards (two ranks), two players, two cards
 * each. An ask tells that the asker holds the rank (a SOME fact), "go fish" that the hand asked holds none (NONE),
 * "missed" that the card drawn is not of the rank (NOT_CARD). Every sample must replay (the sampler's own check)
 * and the placements drawn must fit the exact posterior, enumerated over every history.
 */
class GoFishSamplingTest {
  static CompiledGame tiny() throws IOException {
    return tiny(2);
  }

  /** Go Fish with the eight cards of ranks 2 and 3, two dealt to each of {@code players} players. */
  static CompiledGame tiny(int players) throws IOException {
    return small(players, "2 3", "Clubs Diamonds Hearts Spades", 2, 8);
  }

  static CompiledGame small(int players, String ranks, String suits, int deal, int cards) throws IOException {
    String text = Files.readString(Play.LUD.resolve("go-fish.lud"))
        .replace("(option \"Players\" 4", "(option \"Players\" " + players)
        .replace("(deck \"Deck\")", "(deck \"Deck\" suits:{" + suits + "} ranks:{" + ranks + "})")
        .replace("deal 5", "deal " + deal);
    CompiledGame g = Play.compile("tiny-go-fish", text);
    assertThat(g.players).as("the tiny game's players").isEqualTo(players);
    assertThat(g.cards.count()).as("the tiny game's cards").isEqualTo(cards);
    return g;
  }

  /** Observations of random tiny games after which the observer holds a SOME fact and a NONE or NOT_CARD fact. */
  static List<Observation> askedObservations(CompiledGame g, int wanted) {
    List<Observation> out = new ArrayList<>();
    SplittableRandom rng = new SplittableRandom(3);
    for (int game = 0; game < 1600 && out.size() < wanted; game++) {
      Play.Game play = new Play.Game(g);
      int stop = 10 + game % 9;
      while (play.steps() < stop && !play.over()) {
        play.step(rng);
      }
      for (int p = 0; p < g.players && out.size() < wanted; p++) {
        Observation obs = play.observations[p];
        Worker w = new Worker(g, new CardSampler.Stats());
        if (!w.prepare(obs)) {
          continue;
        }
        HandFacts f = w.skeleton().facts;
        boolean some = false;
        boolean other = false;
        for (int i = 0; i < f.count; i++) {
          some |= f.kind[i] == HandFacts.SOME;
          other |= f.kind[i] != HandFacts.SOME;
        }
        if (some && other) {
          out.add(obs.copy());
        }
      }
    }
    return out;
  }

  private static List<Long> placements(LudState s) {
    List<Long> out = new ArrayList<>();
    for (long m : s.places) {
      out.add(m);
    }
    return out;
  }

  /** Chi-square of the sampler's placements against the exact posterior's, and its critical value. */
  /** The counters of the sampler of the last {@link #fit} (which paths its draws took). */
  static CardSampler.Stats lastStats;

  static double[] fit(CompiledGame g, Observation obs, long seed) {
    return fit(g, obs, seed, options -> { });
  }

  /** {@link #fit} with a sampler whose options {@code set} changes first (a mutation, a switch). */
  static double[] fit(CompiledGame g, Observation obs, long seed, Consumer<SamplerOptions> set) {
    Map<List<Long>, Double> posterior = new HashMap<>();
    Posterior.enumerate(g, obs).forEach((s, w) -> posterior.merge(placements(s), w[0], Double::sum));
    int n = 300 * posterior.size();
    CardSampler sampler = new CardSampler(g);
    set.accept(sampler.options);
    lastStats = sampler.stats();
    SplittableRandom rng = new SplittableRandom(seed);
    Map<List<Long>, Integer> counts = new HashMap<>();
    for (int i = 0; i < n; i++) {
      int[][] history = sampler.sampleHistory(obs, rng);
      if (history == null) {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < obs.length(); t++) {
          sb.append("\n  ").append(t).append(": ").append(g.moveText(obs.role(), obs.move(t)));
          for (int q : obs.percepts(t)) {
            sb.append(" [").append(g.perceptText(obs.role(), q)).append("]");
          }
        }
        throw new AssertionError("p" + (obs.role() + 1) + ": no sample, " + sampler.stats() + sb);
      }
      LudState s = Play.replayChecked(g, history, obs);
      counts.merge(placements(s), 1, Integer::sum);
    }
    assertThat(posterior.keySet()).containsAll(counts.keySet());
    double chi = 0;
    for (Map.Entry<List<Long>, Double> e : posterior.entrySet()) {
      double expected = e.getValue() * n;
      double d = counts.getOrDefault(e.getKey(), 0) - expected;
      chi += d * d / expected;
    }
    return new double[] {chi, Posterior.critical(Math.max(1, posterior.size() - 1)), posterior.size()};
  }

  @Test
  void asksAreSampledAsTheExactPosterior() throws IOException {
    CompiledGame g = tiny();
    assertThat(CardSampler.unsupported(g)).isNull();
    List<Observation> asked = askedObservations(g, 8);
    assertThat(asked).hasSizeGreaterThanOrEqualTo(8);
    int tested = 0;
    for (Observation obs : asked) {
      double[] r = fit(g, obs, obs.length());
      System.out.printf("tiny go fish, p%d step %d: %d placements, chi-square %.1f (critical %.1f)%n",
          obs.role() + 1, obs.length(), (int) r[2], r[0], r[1]);
      if (r[2] >= 2) {
        assertThat(r[0]).isLessThan(r[1]);
        tested++;
      }
    }
    assertThat(tested).isGreaterThanOrEqualTo(6);
  }

  /**
   * Four players, every card dealt: an ask of a player holding one card. The legality probe once took the card it
   * tried in the asker's hand from the hand asked, emptying it, and so learnt that the asker held one of the other
   * cards (a false SOME fact: one card was never drawn into the asker's hand, chi-square 1,208 against 33 at
   * p1's step 14); the probe's control now keeps such a card in the fact.
   */
  @Test
  void fourPlayerAsksAreSampledAsTheExactPosterior() throws IOException {
    CompiledGame g = tiny(4);
    List<Observation> asked = askedObservations(g, 8);
    assertThat(asked).hasSizeGreaterThanOrEqualTo(8);
    int tested = 0;
    for (Observation obs : asked) {
      double[] r = fit(g, obs, obs.length());
      System.out.printf("tiny four-player go fish, p%d step %d: %d placements, chi-square %.1f (critical %.1f)%n",
          obs.role() + 1, obs.length(), (int) r[2], r[0], r[1]);
      if (r[2] >= 2) {
        assertThat(r[0]).isLessThan(r[1]);
        tested++;
      }
    }
    assertThat(tested).isGreaterThanOrEqualTo(6);
  }

  /**
   * A SOME fact implied by an earlier one (the same rank asked again by a hand that has lost none of the tokens the
   * earlier ask designated among) is not designated again and carries no weight; the posterior must not change.
   * Observations of two- and three-player tiny games whose draws drop such facts, each against enumeration.
   */
  @Test
  void impliedAsksAreSampledAsTheExactPosterior() throws IOException {
    impliedAsks(); // implied asks are a matter of the designations' path (exactFacts off, the default)
  }

  private static void impliedAsks() throws IOException {
    int tested = 0;
    for (int players = 2; players <= 3; players++) {
      CompiledGame g = tiny(players);
      for (Observation obs : askedObservations(g, 24)) {
        double[] r = fit(g, obs, 100 + obs.length());
        if (lastStats.implied.sum() == 0 || r[2] < 2) {
          continue;
        }
        System.out.printf("tiny %d-player go fish, implied asks, p%d step %d: %d placements, chi-square %.1f "
            + "(critical %.1f)%n", players, obs.role() + 1, obs.length(), (int) r[2], r[0], r[1]);
        assertThat(r[0]).isLessThan(r[1]);
        tested++;
      }
    }
    assertThat(tested).as("observations whose draws dropped an implied SOME fact").isGreaterThanOrEqualTo(4);
  }

  /**
   * The same, where the earlier fact's hand lost a card since, seen leaving with another rank (asked for 2, handed
   * over its 3s, asked for 2 again): three ranks of three suits, two players.
   */
  @Test
  void askedAgainAfterHandingOverAreSampledAsTheExactPosterior() throws IOException {
    askedAgainAfterHandingOver(); // implied asks: the designations' path (exactFacts off, the default)
  }

  private static void askedAgainAfterHandingOver() throws IOException {
    int tested = 0;
    for (int players = 2; players <= 3; players++) {
    CompiledGame g = small(players, "2 3 4", "Clubs Diamonds Hearts", 2, 9);
    for (Observation obs : askedObservations(g, 80)) {
      double[] r = fit(g, obs, 200 + obs.length());
      if (lastStats.impliedPastReveals.sum() == 0 || r[2] < 2) {
        continue;
      }
      System.out.printf("small %d-player go fish, asked again after handing over, p%d step %d: %d placements, "
          + "chi-square %.1f (critical %.1f)%n", players, obs.role() + 1, obs.length(), (int) r[2], r[0], r[1]);
      assertThat(r[0]).isLessThan(r[1]);
      tested++;
    }
    }
    assertThat(tested).as("observations whose draws dropped such a fact").isGreaterThanOrEqualTo(2);
  }

  @Test
  void withoutTheDesignationWeightTheTestFails() throws IOException {
    // The mutation: a SOME fact's designated token drawn without dividing by the designations that reach a history
    // (hands holding two cards of the rank asked are drawn too often). The chi-square test must see it.
    CompiledGame g = tiny();
    List<Observation> asked = askedObservations(g, 8);
    boolean failed = false;
    for (Observation obs : asked) {
      // the designations' path (exactFacts off, the default), without the designations' weight
      double[] r = fit(g, obs, obs.length(), options -> options.weighDesignations = false);
      failed |= r[0] >= r[1];
    }
    assertThat(failed).as("some observation's chi-square exceeds its critical value").isTrue();
  }

  /**
   * Several asks open at once, counted ({@link FactAssignment}: no designation, no measured bound): observations of
   * three-player games on three ranks whose draws counted at least two open SOME facts (none implied by another),
   * each against enumeration.
   */
  @Test
  void severalOpenAsksAreCountedAsTheExactPosterior() throws IOException {
    int tested = severalOpenAsks(true, options -> { });
    assertThat(tested).as("observations whose draws counted two or more open SOME facts").isGreaterThanOrEqualTo(4);
  }

  /** The mutation: a type's split weighed by n! instead of the multinomial n! / prod k!. The test must see it. */
  @Test
  void withTheWrongMultinomialTheCountedTestFails() throws IOException {
    // With counted reveals the wrong counts break their exact bound and the draws are declined (overBound); the
    // chi-square sees the mutation on the path where the count is the assignment's weight alone.
    Consumer<SamplerOptions> mutation = options -> {
      options.brokenMultinomial = true;
      options.exactReveals = false;
    };
    assertThat(severalOpenAsks(false, mutation)).as("observations failing with the wrong multinomial").isGreaterThan(0);
  }

  /**
   * Fits the observations with several open asks, counted (exactFacts on, then {@code set}); asserting each fits,
   * returns how many; else how many fail.
   */
  private static int severalOpenAsks(boolean assertFit, Consumer<SamplerOptions> set) throws IOException {
    Consumer<SamplerOptions> counted = options -> {
      options.exactFacts = true;
      set.accept(options);
    };
    int tested = 0;
    int failing = 0;
    for (int players = 2; players <= 3; players++) {
      CompiledGame g = small(players, "2 3 4", "Clubs Diamonds Hearts", 2, 9);
      for (Observation obs : askedObservations(g, 60)) {
        double[] r = fit(g, obs, 300 + obs.length(), counted);
        if (lastStats.severalFactsCounted.sum() == 0 || r[2] < 2) {
          continue;
        }
        assertThat(lastStats.factsCounted.sum()).isPositive();
        System.out.printf("small %d-player go fish, several open asks, p%d step %d: %d placements, chi-square %.1f "
            + "(critical %.1f)%n", players, obs.role() + 1, obs.length(), (int) r[2], r[0], r[1]);
        if (assertFit) {
          assertThat(r[0]).isLessThan(r[1]);
        }
        failing += r[0] >= r[1] ? 1 : 0;
        tested++;
        if (!assertFit && failing > 0) {
          return failing; // the mutation is seen: no need to fit the rest
        }
      }
    }
    return assertFit ? tested : failing;
  }

  /**
   * Reveal choices counted ({@link TokenWalk#countReveals}: which hidden token of a hand was the card seen leaving it,
   * drawn in proportion to the exact count of completions, accepted against the exact bound of the first counted
   * choice, nothing measured): observations of two- and three-player games on three ranks whose draws counted such a
   * choice, each against enumeration.
   */
  @Test
  void countedRevealsAreTheExactPosterior() throws IOException {
    pathBounded = 0;
    int tested = countedReveals(true, options -> { });
    assertThat(tested).as("observations whose draws counted a reveal choice").isGreaterThanOrEqualTo(4);
    assertThat(pathBounded).as("of them, bounded by the maximum over the counted classes' sequences")
        .isGreaterThanOrEqualTo(4);
  }

  /** Observations of the last {@link #countedReveals} whose bound was the path bound (Worker#pathBound). */
  private static int pathBounded;

  /**
   * The mutation of the path bound: the least weight over the counted classes' sequences taken as the bound. Draws
   * above it must be declined and counted (overBound), not accepted: some observation must show it.
   */
  @Test
  void withTooLowAPathBoundTheDrawsAreDeclined() throws IOException {
    int declined = 0;
    CompiledGame g = small(3, "2 3 4", "Clubs Diamonds Hearts", 2, 9);
    for (Observation obs : askedObservations(g, 60)) {
      CardSampler sampler = new CardSampler(g);
      sampler.options.brokenPathBound = true;
      sampler.options.exactFacts = true;
      SplittableRandom rng = new SplittableRandom(obs.length());
      for (int i = 0; i < 200; i++) {
        sampler.sampleHistory(obs, rng);
      }
      declined += sampler.stats().overBound.sum() > 0 ? 1 : 0;
    }
    System.out.printf("small 3-player go fish, path bound at the least weight: %d observations declined draws%n",
        declined);
    assertThat(declined).as("observations whose draws went above the broken bound, declined").isPositive();
  }

  /** The mutation: a counted choice's factor left out of the weight. The test must see it. */
  @Test
  void withoutTheRevealWeightTheCountedTestFails() throws IOException {
    assertThat(countedReveals(false, options -> options.weightlessReveals = true))
        .as("observations failing without the reveal weight").isGreaterThan(0);
  }

  /**
   * Fits the observations with counted reveal choices (exactFacts on, then {@code set}); asserting each fits, returns
   * how many; else how many fail.
   */
  private static int countedReveals(boolean assertFit, Consumer<SamplerOptions> set) throws IOException {
    Consumer<SamplerOptions> counted = options -> {
      options.exactFacts = true;
      set.accept(options);
    };
    int tested = 0;
    int failing = 0;
    for (int players = 2; players <= 3; players++) {
      CompiledGame g = small(players, "2 3 4", "Clubs Diamonds Hearts", 2, 9);
      for (Observation obs : askedObservations(g, 60)) {
        double[] r = fit(g, obs, 500 + obs.length(), counted);
        if (lastStats.revealsCounted.sum() == 0 || r[2] < 2) {
          continue;
        }
        assertThat(lastStats.overBound.sum()).as("draws above the exact bound").isZero();
        assertThat(lastStats.firstCountDiffers.sum()).as("draws whose first counted choice differed").isZero();
        pathBounded += lastStats.pathBounds.sum() > 0 ? 1 : 0;
        System.out.printf("small %d-player go fish, counted reveals, p%d step %d: %d placements, chi-square %.1f "
            + "(critical %.1f)%n", players, obs.role() + 1, obs.length(), (int) r[2], r[0], r[1]);
        if (assertFit) {
          assertThat(r[0]).isLessThan(r[1]);
        }
        failing += r[0] >= r[1] ? 1 : 0;
        tested++;
        if (!assertFit && failing > 0) {
          return failing; // the mutation is seen: no need to fit the rest
        }
      }
    }
    return assertFit ? tested : failing;
  }
}
