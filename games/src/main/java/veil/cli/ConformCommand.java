package veil.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.testkit.Check;
import veil.testkit.CheckResult;
import veil.testkit.Conformance;
import veil.testkit.Settings;
import veil.testkit.Subject;
import veil.testkit.Target;

/** {@code veil conform GAME}: the conformance suite on one game. */
@Command(
    name = "conform",
    sortOptions = false,
    description = {
      "Run the conformance suite on a game: does it keep the rules of the GDL-II model (playouts end, legal moves,"
          + " goals, copies, texts, replays), do the agents and samplers work on it, and do its GDL-II rules agree"
          + " with it.",
      "Prints one line per check, `ok` or `FAIL` with what failed and the command that replays it (the details"
          + " of a failure go to stderr), then a count. The exit code is 1 when a check failed.",
      "Playout i is `simulate`'s game i of the same --seed.",
      "--reasoner chooses the reasoner of check (l) (the GDL-II rules, exported or written back out), and for a"
          + " GDL-II game also the one that plays it in every other check."
    })
final class ConformCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--playouts", paramLabel = "N",
      description = "Record exactly N random playouts (default: " + Settings.DEFAULT_PLAYOUTS + ", or as many as "
          + Settings.DEFAULT_BUDGET_SECONDS + " seconds allow, at least " + Settings.DEFAULT_MIN_PLAYOUTS + ").")
  Integer playouts;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "" + Settings.DEFAULT_SEED,
      description = "Master seed of the playouts, agents and samplers (default: ${DEFAULT-VALUE}, the seed of"
          + " the test suite).")
  long seed;

  @Option(names = "--check", paramLabel = "X", split = ",",
      description = "Run only these checks, by letter or name, e.g. --check e or --check copies,replay"
          + " (repeatable).")
  List<String> only = new ArrayList<>();

  @Override
  public Integer call() {
    if (playouts != null && playouts < 1) {
      throw new ParameterException(spec.commandLine(), "--playouts must be at least 1, got " + playouts);
    }
    Set<Check> chosen = new LinkedHashSet<>();
    for (String x : only) {
      Check c = Check.parse(x);
      if (c == null) {
        List<String> known = new ArrayList<>();
        for (Check k : Check.values()) {
          known.add(k.letter() + " " + k.id());
        }
        throw new ParameterException(spec.commandLine(), "unknown check '" + x + "'; the checks are "
            + String.join(", ", known));
      }
      chosen.add(c);
    }
    Settings settings = playouts == null ? Settings.DEFAULT.withSeed(seed) : Settings.exactly(seed, playouts);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // --reasoner: for a GDL-II game the loader's option (it plays the game in every check and its rules in (l));
    // for a ludeme game the reasoner of its exported rules in (l).
    Map<String, String> loadOptions = args.loadOptions(main.registry(), true);
    String exportReasoner = args.reasoner != null && !loadOptions.containsKey("reasoner") ? args.reasoner.name()
        : null;
    Target target = ConformTargets.of(main.registry(), args.game, loadOptions, exportReasoner);
    Subject subject = new Subject(target, settings, null);
    Game game;
    try {
      game = subject.game();
    } catch (GameLoadException e) {
      Loading.printReport(e, err);
      return Main.GAME_ERROR;
    }
    List<Check> checks = new ArrayList<>();
    for (Check c : Conformance.checks(target)) {
      if (chosen.isEmpty() || chosen.contains(c)) {
        checks.add(c);
      }
    }
    out.println("game      " + game.name() + " (" + args.game + ")");
    out.println("options   " + args.optionsText());
    out.println("seed      " + seed);
    out.flush();
    long start = System.nanoTime();
    int failed = 0;
    for (Check c : checks) {
      CheckResult r = c.run(subject);
      out.println(r.line());
      out.flush();
      if (!r.passed()) {
        failed++;
        for (String d : r.details()) {
          err.println("(" + c.letter() + ") " + d);
        }
        err.flush();
      }
    }
    out.println("playouts  " + subject.recordingSummary());
    out.println(String.format(Locale.ROOT, "%d %s: %s (%.1f s)", checks.size(), checks.size() == 1 ? "check"
        : "checks", failed == 0 ? "all passed" : (checks.size() - failed) + " passed, " + failed + " failed",
        (System.nanoTime() - start) / 1e9));
    out.flush();
    return failed == 0 ? 0 : Main.GAME_ERROR;
  }
}
