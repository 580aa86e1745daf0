package veil.ai.arena;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import veil.ai.Budget;
import veil.ai.Seeds;
import veil.ai.match.MatchRunner;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.State;

/**
 * What a designer asks of a new game, measured: from random playouts, seat fairness, length, lead changes and how
 * decisive the end is; from short arenas, seat fairness under competent self-play, how much skill matters (a ladder
 * of agents against random opponents) and how much hidden information matters (a clairvoyant agent's score minus an
 * honest agent's at the same budget, both against random opponents).
 */
public final class GameAnalysis {
  private GameAnalysis() {}

  /** How much to play: random playouts, games per arena, the two search budgets, the seed, games at once. */
  public record Settings(int playouts, int games, long lowIterations, long highIterations, long seed, int parallel) {
    public Settings {
      if (playouts < 1 || games < 1 || lowIterations < 1 || highIterations < 1 || parallel < 1) {
        throw new IllegalArgumentException("playouts, games, iterations and parallel must be at least 1");
      }
    }
  }

  /** A mean with its 95% percentile-bootstrap interval. */
  public record Estimate(double mean, double low, double high, int n) {}

  /** One rung of the skill ladder: an agent against random opponents. */
  public record Rung(String agent, Estimate score) {}

  /**
   * Decisions of one honest search in one of the analysis's arenas that were not exact search: moves at random
   * because its information-set sampler found no state consistent with what it saw ({@code fallbacks}), or worlds
   * drawn from a bag of particles ({@code approximate}); out of {@code decisions}. The scores the analysis reports
   * include those moves, so they are listed rather than hidden.
   */
  public record Inexact(String agent, long fallbacks, long approximate, long decisions) {}

  /**
   * The findings.
   *
   * @param seatRoles names of the seat roles
   * @param randomSeats per seat, the mean score in random playouts
   * @param selfPlaySeats per seat, the mean score when so-ismcts plays every seat (empty for one seat)
   * @param informativeGoals true when the goals change before the end (lead changes are then measured)
   * @param leadChanges mean number of changes of the sole leader per playout (by the goals of each state)
   * @param lastLeadChange mean point of the last lead change, as a fraction of the game (playouts with one)
   * @param margin mean difference between the best and the second-best seat's final score (NaN for one seat)
   * @param ties fraction of playouts where two or more seats share the best final score
   * @param lengths length of each playout in joint moves
   * @param clairvoyant uct-cheat's score against random opponents; {@code honest} so-ismcts's at the same budget
   * @param information clairvoyant minus honest, with its interval
   * @param inexact the searches (by arena) that moved at random or drew approximate worlds; empty when none did
   */
  public record Result(Game game, Settings settings, List<String> seatRoles, List<Estimate> randomSeats,
      List<Estimate> selfPlaySeats, int failures, boolean informativeGoals, double leadChanges,
      double lastLeadChange, double margin, double ties, int[] lengths, List<Rung> ladder, Estimate clairvoyant,
      Estimate honest, Estimate information, List<Inexact> inexact) {}

  static final int REPLICATES = 2000;

  /**
   * The mean of {@code v} with a percentile bootstrap interval (fixed seed); when every value is 1 (or 0), the exact
   * bound of {@link ArenaStats#unanimous}.
   */
  public static Estimate estimate(double[] v) {
    if (v.length == 0) {
      return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    double mean = Arrays.stream(v).average().orElse(0);
    double[] rep = new double[REPLICATES];
    SplittableRandom rng = new SplittableRandom(ArenaStats.SEED);
    for (int b = 0; b < REPLICATES; b++) {
      double s = 0;
      for (int i = 0; i < v.length; i++) {
        s += v[rng.nextInt(v.length)];
      }
      rep[b] = s / v.length;
    }
    Arrays.sort(rep);
    double[] ci = ArenaStats.unanimous(new double[] {rep[(int) Math.floor(0.025 * (REPLICATES - 1))],
        rep[(int) Math.ceil(0.975 * (REPLICATES - 1))]}, v, ones(v.length));
    return new Estimate(mean, ci[0], ci[1], v.length);
  }

  private static double[] ones(int n) {
    double[] o = new double[n];
    Arrays.fill(o, 1);
    return o;
  }

  /** mean(a) − mean(b) for independent samples, with a percentile bootstrap interval resampling each. */
  public static Estimate difference(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0) {
      return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    double mean = Arrays.stream(a).average().orElse(0) - Arrays.stream(b).average().orElse(0);
    double[] rep = new double[REPLICATES];
    SplittableRandom rng = new SplittableRandom(ArenaStats.SEED + 1);
    for (int r = 0; r < REPLICATES; r++) {
      double sa = 0;
      double sb = 0;
      for (int i = 0; i < a.length; i++) {
        sa += a[rng.nextInt(a.length)];
      }
      for (int i = 0; i < b.length; i++) {
        sb += b[rng.nextInt(b.length)];
      }
      rep[r] = sa / a.length - sb / b.length;
    }
    Arrays.sort(rep);
    return new Estimate(mean, rep[(int) Math.floor(0.025 * (REPLICATES - 1))],
        rep[(int) Math.ceil(0.975 * (REPLICATES - 1))], Math.min(a.length, b.length));
  }

  /** Runs every measurement. */
  public static Result analyze(Game game, Settings s, ArenaProgress progress) {
    int[] seatRoles = MatchRunner.seatRoles(game);
    int seats = seatRoles.length;
    List<String> names = new ArrayList<>();
    for (int r : seatRoles) {
      names.add(game.roleName(r));
    }
    // Random playouts, step by step, reading the goals of every state.
    double[][] seatScores = new double[seats][s.playouts()];
    int[] lengths = new int[s.playouts()];
    int ok = 0;
    int failures = 0;
    boolean informative = false;
    double changes = 0;
    double lastChange = 0;
    int withChange = 0;
    double margin = 0;
    int ties = 0;
    MoveList scratch = new MoveList();
    int[] joint = new int[game.roleCount()];
    double[] sc = new double[game.roleCount()];
    for (int p = 0; p < s.playouts(); p++) {
      SplittableRandom rng = new SplittableRandom(Seeds.derive(s.seed(), p));
      State st = game.initialState();
      int steps = 0;
      int leader = -1;
      int leaderChanges = 0;
      int lastAt = -1;
      double[] first = null;
      try {
        while (!game.isTerminal(st) && steps < game.stepBound()) {
          if (game.randomJointMove(st, rng, joint, scratch) >= 0) {
            throw new IllegalStateException("no legal move");
          }
          game.apply(st, joint, null);
          steps++;
          game.scores(st, sc);
          if (first == null) {
            first = sc.clone();
          } else if (!informative) {
            for (int r : seatRoles) {
              informative |= sc[r] != first[r];
            }
          }
          int now = soleLeader(sc, seatRoles);
          if (now >= 0 && now != leader) {
            if (leader >= 0) {
              leaderChanges++;
              lastAt = steps;
            }
            leader = now;
          }
        }
        if (!game.isTerminal(st)) {
          throw new IllegalStateException("past the step bound");
        }
      } catch (RuntimeException e) {
        failures++;
        continue;
      }
      game.scores(st, sc);
      lengths[ok] = steps;
      for (int i = 0; i < seats; i++) {
        seatScores[i][ok] = sc[seatRoles[i]];
      }
      changes += leaderChanges;
      if (lastAt >= 0) {
        lastChange += lastAt / (double) steps;
        withChange++;
      }
      if (seats > 1) {
        double[] f = new double[seats];
        for (int i = 0; i < seats; i++) {
          f[i] = sc[seatRoles[i]];
        }
        Arrays.sort(f);
        margin += f[seats - 1] - f[seats - 2];
        ties += f[seats - 1] == f[seats - 2] ? 1 : 0;
      }
      ok++;
    }
    List<Estimate> randomSeats = new ArrayList<>();
    for (int i = 0; i < seats; i++) {
      randomSeats.add(estimate(Arrays.copyOf(seatScores[i], ok)));
    }
    int[] lens = Arrays.copyOf(lengths, ok);

    ArenaConfig base = ArenaConfig.of(game, List.of()).withGames(gamesFor(s.games(), seats)).withSeed(s.seed())
        .withParallel(s.parallel()).withProgress(progress);
    // Self-play: so-ismcts in every seat; the seats table shows the advantage of a seat under competent play.
    List<Estimate> selfPlay = new ArrayList<>();
    List<Inexact> inexact = new ArrayList<>();
    if (seats > 1) {
      List<String> all = new ArrayList<>();
      for (int i = 0; i < seats; i++) {
        all.add("so-ismcts");
      }
      ArenaResult r = Arena.run(new ArenaConfig(game, game.name(), all, base.games(), s.seed(),
          Budget.iterations(s.lowIterations()), null, false, progress, s.parallel(), 0, 1, false));
      for (int i = 0; i < seats; i++) {
        selfPlay.add(seatEstimate(r, seatRoles[i]));
      }
      countInexact(r, -1, "so-ismcts in every seat, " + s.lowIterations() + " iterations", inexact);
    }
    List<Rung> ladder = new ArrayList<>();
    ladder.add(new Rung("random", estimate(againstRandom(game, base, "random", s.lowIterations(), s, progress,
        inexact))));
    ladder.add(new Rung("pimc, " + s.lowIterations() + " iterations",
        estimate(againstRandom(game, base, "pimc", s.lowIterations(), s, progress, inexact))));
    ladder.add(new Rung("so-ismcts, " + s.lowIterations() + " iterations",
        estimate(againstRandom(game, base, "so-ismcts", s.lowIterations(), s, progress, inexact))));
    double[] honestScores = againstRandom(game, base, "so-ismcts", s.highIterations(), s, progress, inexact);
    Estimate honest = estimate(honestScores);
    ladder.add(new Rung("so-ismcts, " + s.highIterations() + " iterations", honest));
    double[] clairvoyantScores = againstRandom(game, base, "uct-cheat", s.highIterations(), s, progress,
        inexact);
    Estimate clairvoyant = estimate(clairvoyantScores);
    Estimate info = difference(clairvoyantScores, honestScores);
    return new Result(game, s, names, randomSeats, selfPlay, failures, informative,
        ok == 0 ? 0 : changes / ok, withChange == 0 ? Double.NaN : lastChange / withChange,
        seats > 1 && ok > 0 ? margin / ok : Double.NaN, ok == 0 ? 0 : ties / (double) ok, lens, ladder,
        clairvoyant, honest, info, List.copyOf(inexact));
  }

  private static int gamesFor(int games, int seats) {
    return Math.max(seats, (games + seats - 1) / seats * seats);
  }

  /** The scores of {@code spec} (agent 0) against random opponents, one per finished game. */
  private static double[] againstRandom(Game game, ArenaConfig base, String spec, long iterations, Settings s,
      ArenaProgress progress, List<Inexact> inexact) {
    int seats = MatchRunner.seatRoles(game).length;
    List<String> agents = new ArrayList<>();
    agents.add(spec);
    for (int i = 1; i < seats; i++) {
      agents.add("random");
    }
    ArenaResult r = Arena.run(new ArenaConfig(game, game.name(), agents, base.games(), s.seed(),
        Budget.iterations(iterations), null, false, progress, s.parallel(), 0, 1, false));
    countInexact(r, 0, spec + ", " + iterations + " iterations", inexact);
    return agentScores(r, 0);
  }

  /**
   * Adds to {@code inexact} the decisions of agent {@code agent} (every agent when negative) in {@code r} that moved
   * at random or drew approximate worlds, when there are any.
   */
  private static void countInexact(ArenaResult r, int agent, String label, List<Inexact> inexact) {
    long fallbacks = 0;
    long approximate = 0;
    long decisions = 0;
    for (GameResult g : r.games()) {
      for (int role = 0; role < g.agentOfRole().length; role++) {
        int a = g.agentOfRole()[role];
        if (a >= 0 && (agent < 0 || a == agent)) {
          fallbacks += g.fallbacks()[role];
          approximate += g.approximate()[role];
          decisions += g.decisions()[role];
        }
      }
    }
    if (fallbacks > 0 || approximate > 0) {
      inexact.add(new Inexact(label, fallbacks, approximate, decisions));
    }
  }

  private static double[] agentScores(ArenaResult r, int agent) {
    List<Double> v = new ArrayList<>();
    for (GameResult g : r.games()) {
      if (g.failed()) {
        continue;
      }
      for (int role = 0; role < g.agentOfRole().length; role++) {
        if (g.agentOfRole()[role] == agent) {
          v.add(g.scores()[role]);
        }
      }
    }
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static Estimate seatEstimate(ArenaResult r, int role) {
    List<Double> v = new ArrayList<>();
    for (GameResult g : r.games()) {
      if (!g.failed()) {
        v.add(g.scores()[role]);
      }
    }
    return estimate(v.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The seat role with the strictly highest score, or -1 on a tie at the top. */
  private static int soleLeader(double[] sc, int[] seatRoles) {
    int best = -1;
    boolean tie = false;
    for (int r : seatRoles) {
      if (best < 0 || sc[r] > sc[best]) {
        best = r;
        tie = false;
      } else if (sc[r] == sc[best]) {
        tie = true;
      }
    }
    return tie ? -1 : best;
  }
}
