package veil.ai.arena;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/**
 * The statistics of a tournament: per agent, per seat and per team, the mean score with a 95% interval, the win
 * rate, and for every pair of agents the paired difference of their scores with its interval and the number of
 * games that would resolve a difference of the observed size.
 *
 * <p>Intervals are percentile bootstrap intervals over <em>units</em>: a game, or with duplicate deals a deal (the
 * block of games that replay one deal in every seat rotation). Resampling whole units keeps the correlation of the
 * seats of one game (and of the rotations of one deal) and every interval inside [0, 1]. The bootstrap draws
 * {@value #REPLICATES} resamples from a fixed seed, so the same games always give the same intervals.
 */
public final class ArenaStats {
  /** Bootstrap resamples. */
  public static final int REPLICATES = 2000;

  /** The bootstrap's seed: intervals are a function of the games alone. */
  static final long SEED = 0x5EEDB007L;

  /** How the intervals are computed, for the output. */
  public static final String METHOD = "95% percentile bootstrap over games (" + REPLICATES
      + " resamples, fixed seed; with --duplicate over deals), which keeps the seats of a game together; exact"
      + " Clopper-Pearson bound when every game scored 1 (or 0)";

  /**
   * A paired difference: mean over units of (agent a's mean score in the unit minus agent b's), its interval,
   * and the games needed to tell a difference of this size from zero (5% two-sided, 80% power; -1 when the
   * observed difference is 0).
   */
  public record Pair(int a, int b, String specA, String specB, int units, double mean, double ciLow, double ciHigh,
      long gamesNeeded) {
    /** True when the interval excludes 0. */
    public boolean significant() {
      return ciLow > 0 || ciHigh < 0;
    }
  }

  private final List<AgentSummary> agents;
  private final List<AgentSummary> seats;
  private final List<AgentSummary> teams;
  private final List<Pair> pairs;
  private final int units;
  private final int gamesPerUnit;

  /**
   * The games needed to tell a paired difference of mean {@code mean} and variance {@code var} per unit of
   * {@code per} games from zero (5% two-sided, 80% power), or -1 when the difference is zero — a mean within
   * rounding of 0 included, where the formula would give an astronomically large count — or no count is sensible.
   */
  static long gamesToResolve(double mean, double var, int per) {
    if (Math.abs(mean) < 1e-9 || !(var > 0)) {
      return -1;
    }
    double z = 1.959964 + 0.841621;
    double units = Math.ceil(z * z * var / (mean * mean));
    return units * per > 1e12 ? -1 : (long) units * per;
  }

  private ArenaStats(List<AgentSummary> agents, List<AgentSummary> seats, List<AgentSummary> teams,
      List<Pair> pairs, int units, int gamesPerUnit) {
    this.agents = agents;
    this.seats = seats;
    this.teams = teams;
    this.pairs = pairs;
    this.units = units;
    this.gamesPerUnit = gamesPerUnit;
  }

  public List<AgentSummary> agents() {
    return agents;
  }

  /** One row per non-random role (spec = role name), over all agents that sat there. */
  public List<AgentSummary> seats() {
    return seats;
  }

  /** One row per team when the game has partnerships (some team holds two roles), else empty. */
  public List<AgentSummary> teams() {
    return teams;
  }

  public List<Pair> pairs() {
    return pairs;
  }

  /** Resampling units: games, or deals with duplicate deals. */
  public int units() {
    return units;
  }

  /** The teams of the seat roles, in seat order, as the game declares them. */
  static int[] teamOfRole(Game game) {
    int[] t = new int[game.roleCount()];
    for (int r = 0; r < t.length; r++) {
      t[r] = r == game.randomRole() ? Integer.MIN_VALUE : game.team(r);
    }
    return t;
  }

  /** Win credit of each role in a finished game (0 for random). */
  static double[] winCredit(Game game, double[] scores) {
    int[] seatRoles = MatchRunner.seatRoles(game);
    double[] credit = new double[scores.length];
    if (seatRoles.length == 1) {
      credit[seatRoles[0]] = scores[seatRoles[0]] >= 1.0 ? 1 : 0;
      return credit;
    }
    int[] team = teamOfRole(game);
    // A side's score: the mean of its members' scores.
    double best = Double.NEGATIVE_INFINITY;
    double[] sideScore = new double[scores.length];
    for (int r : seatRoles) {
      double sum = 0;
      int n = 0;
      for (int q : seatRoles) {
        if (team[q] == team[r]) {
          sum += scores[q];
          n++;
        }
      }
      sideScore[r] = sum / n;
      best = Math.max(best, sideScore[r]);
    }
    List<Integer> topSides = new ArrayList<>();
    for (int r : seatRoles) {
      if (sideScore[r] == best && !topSides.contains(team[r])) {
        topSides.add(team[r]);
      }
    }
    for (int r : seatRoles) {
      if (sideScore[r] == best) {
        credit[r] = 1.0 / topSides.size();
      }
    }
    return credit;
  }

  /** Computes the statistics of the games that did not fail. */
  public static ArenaStats of(ArenaConfig config, List<GameResult> all) {
    Game game = config.game();
    int[] seatRoles = MatchRunner.seatRoles(game);
    int k = config.agents().size();
    int[] team = teamOfRole(game);
    List<Integer> teamIds = new ArrayList<>();
    for (int r : seatRoles) {
      if (!teamIds.contains(team[r])) {
        teamIds.add(team[r]);
      }
    }
    boolean partnerships = teamIds.size() < seatRoles.length;
    int nt = partnerships ? teamIds.size() : 0;
    int seatsN = seatRoles.length;
    int per = config.duplicate() ? seatsN : 1;

    List<GameResult> games = new ArrayList<>();
    for (GameResult g : all) {
      if (!g.failed()) {
        games.add(g);
      }
    }
    // Units: consecutive blocks of `per` game indices.
    java.util.Map<Integer, Integer> unitKeys = new java.util.HashMap<>();
    int[] unitOf = new int[games.size()];
    for (int i = 0; i < games.size(); i++) {
      unitOf[i] = unitKeys.computeIfAbsent(games.get(i).index() / per, key -> unitKeys.size());
    }
    int nu = unitKeys.size();
    // Quantities: agents (k), seats (seatsN), teams (nt): per unit sum of scores, count and win credits.
    int q = k + seatsN + nt;
    double[][] sum = new double[q][nu];
    double[][] cnt = new double[q][nu];
    double[] wins = new double[q];
    double[] n = new double[q];
    long[] decisions = new long[k];
    long[] nanos = new long[k];
    long[] iterations = new long[k];
    long[] fallbacks = new long[k];
    for (int i = 0; i < games.size(); i++) {
      GameResult g = games.get(i);
      int u = unitOf[i];
      double[] credit = winCredit(game, g.scores());
      for (int s = 0; s < seatsN; s++) {
        int r = seatRoles[s];
        int a = g.agentOfRole()[r];
        double sc = g.scores()[r];
        add(sum, cnt, wins, n, a, u, sc, credit[r]);
        add(sum, cnt, wins, n, k + s, u, sc, credit[r]);
        decisions[a] += g.decisions()[r];
        nanos[a] += g.decisionNanos()[r];
        iterations[a] += g.iterations()[r];
        fallbacks[a] += g.fallbacks()[r];
      }
      for (int t = 0; t < nt; t++) {
        double ts = 0;
        int m = 0;
        double c = 0;
        for (int r : seatRoles) {
          if (team[r] == teamIds.get(t)) {
            ts += g.scores()[r];
            c = credit[r];
            m++;
          }
        }
        add(sum, cnt, wins, n, k + seatsN + t, u, ts / m, c);
      }
    }
    // Pairs: per unit, mean score of a minus mean score of b (units where both played).
    List<int[]> pairIdx = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        pairIdx.add(new int[] {a, b});
      }
    }
    int np = pairIdx.size();
    double[][] diff = new double[np][nu];
    boolean[][] both = new boolean[np][nu];
    for (int p = 0; p < np; p++) {
      int a = pairIdx.get(p)[0];
      int b = pairIdx.get(p)[1];
      for (int u = 0; u < nu; u++) {
        if (cnt[a][u] > 0 && cnt[b][u] > 0) {
          both[p][u] = true;
          diff[p][u] = sum[a][u] / cnt[a][u] - sum[b][u] / cnt[b][u];
        }
      }
    }

    // Bootstrap: one draw of units per replicate, shared by every quantity.
    double[][] rep = new double[q + np][REPLICATES];
    SplittableRandom rng = new SplittableRandom(SEED);
    int[] draw = new int[nu];
    double[] s = new double[q + np];
    double[] c = new double[q + np];
    for (int b = 0; b < REPLICATES && nu > 0; b++) {
      for (int i = 0; i < nu; i++) {
        draw[i] = rng.nextInt(nu);
      }
      Arrays.fill(s, 0);
      Arrays.fill(c, 0);
      for (int i = 0; i < nu; i++) {
        int u = draw[i];
        for (int j = 0; j < q; j++) {
          s[j] += sum[j][u];
          c[j] += cnt[j][u];
        }
        for (int p = 0; p < np; p++) {
          if (both[p][u]) {
            s[q + p] += diff[p][u];
            c[q + p] += 1;
          }
        }
      }
      for (int j = 0; j < q + np; j++) {
        rep[j][b] = c[j] == 0 ? Double.NaN : s[j] / c[j];
      }
    }
    double[][] ci = new double[q + np][];
    for (int j = 0; j < q + np; j++) {
      ci[j] = percentiles(rep[j], nu > 0);
    }
    for (int j = 0; j < q; j++) {
      ci[j] = unanimous(ci[j], sum[j], cnt[j]);
    }

    List<AgentSummary> agentRows = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      agentRows.add(row(a, config.agents().get(a), a, sum, n, wins, ci, decisions[a], nanos[a], iterations[a],
          fallbacks[a]));
    }
    List<AgentSummary> seatRows = new ArrayList<>();
    for (int st = 0; st < seatsN; st++) {
      seatRows.add(row(st, game.roleName(seatRoles[st]), k + st, sum, n, wins, ci, 0, 0, 0, 0));
    }
    List<AgentSummary> teamRows = new ArrayList<>();
    for (int t = 0; t < nt; t++) {
      StringBuilder name = new StringBuilder();
      for (int r : seatRoles) {
        if (team[r] == teamIds.get(t)) {
          name.append(name.length() == 0 ? "" : "+").append(game.roleName(r));
        }
      }
      teamRows.add(row(t, name.toString(), k + seatsN + t, sum, n, wins, ci, 0, 0, 0, 0));
    }
    List<Pair> pairRows = new ArrayList<>();
    for (int p = 0; p < np; p++) {
      int a = pairIdx.get(p)[0];
      int b = pairIdx.get(p)[1];
      int m = 0;
      double total = 0;
      double totalSq = 0;
      for (int u = 0; u < nu; u++) {
        if (both[p][u]) {
          m++;
          total += diff[p][u];
          totalSq += diff[p][u] * diff[p][u];
        }
      }
      double mean = m == 0 ? 0 : total / m;
      double var = m < 2 ? 0 : Math.max(0, (totalSq - m * mean * mean) / (m - 1));
      long needed = gamesToResolve(mean, var, per);
      double[] iv = ci[q + p];
      pairRows.add(new Pair(a, b, config.agents().get(a), config.agents().get(b), m, mean, m == 0 ? 0 : iv[0],
          m == 0 ? 0 : iv[1], needed));
    }
    return new ArenaStats(agentRows, seatRows, teamRows, pairRows, nu, per);
  }

  private static void add(double[][] sum, double[][] cnt, double[] wins, double[] n, int j, int u, double score,
      double credit) {
    sum[j][u] += score;
    cnt[j][u] += 1;
    wins[j] += credit;
    n[j] += 1;
  }

  private static AgentSummary row(int index, String spec, int j, double[][] sum, double[] n, double[] wins,
      double[][] ci, long decisions, long nanos, long iterations, long fallbacks) {
    double total = 0;
    for (double v : sum[j]) {
      total += v;
    }
    int games = (int) n[j];
    double mean = games == 0 ? 0 : total / games;
    return new AgentSummary(index, spec, games, mean, games == 0 ? 0 : ci[j][0], games == 0 ? 0 : ci[j][1],
        games == 0 ? 0 : wins[j] / games, decisions == 0 ? 0 : nanos / 1e6 / decisions,
        nanos == 0 ? 0 : iterations * 1e9 / nanos, decisions, fallbacks);
  }

  /**
   * Where every unit scored 1 (or every unit 0) the bootstrap has nothing to resample and gives [1, 1]; the exact
   * (Clopper–Pearson) bound for n units out of n replaces the open end: the mean is at least 0.025^(1/n) (at most
   * 1 − 0.025^(1/n)), since a score of at most 1 that came out 1 in all n units has P(score = 1)^n ≥ 0.025.
   */
  static double[] unanimous(double[] ci, double[] sum, double[] cnt) {
    int n = 0;
    boolean allOne = true;
    boolean allZero = true;
    for (int u = 0; u < sum.length; u++) {
      if (cnt[u] > 0) {
        n++;
        allOne &= sum[u] == cnt[u];
        allZero &= sum[u] == 0;
      }
    }
    if (n == 0) {
      return ci;
    }
    double bound = Math.pow(0.025, 1.0 / n);
    if (allOne) {
      return new double[] {bound, 1};
    }
    if (allZero) {
      return new double[] {0, 1 - bound};
    }
    return ci;
  }

  /** The 2.5% and 97.5% percentiles of the replicates (NaN replicates, where the quantity was absent, skipped). */
  private static double[] percentiles(double[] values, boolean any) {
    if (!any) {
      return new double[] {0, 0};
    }
    double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
    if (v.length == 0) {
      return new double[] {0, 0};
    }
    int lo = (int) Math.floor(0.025 * (v.length - 1));
    int hi = (int) Math.ceil(0.975 * (v.length - 1));
    return new double[] {v[lo], v[hi]};
  }
}
