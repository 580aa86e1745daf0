package veil.cli;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.io.OutputStreamWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import veil.games.GameRegistry;

/**
 * The {@code veil} command line: one program, a subcommand per job. Exit codes: 0 ok, 1 a game failed to load or
 * broke its rules, 2 a usage error, 3 an internal error (a bug in Veil).
 */
@Command(
    name = "veil",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Veil: a general game system for games of hidden information.",
    subcommands = {ListCommand.class, CheckCommand.class, SimulateCommand.class, ArenaCommand.class,
      ReplayCommand.class, MergeCommand.class, ReportCommand.class, AnalyzeCommand.class,
      PlayCommand.class, ReferenceCommand.class, ExportGdlCommand.class,
      VerifyGdlCommand.class, ConformCommand.class, ServeCommand.class, HostCommand.class,
      CommandLine.HelpCommand.class},
    footerHeading = "%n",
    footer = {
      "GAME is the name of a bundled game (see `veil list`) or a .lud, .kif or .gdl file (GDL-II rules: --mode"
          + " strict|lenient says how they are checked).",
      "`veil bench` (run by the ./veil launcher) measures speed; see bench/README.md.",
      "",
      "Exit codes: 0 ok, 1 a game failed to load or broke its rules, 2 usage error, 3 internal error."
    })
public final class Main implements Callable<Integer> {
  /** Exit code of a game that failed to load or broke its rules. */
  public static final int GAME_ERROR = 1;
  /** Exit code of a bug in Veil itself (an exception nobody expected). */
  public static final int INTERNAL_ERROR = 3;

  @Option(names = "--debug", scope = ScopeType.INHERIT,
      description = "On an internal error, show the Java stack trace.")
  boolean debug;

  @Spec CommandSpec spec;

  private final GameRegistry registry;

  /** What the user types, for {@code veil play}. */
  private BufferedReader in;

  public Main(GameRegistry registry) {
    this(registry, null);
  }

  Main(GameRegistry registry, BufferedReader in) {
    this.registry = registry;
    this.in = in;
  }

  GameRegistry registry() {
    return registry;
  }

  /** The input a command reads from (standard input unless a test gave another). */
  BufferedReader in() {
    if (in == null) {
      in = StandardInput.open();
    }
    return in;
  }

  /** With no subcommand: show the usage and fail as a usage error. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return CommandLine.ExitCode.USAGE;
  }

  /** The command line wired to a registry and output streams; tests run it in-process. */
  public static CommandLine commandLine(GameRegistry registry, PrintWriter out, PrintWriter err) {
    return commandLine(registry, null, out, err);
  }

  /** The command line reading user input (for {@code veil play}) from {@code in}; null means standard input. */
  public static CommandLine commandLine(GameRegistry registry, BufferedReader in, PrintWriter out, PrintWriter err) {
    Main main = new Main(registry, in);
    CommandLine cmd = new CommandLine(main);
    cmd.setOut(out);
    cmd.setErr(err);
    cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      // Everything a user can get wrong is reported by the commands themselves; what arrives here is our bug.
      commandLine.getErr().println("internal error: " + e);
      if (main.debug) {
        e.printStackTrace(commandLine.getErr());
      } else {
        commandLine.getErr().println("(run again with --debug to see where)");
      }
      commandLine.getErr().flush();
      return INTERNAL_ERROR;
    });
    return cmd;
  }

  /** Runs one command line and returns its exit code. */
  public static int run(GameRegistry registry, PrintWriter out, PrintWriter err, String... args) {
    return run(registry, null, out, err, args);
  }

  /** Runs one command line reading user input from {@code in} (null: standard input). */
  public static int run(GameRegistry registry, BufferedReader in, PrintWriter out, PrintWriter err,
      String... args) {
    try {
      return commandLine(registry, in, out, err).execute(args);
    } finally {
      out.flush();
      err.flush();
    }
  }

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    int code;
    try {
      code = run(GameRegistry.standard(), out, err, args);
    } catch (RuntimeException | Error e) {
      // Failures outside any command (the registry itself, picocli set-up) get the same one-line treatment.
      err.println("internal error: " + e);
      if (List.of(args).contains("--debug")) {
        e.printStackTrace(err);
      }
      err.flush();
      code = INTERNAL_ERROR;
    }
    System.exit(code);
  }
}
