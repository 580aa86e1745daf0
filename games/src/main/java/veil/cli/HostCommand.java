package veil.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import veil.gdl.KifWriter;
import veil.gdl.reason.KifGame;
import veil.ggp.GgpHost;
import veil.model.Game;

/** {@code veil host GAME --players URL,…}: hosts GGP matches between players over HTTP. */
@Command(
    name = "host",
    sortOptions = false,
    description = {
      "Host GGP matches of a GDL-II game (.kif, .gdl or a bundled GDL game) between players reached over HTTP, e.g."
          + " `veil serve` players.",
      "Each player gets START with the rules and its role, then PLAY with only its own percepts (Dresden form;"
          + " --protocol stanford adds the turn and its own last move as played), then STOP. The random role's"
          + " moves are drawn by the host.",
      "An illegal, unreadable, late (past the clock plus 0.5 s) or missing move is replaced by a random legal"
          + " move and logged. Seats rotate from match to match.",
      "--json FILE writes the matches in the arena's JSON Lines format, so `veil replay FILE --game I` shows them."
    })
final class HostCommand implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--players", paramLabel = "URL", split = ",", required = true,
      description = "One player URL per player role, in role order for the first match (e.g."
          + " http://127.0.0.1:9147/).")
  List<String> players;

  @Option(names = "--startclock", paramLabel = "S", defaultValue = "10",
      description = "Seconds the players have to get ready (default: ${DEFAULT-VALUE}).")
  int startclock;

  @Option(names = "--playclock", paramLabel = "S", defaultValue = "5",
      description = "Seconds per move (default: ${DEFAULT-VALUE}).")
  int playclock;

  @Option(names = "--matches", paramLabel = "N", defaultValue = "1",
      description = "Number of matches (default: ${DEFAULT-VALUE}).")
  int matches;

  @Option(names = "--protocol", paramLabel = "dresden|stanford", defaultValue = "dresden",
      description = "The message form: dresden (PLAY id percepts) or stanford (play id turn lastmove percepts)"
          + " (default: ${DEFAULT-VALUE}).")
  GgpHost.Protocol protocol;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the random role's moves and of the replacement moves (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the matches as JSON Lines (arena format).")
  Path json;

  @Option(names = "--force", description = "Overwrite an existing --json FILE.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    if (startclock < 1 || playclock < 1 || matches < 1) {
      throw new ParameterException(spec.commandLine(), "--startclock, --playclock and --matches must be at least 1");
    }
    for (String url : players) {
      if (!url.startsWith("http://") && !url.startsWith("https://")) {
        throw new ParameterException(spec.commandLine(), "--players: '" + url + "' is not an http:// URL");
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (json != null && Files.exists(json) && !force) {
      err.println("error: " + json + " exists; add --force to overwrite it");
      err.flush();
      return Main.GAME_ERROR;
    }
    Game loaded = Loading.load(main, args, err);
    if (loaded == null) {
      return Main.GAME_ERROR;
    }
    if (!(loaded instanceof KifGame game)) {
      err.println("error: veil host plays GDL-II rules; " + args.game + " is a ludeme game: write its rules with"
          + " `veil export-gdl " + Shell.quote(args.game) + " -o FILE.kif` and host that file");
      err.flush();
      return Main.GAME_ERROR;
    }
    Repairs.note(game, args.game, err);
    String rules = KifWriter.write(game.rules(), game.symbols());
    GgpHost host;
    try {
      host = new GgpHost(game, rules, players, new GgpHost.Settings(startclock, playclock, protocol, seed), line -> {
        out.println(line);
        out.flush();
      });
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--players: " + e.getMessage());
    }
    double[] sum = new double[players.size()];
    int[] count = new int[players.size()];
    int failures = 0;
    int fallbacks = 0;
    String runId = "veil." + Long.toString(System.currentTimeMillis(), 36);
    try (OutputStream file = json == null ? null : Files.newOutputStream(json)) {
      if (file != null) {
        writeLine(file, config(game));
      }
      for (int i = 0; i < matches; i++) {
        GgpHost.MatchResult r = host.play(i, runId + "." + i);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "match %d (%s): %d steps", i, r.matchId(),
            r.moves().length));
        for (int role = 0; role < game.roleCount(); role++) {
          int p = r.playerOfRole()[role];
          if (p < 0) {
            continue;
          }
          line.append(", ").append(game.roleName(role)).append('=').append(players.get(p));
          if (r.scores() != null) {
            line.append(String.format(Locale.ROOT, " %.2f", r.scores()[role]));
            sum[p] += r.scores()[role];
            count[p]++;
          }
          fallbacks += r.fallbacks()[role];
        }
        if (r.failure() != null) {
          failures++;
          line.append("  FAILED: ").append(r.failure());
        }
        out.println(line);
        out.flush();
        if (file != null) {
          writeLine(file, gameLine(game, i, r));
        }
      }
      if (file != null) {
        ObjectNode summary = JSON.createObjectNode();
        summary.put("type", "summary");
        summary.put("failures", failures);
        summary.put("fallbacks", fallbacks);
        ArrayNode table = summary.putArray("players");
        for (int p = 0; p < players.size(); p++) {
          ObjectNode row = table.addObject();
          row.put("url", players.get(p));
          row.put("matches", count[p]);
          row.put("meanScore", count[p] == 0 ? 0 : sum[p] / count[p]);
        }
        writeLine(file, summary);
      }
    }
    out.println("player    mean score over " + matches + " match" + (matches == 1 ? "" : "es"));
    for (int p = 0; p < players.size(); p++) {
      out.println(String.format(Locale.ROOT, "  %-40s %s", players.get(p), count[p] == 0 ? "-"
          : String.format(Locale.ROOT, "%.3f", sum[p] / count[p])));
    }
    out.println("replaced  " + fallbacks + " move" + (fallbacks == 1 ? "" : "s") + " (illegal, late or missing)");
    if (json != null) {
      out.println("json      " + json + " (veil replay " + Shell.quote(json.toString()) + " --game 0)");
    }
    out.flush();
    return failures > 0 ? Main.GAME_ERROR : 0;
  }

  private ObjectNode config(KifGame game) {
    ObjectNode n = JSON.createObjectNode();
    n.put("type", "config");
    n.put("game", GameId.of(main.registry(), args));
    n.put("gameName", game.name());
    ArrayNode roles = n.putArray("roles");
    for (int r = 0; r < game.roleCount(); r++) {
      roles.add(game.roleName(r));
    }
    ArrayNode agents = n.putArray("agents");
    players.forEach(agents::add);
    n.put("games", matches);
    n.put("masterSeed", seed);
    n.put("iterations", 0);
    n.put("millis", playclock * 1000L);
    n.put("threads", 1);
    ObjectNode h = n.putObject("host");
    h.put("startclock", startclock);
    h.put("playclock", playclock);
    h.put("protocol", protocol.name());
    h.put("graceMillis", GgpHost.GRACE_MILLIS);
    n.put("seatRotation", "in match i, player p plays the ((p + i) mod n)-th player role");
    return n;
  }

  private ObjectNode gameLine(KifGame game, int index, GgpHost.MatchResult r) {
    ObjectNode n = JSON.createObjectNode();
    n.put("type", "game");
    n.put("index", index);
    n.put("seed", 0);
    n.put("matchId", r.matchId());
    ArrayNode seats = n.putArray("seats");
    int roles = game.roleCount();
    for (int role = 0; role < roles; role++) {
      ObjectNode s = seats.addObject();
      s.put("role", game.roleName(role));
      int p = r.playerOfRole()[role];
      if (p < 0) {
        s.putNull("agent");
      } else {
        s.put("agent", players.get(p));
      }
      s.put("agentIndex", p);
    }
    n.set("moves", JSON.valueToTree(r.moves()));
    n.set("movesText", JSON.valueToTree(r.movesText()));
    if (r.scores() == null) {
      n.putNull("scores");
    } else {
      n.set("scores", JSON.valueToTree(r.scores()));
    }
    n.set("decisions", JSON.valueToTree(r.decisions()));
    double[] ms = new double[roles];
    for (int role = 0; role < roles; role++) {
      ms[role] = r.decisions()[role] == 0 ? 0 : r.decisionNanos()[role] / 1e6 / r.decisions()[role];
    }
    n.set("msPerMove", JSON.valueToTree(ms));
    n.set("iterations", JSON.valueToTree(new long[roles]));
    n.set("decisionNanos", JSON.valueToTree(r.decisionNanos()));
    n.set("fallbacks", JSON.valueToTree(r.fallbacks()));
    n.set("log", JSON.valueToTree(r.log()));
    if (r.failure() == null) {
      n.putNull("failure");
    } else {
      n.put("failure", r.failure());
    }
    return n;
  }

  private static void writeLine(OutputStream out, ObjectNode node) throws IOException {
    out.write((JSON.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
