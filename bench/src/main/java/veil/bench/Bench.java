package veil.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import veil.ai.sample.GeneralDeterminizer;
import veil.bench.jmh.IsmctsBenchmarks;
import veil.model.Determinizer;
import veil.model.State;

/**
 * {@code veil bench [--json FILE] [--quick] [--only REGEX]}: runs Veil's benchmarks (JMH, one fork each) and
 * prints a table of rates with their spread and the ratios that matter, all measured in the same run: ludeme
 * Hearts ÷ hand-written Hearts, GDL-II reasoner ÷ ludeme engine on Blind Tic-Tac-Toe, ISMCTS on two threads ÷ one.
 * Then the memory a search takes. Progress goes to stderr, the table to stdout.
 */
public final class Bench {
  /** Iterations of the memory figures (bytes per tree node, peak heap of a decision). */
  public static final int MEMORY_ITERATIONS = 100_000;

  static final String HEARTS_MIDGAME = "hearts/trick6";
  static final List<String> HEARTS_SEARCH = List.of("hearts/trick1", "hearts/trick10");
  /**
   * Searched when Hearts cannot be (no sampler finds its information sets) or when asked for by name with --only:
   * the general sampler works here.
   */
  static final String FALLBACK_SEARCH = "blind-tic-tac-toe/step0";

  private final JmhRunner jmh;
  private final Pattern only;
  private final PrintStream progress;
  private final boolean memory;
  private final List<Measurement> measured = new ArrayList<>();
  /** The games of the sampler sweep (bundled names; {@code kif:NAME} for GDL-II ones). */
  private final List<String> sweep;
  /** The sweep's pairs measured: sampler key, playout key, game. */
  private final List<Report.SweepRow> swept = new ArrayList<>();

  /**
   * The sampler sweep's games when not told otherwise: the 52-card trick game, a draw-and-discard game, the two
   * games with melds (one of them 80 cards), a betting game, and two GDL-II games for the general sampler.
   */
  static final List<String> SWEEP_DEFAULT = List.of("hearts", "crazy-eights", "gin-rummy", "pinochle",
      "kuhn-poker", "kif:monty-hall-5", "kif:krieg-tic-tac-toe");

  Bench(JmhRunner.Plan plan, Pattern only, boolean memory, PrintStream progress) {
    this(plan, only, memory, SWEEP_DEFAULT, progress);
  }

  Bench(JmhRunner.Plan plan, Pattern only, boolean memory, List<String> sweep, PrintStream progress) {
    this.jmh = new JmhRunner(plan);
    this.only = only;
    this.memory = memory;
    this.sweep = sweep;
    this.progress = progress;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static final String USAGE = String.join("\n",
      "Usage: veil bench [--quick] [--json FILE] [--only REGEX] [--samplers default|all|none|GAME,…]",
      "Runs Veil's benchmarks (about four minutes with the default sampler sweep; --quick about three) and prints",
      "rates and ratios measured in the same run. Figures from a machine that is busy with other work are noisy:",
      "compare ratios, not rates.",
      "  --quick        shorter warm-up and measurement",
      "  --json FILE    also write the figures as one JSON object",
      "  --only REGEX   run only the benchmarks whose key matches (e.g. 'playout/'); the ratios need both sides",
      "  --no-memory    skip the memory figures (a 100,000-iteration search)",
      "  --samplers G   the games of the sampler sweep (draws/s of each game's sampler over early, middle and late",
      "                 observations of every player, beside the game's random playouts/s): 'default' (7 games),",
      "                 'all' (every bundled game), 'none', or names separated by commas (kif:NAME for GDL-II)",
      "  -h, --help     this text");

  /** Runs the command line; returns the exit code (0 ok, 2 usage error, 1 a write failed). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    JmhRunner.Plan plan = JmhRunner.Plan.NORMAL;
    Path json = null;
    Pattern only = null;
    boolean memory = true;
    List<String> sweep = SWEEP_DEFAULT;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick":
          plan = JmhRunner.Plan.QUICK;
          break;
        case "--smoke": // for tests: in this JVM, a token of time
          plan = JmhRunner.Plan.SMOKE;
          break;
        case "--no-memory":
          memory = false;
          break;
        case "--json":
        case "--only":
        case "--samplers":
          if (i + 1 >= args.length) {
            err.println("veil bench: " + args[i] + " needs a value\n" + USAGE);
            return 2;
          }
          if (args[i].equals("--json")) {
            json = Path.of(args[++i]);
          } else if (args[i].equals("--samplers")) {
            String v = args[++i];
            try {
              sweep = sweepGames(v);
            } catch (IllegalArgumentException e) {
              err.println("veil bench: " + e.getMessage() + "\n" + USAGE);
              return 2;
            }
          } else {
            only = Pattern.compile(args[++i]);
          }
          break;
        case "-h":
        case "--help":
          out.println(USAGE);
          return 0;
        default:
          err.println("veil bench: unknown argument '" + args[i] + "'\n" + USAGE);
          return 2;
      }
    }
    Bench bench = new Bench(plan, only, memory, sweep, err);
    Report report = bench.runAll();
    out.print(report.table());
    out.flush();
    if (json != null) {
      try {
        Files.writeString(json, report.json(), StandardCharsets.UTF_8);
        err.println("wrote " + json);
      } catch (IOException e) {
        err.println("veil bench: cannot write " + json + ": " + e.getMessage());
        return 1;
      }
    }
    return 0;
  }

  Report runAll() {
    long start = System.nanoTime();
    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    playouts();
    samplers();
    samplerSweep();
    String headline = searches();
    Map<String, Object> mem = null;
    if (memory && wanted("memory")) {
      Position at = Position.of(headline, 1);
      progress.println("memory: " + MEMORY_ITERATIONS + " iterations of so-ismcts at " + headline + " …");
      mem = MemoryProbe.measure(at, MEMORY_ITERATIONS);
    }
    double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return new Report(measured, swept, headline, mem, jmh.plan(), loadBefore, loadAfter,
        (System.nanoTime() - start) / 1e9);
  }

  private boolean wanted(String key) {
    return only == null || only.matcher(key).find();
  }

  private void measure(String key, String label, String unit, String benchmark, Map<String, String> params,
      String counter, boolean allocation) {
    measure(jmh.plan(), key, label, unit, benchmark, params, counter, allocation);
  }

  private void measure(JmhRunner.Plan plan, String key, String label, String unit, String benchmark,
      Map<String, String> params, String counter, boolean allocation) {
    if (!wanted(key)) {
      return;
    }
    progress.println("running " + key + " …");
    Measurement m = jmh.run(plan, key, label, unit, benchmark, params, counter, allocation);
    if (!m.ok()) {
      progress.println("  " + m.skipped());
    }
    measured.add(m);
  }

  private void skip(String key, String label, String unit, String why) {
    if (wanted(key)) {
      progress.println("skipping " + key + ": " + why);
      measured.add(Measurement.skipped(key, label, unit, why));
    }
  }

  private void playouts() {
    for (String game : List.of("hearts", "agram", "blind-tic-tac-toe")) {
      measure("playout/ludeme/" + game, "random playout, ludeme engine, " + game, "games/s",
          "PlayoutBenchmarks.ludeme", Map.of("game", game), null, true);
    }
    // The same trick game with one deck and with two (identical copies): cost per card dealt, 104 cards vs 52.
    for (String game : BenchGames.OWN) {
      measure("playout/ludeme/" + game, "random playout, ludeme engine, " + game, "games/s",
          "PlayoutBenchmarks.ludeme", Map.of("game", game), null, true);
    }
    measure("playout/ludeme-steps/hearts", "random playout by the step protocol, ludeme engine, hearts", "games/s",
        "PlayoutBenchmarks.ludemeSteps", Map.of("game", "hearts"), null, true);
    measure("playout/ludeme-percepts/hearts", "random playout with percepts, ludeme engine, hearts", "games/s",
        "PlayoutBenchmarks.ludemeWithPercepts", Map.of("game", "hearts"), null, true);
    measure("playout/reference/hearts", "random playout, hand-written reference, hearts", "games/s",
        "PlayoutBenchmarks.referenceHearts", Map.of(), null, true);
    for (String rules : List.of("kif:blind-tic-tac-toe-gdl")) {
      String name = rules.substring(rules.indexOf(':') + 1);
      measure("playout/gdl/" + name, "random playout, GDL-II reasoner, " + name, "games/s",
          "PlayoutBenchmarks.gdl", Map.of("rules", rules), null, true);
    }
  }

  private void samplers() {
    String where = HEARTS_MIDGAME.replace('/', '-');
    String card = "sampler/card/" + where;
    String general = "sampler/general/" + where;
    if (wanted(card)) {
      if (BenchGames.lud("hearts").determinizer() == null) {
        skip(card, "card sampler, " + HEARTS_MIDGAME, "samples/s", "n/a: Hearts has no card sampler yet");
      } else {
        measure(card, "card sampler, " + HEARTS_MIDGAME, "samples/s", "SamplerBenchmarks.sample",
            Map.of("position", HEARTS_MIDGAME, "sampler", "card"), "samples", false);
      }
    }
    measure(general, "general sampler, " + HEARTS_MIDGAME, "samples/s", "SamplerBenchmarks.sample",
        Map.of("position", HEARTS_MIDGAME, "sampler", "general"), "samples", false);
  }

  /** The sweep's games for {@code --samplers VALUE}; an unknown game name is an error. */
  static List<String> sweepGames(String value) {
    switch (value) {
      case "default":
        return SWEEP_DEFAULT;
      case "all":
        return BenchGames.bundled();
      case "none":
        return List.of();
      default:
        List<String> bundled = BenchGames.bundled();
        List<String> out = new ArrayList<>();
        for (String g : value.split(",")) {
          String name = g.trim();
          if (!bundled.contains(name)) {
            throw new IllegalArgumentException("--samplers: '" + name + "' is not a bundled game (the GDL-II ones are"
                + " kif:NAME)");
          }
          out.add(name);
        }
        return out;
    }
  }

  /**
   * Each sweep game's sampler over its {@link SamplerPositions} (the card sampler where it applies, else the general
   * one), and the game's random playouts beside it for the ratio (measured whenever the sampler is, even when
   * {@code --only} does not name the playout).
   */
  private void samplerSweep() {
    for (String game : sweep) {
      String name = game.startsWith("kif:") ? game.substring(4) : game;
      veil.model.Game g = veil.bench.jmh.GameSamplerBenchmarks.load(game);
      String kind = g instanceof veil.ludeme.CompiledGame cg && veil.cards.sample.CardSampler.supports(cg)
          ? "card" : "general";
      String key = "sampler/" + kind + "/" + name;
      String filter = kind.equals("general") ? "sampler/general-filter/" + name : null;
      if (!wanted(key) && (filter == null || !wanted(filter))) {
        continue;
      }
      String playout = game.startsWith("kif:") ? "playout/gdl/" + name : "playout/ludeme/" + name;
      if (byKey(measured).get(playout) == null) {
        progress.println("running " + playout + " …");
        measured.add(game.startsWith("kif:")
            ? jmh.run(playout, "random playout, GDL-II reasoner, " + name, "games/s", "PlayoutBenchmarks.gdl",
                Map.of("rules", game), null, true)
            : jmh.run(playout, "random playout, ludeme engine, " + name, "games/s", "PlayoutBenchmarks.ludeme",
                Map.of("game", game), null, true));
      }
      int observations = (g.roleCount() - (g.randomRole() >= 0 ? 1 : 0)) * SamplerPositions.PHASES.length
          * SamplerPositions.SEEDS.length;
      measure(key, kind + " sampler, " + name + ", " + observations + " observations", "samples/s",
          "GameSamplerBenchmarks.sample", Map.of("game", game, "sampler", kind), "samples", false);
      if (filter != null) { // its filtering too: the part of its cost the draws do not show
        measure(filter, "general sampler's filtering and a draw, " + name, "samples/s", "GameSamplerBenchmarks.filter",
            Map.of("game", game, "sampler", kind), "samples", false);
      }
      swept.add(new Report.SweepRow(name, kind, key, playout, filter));
    }
  }

  /** Runs the ISMCTS benchmarks; returns the position the headline figures come from. */
  private String searches() {
    String headline = HEARTS_SEARCH.get(0);
    List<String> positions = new ArrayList<>();
    for (String at : HEARTS_SEARCH) {
      String why = wanted(searchKey(at, 1)) || wanted(searchKey(at, 2)) || wanted("memory") ? unsearchable(at) : null;
      if (why == null) {
        positions.add(at);
      } else {
        for (int threads = 1; threads <= 2; threads++) {
          skip(searchKey(at, threads), searchLabel(at, threads), "iterations/s", "n/a: " + why);
        }
        if (at.equals(headline)) {
          headline = FALLBACK_SEARCH;
        }
      }
    }
    boolean named = only != null && only.matcher(searchKey(FALLBACK_SEARCH, 1)).find();
    if (!headline.equals(HEARTS_SEARCH.get(0)) || named) {
      positions.add(FALLBACK_SEARCH);
    }
    for (String at : positions) {
      for (int threads = 1; threads <= 2; threads++) {
        measure(jmh.plan().forSearch(), searchKey(at, threads), searchLabel(at, threads), "iterations/s",
            "IsmctsBenchmarks.decide",
            Map.of("position", at, "threads", Integer.toString(threads), "agent", "so-ismcts"), "iterations", false);
      }
    }
    return headline;
  }

  static String searchKey(String at, int threads) {
    return "ismcts/" + at.replace('/', '-') + "/" + threads + "t";
  }

  private static String searchLabel(String at, int threads) {
    return "so-ismcts, " + at + ", " + threads + " thread" + (threads > 1 ? "s" : "") + " ("
        + IsmctsBenchmarks.ITERATIONS + " per decision)";
  }

  /** Why ISMCTS cannot search at {@code at} (no sampler draws a consistent state in a few tries), or null. */
  private String unsearchable(String at) {
    Position p = Position.of(at, 1);
    Determinizer own = p.game().determinizer();
    Determinizer d = own != null ? own : new GeneralDeterminizer(p.game()).forObservation(p.observation());
    State out = p.game().initialState();
    SplittableRandom rng = new SplittableRandom(5);
    int tries = 3;
    for (int i = 0; i < tries; i++) {
      if (d.sample(p.observation(), rng, out)) {
        return null;
      }
    }
    return (own == null ? "no card sampler, and the general sampler" : "the game's sampler")
        + " found no consistent state in " + tries + " tries";
  }

  List<Measurement> measured() {
    return measured;
  }

  static Map<String, Measurement> byKey(List<Measurement> ms) {
    Map<String, Measurement> m = new LinkedHashMap<>();
    for (Measurement x : ms) {
      m.put(x.key(), x);
    }
    return m;
  }
}
