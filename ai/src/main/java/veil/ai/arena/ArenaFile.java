package veil.ai.arena;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/**
 * The tournament output: a JSON Lines file, one JSON object per line, written as the games finish so that an
 * interrupted run loses no finished game. The first line is {@code {"type":"config",...}}, then one
 * {@code {"type":"game",...}} line per game (in index order), then {@code {"type":"summary",...}} with the table
 * when the run completes. Each line is flushed and synced to disk before the next game starts.
 *
 * <p>A writer holds an exclusive lock on the file for the whole run, so a second run (or a {@code --resume}) on the
 * same file refuses to start instead of interleaving its lines.
 */
public final class ArenaFile implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Config fields that must match for a run to be resumed (the number of games may grow). */
  private static final List<String> IDENTITY = List.of("game", "gameName", "roles", "agents", "masterSeed",
      "iterations", "millis", "threads", "shard", "duplicate");
  /** Config fields shards of one run must share (all but the shard). */
  private static final List<String> SHARED = List.of("game", "gameName", "roles", "agents", "games", "masterSeed",
      "iterations", "millis", "threads", "duplicate", "clock");

  private final Path path;
  private final FileChannel channel;
  private final FileLock lock;

  private ArenaFile(Path path, FileChannel channel, FileLock lock) {
    this.path = path;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Contents read back: the config line, the games in file order with the line number of each, whether the file
   * ends with a summary line, where the good part ends ({@code validBytes}) and where the summary starts (or
   * {@code validBytes} when there is none), and notes on what was dropped (a torn last line).
   */
  public record Contents(JsonNode config, List<GameResult> games, List<Integer> gameLines, boolean finished,
      long validBytes, long summaryStart, List<String> notes, List<String> rawGameLines) {}

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
    if (c.budget().cpuClock()) {
      n.put("clock", "cpu"); // written only when used, so wall-clock files stay as they were
    }
    n.put("shard", c.shardIndex() + "/" + c.shardCount());
    n.put("duplicate", c.duplicate());
    n.put("seatRotation", "blocks of n cyclic rotations of each base order; all n! seatings every n! games (with"
        + " partnerships, only the seatings that keep partners together)");
    n.put("ci", ArenaStats.METHOD);
    n.put("win", "1 for the side (team, by default the seat) with the strictly highest score, 1/k for a k-way tie"
        + " at the top; one-seat games: score 1");
    return n;
  }

  /** Null when {@code existing} may be resumed with {@code c}, else why not. */
  static String mismatch(JsonNode existing, ArenaConfig c) {
    ObjectNode now = configJson(c);
    for (String f : IDENTITY) {
      // Compare as JSON text: a long written as 123 reads back as an int node.
      JsonNode old = existing.get(f);
      if (old == null && f.equals("shard") && !c.sharded()) {
        continue; // files from before sharding
      }
      if (old == null && f.equals("duplicate") && !c.duplicate()) {
        continue;
      }
      if (old == null || !now.get(f).toString().equals(old.toString())) {
        return "the output file was written with " + f + " = " + old + ", this run has " + now.get(f);
      }
    }
    String oldClock = existing.path("clock").asText("wall");
    String clock = c.budget().cpuClock() ? "cpu" : "wall";
    if (!oldClock.equals(clock)) {
      return "the output file was written with clock = " + oldClock + ", this run has " + clock;
    }
    if (existing.has("games") && existing.get("games").asLong() > c.games()) {
      return "the output file is a " + existing.get("games").asLong() + "-game run; --games " + c.games()
          + " cannot continue it (give --games " + existing.get("games").asLong() + " or more)";
    }
    return null;
  }

  /**
   * Opens (creating if needed) the file and takes its lock, without changing it.
   *
   * @throws IllegalStateException when another run holds the lock
   */
  static ArenaFile open(Path path) throws IOException {
    FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = ch.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    } catch (IOException e) {
      ch.close();
      throw e;
    }
    if (lock == null) {
      ch.close();
      throw new IllegalStateException("another run is writing " + path + " (it holds the file's lock); wait for it"
          + " to finish, or write to another file");
    }
    return new ArenaFile(path, ch, lock);
  }

  /** Cuts the file to {@code bytes} and continues writing there. */
  void truncate(long bytes) throws IOException {
    channel.truncate(bytes);
    channel.position(bytes);
  }

  /** Starts the file over with the config line. */
  void start(ArenaConfig c) throws IOException {
    truncate(0);
    writeLine(configJson(c));
  }

  void writeLine(JsonNode node) throws IOException {
    writeRaw(text(node));
  }

  /** A line's JSON text, as the arena writes it. */
  static String text(JsonNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  void writeRaw(String line) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
    channel.force(false);
  }

  void writeGame(GameResult g, Game game) throws IOException {
    writeLine(gameJson(g, game));
  }

  @Override
  public void close() throws IOException {
    try {
      if (lock.isValid()) {
        lock.release();
      }
    } finally {
      channel.close();
    }
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
    n.set("approximate", JSON.valueToTree(g.approximate()));
    if (g.failure() == null) {
      n.putNull("failure");
    } else {
      n.put("failure", g.failure());
    }
    return n;
  }

  private static JsonNode field(JsonNode n, String name, boolean array) {
    JsonNode v = n.get(name);
    if (v == null || v.isNull() || array != v.isArray() || !array && !v.isValueNode()) {
      throw new IllegalArgumentException("field \"" + name + "\" is missing or not " + (array ? "a list" : "a value"));
    }
    return v;
  }

  private static <T> T array(JsonNode n, String name, Class<T> type, int length) throws JsonProcessingException {
    JsonNode v = field(n, name, true);
    if (length >= 0 && v.size() != length) {
      throw new IllegalArgumentException("\"" + name + "\" has " + v.size() + " entries, not one per role ("
          + length + ")");
    }
    T out = JSON.treeToValue(v, type);
    if (out == null) {
      throw new IllegalArgumentException("\"" + name + "\" is null");
    }
    return out;
  }

  /**
   * A game line back as a result.
   *
   * @throws IllegalArgumentException when a field is missing or has the wrong shape
   */
  static GameResult gameFromJson(JsonNode n) {
    JsonNode seats = field(n, "seats", true);
    int roles = seats.size();
    int[] agentOfRole = new int[roles];
    String[] specOfRole = new String[roles];
    for (int r = 0; r < roles; r++) {
      JsonNode seat = seats.get(r);
      if (!seat.isObject() || !seat.path("agentIndex").canConvertToInt()) {
        throw new IllegalArgumentException("seat " + r + " has no agentIndex");
      }
      agentOfRole[r] = seat.get("agentIndex").asInt();
      JsonNode a = seat.get("agent");
      specOfRole[r] = a == null || a.isNull() ? null : a.asText();
    }
    try {
      JsonNode index = field(n, "index", false);
      if (!index.canConvertToInt()) {
        throw new IllegalArgumentException("\"index\" is not an int");
      }
      int[][] moves = array(n, "moves", int[][].class, -1);
      String[][] text = array(n, "movesText", String[][].class, moves.length);
      for (int i = 0; i < moves.length; i++) {
        if (moves[i] == null || moves[i].length != roles || text[i] == null || text[i].length != roles) {
          throw new IllegalArgumentException("move " + i + " does not have one entry per role (" + roles + ")");
        }
      }
      JsonNode failure = n.get("failure");
      return new GameResult(
          index.asInt(),
          field(n, "seed", false).asLong(),
          agentOfRole,
          specOfRole,
          moves,
          text,
          n.path("scores").isNull() || n.path("scores").isMissingNode() ? null
              : array(n, "scores", double[].class, roles),
          array(n, "decisions", int[].class, roles),
          array(n, "msPerMove", double[].class, roles),
          array(n, "iterations", long[].class, roles),
          array(n, "decisionNanos", long[].class, roles),
          failure == null || failure.isNull() ? null : failure.asText(),
          n.has("fallbacks") ? array(n, "fallbacks", int[].class, roles) : new int[roles],
          n.has("approximate") ? array(n, "approximate", int[].class, roles) : new int[roles]);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e.getOriginalMessage());
    }
  }

  /** A game line that cannot belong to the run its config line describes. */
  private static void checkAgainst(JsonNode config, GameResult g) {
    int roles = config.path("roles").size();
    int agents = config.path("agents").size();
    if (g.agentOfRole().length != roles) {
      throw new IllegalArgumentException("it has " + g.agentOfRole().length + " seats, the run has " + roles
          + " roles");
    }
    boolean[] seen = new boolean[agents];
    for (int r = 0; r < roles; r++) {
      int a = g.agentOfRole()[r];
      if ((a == -1) != "random".equals(config.path("roles").path(r).asText())) {
        throw new IllegalArgumentException("agentIndex " + a + " for role " + config.path("roles").path(r)
            + " (random alone has none, -1)");
      }
      if (a < -1 || a >= agents) {
        throw new IllegalArgumentException("agentIndex " + a + " is not one of the run's " + agents + " agents");
      }
      if (a >= 0) {
        if (seen[a]) {
          throw new IllegalArgumentException("agent " + a + " sits in two seats");
        }
        seen[a] = true;
      }
    }
    if (g.failure() == null && g.scores() == null) {
      throw new IllegalArgumentException("a game without a failure must have scores");
    }
    if (g.scores() != null) {
      for (double v : g.scores()) {
        if (!(v >= 0 && v <= 1)) {
          throw new IllegalArgumentException("score " + v + " is outside 0..1");
        }
      }
    }
    for (int i = 0; i < roles; i++) {
      if (g.decisions()[i] < 0 || g.iterations()[i] < 0 || g.decisionNanos()[i] < 0 || g.fallbacks()[i] < 0
          || g.fallbacks()[i] > g.decisions()[i] || g.approximate()[i] < 0 || g.approximate()[i] > g.decisions()[i]) {
        throw new IllegalArgumentException("negative counts, or more fallbacks or approximate decisions than"
            + " decisions, for role " + i);
      }
    }
  }

  /**
   * Reads a tournament file. A last line without its newline that does not parse (a write cut short by a crash)
   * is dropped with a note; {@code validBytes} is where the good part ends. Everything else must be well formed.
   *
   * @throws IllegalArgumentException with {@code FILE:LINE: what is wrong} when the file is not a tournament file:
   *     no config line first, a line that is not JSON or not a known type, a bad game line, a line after the
   *     summary
   */
  public static Contents read(Path path) {
    byte[] all;
    try {
      all = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
    }
    JsonNode config = null;
    List<GameResult> games = new ArrayList<>();
    List<Integer> lines = new ArrayList<>();
    List<String> raw = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    boolean finished = false;
    long valid = 0;
    long summaryStart = -1;
    int start = 0;
    int lineNo = 0;
    while (start < all.length) {
      int end = start;
      while (end < all.length && all[end] != '\n') {
        end++;
      }
      lineNo++;
      boolean last = end >= all.length;
      String line = new String(all, start, end - start, StandardCharsets.UTF_8);
      String where = path + ":" + lineNo + ": ";
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        node = null;
      }
      if (finished) {
        // Nothing, not even a torn line, follows a summary: the summary is a run's last write.
        throw new IllegalArgumentException(where + "a line after the summary (two runs wrote this file?)");
      }
      if (last && (node == null || !node.isObject())) {
        notes.add(where + "dropped a torn last line (" + (end - start) + " bytes, a write cut short)");
        break;
      }
      if (config == null && (node == null || !node.isObject() || !"config".equals(node.path("type").asText()))) {
        throw new IllegalArgumentException(where + "not a tournament file (the first line is not a config line)");
      }
      if (node == null || !node.isObject() || !node.path("type").isTextual()) {
        throw new IllegalArgumentException(where + "not a JSON object with a \"type\"");
      }
      String type = node.get("type").asText();
      if (config == null && !type.equals("config")) {
        throw new IllegalArgumentException(where + "not a tournament file (the first line is not a config line)");
      }
      switch (type) {
        case "config" -> {
          if (config != null) {
            throw new IllegalArgumentException(where + "a second config line (two runs wrote this file?)");
          }
          config = node;
        }
        case "game" -> {
          try {
            GameResult g = gameFromJson(node);
            checkAgainst(config, g);
            games.add(g);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "bad game line: " + e.getMessage());
          }
          lines.add(lineNo);
          raw.add(line);
        }
        case "summary" -> {
          finished = true;
          summaryStart = start;
        }
        default -> throw new IllegalArgumentException(where + "unknown line type \"" + type + "\"");
      }
      start = last ? end : end + 1;
      valid = start;
      if (last) {
        // A complete last object without its newline: keep it, the next write starts a new line.
        notes.add(where + "the last line had no newline; one was added");
      }
    }
    if (config == null) {
      throw new IllegalArgumentException(path + ": not a tournament file (no config line)");
    }
    return new Contents(config, games, lines, finished, valid, finished ? summaryStart : valid, notes, raw);
  }

  /**
   * What resuming {@code old} with {@code c} keeps: the games, and where writing continues.
   *
   * @param finished true when the file already holds every game of {@code c} and its summary: nothing to do
   */
  record ResumePlan(List<GameResult> games, long keepBytes, boolean needsNewline, boolean finished,
      List<String> notes) {}

  /**
   * Checks a file before a run continues it: same settings, the games this run plays in order (indices 0..n-1, or
   * the shard's, once each, with the seed and seating this run would give them), a summary only at the end.
   *
   * @throws IllegalArgumentException saying what is wrong and at which line
   */
  static ResumePlan planResume(Path path, Contents old, ArenaConfig c) {
    String why = mismatch(old.config(), c);
    if (why != null) {
      throw new IllegalArgumentException("cannot resume: " + why);
    }
    int seats = MatchRunner.seatRoles(c.game()).length;
    List<GameResult> kept = new ArrayList<>();
    for (int i = 0; i < old.games().size(); i++) {
      GameResult g = old.games().get(i);
      String where = path + ":" + old.gameLines().get(i) + ": ";
      if (i >= c.gamesHere()) {
        throw new IllegalArgumentException("cannot resume: " + where + "game " + g.index() + " is beyond the "
            + c.games() + " games of this run");
      }
      int expected = c.indexAt(i);
      if (g.index() != expected) {
        throw new IllegalArgumentException("cannot resume: " + where + "game " + g.index() + " where game "
            + expected + " was expected (a run writes each of its games once, in order)");
      }
      if (g.seed() != Arena.seedOf(c, expected)) {
        throw new IllegalArgumentException("cannot resume: " + where + "game " + expected + " has seed " + g.seed()
            + ", this run gives it " + Arena.seedOf(c, expected));
      }
      int[] seatRoles = MatchRunner.seatRoles(c.game());
      int[] seating = SeatRotation.seating(seats, expected, Arena.teamOfSeat(c.game(), seatRoles));
      if (g.agentOfRole().length != c.game().roleCount()) {
        throw new IllegalArgumentException("cannot resume: " + where + "game " + expected + " has "
            + g.agentOfRole().length + " roles, the game has " + c.game().roleCount());
      }
      for (int s = 0; s < seats; s++) {
        if (g.agentOfRole()[seatRoles[s]] != seating[s]) {
          throw new IllegalArgumentException("cannot resume: " + where + "game " + expected
              + " seats its agents differently from this run's seat rotation");
        }
      }
      kept.add(g);
    }
    List<String> notes = new ArrayList<>(old.notes());
    if (old.finished()) {
      if (kept.size() == c.gamesHere()) {
        return new ResumePlan(kept, old.validBytes(), false, true, notes);
      }
      int was = old.config().path("games").asInt(-1);
      if (was >= 0 && kept.size() < new ArenaConfig(c.game(), c.gameId(), c.agents(), was, c.masterSeed(),
          c.budget(), null, false, null, 1, c.shardIndex(), c.shardCount(), c.duplicate()).gamesHere()) {
        throw new IllegalArgumentException("cannot resume: " + path + " has a summary but only " + kept.size()
            + " of the games of its " + was + "-game run (games are missing)");
      }
      notes.add(path + ": the summary of the earlier " + kept.size() + "-game run is replaced by this run's");
      return new ResumePlan(kept, old.summaryStart(), false, false, notes);
    }
    boolean newline = old.validBytes() > 0 && !endsWithNewline(path, old.validBytes());
    return new ResumePlan(kept, old.validBytes(), newline, false, notes);
  }

  private static boolean endsWithNewline(Path path, long bytes) {
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, bytes - 1);
      return b.get(0) == '\n';
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Merges the files of the shards of one run into the file of the whole run: the same config line (without the
   * shard), the game lines in index order, and the summary. Lines are copied as they are, so the result is equal to
   * the file an unsharded run writes, byte for byte apart from the measured times.
   *
   * @throws IllegalArgumentException when the files are not the shards of one finished run: different settings, a
   *     shard missing or given twice, an index missing or present twice
   */
  public static List<String> merge(List<Path> inputs, Game game) {
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("give the shard files to merge");
    }
    List<Contents> all = new ArrayList<>();
    for (Path p : inputs) {
      all.add(read(p));
    }
    JsonNode first = all.get(0).config();
    int shards = -1;
    boolean[] seen = null;
    for (int i = 0; i < all.size(); i++) {
      JsonNode cfg = all.get(i).config();
      for (String f : SHARED) {
        if (!String.valueOf(first.get(f)).equals(String.valueOf(cfg.get(f)))) {
          throw new IllegalArgumentException(inputs.get(i) + " was written with " + f + " = " + cfg.get(f) + ", "
              + inputs.get(0) + " with " + first.get(f) + ": not shards of one run");
        }
      }
      int[] kn;
      try {
        kn = shardOf(cfg);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(inputs.get(i) + ": " + e.getMessage());
      }
      int k = kn[0];
      int n = kn[1];
      if (shards < 0) {
        shards = n;
        seen = new boolean[n];
      } else if (n != shards) {
        throw new IllegalArgumentException(inputs.get(i) + " is shard " + k + "/" + n + ", " + inputs.get(0)
            + " is one of " + shards + " shards");
      }
      if (seen[k]) {
        throw new IllegalArgumentException(inputs.get(i) + ": shard " + k + "/" + n + " is given twice");
      }
      seen[k] = true;
    }
    for (int k = 0; k < shards; k++) {
      if (!seen[k]) {
        throw new IllegalArgumentException("shard " + k + "/" + shards + " is missing");
      }
    }
    if (!first.path("games").canConvertToInt()) {
      throw new IllegalArgumentException(inputs.get(0) + ": the config line has no game count");
    }
    int total = first.get("games").asInt();
    String[] lineOf = new String[total];
    GameResult[] results = new GameResult[total];
    for (int i = 0; i < all.size(); i++) {
      Contents c = all.get(i);
      for (int j = 0; j < c.games().size(); j++) {
        GameResult g = c.games().get(j);
        String where = inputs.get(i) + ":" + c.gameLines().get(j) + ": ";
        if (g.index() < 0 || g.index() >= total) {
          throw new IllegalArgumentException(where + "game " + g.index() + " is not one of the " + total + " games");
        }
        if (lineOf[g.index()] != null) {
          throw new IllegalArgumentException(where + "game " + g.index() + " appears twice");
        }
        lineOf[g.index()] = c.rawGameLines().get(j);
        results[g.index()] = g;
      }
    }
    for (int i = 0; i < total; i++) {
      if (lineOf[i] == null) {
        throw new IllegalArgumentException("game " + i + " is in none of the files (an unfinished shard? resume it"
            + " first)");
      }
    }
    ObjectNode cfg = first.deepCopy();
    cfg.put("shard", "0/1");
    // The config line as the unsharded run writes it: the same fields in the same order.
    ArenaConfig whole = configFromJson(cfg, game);
    List<String> out = new ArrayList<>();
    out.add(text(configJson(whole)));
    for (String l : lineOf) {
      out.add(l);
    }
    ArenaStats stats = ArenaStats.of(whole, List.of(results));
    int failures = 0;
    for (GameResult g : results) {
      failures += g.failed() ? 1 : 0;
    }
    out.add(text(summaryJson(stats, failures)));
    return out;
  }

  /**
   * The run a config line describes (with {@code game} loaded from its "game" field by the caller).
   *
   * @throws IllegalArgumentException when a field is missing
   */
  public static ArenaConfig configFromJson(JsonNode cfg, Game game) {
    List<String> agents = new ArrayList<>();
    field(cfg, "agents", true).forEach(a -> agents.add(a.asText()));
    long iterations = field(cfg, "iterations", false).asLong();
    long millis = field(cfg, "millis", false).asLong();
    int threads = field(cfg, "threads", false).asInt();
    String clock = cfg.path("clock").asText("wall");
    if (!clock.equals("wall") && !clock.equals("cpu")) {
      throw new IllegalArgumentException("clock must be wall or cpu, was '" + clock + "'");
    }
    veil.ai.Budget budget = new veil.ai.Budget(iterations, millis, threads, clock.equals("cpu"));
    if (agents.size() != MatchRunner.seatRoles(game).length) {
      throw new IllegalArgumentException("the config line names " + agents.size() + " agents for "
          + MatchRunner.seatRoles(game).length + " seats");
    }
    int[] shard = shardOf(cfg);
    JsonNode duplicate = cfg.path("duplicate");
    if (!duplicate.isMissingNode() && !duplicate.isBoolean()) {
      throw new IllegalArgumentException("duplicate must be true or false, was " + duplicate);
    }
    return ArenaConfig.of(game, agents)
        .withGameId(field(cfg, "game", false).asText())
        .withGames(field(cfg, "games", false).asInt())
        .withSeed(field(cfg, "masterSeed", false).asLong())
        .withBudget(budget)
        .withShard(shard[0], shard[1])
        .withDuplicate(cfg.path("duplicate").asBoolean(false));
  }

  /** A config line's shard "K/N" (0/1 when absent) as {K, N}, with 0 <= K < N. */
  private static int[] shardOf(JsonNode cfg) {
    JsonNode field = cfg.path("shard");
    String shard = field.isMissingNode() ? "0/1" : field.isTextual() ? field.asText() : field.toString();
    String[] kn = shard.split("/", -1);
    try {
      int k = Integer.parseInt(kn[0]);
      int n = Integer.parseInt(kn[1]);
      if (kn.length == 2 && n >= 1 && k >= 0 && k < n) {
        return new int[] {k, n};
      }
    } catch (RuntimeException e) {
      // refused below
    }
    throw new IllegalArgumentException("bad shard \"" + shard + "\" (K/N with 0 <= K < N)");
  }

  static ObjectNode summaryJson(ArenaStats stats, int failures) {
    ObjectNode n = JSON.createObjectNode();
    n.put("type", "summary");
    n.put("failures", failures);
    n.put("ci", ArenaStats.METHOD);
    n.put("units", stats.units());
    ArrayNode t = n.putArray("table");
    for (AgentSummary s : stats.agents()) {
      t.add(JSON.valueToTree(s));
    }
    ArrayNode seats = n.putArray("seats");
    for (AgentSummary s : stats.seats()) {
      seats.add(JSON.valueToTree(s));
    }
    ArrayNode teams = n.putArray("teams");
    for (AgentSummary s : stats.teams()) {
      teams.add(JSON.valueToTree(s));
    }
    ArrayNode pairs = n.putArray("pairs");
    for (ArenaStats.Pair p : stats.pairs()) {
      ObjectNode o = JSON.valueToTree(p);
      o.put("significant", p.significant());
      pairs.add(o);
    }
    return n;
  }
}
