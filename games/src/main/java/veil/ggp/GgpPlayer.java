package veil.ggp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import veil.ai.Agent;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.sample.GeneralDeterminizer;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;
import veil.model.Determinizer;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * A GGP player: answers the messages of a match host with an honest agent. It understands the Dresden GDL-II forms
 * {@code (START id role (rules) startclock playclock)}, {@code (PLAY id NIL)}, {@code (PLAY id (percept…))}, {@code
 * (STOP id (percept…))}, and the Stanford forms {@code (play id turn lastmove percepts)} and {@code (stop id turn
 * lastmove percepts)}; also {@code (INFO)}, {@code (PING)} and {@code (ABORT id)}. For a GDL-I game (percepts
 * {@code (move role action)}) a list of one move per role, as GDL-I hosts send, is read as those percepts.
 *
 * <p>The agent knows only what the messages say: its role, its own moves and its percepts (an {@link Observation}).
 * Its legal moves come from a state sampled from that observation. Every answer is given before the clock: the
 * search gets the time left minus a safety margin, and if it is still running at the deadline the player answers
 * with a random legal move (or, when even the legal moves are not known yet, the role's first move) and logs it.
 * One match at a time; messages are handled one after another.
 */
public final class GgpPlayer {
  /** Time kept back from every clock for the network and the answer: a fifth of the clock, 100 ms to 1 s. */
  static long marginMillis(long clockMillis) {
    return Math.max(100, Math.min(1000, clockMillis / 5));
  }

  private final String agentSpec;
  private final long seed;
  private final long maxMillisPerMove;
  private final Consumer<String> log;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "ggp-player");
    t.setDaemon(true);
    return t;
  });

  // The match in progress (null id: none).
  private String matchId;
  private Future<Match> loading;
  private int lastSent = -1;
  private long playclockMillis;
  private int matchesDone;

  /** A loaded match: the game, the role, the agent and what it has observed. */
  private static final class Match {
    final KifGame game;
    final int role;
    final Agent agent;
    final Observation obs;
    final Determinizer sampler;
    final SplittableRandom rng;

    /** The percept written as {@code kif} (canonical), or null when the role can have no such percept. */
    Integer perceptIndex(String kif) {
      int p = game.percept(role, kif);
      return p < 0 ? null : p;
    }
    volatile int[] legalNow;

    Match(KifGame game, int role, Agent agent, long seed) {
      this.game = game;
      this.role = role;
      this.agent = agent;
      this.obs = new Observation(role);
      this.sampler = GeneralDeterminizer.forGame(game);
      this.rng = new SplittableRandom(seed);
    }
  }

  /**
   * @param agentSpec an honest agent's spec (see {@link Agents})
   * @param maxMillisPerMove a cap on the search time per move below the clock, or 0 for none
   * @param log receives one line per event worth knowing (loading, fallbacks, unknown percepts)
   * @throws IllegalArgumentException for an unknown or clairvoyant agent
   */
  public GgpPlayer(String agentSpec, long seed, long maxMillisPerMove, Consumer<String> log) {
    Player p = Agents.create(agentSpec);
    if (!(p instanceof Agent)) {
      throw new IllegalArgumentException("agent '" + agentSpec + "' sees the true state; a GGP player must be"
          + " honest (one of " + String.join(", ", honestNames()) + ")");
    }
    this.agentSpec = agentSpec;
    this.seed = seed;
    this.maxMillisPerMove = maxMillisPerMove;
    this.log = log;
  }

  private static List<String> honestNames() {
    List<String> out = new ArrayList<>();
    for (String n : Agents.names()) {
      if (!Agents.isClairvoyant(n)) {
        out.add(n);
      }
    }
    return out;
  }

  /** Matches finished (STOP or ABORT) since this player started. */
  public synchronized int matchesDone() {
    return matchesDone;
  }

  /** Stops the worker thread. */
  public void close() {
    worker.shutdownNow();
  }

  /** The answer to one message. */
  public synchronized String handle(String message) {
    long received = System.nanoTime();
    Sexp m;
    try {
      m = Sexp.parse(message);
    } catch (Sexp.ParseException e) {
      log.accept("unreadable message (" + e.getMessage() + "): " + abbreviate(message));
      return "ERROR";
    }
    String head = m.isAtom() ? m.atom() : m.size() > 0 && m.get(0).isAtom() ? m.get(0).atom() : "";
    switch (head.toLowerCase(Locale.ROOT)) {
      case "info":
      case "ping":
        return matchId == null ? "available" : "busy";
      case "start":
        return start(m, message, received);
      case "play":
        return play(m, received);
      case "stop":
      case "abort":
        return stop(m, head.equalsIgnoreCase("stop") ? "DONE" : "ABORTED");
      case "preview":
        return "READY";
      default:
        log.accept("unknown message: " + abbreviate(message));
        return "ERROR";
    }
  }

  private String start(Sexp m, String message, long received) {
    if (m.size() != 6 || m.get(3).isAtom() || !m.get(2).isAtom()) {
      log.accept("malformed START (expected (START id role (rules) startclock playclock)): " + abbreviate(message));
      return "ERROR";
    }
    if (matchId != null) {
      log.accept("START of " + m.get(1) + " while match " + matchId + " is in progress: it is abandoned");
    }
    long startclock = seconds(m.get(4));
    long playclock = seconds(m.get(5));
    if (startclock <= 0 || playclock <= 0) {
      log.accept("START with clocks that are not positive numbers of seconds: " + m.get(4) + ", " + m.get(5));
      return "ERROR";
    }
    String id = m.get(1).canonical();
    String roleName = m.get(2).atom();
    String rules = m.get(3).innerText(message);
    matchId = id;
    lastSent = -1;
    playclockMillis = playclock * 1000;
    long matchSeed = seed ^ id.hashCode() * 0x9E3779B97F4A7C15L;
    loading = worker.submit(() -> load(id, roleName, rules, matchSeed));
    long deadline = received + (startclock * 1000 - marginMillis(startclock * 1000)) * 1_000_000L;
    try {
      loading.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      log.accept("match " + id + ": still loading the rules at the start clock; answering READY anyway");
    } catch (ExecutionException e) {
      log.accept("match " + id + ": cannot play: " + e.getCause().getMessage());
      matchId = null;
      loading = null;
      return "ERROR";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "ERROR";
    }
    return "READY";
  }

  private Match load(String id, String roleName, String rules, long matchSeed)
      throws GameLoadException {
    long t0 = System.nanoTime();
    KifGame game = new KifLoader().load("match " + id, rules, Map.of("name", "ggp " + id));
    int role = game.role(roleName);
    if (role < 0 || role == game.randomRole()) {
      throw new GameLoadException("the rules have no player role '" + roleName + "'");
    }
    Agent agent = (Agent) Agents.create(agentSpec);
    agent.start(game, role, matchSeed);
    log.accept(String.format(Locale.ROOT, "match %s: %s plays %s (rules loaded in %.2f s%s)", id,
        agentSpec, game.roleName(role), (System.nanoTime() - t0) / 1e9,
        game.warnings().isEmpty() ? "" : ", lenient mode repaired " + game.warnings().size() + " deviations"));
    return new Match(game, role, agent, matchSeed);
  }

  private String play(Sexp m, long received) {
    if (matchId == null || m.size() < 2 || !m.get(1).canonical().equals(matchId)) {
      log.accept("PLAY for a match this player is not in: " + m);
      return "ERROR";
    }
    Sexp lastMove;
    Sexp percepts;
    if (m.size() == 3) {
      lastMove = null; // Dresden: no turn, no last move; ours is the one we sent
      percepts = m.get(2);
    } else if (m.size() == 5) {
      lastMove = m.get(3);
      percepts = m.get(4);
    } else {
      log.accept("malformed PLAY (expected (PLAY id percepts) or (play id turn lastmove percepts)): " + m);
      return "ERROR";
    }
    Match match;
    long deadline = received + (playclockMillis - marginMillis(playclockMillis)) * 1_000_000L;
    try {
      // The rules may still be loading (a large game, a short start clock): wait for them within this clock.
      match = loading.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException | ExecutionException e) {
      log.accept("match " + matchId + ": no rules to play by (" + e + ")");
      return "NIL";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "NIL";
    }
    boolean first = lastSent < 0 && (lastMove == null || lastMove.isNil()) && percepts.isNil();
    int own = lastSent;
    if (!first && lastMove != null && !lastMove.isNil()) {
      int told = match.game.move(match.role, lastMove.canonical());
      if (told < 0) {
        log.accept("match " + matchId + ": the host says our last move was " + lastMove + ", which is no move of "
            + match.game.roleName(match.role) + "; keeping the move we sent");
      } else {
        if (told != own && own >= 0) {
          log.accept("match " + matchId + ": the host played " + lastMove + " for us instead of "
              + match.game.moveText(match.role, own));
        }
        own = told;
      }
    }
    int[] seen = first ? null : percepts(match, percepts);
    int ownMove = own;
    match.legalNow = null;
    Future<Integer> decision = worker.submit(() -> decide(match, first, ownMove, seen, deadline));
    int move;
    try {
      move = decision.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      move = fallback(match, "the search was still running at the deadline");
    } catch (ExecutionException e) {
      move = fallback(match, "the agent failed: " + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      move = fallback(match, "interrupted");
    }
    lastSent = move;
    return match.game.moveText(match.role, move);
  }

  /** Runs on the worker: records the step, finds the legal moves, asks the agent. */
  private Integer decide(Match match, boolean first, int own, int[] seen, long deadline) {
    if (!first) {
      match.obs.add(own, seen);
    }
    int[] legal = legalMoves(match);
    match.legalNow = legal;
    if (legal.length == 1) {
      return legal[0];
    }
    MoveList ml = new MoveList();
    for (int x : legal) {
      ml.add(x);
    }
    long left = (deadline - System.nanoTime()) / 1_000_000L - 20;
    if (maxMillisPerMove > 0) {
      left = Math.min(left, maxMillisPerMove);
    }
    if (left < 1) {
      return legal[match.rng.nextInt(legal.length)];
    }
    return match.agent.choose(match.obs, ml, Budget.millis(left));
  }

  /** The role's legal moves, from a state consistent with the observation. */
  private int[] legalMoves(Match match) {
    State s = match.game.initialState();
    if (match.obs.length() > 0 && !match.sampler.sample(match.obs, match.rng, s)) {
      throw new IllegalStateException("no state is consistent with what " + match.game.roleName(match.role)
          + " observed (" + match.obs.length() + " steps)");
    }
    MoveList ml = new MoveList();
    match.game.legalMoves(s, match.role, ml);
    int[] out = new int[ml.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ml.get(i);
    }
    if (out.length == 0) {
      throw new IllegalStateException("no legal move in the sampled state");
    }
    return out;
  }

  private int fallback(Match match, String why) {
    int[] legal = match.legalNow;
    int move = legal != null && legal.length > 0 ? legal[match.rng.nextInt(legal.length)] : 0;
    log.accept("match " + matchId + ": " + why + "; answering " + (legal != null ? "a random legal move " : "the"
        + " role's first move ") + match.game.moveText(match.role, move));
    return move;
  }

  /** The percept indices of a message's percepts, sorted; percepts the game cannot give are logged and dropped. */
  private int[] percepts(Match match, Sexp percepts) {
    List<Sexp> items = percepts.isNil() ? List.of() : percepts.isAtom() ? List.of(percepts) : percepts.items();
    int[] out = new int[items.size()];
    int n = 0;
    List<String> unknown = new ArrayList<>();
    for (Sexp p : items) {
      Integer idx = match.perceptIndex(p.canonical());
      if (idx == null) {
        unknown.add(p.canonical());
      } else {
        out[n++] = idx;
      }
    }
    if (!unknown.isEmpty() && unknown.size() == items.size() && items.size() == match.game.roleCount()) {
      // A GDL-I host sends the joint move; our GDL-I percepts are (move role action).
      int[] asMoves = new int[items.size()];
      int k = 0;
      for (int r = 0; r < items.size(); r++) {
        Integer idx = match.perceptIndex("(move " + match.game.roleName(r).toLowerCase(Locale.ROOT) + " "
            + items.get(r).canonical() + ")");
        if (idx != null) {
          asMoves[k++] = idx;
        }
      }
      if (k == items.size()) {
        out = asMoves;
        n = k;
        unknown.clear();
      }
    }
    if (!unknown.isEmpty()) {
      log.accept("match " + matchId + ": percepts the rules cannot give to " + match.game.roleName(match.role)
          + " are ignored: " + unknown);
    }
    int[] sorted = Arrays.copyOf(out, n);
    Arrays.sort(sorted);
    int d = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[d++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, d);
  }

  private String stop(Sexp m, String answer) {
    if (matchId != null && m.size() >= 2 && m.get(1).canonical().equals(matchId)) {
      log.accept("match " + matchId + ": " + (answer.equals("DONE") ? "stopped" : "aborted"));
      matchId = null;
      loading = null;
      lastSent = -1;
      matchesDone++;
    }
    return answer;
  }

  private static long seconds(Sexp s) {
    if (!s.isAtom()) {
      return -1;
    }
    try {
      return Long.parseLong(s.atom());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static String canonical(String kif) {
    try {
      return Sexp.parse(kif).canonical();
    } catch (Sexp.ParseException e) {
      return kif.toLowerCase(Locale.ROOT);
    }
  }

  static String abbreviate(String s) {
    String one = s.replaceAll("\\s+", " ").trim();
    return one.length() > 200 ? one.substring(0, 197) + "…" : one;
  }
}
