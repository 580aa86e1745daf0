package veil.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ai.arena.GameAnalysis;
import veil.ai.arena.GameAnalysis.Estimate;
import veil.model.Game;

/** {@code veil analyze GAME}: what a designer asks of a new game, from random playouts and short arenas. */
@Command(
    name = "analyze",
    sortOptions = false,
    description = {
      "What a game designer asks of a game, measured: seat fairness (in random playouts and when so-ismcts plays"
          + " every seat), length, how often the lead changes, how decisive the end is, how much skill matters"
          + " (random, pimc and so-ismcts at two budgets against random opponents) and how much hidden information"
          + " matters (the clairvoyant uct-cheat's score minus so-ismcts's at the same budget).",
      "Every figure has a 95%% percentile-bootstrap interval. The defaults are small (a minute or so on a card"
          + " game); raise --games and the budgets for firmer answers."
    })
final class AnalyzeCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--playouts", paramLabel = "N", defaultValue = "1000",
      description = "Random playouts (default: ${DEFAULT-VALUE}).")
  int playouts;

  @Option(names = "--games", paramLabel = "N", defaultValue = "20",
      description = "Games per arena, rounded up to a multiple of the seats (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--low", paramLabel = "K", defaultValue = "100",
      description = "The small search budget, iterations per move (default: ${DEFAULT-VALUE}).")
  long low;

  @Option(names = "--high", paramLabel = "K", defaultValue = "500",
      description = "The larger budget, also used for clairvoyant vs honest (default: ${DEFAULT-VALUE}).")
  long high;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--parallel", paramLabel = "N", description = "Games at once (default: the machine's cores).")
  Integer parallel;

  @Option(names = "--html", paramLabel = "FILE", description = "Also write the findings as an HTML page.")
  Path html;

  @Option(names = "--force", description = "Overwrite an existing --html FILE.")
  boolean force;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int par = parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
    if (playouts < 1 || playouts > 10_000_000 || games < 1 || games > 1_000_000 || low < 1 || high < 1
        || low > 100_000_000 || high > 100_000_000 || par < 1 || par > 1024) {
      throw new ParameterException(spec.commandLine(), "--playouts, --games, --low, --high and --parallel must be"
          + " positive (and --parallel at most 1024)");
    }
    if (html != null) {
      int refused = OutputFiles.check(html, "--html", force, List.of(), err);
      if (refused != 0) {
        return refused;
      }
    }
    Game game = Loading.load(main, args, err);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    GameAnalysis.Result r = GameAnalysis.analyze(game,
        new GameAnalysis.Settings(playouts, games, low, high, seed, par), null);
    List<String> text = lines(r, args);
    text.forEach(out::println);
    out.flush();
    if (html != null) {
      int written = OutputFiles.write(html, ReportHtml.analysis(r, text), err) ? 0 : Main.GAME_ERROR;
      if (written != 0) {
        return written;
      }
      out.println("html        " + html);
      out.flush();
    }
    return 0;
  }

  static String est(Estimate e) {
    return Double.isNaN(e.mean()) ? "n/a" : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", e.mean(), e.low(),
        e.high());
  }

  static String signed(Estimate e) {
    return Double.isNaN(e.mean()) ? "n/a" : String.format(Locale.ROOT, "%+.3f [%+.3f, %+.3f]", e.mean(), e.low(),
        e.high());
  }

  static List<String> lines(GameAnalysis.Result r, GameArgs args) {
    List<String> l = new java.util.ArrayList<>();
    GameAnalysis.Settings s = r.settings();
    int seats = r.seatRoles().size();
    l.add("game        " + r.game().name() + " (" + args.game + "), " + seats + (seats == 1 ? " seat" : " seats"));
    l.add("settings    " + s.playouts() + " random playouts; arenas of " + (Math.max(seats, (s.games() + seats - 1)
        / seats * seats)) + " games at " + s.lowIterations() + " and " + s.highIterations()
        + " iterations per move; seed " + s.seed());
    int[] len = r.lengths();
    if (len.length > 0) {
      double mean = java.util.Arrays.stream(len).average().orElse(0);
      l.add(String.format(Locale.ROOT, "length      %.1f joint moves on average (min %d, max %d), chance moves"
          + " included", mean, java.util.Arrays.stream(len).min().orElse(0), java.util.Arrays.stream(len).max()
          .orElse(0)));
    }
    if (r.failures() > 0) {
      l.add("failures    " + r.failures() + " of " + s.playouts() + " random playouts broke the rules"
          + " (veil simulate shows which)");
    }
    StringBuilder fair = new StringBuilder("seats       random playouts:");
    for (int i = 0; i < seats; i++) {
      fair.append("  ").append(r.seatRoles().get(i)).append(' ').append(est(r.randomSeats().get(i)));
    }
    l.add(fair.toString());
    if (!r.selfPlaySeats().isEmpty()) {
      StringBuilder self = new StringBuilder("            so-ismcts in every seat:");
      for (int i = 0; i < seats; i++) {
        self.append("  ").append(r.seatRoles().get(i)).append(' ').append(est(r.selfPlaySeats().get(i)));
      }
      l.add(self.toString());
    }
    if (seats > 1) {
      if (r.informativeGoals()) {
        l.add(String.format(Locale.ROOT, "lead        %.2f changes of the sole leader per random game (by the goals"
            + " of each state)%s", r.leadChanges(), Double.isNaN(r.lastLeadChange()) ? ""
            : String.format(Locale.ROOT, "; the last at %.0f%% of the game on average", 100 * r.lastLeadChange())));
      } else {
        l.add("lead        not measured: the goals do not change before the end, so no one leads during play");
      }
      l.add(String.format(Locale.ROOT, "end         the best seat beats the second by %.3f on average; a tie at the"
          + " top in %.0f%% of random games", r.margin(), 100 * r.ties()));
    }
    l.add("skill       score of one agent against random opponents (seats rotating):");
    for (GameAnalysis.Rung rung : r.ladder()) {
      l.add(String.format(Locale.ROOT, "              %-32s %s", rung.agent(), est(rung.score())));
    }
    Estimate info = r.information();
    boolean significant = !Double.isNaN(info.mean()) && (info.low() > 0 || info.high() < 0);
    l.add("information clairvoyant uct-cheat " + est(r.clairvoyant()) + " minus honest so-ismcts " + est(r.honest())
        + " at " + s.highIterations() + " iterations = " + signed(info) + (significant
            ? ": seeing the hidden information pays" : ": no significant value of the hidden information at this"
                + " budget and sample"));
    for (GameAnalysis.Inexact x : r.inexact()) {
      if (x.fallbacks() > 0) {
        l.add(String.format(Locale.ROOT, "fallback    %s moved at random in %d of %d decisions (its sampler found no"
            + " state consistent with what it saw); the scores above include those moves", x.agent(), x.fallbacks(),
            x.decisions()));
      }
      if (x.approximate() > 0) {
        l.add(String.format(Locale.ROOT, "approx      %s drew worlds from a bag of particles, an approximation of"
            + " its belief, in %d of %d decisions", x.agent(), x.approximate(), x.decisions()));
      }
    }
    l.add("intervals   95% percentile bootstrap, fixed seed (exact Clopper-Pearson bound when every game scored 1,"
        + " or every game 0)");
    return l;
  }
}
