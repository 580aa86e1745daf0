package veil.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import veil.ggp.GgpPlayer;
import veil.ggp.GgpServer;

/** {@code veil serve --port P}: a GGP player over HTTP. */
@Command(
    name = "serve",
    sortOptions = false,
    description = {
      "Play GGP matches as a player over HTTP on 127.0.0.1 (loopback only): each POST is a match message, the answer"
          + " its reply.",
      "Understands the Dresden GDL-II messages (START id role (rules) startclock playclock), (PLAY id NIL),"
          + " (PLAY id (percepts)), (STOP id (percepts)) and the Stanford forms (play id turn lastmove percepts),"
          + " (stop id turn lastmove percepts); also INFO, PING and ABORT.",
      "The agent sees only its role's moves and percepts. Every answer is sent before the clock: the search gets the"
          + " clock less a margin (a fifth, 0.1 to 1 s), and a search still running then is cut short with a random"
          + " legal move, logged.",
      "Runs until stopped (Ctrl-C), or until --matches matches have ended."
    })
final class ServeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Option(names = "--port", paramLabel = "P", required = true,
      description = "The port to listen on (0: any free port, printed at start).")
  int port;

  @Option(names = "--agent", paramLabel = "SPEC", defaultValue = "so-ismcts",
      description = "The honest agent that plays (default: ${DEFAULT-VALUE}; `veil arena --help` lists them).")
  String agent;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the agent's random choices, mixed with each match id (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--time-ms", paramLabel = "MS", defaultValue = "0",
      description = "Think at most this long per move, below the play clock (default: the whole clock less the"
          + " margin).")
  long timeMs;

  @Option(names = "--mode", paramLabel = "strict|lenient", defaultValue = "lenient",
      description = "How the rules a match sends are checked (default: ${DEFAULT-VALUE}; see `veil check --help`):"
          + " rules strict mode refuses are answered with ERROR.")
  String mode;

  @Option(names = "--matches", paramLabel = "N", defaultValue = "0",
      description = "Stop after N matches have ended (STOP or ABORT); 0 (the default) serves until stopped.")
  int matches;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    if (port < 0 || port > 65535) {
      throw new ParameterException(spec.commandLine(), "--port must be 0..65535, got " + port);
    }
    if (timeMs < 0 || matches < 0) {
      throw new ParameterException(spec.commandLine(), "--time-ms and --matches must not be negative");
    }
    GgpPlayer player;
    try {
      veil.gdl.check.Mode.parse(mode);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--mode: " + e.getMessage());
    }
    try {
      player = new GgpPlayer(agent, seed, timeMs, mode, line -> {
        synchronized (out) {
          out.println(line);
          out.flush();
        }
      });
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--agent: " + e.getMessage());
    }
    try (GgpServer server = GgpServer.start(port, player::handle)) {
      synchronized (out) {
        out.println("veil serve: " + agent + " plays on " + server.url() + " (loopback only)"
            + (matches > 0 ? " for " + matches + " match" + (matches == 1 ? "" : "es") : "; Ctrl-C stops"));
        out.flush();
      }
      while (matches == 0 || player.matchesDone() < matches) {
        Thread.sleep(100);
      }
      return 0;
    } catch (IOException e) {
      spec.commandLine().getErr().println("error: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
      spec.commandLine().getErr().flush();
      return Main.GAME_ERROR;
    } finally {
      player.close();
    }
  }
}
