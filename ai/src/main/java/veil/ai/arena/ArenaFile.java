package veil.ai.arena;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import veil.model.Game;

/**
 * The tournament output: a JSON Lines file, one JSON object per line, written as the games finish so that an
 * interrupted run loses no finished game. The first line is {@code {"type":"config",...}}, then one
 * {@code {"type":"game",...}} line per game (in index order), then {@code {"type":"summary",...}} with the table
 * when the run completes. Each line is flushed and synced to disk before the next game starts.
 */
public final class ArenaFile implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Config fields that must match for a run to be resumed (the number of games may grow). */
  private static final List<String> IDENTITY =
      List.of("game", "gameName", "roles", "agents", "masterSeed", "iterations", "millis", "threads");

  private final FileOutputStream out;

  private ArenaFile(FileOutputStream out) {
    this.out = out;
  }

  /** Contents read back: the config line and the games in index order (a torn last line is dropped). */
  public record Contents(JsonNode config, List<GameResult> games, long validBytes) {}

  static ObjectNode configJson(ArenaConfig c) {
    ObjectNode n = JSON.createObjectNode();
    n.put("type", "config");
    n.put("game", c.gameId());
    n.put("gameName", c.game().name());
    ArrayNode roles = n.putArray("roles");
    for (int r = 0; r < c.game().roleCount(); r++) {
      roles.add(c.game().roleName(r));
    }
    ArrayNode agents = n.putArray("agents");
    c.agents().forEach(agents::add);
    n.put("games", c.games());
    n.put("masterSeed", c.masterSeed());
    n.put("iterations", c.budget().iterations());
    n.put("millis", c.budget().millis());
    n.put("threads", c.budget().threads());
    n.put("seatRotation", "blocks of n cyclic rotations of each base order; all n! seatings every n! games");
    n.put("ci", "normal approximation, mean +- 1.96 sd / sqrt(n)");
    n.put("win", "1 for the strictly highest score, 1/k for a k-way tie at the top; one-seat games: score 1");
    return n;
  }

  /** Null when {@code existing} may be resumed with {@code c}, else why not. */
  static String mismatch(JsonNode existing, ArenaConfig c) {
    ObjectNode now = configJson(c);
    for (String f : IDENTITY) {
      // Compare as JSON text: a long written as 123 reads back as an int node.
      if (existing.get(f) == null || !now.get(f).toString().equals(existing.get(f).toString())) {
        return "the output file was written with " + f + " = " + existing.get(f) + ", this run has " + now.get(f);
      }
    }
    return null;
  }

  /** Starts a new file (replacing any old one) with the config line. */
  static ArenaFile create(Path path, ArenaConfig c) throws IOException {
    ArenaFile f = new ArenaFile(new FileOutputStream(path.toFile(), false));
    f.writeLine(configJson(c));
    return f;
  }

  /** Opens an existing file for appending after cutting it to {@code validBytes} (dropping a torn last line). */
  static ArenaFile append(Path path, long validBytes) throws IOException {
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
      ch.truncate(validBytes);
    }
    return new ArenaFile(new FileOutputStream(path.toFile(), true));
  }

  void writeLine(JsonNode node) throws IOException {
    byte[] bytes = (JSON.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    out.write(bytes);
    out.flush();
    out.getFD().sync();
  }

  void writeGame(GameResult g, Game game) throws IOException {
    writeLine(gameJson(g, game));
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  static ObjectNode gameJson(GameResult g, Game game) {
    ObjectNode n = JSON.createObjectNode();
    n.put("type", "game");
    n.put("index", g.index());
    n.put("seed", g.seed());
    ArrayNode seats = n.putArray("seats");
    for (int r = 0; r < g.agentOfRole().length; r++) {
      ObjectNode s = seats.addObject();
      s.put("role", game.roleName(r));
      if (g.agentOfRole()[r] < 0) {
        s.putNull("agent");
      } else {
        s.put("agent", g.agentSpecOfRole()[r]);
      }
      s.put("agentIndex", g.agentOfRole()[r]);
    }
    n.set("moves", JSON.valueToTree(g.moves()));
    n.set("movesText", JSON.valueToTree(g.movesText()));
    if (g.scores() == null) {
      n.putNull("scores");
    } else {
      n.set("scores", JSON.valueToTree(g.scores()));
    }
    n.set("decisions", JSON.valueToTree(g.decisions()));
    n.set("msPerMove", JSON.valueToTree(g.msPerMove()));
    n.set("iterations", JSON.valueToTree(g.iterations()));
    n.set("decisionNanos", JSON.valueToTree(g.decisionNanos()));
    n.set("fallbacks", JSON.valueToTree(g.fallbacks()));
    if (g.failure() == null) {
      n.putNull("failure");
    } else {
      n.put("failure", g.failure());
    }
    return n;
  }

  static GameResult gameFromJson(JsonNode n) {
    JsonNode seats = n.get("seats");
    int roles = seats.size();
    int[] agentOfRole = new int[roles];
    String[] specOfRole = new String[roles];
    for (int r = 0; r < roles; r++) {
      agentOfRole[r] = seats.get(r).get("agentIndex").asInt();
      JsonNode a = seats.get(r).get("agent");
      specOfRole[r] = a == null || a.isNull() ? null : a.asText();
    }
    try {
      return new GameResult(
          n.get("index").asInt(),
          n.get("seed").asLong(),
          agentOfRole,
          specOfRole,
          JSON.treeToValue(n.get("moves"), int[][].class),
          JSON.treeToValue(n.get("movesText"), String[][].class),
          n.get("scores").isNull() ? null : JSON.treeToValue(n.get("scores"), double[].class),
          JSON.treeToValue(n.get("decisions"), int[].class),
          JSON.treeToValue(n.get("msPerMove"), double[].class),
          JSON.treeToValue(n.get("iterations"), long[].class),
          JSON.treeToValue(n.get("decisionNanos"), long[].class),
          n.get("failure").isNull() ? null : n.get("failure").asText(),
          n.has("fallbacks") ? JSON.treeToValue(n.get("fallbacks"), int[].class) : new int[roles]);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("bad game line: " + e.getOriginalMessage());
    }
  }

  /**
   * Reads a tournament file. A last line without its newline or that does not parse (a write cut short by a crash)
   * is dropped; {@code validBytes} is where the good part ends.
   *
   * @throws IllegalArgumentException when the file does not start with a config line
   */
  public static Contents read(Path path) {
    byte[] all;
    try {
      all = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JsonNode config = null;
    List<GameResult> games = new ArrayList<>();
    long valid = 0;
    int start = 0;
    for (int i = 0; i < all.length; i++) {
      if (all[i] != '\n') {
        continue;
      }
      String line = new String(all, start, i - start, StandardCharsets.UTF_8);
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        break;
      }
      if (node == null || !node.has("type")) {
        break;
      }
      String type = node.get("type").asText();
      if (config == null && !type.equals("config")) {
        throw new IllegalArgumentException(path + " is not a tournament file (no config line)");
      }
      if (type.equals("config")) {
        config = node;
      } else if (type.equals("game")) {
        games.add(gameFromJson(node));
      }
      start = i + 1;
      valid = start;
    }
    if (config == null) {
      throw new IllegalArgumentException(path + " is not a tournament file (no config line)");
    }
    return new Contents(config, games, valid);
  }

  static ObjectNode summaryJson(List<AgentSummary> rows, int failures) {
    ObjectNode n = JSON.createObjectNode();
    n.put("type", "summary");
    n.put("failures", failures);
    ArrayNode t = n.putArray("table");
    for (AgentSummary s : rows) {
      t.add(JSON.valueToTree(s));
    }
    return n;
  }
}
