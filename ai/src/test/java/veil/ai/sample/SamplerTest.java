package veil.ai.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.games.BlindTicTacToe;
import veil.ai.games.IntState;
import veil.ai.games.KuhnPoker;
import veil.ai.games.MiniTricks;
import veil.ai.games.MontyHall;
import veil.ai.games.TestGames;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

class SamplerTest {
  /** Filtering stops early (a handful of states per layer), so the rejection path does most of the work. */
  static final Belief.Limits SMALL = new Belief.Limits(6, 100, 2_000_000, Integer.MAX_VALUE);

  static final Belief.Limits REJECTION = Belief.Limits.rejectionOnly(2_000_000);

  /** The player's observation just before stay/switch: it picked door 0, the host left door 1 closed. */
  static Observation montyBeforeSwitch(MontyHall game) {
    int[][] h = game.roleCount() == 3
        ? new int[][] {{1, -1, -1}, {-1, 0, -1}, {-1, -1, 1}}
        : new int[][] {{1, -1}, {-1, 0}, {1, -1}};
    return Observations.of(game, h, MontyHall.PLAYER, 3);
  }

  @Test
  void montyHallPosteriorIsExact() {
    for (int doors = 3; doors <= 5; doors++) {
      for (boolean hostRole : new boolean[] {false, true}) {
        MontyHall game = new MontyHall(doors, hostRole);
        Observation obs = montyBeforeSwitch(game);
        Belief b = Belief.build(game, obs, Belief.Limits.DEFAULT);
        assertThat(b.isExact()).isTrue();
        double carBehindOther = 0;
        for (int i = 0; i < b.size(); i++) {
          if (((IntState) b.state(i)).a[1] == 1) {
            carBehindOther += b.probability(i);
          }
        }
        assertThat(carBehindOther).as(game.name()).isCloseTo(1 - 1.0 / doors, within(1e-12));
        // And the samplers, exact filtering and pure rejection alike, draw it at that rate.
        for (Belief.Limits limits : List.of(Belief.Limits.DEFAULT, REJECTION)) {
          GeneralDeterminizer d = new GeneralDeterminizer(game, limits);
          SplittableRandom rng = new SplittableRandom(doors);
          State s = game.initialState();
          int n = 6000;
          int other = 0;
          for (int k = 0; k < n; k++) {
            assertThat(d.sample(obs, rng, s)).isTrue();
            other += ((IntState) s).a[1] == 1 ? 1 : 0;
          }
          double p = 1 - 1.0 / doors;
          double sd = Math.sqrt(p * (1 - p) / n);
          assertThat(other / (double) n).as(game.name() + " " + limits).isCloseTo(p, within(4 * sd));
        }
      }
    }
  }

  @Test
  void everySampledHistoryReproducesTheObservation() {
    for (Game game : TestGames.all()) {
      for (long seed = 0; seed < 12; seed++) {
        int[][] h = Observations.randomHistory(game, seed);
        for (int steps = 0; steps <= h.length; steps++) {
          for (int role = 0; role < game.roleCount(); role++) {
            if (role == game.randomRole()) {
              continue;
            }
            Observation obs = Observations.of(game, h, role, steps);
            for (Belief.Limits limits : List.of(Belief.Limits.DEFAULT, SMALL)) {
              GeneralDeterminizer d = new GeneralDeterminizer(game, limits);
              SplittableRandom rng = new SplittableRandom(seed * 31 + steps);
              for (int k = 0; k < 3; k++) {
                int[][] sampled = d.sampleHistory(obs, rng);
                assertThat(sampled).as(game.name() + " seed " + seed + " step " + steps).isNotNull();
                assertThat(SamplerCheck.mismatch(game, obs, sampled)).as(game.name()).isNull();
              }
            }
          }
        }
      }
    }
  }

  @Test
  void theConsistencyCheckRejectsWrongHistories() {
    MontyHall game = new MontyHall(3, false);
    Observation obs = montyBeforeSwitch(game);
    assertThat(SamplerCheck.consistent(game, obs, new int[][] {{1, -1}, {-1, 0}, {1, -1}})).isTrue();
    assertThat(SamplerCheck.consistent(game, obs, new int[][] {{0, -1}, {-1, 0}, {1, -1}})).isTrue();
    // The car behind door 2: the host must leave door 2 closed, not 1.
    assertThat(SamplerCheck.mismatch(game, obs, new int[][] {{2, -1}, {-1, 0}, {1, -1}})).contains("not legal");
    // A different own move.
    assertThat(SamplerCheck.mismatch(game, obs, new int[][] {{1, -1}, {-1, 2}, {1, -1}})).contains("observer played");
    // Wrong length.
    assertThat(SamplerCheck.consistent(game, obs, new int[][] {{1, -1}})).isFalse();
    // The true state is in the information set; a state with the car behind door 2 is not.
    State truth = SamplerCheck.replay(game, new int[][] {{1, -1}, {-1, 0}, {1, -1}});
    assertThat(SamplerCheck.inInformationSet(game, obs, truth, Belief.Limits.DEFAULT)).isTrue();
    State wrong = truth.copy();
    ((IntState) wrong).a[1] = 2;
    assertThat(SamplerCheck.inInformationSet(game, obs, wrong, Belief.Limits.DEFAULT)).isFalse();
  }

  /** Observations chosen to have interesting information sets, with the game they belong to. */
  static Map<Observation, Game> chiSquareCases() {
    Map<Observation, Game> cases = new LinkedHashMap<>();
    MontyHall mh = new MontyHall(4, true);
    cases.put(montyBeforeSwitch(mh), mh);
    KuhnPoker kuhn = new KuhnPoker();
    // p2 holds the Q and saw p1 bet: p1 has J or K, equally likely under the uniform opponent model.
    cases.put(Observations.of(kuhn, new int[][] {{5, -1, -1}, {-1, 1, -1}}, KuhnPoker.P2, 2), kuhn);
    MiniTricks tricks = new MiniTricks();
    for (long seed = 0; seed < 40 && cases.size() < 4; seed++) {
      int[][] h = Observations.randomHistory(tricks, seed);
      // After the first trick, where p2 failed to follow suit if it could not.
      Observation o = Observations.of(tricks, h, MiniTricks.P1, 8);
      if (Belief.build(tricks, o, Belief.Limits.DEFAULT).size() >= 3) {
        cases.put(o, tricks);
      }
    }
    BlindTicTacToe ttt = new BlindTicTacToe();
    int[][] h = Observations.randomHistory(ttt, 5);
    cases.put(Observations.of(ttt, h, BlindTicTacToe.WHITE, 2), ttt);
    return cases;
  }

  @Test
  void samplesMatchTheExactPosteriorByChiSquare() {
    for (Map.Entry<Observation, Game> c : chiSquareCases().entrySet()) {
      Observation obs = c.getKey();
      Game game = c.getValue();
      ExactPosterior exact = new ExactPosterior(game, obs);
      assertThat(exact.states.size()).as(game.name() + " information set").isGreaterThanOrEqualTo(2);
      // The filtering agrees with brute force, state by state.
      Belief b = Belief.build(game, obs, Belief.Limits.DEFAULT);
      assertThat(b.size()).isEqualTo(exact.states.size());
      for (int i = 0; i < b.size(); i++) {
        assertThat(b.probability(i)).isCloseTo(exact.states.get(b.state(i).toString()), within(1e-12));
      }
      // Exact filtering of every step, then rejection after a frontier at every possible step.
      List<Belief.Limits> variants = new java.util.ArrayList<>();
      for (int f = 0; f <= obs.length(); f++) {
        variants.add(new Belief.Limits(100_000, 1_000_000, 2_000_000, f));
      }
      for (Belief.Limits limits : variants) {
        GeneralDeterminizer d = new GeneralDeterminizer(game, limits);
        assertThat(d.belief(obs).exactSteps()).isEqualTo(limits.maxExactSteps());
        SplittableRandom rng = new SplittableRandom(11);
        int n = 2500;
        Map<String, Long> stateCounts = new LinkedHashMap<>();
        Map<String, Long> historyCounts = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
          int[][] hist = d.sampleHistory(obs, rng);
          assertThat(hist).isNotNull();
          stateCounts.merge(SamplerCheck.replay(game, hist).toString(), 1L, Long::sum);
          historyCounts.merge(ExactPosterior.historyKey(hist), 1L, Long::sum);
        }
        String what = game.name() + " with " + limits;
        assertThat(pValue(stateCounts, exact.states)).as(what + " states").isGreaterThan(0.001);
        assertThat(pValue(historyCounts, exact.histories)).as(what + " histories").isGreaterThan(0.001);
      }
    }
  }

  static double pValue(Map<String, Long> counts, Map<String, Double> exact) {
    assertThat(exact.keySet()).containsAll(counts.keySet());
    long[] observed = new long[exact.size()];
    double[] probs = new double[exact.size()];
    int i = 0;
    for (Map.Entry<String, Double> e : exact.entrySet()) {
      observed[i] = counts.getOrDefault(e.getKey(), 0L);
      probs[i] = e.getValue();
      i++;
    }
    return ChiSquare.test(observed, probs).pValue();
  }

  /**
   * The naive sampler the brief warns about: at each step, pick uniformly among the joint moves consistent with
   * the next observed step, backtracking on dead ends. It is always consistent, but biased.
   */
  static final class NaiveBacktrackingSampler implements Determinizer {
    private final Game game;

    NaiveBacktrackingSampler(Game game) {
      this.game = game;
    }

    @Override
    public boolean sample(Observation obs, SplittableRandom rng, State out) {
      State s = walk(game.initialState(), obs, 0, rng);
      if (s == null) {
        return false;
      }
      out.copyFrom(s);
      return true;
    }

    private State walk(State s, Observation obs, int t, SplittableRandom rng) {
      if (t == obs.length()) {
        return s;
      }
      if (game.isTerminal(s)) {
        return null;
      }
      int roles = game.roleCount();
      List<int[]> consistent = new java.util.ArrayList<>();
      int[][] options = new int[roles][];
      for (int r = 0; r < roles; r++) {
        MoveList ml = new MoveList();
        game.legalMoves(s, r, ml);
        options[r] = r == obs.role() ? new int[] {obs.move(t)} : ml.toArray();
      }
      int[] idx = new int[roles];
      while (true) {
        int[] joint = new int[roles];
        for (int r = 0; r < roles; r++) {
          joint[r] = options[r][idx[r]];
        }
        State next = s.copy();
        Percepts p = new Percepts(roles);
        game.apply(next, joint, p);
        if (p.sameAs(obs.role(), obs.percepts(t))) {
          consistent.add(joint);
        }
        int r = 0;
        while (r < roles && ++idx[r] == options[r].length) {
          idx[r] = 0;
          r++;
        }
        if (r == roles) {
          break;
        }
      }
      java.util.Collections.shuffle(consistent, new java.util.Random(rng.nextLong()));
      for (int[] joint : consistent) {
        State next = s.copy();
        game.apply(next, joint, null);
        State end = walk(next, obs, t + 1, rng);
        if (end != null) {
          return end;
        }
      }
      return null;
    }
  }

  @Test
  void theChiSquareCheckCatchesABiasedSampler() {
    // Positive control: uniform choice among consistent options makes Monty Hall 1/2 instead of 2/3.
    MontyHall game = new MontyHall(3, false);
    Observation obs = montyBeforeSwitch(game);
    PosteriorCheck.Result biased = PosteriorCheck.check(game, obs, new NaiveBacktrackingSampler(game), 3000, 1);
    assertThat(biased.outside()).isZero();
    assertThat(biased.passes(0.001)).isFalse();
    PosteriorCheck.Result general = PosteriorCheck.check(game, obs, new GeneralDeterminizer(game), 3000, 1);
    assertThat(general.passes(0.001)).as(general.toString()).isTrue();
  }

  @Test
  void chiSquarePValuesAreRight() {
    // Reference values: P(X > 3.841) = 0.05 for 1 dof, P(X > 18.307) = 0.05 for 10 dof.
    assertThat(ChiSquare.upperTail(1, 3.841458820694124)).isCloseTo(0.05, within(1e-9));
    assertThat(ChiSquare.upperTail(10, 18.307038053275146)).isCloseTo(0.05, within(1e-9));
    assertThat(ChiSquare.upperTail(4, 0.5)).isCloseTo(0.9735009788392561, within(1e-9));
  }

  @Test
  void anImpossibleObservationGivesNoSample() {
    MontyHall game = new MontyHall(3, false);
    Observation obs = new Observation(MontyHall.PLAYER);
    obs.add(-1, new int[0]);
    obs.add(0, new int[0]);
    obs.add(-1, new int[] {30}); // the host "left door 0 closed" though the player holds door 0
    GeneralDeterminizer d = new GeneralDeterminizer(game);
    assertThat(d.sample(obs, new SplittableRandom(1), game.initialState())).isFalse();
    assertThat(d.sampleHistory(obs, new SplittableRandom(1))).isNull();
    GeneralDeterminizer r = new GeneralDeterminizer(game, Belief.Limits.rejectionOnly(10_000));
    assertThat(r.sample(obs, new SplittableRandom(1), game.initialState())).isFalse();
  }

  @Test
  void aCachedBeliefExtendedOrCutGivesTheSamePosteriorAsAFreshOne() {
    MiniTricks game = new MiniTricks();
    int[][] h = Observations.randomHistory(game, 3);
    GeneralDeterminizer d = new GeneralDeterminizer(game);
    for (int steps : new int[] {4, 9, 12, 2, 12, 7}) {
      Observation obs = Observations.of(game, h, MiniTricks.P2, steps);
      Belief cached = d.belief(obs);
      Belief fresh = Belief.build(game, obs, Belief.Limits.DEFAULT);
      assertThat(cached.size()).isEqualTo(fresh.size());
      for (int i = 0; i < fresh.size(); i++) {
        int j = cached.indexOf(fresh.state(i));
        assertThat(j).isNotNegative();
        assertThat(cached.probability(j)).isCloseTo(fresh.probability(i), within(1e-12));
      }
    }
    // Another role's observation is not mistaken for a continuation.
    Observation p1 = Observations.of(game, h, MiniTricks.P1, 6);
    assertThat(d.belief(p1).observer()).isEqualTo(MiniTricks.P1);
    assertThat(d.belief(p1).size()).isEqualTo(Belief.build(game, p1, Belief.Limits.DEFAULT).size());
  }

  /** A bag large enough that drawing a few thousand samples from it stays close to drawing from the posterior. */
  static final int BIG_BAG = 40_000;

  @Test
  void theBagOfParticlesMatchesTheExactPosteriorByChiSquare() {
    for (Map.Entry<Observation, Game> c : chiSquareCases().entrySet()) {
      Observation obs = c.getKey();
      Game game = c.getValue();
      ExactPosterior exact = new ExactPosterior(game, obs);
      // The bag takes over after a frontier at every step before the end (at the end there is nothing to extend).
      for (int f = 0; f < obs.length(); f++) {
        Belief.Limits limits = new Belief.Limits(100_000, 1_000_000, 2_000_000, f, BIG_BAG);
        GeneralDeterminizer d = new GeneralDeterminizer(game, limits);
        Belief b = d.belief(obs);
        String what = game.name() + " with " + limits;
        assertThat(b.isApproximate()).as(what).isTrue();
        assertThat(b.particles()).as(what).isEqualTo(BIG_BAG);
        SplittableRandom rng = new SplittableRandom(13);
        Map<String, Long> stateCounts = new LinkedHashMap<>();
        Map<String, Long> historyCounts = new LinkedHashMap<>();
        for (int k = 0; k < 2000; k++) {
          int[][] hist = d.sampleHistory(obs, rng);
          assertThat(hist).isNotNull();
          assertThat(SamplerCheck.mismatch(game, obs, hist)).as(what).isNull();
          stateCounts.merge(SamplerCheck.replay(game, hist).toString(), 1L, Long::sum);
          historyCounts.merge(ExactPosterior.historyKey(hist), 1L, Long::sum);
        }
        assertThat(pValue(stateCounts, exact.states)).as(what + " states").isGreaterThan(0.001);
        assertThat(pValue(historyCounts, exact.histories)).as(what + " histories").isGreaterThan(0.001);
      }
    }
  }

  @Test
  void theBagExtendedStepByStepMatchesTheExactPosterior() {
    // One determinizer asked at every step, as an agent asks: the bag is built once at the frontier and then only
    // extended. Its last generation must still match enumeration. The cases are those whose frontier layer is
    // not uniform (the bag must start from the layer's exact weights) and whose end has several states.
    int checked = 0;
    for (Game game : TestGames.all()) {
      for (long seed = 0; seed < 30 && checked < 4; seed++) {
        int[][] h = Observations.randomHistory(game, seed);
        int role = (int) (seed % game.roleCount());
        if (role == game.randomRole() || h.length < 3) {
          continue;
        }
        Observation full = Observations.of(game, h, role, h.length - 1);
        int frontier = -1;
        for (int f = 1; f < full.length() && frontier < 0; f++) {
          Belief atFrontier = Belief.build(game, full.prefix(f), Belief.Limits.EXACT);
          double min = 1;
          double max = 0;
          for (int i = 0; i < atFrontier.size(); i++) {
            min = Math.min(min, atFrontier.probability(i));
            max = Math.max(max, atFrontier.probability(i));
          }
          frontier = max >= 1.5 * min ? f : -1;
        }
        if (frontier < 0) {
          continue;
        }
        ExactPosterior exact = new ExactPosterior(game, full);
        if (exact.states.size() < 2) {
          continue;
        }
        GeneralDeterminizer d =
            new GeneralDeterminizer(game, new Belief.Limits(100_000, 1_000_000, 2_000_000, frontier, BIG_BAG));
        Belief last = null;
        for (int steps = frontier + 1; steps <= full.length(); steps++) {
          last = d.belief(full.prefix(steps));
          assertThat(last.isApproximate()).isTrue();
          assertThat(last.particles()).isPositive();
        }
        SplittableRandom rng = new SplittableRandom(seed);
        Map<String, Long> counts = new LinkedHashMap<>();
        State out = game.initialState();
        for (int k = 0; k < 2000; k++) {
          assertThat(last.sample(rng, out, null, new Belief.Scratch(game))).isTrue();
          counts.merge(out.toString(), 1L, Long::sum);
        }
        assertThat(pValue(counts, exact.states))
            .as(game.name() + " seed " + seed + " frontier " + frontier + ", " + exact.states.size() + " states")
            .isGreaterThan(0.001);
        checked++;
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(2);
  }

  @Test
  void theChiSquareCheckCatchesATooSmallBag() {
    // The bag is an approximation: with a handful of particles, drawing from it is visibly not the posterior.
    MontyHall game = new MontyHall(5, false);
    Observation obs = montyBeforeSwitch(game);
    PosteriorCheck.Result tiny = PosteriorCheck.check(game, obs,
        new GeneralDeterminizer(game, Belief.Limits.rejectionOnly(100_000).withParticles(3)), 3000, 1);
    assertThat(tiny.outside()).isZero();
    assertThat(tiny.passes(0.001)).as(tiny.toString()).isFalse();
  }

  @Test
  void montyHallThroughTheBagIsOneMinusOneOverN() {
    for (int doors = 3; doors <= 5; doors++) {
      MontyHall game = new MontyHall(doors, true);
      Observation obs = montyBeforeSwitch(game);
      GeneralDeterminizer d =
          new GeneralDeterminizer(game, Belief.Limits.rejectionOnly(100_000).withParticles(BIG_BAG));
      assertThat(d.belief(obs).isApproximate()).isTrue();
      SplittableRandom rng = new SplittableRandom(doors);
      State s = game.initialState();
      int n = 6000;
      int other = 0;
      for (int k = 0; k < n; k++) {
        assertThat(d.sample(obs, rng, s)).isTrue();
        other += ((IntState) s).a[1] == 1 ? 1 : 0;
      }
      double p = 1 - 1.0 / doors;
      double sd = Math.sqrt(p * (1 - p) / n);
      assertThat(other / (double) n).as(game.name()).isCloseTo(p, within(4 * sd));
    }
  }

  @Test
  void aBagThatEveryParticleContradictsIsRebuiltOrFailsLoudly() {
    MontyHall game = new MontyHall(3, false);
    Observation obs = new Observation(MontyHall.PLAYER);
    obs.add(-1, new int[0]);
    obs.add(0, new int[0]);
    obs.add(-1, new int[] {30}); // impossible, as in anImpossibleObservationGivesNoSample
    GeneralDeterminizer d = new GeneralDeterminizer(game, Belief.Limits.rejectionOnly(10_000).withParticles(50));
    assertThat(d.belief(obs).particles()).isZero();
    assertThat(d.sample(obs, new SplittableRandom(1), game.initialState())).isFalse();
  }
}
