package veil.cli;

import veil.gdl.Lockstep;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ludeme.gdl.GdlExport;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;
import veil.model.GameLoadException;

/** {@code veil verify-gdl GAME}: the engine and the GDL-II reasoner on the exported rules, in lockstep. */
@Command(
    name = "verify-gdl",
    sortOptions = false,
    description = {
      "Export a ludeme game to GDL-II, load the rules with the GDL-II reasoner, and play both side by side on"
          + " random playouts.",
      "At every step both must give the same roles, the same legal moves of every role (as GDL terms), the same"
          + " percepts of every role (as sets), the same terminal test, and at the end the same goals.",
      "The first difference is printed with its step, the joint moves that led there and both answers; the exit"
          + " code is then 1.",
      "--mode says how the reasoner checks the exported rules (default here: strict)."
    })
final class VerifyGdlCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--playouts", paramLabel = "N", defaultValue = "20",
      description = "Number of random playouts (default: ${DEFAULT-VALUE}).")
  int playouts;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the random playouts (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--states",
      description = "Also compare the states: the engine's state written as the exported facts, after every step.")
  boolean states;

  @Override
  public Integer call() {
    if (playouts < 1) {
      throw new ParameterException(spec.commandLine(), "--playouts must be at least 1, got " + playouts);
    }
    // --mode (of the shared game arguments) is here how the reasoner checks the exported rules; strict by default.
    String mode = args.mode == null ? "strict" : args.mode.name();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    GdlExport.Exported e = Loading.exportGdl(main, args, args.options, err);
    if (e == null) {
      return Main.GAME_ERROR;
    }
    KifGame gdl;
    long t0 = System.nanoTime();
    try {
      String name = e.game().sourceName.replaceAll("^.*[/\\\\]", "").replaceAll("\\.lud$", "") + ".kif";
      // --reasoner (of the shared game arguments) is here which reasoner plays the exported rules.
      gdl = new KifLoader().load(name, e.kif(), Map.of("mode", mode, "stepBound",
          Integer.toString(e.game().stepBound), "reasoner", args.reasoner == null ? "auto" : args.reasoner.name()));
    } catch (GameLoadException ex) {
      err.println("verify-gdl: the exported rules of " + e.game().name + " do not load (" + mode + " mode):");
      Loading.printReport(ex, err);
      if (mode.equals("strict")) {
        err.println("(--mode lenient reads rules with the deviations lenient mode accepts)");
        err.flush();
      }
      return Main.GAME_ERROR;
    }
    long t1 = System.nanoTime();
    Lockstep.Result r = Lockstep.run(e.game(), gdl, playouts, seed, states ? e::facts : null,
        states ? gdl::trueFacts : null);
    long t2 = System.nanoTime();
    out.println("game      " + e.game().name + " (" + args.game + ")");
    out.println("options   " + args.optionsText());
    out.println(String.format(java.util.Locale.ROOT, "rules     %d rules and facts, %s (%s mode, loaded"
        + " in %.1f s)", e.ruleCount(), gdl instanceof veil.gdl.reason.GroundedGame g
            ? g.groundRuleCount() + " ground rules" : "played top-down", mode, (t1 - t0) / 1e9));
    if (!r.ok()) {
      out.println("run       " + r.playouts() + " playouts, " + r.steps() + " steps, seed " + seed + ": DIFFERENCE");
      out.flush();
      err.print(r.mismatch().describe("engine", "gdl"));
      err.println("  replay: " + Shell.program() + " verify-gdl " + Shell.quote(args.game) + args.optionArgs()
          + " --seed " + seed + " --playouts " + (r.mismatch().playout() + 1) + (states ? " --states" : ""));
      err.flush();
      return Main.GAME_ERROR;
    }
    out.println(String.format(java.util.Locale.ROOT, "run       %d playouts, %d steps, seed %d (%.1f s)", r.playouts(),
        r.steps(), seed, (t2 - t1) / 1e9));
    out.println("result    the engine and the exported rules agree: roles, legal moves, percepts, terminal, goals"
        + (states ? ", states" : ""));
    out.flush();
    return 0;
  }
}
