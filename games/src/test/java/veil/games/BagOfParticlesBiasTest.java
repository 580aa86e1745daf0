package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.sample.Belief;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.sample.Observations;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;
import veil.model.Observation;
import veil.model.State;

/**
 * How far the general sampler's bag of particles (README "The general sampler's bag of particles") is from the exact
 * posterior on Krieg-Tic-Tac-Toe 5x5, at observations where both exist: the agents' sampler (default limits: exact
 * layers up to 2,000 states, then a bag of 2,000 particles extended step by step, asked at every step as an agent
 * asks) against exact filtering with larger layers ({@link Belief.Limits#EXACT}). The yardstick is an ideal bag of
 * the same size: 2,000 independent draws from the exact posterior. Both bags are sampled alike (N draws, uniform
 * over their particles) and compared with the exact posterior by total variation over states, by the largest
 * difference of a fact's probability (e.g. "black's mark on cell 2 3"), and by chi-square over bins of states. The bag's
 * bias is what it shows beyond the ideal bag, which has only the noise of a finite bag. Prints one line per
 * observation; asserts only that every draw lies in the information set and that enough observations were measured.
 */
class BagOfParticlesBiasTest {
  static final int DRAWS = 20_000;

  static KifGame krieg5x5() throws IOException {
    try (InputStream in = BagOfParticlesBiasTest.class.getResourceAsStream(
        "/veil/games/kif/krieg-tic-tac-toe-5x5.kif")) {
      assertThat(in).isNotNull();
      return new KifLoader().load("krieg-tic-tac-toe-5x5.kif", new String(in.readAllBytes(),
          StandardCharsets.UTF_8), Map.of());
    } catch (veil.model.GameLoadException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }

  /** Bins of the chi-square test: the states in their order, cut into about this many bins of equal probability. */
  static final int BINS = 50;

  /**
   * The figures of one bag against the exact posterior: total variation over states, the largest difference of a
   * fact's probability, and chi-square over {@link #BINS} bins of the N draws, as its statistic per degree of freedom
   * (the dispersion). Draws from a bag of K independent exact particles have a dispersion of about 1 + N/K (the
   * bag's own sampling noise, then the draws'), so {@code N / (dispersion - 1)} is the bag's effective number of
   * independent particles.
   */
  record Figures(double tv, double maxFact, double dispersion, long outside) {
    double effectiveParticles() {
      return DRAWS / Math.max(1e-9, dispersion - 1);
    }

    String text() {
      return String.format(Locale.ROOT, "TV %.3f, max fact diff %.4f, chi-square/dof %.2f (effective particles %.0f)",
          tv, maxFact, dispersion, effectiveParticles());
    }
  }

  /** Measures N draws from {@code bag} (a sampler of indices into the exact belief, -1 outside it). */
  static Figures measure(Belief exact, List<List<String>> facts, java.util.function.IntSupplier draw) {
    int n = exact.size();
    long[] counts = new long[n];
    long outside = 0;
    for (int k = 0; k < DRAWS; k++) {
      int i = draw.getAsInt();
      if (i < 0) {
        outside++;
        continue;
      }
      counts[i]++;
    }
    double tv = 0;
    double[] p = new double[n];
    Map<String, double[]> marginals = new HashMap<>(); // fact -> {exact, drawn}
    for (int i = 0; i < n; i++) {
      p[i] = exact.probability(i);
      double q = counts[i] / (double) DRAWS;
      tv += Math.abs(q - p[i]);
      for (String f : facts.get(i)) {
        double[] m = marginals.computeIfAbsent(f, x -> new double[2]);
        m[0] += p[i];
        m[1] += q;
      }
    }
    tv = (tv + outside / (double) DRAWS) / 2;
    double maxFact = 0;
    for (double[] m : marginals.values()) {
      maxFact = Math.max(maxFact, Math.abs(m[0] - m[1]));
    }
    List<double[]> bins = new ArrayList<>(); // {expected probability, observed count}
    double[] bin = new double[2];
    for (int i = 0; i < n; i++) {
      bin[0] += p[i];
      bin[1] += counts[i];
      if (bin[0] >= 1.0 / BINS || i == n - 1) {
        bins.add(bin);
        bin = new double[2];
      }
    }
    double stat = 0;
    for (double[] b : bins) {
      double e = b[0] * DRAWS;
      stat += (b[1] - e) * (b[1] - e) / e;
    }
    return new Figures(tv, maxFact, stat / (bins.size() - 1), outside);
  }

  @Test
  void theBagsDistanceFromTheExactPosteriorIsMeasuredAgainstAnIdealBagOfTheSameSize() throws IOException {
    KifGame game = krieg5x5();
    int particles = Belief.Limits.DEFAULT.particles();
    int measured = 0;
    double sumTv = 0;
    double sumIdealTv = 0;
    double sumFact = 0;
    double sumIdealFact = 0;
    double sumEffective = 0;
    double sumIdealEffective = 0;
    for (long seed = 1; seed <= 3; seed++) {
      int role = (int) (seed % 2); // white, black
      int[][] history = Observations.randomHistory(game, seed);
      GeneralDeterminizer agentSampler = new GeneralDeterminizer(game);
      for (int t = 1; t <= history.length; t++) {
        Observation obs = Observations.of(game, history, role, t);
        Belief bag = agentSampler.belief(obs); // asked at every step, as an agent asks: the bag is extended
        if (!bag.isApproximate()) {
          continue;
        }
        Belief exact = Belief.build(game, obs, Belief.Limits.EXACT);
        if (!exact.isExact()) {
          break; // past what enumeration can do
        }
        int n = exact.size();
        Map<Long, List<Integer>> byHash = new HashMap<>();
        List<List<String>> facts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          byHash.computeIfAbsent(exact.state(i).contentHash(), h -> new ArrayList<>()).add(i);
          facts.add(game.trueFacts(exact.state(i)));
        }
        SplittableRandom rng = new SplittableRandom(seed * 1000 + t);
        State out = game.initialState();
        Belief.Scratch scratch = new Belief.Scratch(game);
        Figures fromBag = measure(exact, facts, () -> {
          assertThat(bag.sample(rng, out, null, scratch)).isTrue();
          for (int i : byHash.getOrDefault(out.contentHash(), List.of())) {
            if (exact.state(i).sameAs(out)) {
              return i;
            }
          }
          return -1;
        });
        int[] ideal = new int[particles];
        for (int k = 0; k < particles; k++) {
          assertThat(exact.sample(rng, out, null, scratch)).isTrue();
          ideal[k] = exact.indexOf(out);
        }
        Figures fromIdeal = measure(exact, facts, () -> ideal[rng.nextInt(particles)]);
        assertThat(fromBag.outside()).isZero();
        System.out.printf(Locale.ROOT, "krieg 5x5 seed %d %s step %d: %d states; bag of %d: %s; ideal bag: %s%n",
            seed, game.roleName(role), t, n, bag.particles(), fromBag.text(), fromIdeal.text());
        sumTv += fromBag.tv();
        sumIdealTv += fromIdeal.tv();
        sumFact += fromBag.maxFact();
        sumIdealFact += fromIdeal.maxFact();
        sumEffective += fromBag.effectiveParticles();
        sumIdealEffective += fromIdeal.effectiveParticles();
        measured++;
      }
    }
    System.out.printf(Locale.ROOT, "krieg 5x5, %d observations: mean TV bag %.3f ideal %.3f; mean max fact diff bag"
        + " %.4f ideal %.4f; mean effective particles bag %.0f ideal %.0f%n", measured, sumTv / measured,
        sumIdealTv / measured, sumFact / measured, sumIdealFact / measured, sumEffective / measured,
        sumIdealEffective / measured);
    assertThat(measured).isGreaterThanOrEqualTo(3);
  }
}
