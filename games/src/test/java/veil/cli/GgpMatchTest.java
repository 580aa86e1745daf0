package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;
import veil.ggp.GgpPlayer;
import veil.ggp.GgpServer;
import veil.ggp.Sexp;
import veil.model.Game;
import veil.model.Percepts;
import veil.model.State;

/**
 * GGP matches on the loopback interface: {@code veil host} against {@code veil serve} players (in-process servers
 * on free ports), in both message forms, with two and three roles and a GDL-II game with random; a player that
 * answers late and one that answers illegally get random legal moves, logged.
 */
@Timeout(120)
class GgpMatchTest {
  private final List<GgpServer> servers = new ArrayList<>();
  private final List<GgpPlayer> players = new ArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(GgpServer::close);
    players.forEach(GgpPlayer::close);
  }

  /** A veil serve player; every message it receives is added to {@code inbox}. */
  private String serve(String agent, long timeMs, List<String> inbox) throws Exception {
    GgpPlayer p = new GgpPlayer(agent, 7, timeMs, line -> { });
    players.add(p);
    return server(m -> {
      inbox.add(m);
      return p.handle(m);
    });
  }

  private String server(Function<String, String> handler) throws Exception {
    GgpServer s = GgpServer.start(0, handler);
    servers.add(s);
    return s.url();
  }

  private static List<String> inbox() {
    return Collections.synchronizedList(new ArrayList<>());
  }

  private static List<JsonNode> lines(Path file) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String l : Files.readAllLines(file)) {
      out.add(new ObjectMapper().readTree(l));
    }
    return out;
  }

  @Test
  void twoRolesBothFormsAndTheRecordReplays(@TempDir Path dir) throws Exception {
    for (String protocol : List.of("dresden", "stanford")) {
      List<String> a = inbox();
      List<String> b = inbox();
      String urlA = serve("so-ismcts", 0, a); // the whole clock: it must still answer in time
      String urlB = serve("random", 0, b);
      Path json = dir.resolve(protocol + ".jsonl");
      Run r = Cli.run("host", "tic-tac-toe", "--players", urlA + "," + urlB, "--startclock", "2", "--playclock", "1",
          "--matches", "2", "--protocol", protocol, "--json", json.toString());
      assertThat(r.code()).as(r.out() + r.err()).isZero();
      assertThat(r.out()).contains("replaced  0 moves");
      List<JsonNode> file = lines(json);
      assertThat(file.get(0).get("type").asText()).isEqualTo("config");
      assertThat(file.get(1).get("type").asText()).isEqualTo("game");
      // Seats rotate: player 0 is xplayer in match 0 and oplayer in match 1.
      assertThat(file.get(1).get("seats").get(0).get("agent").asText()).isEqualTo(urlA);
      assertThat(file.get(2).get("seats").get(0).get("agent").asText()).isEqualTo(urlB);
      for (int g = 1; g <= 2; g++) {
        for (JsonNode ms : file.get(g).get("msPerMove")) {
          assertThat(ms.asDouble()).as("mean answer time, ms").isLessThan(1000);
        }
      }
      Run replay = Cli.run("replay", json.toString(), "--game", "1");
      assertThat(replay.code()).as(replay.err()).isZero();
      assertThat(replay.out()).contains("xplayer: " + urlB, "terminal; goals");
      String first = a.get(0);
      assertThat(first).startsWith(protocol.equals("dresden") ? "(START " : "(start ").contains("(role xplayer)");
      String play = a.get(1);
      assertThat(play).isEqualTo(protocol.equals("dresden") ? "(PLAY " + matchId(first) + " NIL)"
          : "(play " + matchId(first) + " 0 NIL NIL)");
    }
  }

  /**
   * The README's example match as it is written there: two {@code veil serve} commands (so-ismcts and random, each
   * stopping after the two matches), {@code veil host blind-tic-tac-toe-gdl} with the Dresden messages and a JSON
   * record, and {@code veil replay} of that record as white saw it.
   */
  @Test
  void theReadmeExampleMatchWithServeCommands(@TempDir Path dir) throws Exception {
    int portA = freePort();
    int portB = freePort();
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.Future<Run> a = pool.submit(() -> Cli.run("serve", "--port", Integer.toString(portA),
          "--agent", "so-ismcts", "--matches", "2"));
      java.util.concurrent.Future<Run> b = pool.submit(() -> Cli.run("serve", "--port", Integer.toString(portB),
          "--agent", "random", "--matches", "2"));
      awaitListening(portA);
      awaitListening(portB);
      String urlA = "http://127.0.0.1:" + portA + "/";
      String urlB = "http://127.0.0.1:" + portB + "/";
      Path json = dir.resolve("blind.jsonl");
      Run host = Cli.run("host", "blind-tic-tac-toe-gdl", "--players", urlA + "," + urlB, "--startclock", "5",
          "--playclock", "1", "--matches", "2", "--json", json.toString());
      assertThat(host.code()).as(host.out() + host.err()).isZero();
      Run servedA = a.get(60, java.util.concurrent.TimeUnit.SECONDS);
      Run servedB = b.get(60, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(servedA.code()).as(servedA.err()).isZero();
      assertThat(servedB.code()).as(servedB.err()).isZero();
      assertThat(servedA.out()).contains("veil serve: so-ismcts plays on " + urlA + " (loopback only) for 2 matches");
      assertThat(servedB.out()).contains("veil serve: random plays on " + urlB);
      List<JsonNode> file = lines(json);
      assertThat(file).hasSize(4);
      assertThat(file.get(3).get("type").asText()).isEqualTo("summary");
      assertThat(file.get(3).get("failures").asInt()).isZero();
      assertThat(file.get(1).get("seats").get(0).get("agent").asText()).isEqualTo(urlA);
      Run replay = Cli.run("replay", json.toString(), "--game", "0", "--viewer", "white");
      assertThat(replay.code()).as(replay.err()).isZero();
      assertThat(replay.out()).contains(" as white saw it: ", "terminal; goals").doesNotContain("black sees");
    } finally {
      pool.shutdownNow();
    }
  }

  /** {@code veil serve --mode strict} refuses rules that lenient mode repairs (here an undefined relation). */
  @Test
  void serveModeStrictRefusesRulesLenientModeRepairs() {
    String rules = "((role a) (init s0) (<= (legal a go) (true s0)) (<= (next s1) (does a go))"
        + " (<= terminal (true s1)) (<= terminal (nowhere)) (goal a 100))";
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    GgpPlayer strict = new GgpPlayer("random", 1, 0, "strict", log::add);
    players.add(strict);
    assertThat(strict.handle("(START m1 a " + rules + " 10 10)")).isEqualTo("ERROR");
    assertThat(String.join("\n", log)).contains("match m1: cannot play", "nowhere");
    GgpPlayer lenient = new GgpPlayer("random", 1, 0, "lenient", line -> { });
    players.add(lenient);
    assertThat(lenient.handle("(START m2 a " + rules + " 10 10)")).isEqualTo("READY");
    assertThat(lenient.handle("(PLAY m2 NIL)")).isEqualTo("go");
    Run usage = Cli.run("serve", "--port", "0", "--mode", "fussy");
    assertThat(usage.code()).isEqualTo(2);
    assertThat(usage.err()).contains("--mode: mode must be strict or lenient");
  }

  private static int freePort() throws java.io.IOException {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void awaitListening(int port) throws InterruptedException {
    long end = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < end) {
      try (java.net.Socket s = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
        return;
      } catch (java.io.IOException e) {
        Thread.sleep(50);
      }
    }
    throw new AssertionError("veil serve did not listen on port " + port + " within 30 s");
  }

  private static String matchId(String start) throws Exception {
    return Sexp.parse(start).get(1).atom();
  }

  @Test
  void gdl2WithRandomThreeRolesEachPlayerGetsOnlyItsOwnPercepts(@TempDir Path dir) throws Exception {
    for (String protocol : List.of("dresden", "stanford")) {
      List<String> white = inbox();
      List<String> black = inbox();
      String w = serve("so-ismcts", 150, white);
      String b = serve("random", 0, black);
      Path json = dir.resolve("blind-" + protocol + ".jsonl");
      Run r = Cli.run("host", "blind-tic-tac-toe-gdl", "--players", w + "," + b, "--startclock", "2",
          "--playclock", "1", "--protocol", protocol, "--json", json.toString());
      assertThat(r.code()).as(r.out() + r.err()).isZero();
      assertThat(r.out()).contains("replaced  0 moves");
      JsonNode game = lines(json).get(1);
      assertThat(game.get("seats").get(2).get("agentIndex").asInt()).as("random is the host's").isEqualTo(-1);
      // Replay the record and compare every PLAY/STOP message with the role's own percepts.
      Game g = Cli.standard().load("blind-tic-tac-toe-gdl", Map.of());
      int[][] moves = new ObjectMapper().treeToValue(game.get("moves"), int[][].class);
      assertPerceptsAre(g, moves, 0, white, protocol);
      assertPerceptsAre(g, moves, 1, black, protocol);
    }
  }

  /** The messages after START carry exactly the role's percepts of the step before (NIL for none). */
  private static void assertPerceptsAre(Game g, int[][] moves, int role, List<String> inbox, String protocol)
      throws Exception {
    State s = g.initialState();
    Percepts p = new Percepts(g.roleCount());
    assertThat(inbox).hasSize(moves.length + 2); // START, one PLAY per step, STOP
    for (int t = 0; t <= moves.length; t++) {
      Sexp m = Sexp.parse(inbox.get(t + 1));
      Sexp percepts = m.get(protocol.equals("dresden") ? 2 : 4);
      List<String> got = new ArrayList<>();
      if (!percepts.isNil()) {
        percepts.items().forEach(x -> got.add(x.canonical()));
      }
      List<String> want = new ArrayList<>();
      if (t > 0) {
        for (int x : p.sorted(role)) {
          want.add(Sexp.parse(g.perceptText(role, x)).canonical());
        }
      }
      assertThat(got).as("percepts of %s at step %d", g.roleName(role), t).containsExactlyInAnyOrderElementsOf(want);
      if (protocol.equals("stanford") && t > 0) {
        assertThat(m.get(3).canonical()).isEqualTo(Sexp.parse(g.moveText(role, moves[t - 1][role])).canonical());
      }
      if (t < moves.length) {
        g.apply(s, moves[t], p);
      }
    }
    assertThat(Sexp.parse(inbox.get(inbox.size() - 1)).get(0).atom()).isEqualToIgnoringCase("stop");
  }

  @Test
  void aLatePlayerGetsRandomLegalMovesLogged(@TempDir Path dir) throws Exception {
    String late = server(m -> {
      if (m.toLowerCase().startsWith("(play")) {
        try {
          Thread.sleep(1_800); // the clock is 1 s, plus 0.5 s for the network
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return "noop";
      }
      return m.toLowerCase().startsWith("(start") ? "READY" : "DONE";
    });
    Path json = dir.resolve("late.jsonl");
    Run r = Cli.run("host", "monty-hall-3", "--players", late, "--startclock", "1", "--playclock", "1", "--json",
        json.toString());
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    JsonNode game = lines(json).get(1);
    int contestant = 1;
    int decisions = game.get("decisions").get(contestant).asInt();
    assertThat(decisions).isGreaterThan(0);
    assertThat(game.get("fallbacks").get(contestant).asInt()).isEqualTo(decisions);
    assertThat(game.get("log").get(0).asText()).contains("contestant", "late", "played the random legal move");
    assertThat(r.out()).contains("replaced  " + decisions + " moves");
    assertThat(Cli.run("replay", json.toString(), "--game", "0").code()).isZero();
  }

  @Test
  void anIllegalOrUnreadableAnswerIsReplacedAndLogged(@TempDir Path dir) throws Exception {
    String noop = server(m -> m.toLowerCase().startsWith("(play") ? "noop" : m.toLowerCase().startsWith("(start")
        ? "READY" : "DONE"); // noop is legal only while the other player marks
    String garbage = server(m -> m.toLowerCase().startsWith("(play") ? "(fly away" : m.toLowerCase()
        .startsWith("(start") ? "READY" : "DONE");
    Path json = dir.resolve("illegal.jsonl");
    Run r = Cli.run("host", "tic-tac-toe", "--players", noop + "," + garbage, "--startclock", "1", "--playclock",
        "1", "--json", json.toString());
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    JsonNode game = lines(json).get(1);
    int steps = game.get("moves").size();
    // xplayer moves on even steps: each of its noops there is replaced; oplayer's garbage always is.
    assertThat(game.get("fallbacks").get(0).asInt()).isEqualTo((steps + 1) / 2);
    assertThat(game.get("fallbacks").get(1).asInt()).isEqualTo(steps);
    assertThat(r.out()).contains("xplayer (" + noop + ") answered noop, which is not legal now",
        "oplayer (" + garbage + ") answered '(fly away', which is no move of oplayer");
  }

  @Test
  void playerAnswersBeforeTheClockEvenWhenTheSearchWouldNot() throws Exception {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    GgpPlayer p = new GgpPlayer("so-ismcts", 3, 0, log::add);
    players.add(p);
    veil.gdl.reason.KifGame ttt = (veil.gdl.reason.KifGame) Cli.standard().load("tic-tac-toe", Map.of());
    String rules = veil.gdl.KifWriter.write(ttt.rules(), ttt.symbols());
    assertThat(p.handle("(START m1 xplayer (" + rules + ") 5 1)")).isEqualTo("READY");
    long t0 = System.nanoTime();
    String move = p.handle("(PLAY m1 NIL)");
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(ms).isLessThan(1000);
    assertThat(move).startsWith("(play ");
    assertThat(p.handle("(INFO)")).isEqualTo("busy");
    assertThat(p.handle("(STOP m1 NIL)")).isEqualTo("DONE");
    assertThat(p.handle("(INFO)")).isEqualTo("available");
    assertThat(p.handle("(PLAY m1 NIL)")).isEqualTo("ERROR");
    assertThat(p.handle("(START m2 nobody (" + rules + ") 5 1)")).isEqualTo("ERROR");
    assertThat(log).anyMatch(l -> l.contains("no player role 'nobody'"));
  }
}
