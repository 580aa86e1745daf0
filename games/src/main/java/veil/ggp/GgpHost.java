package veil.ggp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import veil.gdl.reason.KifGame;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Hosts GGP matches of a GDL-II game between players reached over HTTP. Each player gets the rules and its role,
 * then at every step only its own percepts (and, in the Stanford form, its own last move as played); the random
 * role's moves are drawn here. A move that is illegal, unreadable, late (after the play clock plus {@link
 * #GRACE_MILLIS} for the network) or missing is replaced by a random legal move, as the GGP rules say, and logged.
 * Seats rotate from match to match: in match i, player p plays the ((p + i) mod n)-th player role.
 */
public final class GgpHost {
  /** Allowance for the network on top of every clock. */
  public static final long GRACE_MILLIS = 500;

  /** The two message forms. */
  public enum Protocol { dresden, stanford }

  public record Settings(int startclock, int playclock, Protocol protocol, long seed) {}

  /** One match: per step the joint move, and per role what its player did. */
  public record MatchResult(
      String matchId,
      int[] playerOfRole,
      int[][] moves,
      String[][] movesText,
      double[] scores,
      int[] decisions,
      long[] decisionNanos,
      int[] fallbacks,
      List<String> log,
      String failure) {}

  private final KifGame game;
  private final String rules;
  private final List<String> urls;
  private final Settings settings;
  private final Consumer<String> out;
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
  private final int[] playerRoles;

  /**
   * @param rules the rules as KIF, sent to the players (comments are removed and lines joined)
   * @param out receives each logged event as it happens
   */
  public GgpHost(KifGame game, String rules, List<String> urls, Settings settings, Consumer<String> out) {
    this.game = game;
    this.rules = oneLine(rules);
    this.urls = List.copyOf(urls);
    this.settings = settings;
    this.out = out;
    List<Integer> pr = new ArrayList<>();
    for (int r = 0; r < game.roleCount(); r++) {
      if (r != game.randomRole()) {
        pr.add(r);
      }
    }
    this.playerRoles = pr.stream().mapToInt(Integer::intValue).toArray();
    if (urls.size() != playerRoles.length) {
      throw new IllegalArgumentException(game.name() + " has " + playerRoles.length + " player roles, "
          + urls.size() + " players were given");
    }
  }

  /** The player roles (all but random) in role order. */
  public int[] playerRoles() {
    return playerRoles.clone();
  }

  static String oneLine(String kif) {
    StringBuilder sb = new StringBuilder();
    for (String line : kif.split("\r?\n")) {
      int c = line.indexOf(';');
      String code = (c >= 0 ? line.substring(0, c) : line).strip();
      if (!code.isEmpty()) {
        sb.append(sb.length() == 0 ? "" : " ").append(code);
      }
    }
    return sb.toString();
  }

  /** Plays match {@code index}; {@code matchId} names it in the messages. */
  public MatchResult play(int index, String matchId) {
    int roles = game.roleCount();
    int n = playerRoles.length;
    int[] playerOfRole = new int[roles];
    java.util.Arrays.fill(playerOfRole, -1);
    for (int k = 0; k < n; k++) {
      playerOfRole[playerRoles[k]] = Math.floorMod(k - index, n);
    }
    SplittableRandom rng = new SplittableRandom(settings.seed() ^ (index + 1) * 0x9E3779B97F4A7C15L);
    List<String> log = new ArrayList<>();
    Consumer<String> note = s -> {
      log.add(s);
      out.accept(s);
    };
    int[] decisions = new int[roles];
    long[] nanos = new long[roles];
    int[] fallbacks = new int[roles];
    List<int[]> moves = new ArrayList<>();
    List<String[]> movesText = new ArrayList<>();
    String failure = null;
    boolean stanford = settings.protocol() == Protocol.stanford;

    // START, to every player at once.
    List<CompletableFuture<HttpResponse<String>>> starts = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int role = playerRoles[k];
      String msg = (stanford ? "(start " : "(START ") + matchId + " " + game.roleName(role) + " (" + rules + ") "
          + settings.startclock() + " " + settings.playclock() + ")";
      starts.add(send(urls.get(playerOfRole[role]), msg, settings.startclock()));
    }
    long startDeadline = System.nanoTime() + (settings.startclock() * 1000L + GRACE_MILLIS) * 1_000_000L;
    for (int k = 0; k < n; k++) {
      int role = playerRoles[k];
      Answer a = await(starts.get(k), startDeadline);
      if (a.text == null || !a.text.trim().equalsIgnoreCase("ready")) {
        note.accept(String.format(Locale.ROOT, "match %s: %s (%s) did not answer READY to START: %s", matchId,
            game.roleName(role), urls.get(playerOfRole[role]), a.text == null ? a.problem : "'" + a.text + "'"));
      }
    }

    State s = game.initialState();
    Percepts percepts = new Percepts(roles);
    MoveList legal = new MoveList();
    int[] joint = new int[roles];
    int[][] lastPercepts = new int[roles][];
    int step = 0;
    while (!game.isTerminal(s)) {
      if (step >= game.stepBound()) {
        failure = "the game is not over after its step bound of " + game.stepBound() + " joint moves";
        break;
      }
      List<CompletableFuture<HttpResponse<String>>> plays = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        int role = playerRoles[k];
        plays.add(send(urls.get(playerOfRole[role]), playMessage("PLAY", matchId, step, role, joint,
            lastPercepts[role]), settings.playclock()));
      }
      long sent = System.nanoTime();
      long deadline = sent + (settings.playclock() * 1000L + GRACE_MILLIS) * 1_000_000L;
      for (int r = 0; r < roles; r++) {
        game.legalMoves(s, r, legal);
        if (legal.isEmpty()) {
          failure = "role " + game.roleName(r) + " has no legal move at step " + step;
          break;
        }
        int random = legal.get(rng.nextInt(legal.size()));
        if (r == game.randomRole()) {
          joint[r] = random;
          continue;
        }
        int k = indexOf(playerRoles, r);
        Answer a = await(plays.get(k), deadline);
        decisions[r]++;
        nanos[r] += a.nanos - sent;
        String problem;
        int move = -1;
        if (a.text == null) {
          problem = a.problem;
        } else {
          String text = a.text.trim();
          move = parseMove(r, text);
          problem = move < 0 ? "answered '" + GgpPlayer.abbreviate(text) + "', which is no move of "
              + game.roleName(r) : !legal.contains(move) ? "answered " + game.moveText(r, move) + ", which is not"
              + " legal now" : null;
        }
        if (problem != null) {
          move = random;
          fallbacks[r]++;
          note.accept(String.format(Locale.ROOT, "match %s, step %d: %s (%s) %s; played the random legal move %s",
              matchId, step, game.roleName(r), urls.get(playerOfRole[r]), problem, game.moveText(r, move)));
        }
        joint[r] = move;
      }
      if (failure != null) {
        break;
      }
      String[] texts = new String[roles];
      for (int r = 0; r < roles; r++) {
        texts[r] = game.moveText(r, joint[r]);
      }
      moves.add(joint.clone());
      movesText.add(texts);
      game.apply(s, joint, percepts);
      for (int r = 0; r < roles; r++) {
        lastPercepts[r] = percepts.sorted(r).clone();
      }
      step++;
    }
    double[] scores = null;
    if (failure == null) {
      try {
        scores = game.scores(s);
      } catch (RuntimeException e) {
        failure = "the goals could not be computed: " + e.getMessage();
      }
    }
    // STOP, with the last percepts; the answers are awaited (briefly) only so that players can finish in order.
    List<CompletableFuture<HttpResponse<String>>> stops = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int role = playerRoles[k];
      stops.add(send(urls.get(playerOfRole[role]), playMessage("STOP", matchId, step, role, joint,
          lastPercepts[role]), settings.playclock()));
    }
    long stopDeadline = System.nanoTime() + (settings.playclock() * 1000L + GRACE_MILLIS) * 1_000_000L;
    for (CompletableFuture<HttpResponse<String>> f : stops) {
      await(f, stopDeadline);
    }
    return new MatchResult(matchId, playerOfRole, moves.toArray(new int[0][]), movesText.toArray(new String[0][]),
        scores, decisions, nanos, fallbacks, log, failure);
  }

  private String playMessage(String kind, String matchId, int step, int role, int[] joint, int[] seen) {
    boolean stanford = settings.protocol() == Protocol.stanford;
    String percepts = step == 0 || seen.length == 0 ? "NIL" : perceptsText(role, seen);
    if (!stanford) {
      return "(" + kind + " " + matchId + " " + percepts + ")";
    }
    String last = step == 0 ? "NIL" : game.moveText(role, joint[role]);
    return "(" + kind.toLowerCase(Locale.ROOT) + " " + matchId + " " + step + " " + last + " " + percepts + ")";
  }

  private String perceptsText(int role, int[] seen) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < seen.length; i++) {
      sb.append(i == 0 ? "" : " ").append(game.perceptText(role, seen[i]));
    }
    return sb.append(')').toString();
  }

  private int parseMove(int role, String text) {
    try {
      return game.move(role, Sexp.parse(text).canonical());
    } catch (Sexp.ParseException e) {
      return -1;
    }
  }

  private static int indexOf(int[] a, int x) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == x) {
        return i;
      }
    }
    return -1;
  }

  /** An answer: its text, or why there is none; and when it came. */
  private record Answer(String text, String problem, long nanos) {}

  private CompletableFuture<HttpResponse<String>> send(String url, String message, int clockSeconds) {
    HttpRequest req;
    try {
      req = HttpRequest.newBuilder(URI.create(url))
          .timeout(Duration.ofMillis(clockSeconds * 1000L + GRACE_MILLIS))
          .header("Content-Type", "text/acl")
          .POST(HttpRequest.BodyPublishers.ofString(message))
          .build();
    } catch (IllegalArgumentException e) {
      return CompletableFuture.failedFuture(e);
    }
    return client.sendAsync(req, HttpResponse.BodyHandlers.ofString());
  }

  private static Answer await(CompletableFuture<HttpResponse<String>> f, long deadline) {
    try {
      HttpResponse<String> r = f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      long at = System.nanoTime();
      if (at > deadline) {
        return new Answer(null, "answered late", at);
      }
      if (r.statusCode() != 200) {
        return new Answer(null, "answered with HTTP status " + r.statusCode(), at);
      }
      return new Answer(r.body(), null, at);
    } catch (TimeoutException e) {
      f.cancel(true);
      return new Answer(null, "did not answer within the clock (late)", System.nanoTime());
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      String why = c instanceof HttpTimeoutException ? "did not answer within the clock (late)"
          : "could not be reached (" + c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": "
              + c.getMessage()) + ")";
      return new Answer(null, why, System.nanoTime());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Answer(null, "interrupted", System.nanoTime());
    }
  }
}
