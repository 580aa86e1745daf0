package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * The conformance suite: every bundled game (and the test games of {@code veil/testgames/index.txt}) through
 * every check of the GDL-II model contract, one dynamic test per game and check.
 *
 * <p>Playouts are the simulator's ({@link RandomJointMoves} from {@link Simulator#gameSeed}(MASTER_SEED, i)), so
 * a failing playout i is replayed with {@code ./veil simulate GAME --seed MASTER_SEED --first-game i --games 1}.
 * Each check is a static method taking a {@link Subject}, so that {@link ConformanceChecksTest} can show that it
 * fails on a game broken on purpose.
 */
class ConformanceTest {
  static final String TEST_INDEX = "veil/testgames/index.txt";
  static final long MASTER_SEED = 20_250_101L;
  /** Playouts per game, unless the time budget runs out first (then at least {@link #MIN_PLAYOUTS}). */
  static final int PLAYOUTS = 200;
  static final int MIN_PLAYOUTS = 10;
  static final long PLAYOUT_BUDGET_NANOS = 4_000_000_000L;
  static final int DETERMINISM_PLAYOUTS = 20;
  static final int COPY_PLAYOUTS = 10;
  /** Violations listed in one assertion message. */
  private static final int SHOWN = 10;

  static final GameRegistry REGISTRY = registry();

  static GameRegistry registry() {
    List<String> indexes = new ArrayList<>(GameRegistry.STANDARD_INDEXES);
    indexes.add(TEST_INDEX);
    return GameRegistry.of(ConformanceTest.class.getClassLoader(), indexes);
  }

  @Test
  void indexFilesAndLoadersHaveNoProblems() {
    assertThat(REGISTRY.problems()).isEmpty();
  }

  @TestFactory
  Stream<DynamicContainer> everyBundledGame() {
    return REGISTRY.bundledNames().stream().map(name -> {
      Subject s = new Subject(REGISTRY, name);
      Stream<DynamicTest> gdl = hasGdlRules(name)
          ? Stream.of(dynamicTest("(l) its GDL-II rules, run by the reasoner, agree with it in lockstep",
              () -> checkGdlLockstep(s)))
          : Stream.empty();
      return dynamicContainer(name, Stream.concat(Stream.of(
          dynamicTest("loads with its default options", s::game),
          dynamicTest("(a) random playouts end within the step bound, nothing throws", () -> checkPlayoutsEnd(s)),
          dynamicTest("(b) every role has a legal move in every non-terminal state", () -> checkLegalMoves(s)),
          dynamicTest("(c) goals in 0..100 and scores in [0,1] at the end", () -> checkGoalsAndScores(s)),
          dynamicTest("(d) the same seed plays the same game", () -> checkSameSeedSameGame(s)),
          dynamicTest("(e) copies share no mutable parts", () -> checkCopiesAreIndependent(s)),
          dynamicTest("(f) move and percept texts print, legal moves print distinctly", () -> checkTexts(s)),
          dynamicTest("(g) replaying the joint moves gives the same moves, percepts and end", () -> checkReplay(s))
          ,
          dynamicTest("(h) honest agents choose the same move in two states of one information set",
              () -> checkHonestInvariance(s)),
          dynamicTest("(i) every sampled history replays to the observation it was drawn for",
              () -> checkSamplerConsistency(s)),
          dynamicTest("(j) every agent plays the game to the end, searching rather than falling back",
              () -> checkAgentsPlay(s)),
          dynamicTest("(k) random moves and playouts are draws from the listed legal moves",
              () -> checkRandomMovesAreListedMoves(s))), gdl));
    });
  }

  /** Ludeme and GDL-II games have GDL-II rules to check in lockstep; the test fakes have none. */
  private static boolean hasGdlRules(String name) {
    try {
      String extension = REGISTRY.resolve(name).extension();
      return extension.equals("lud") || extension.equals("kif");
    } catch (GameLoadException e) {
      return true; // let the check report the game that does not resolve
    }
  }

  /** Bundled games where every role sees everything: nothing hidden, so the honesty check has nothing to compare. */
  static final Set<String> PERFECT_INFORMATION = Set.of("tic-tac-toe", "counter", "counter-long");

  static final List<String> HONEST_AGENTS = List.of("pimc", "so-ismcts", "mo-ismcts", "hp-ismcts");

  /**
   * (h) For every honest agent: at positions of a random game, a second true state consistent with the mover's
   * observation is drawn, and fresh agents with one seed and budget must choose the same move under both states.
   */
  static void checkHonestInvariance(Subject s) {
    Game game = s.game();
    for (String agent : HONEST_AGENTS) {
      veil.ai.HonestyCheck.Result r = veil.ai.HonestyCheck.check(game, agent, MASTER_SEED, 60, 2);
      assertThat(r.honest()).as("%s on %s: %s", agent, s.argument, r.detail()).isTrue();
      if (!PERFECT_INFORMATION.contains(s.argument)) {
        assertThat(r.tested()).as("%s on %s compared no two states: %s", agent, s.argument, r.detail()).isTrue();
      }
    }
  }

  static final List<String> ALL_AGENTS = List.of("random", "uct-cheat", "pimc", "so-ismcts", "mo-ismcts", "hp-ismcts");

  /** (j) Each agent in turn takes every seat of one short-budget game: no failure, no random fallback. */
  static void checkAgentsPlay(Subject s) {
    Game game = s.game();
    int seats = veil.ai.match.MatchRunner.seatRoles(game).length;
    for (int a = 0; a < ALL_AGENTS.size(); a++) {
      List<veil.ai.Player> players = new ArrayList<>();
      for (int k = 0; k < seats; k++) {
        players.add(veil.ai.Agents.create(ALL_AGENTS.get(a)));
      }
      veil.ai.match.MatchRecord rec =
          veil.ai.match.MatchRunner.play(game, players, MASTER_SEED + a, veil.ai.Budget.iterations(20));
      assertThat(rec.failed()).as("%s on %s: %s", ALL_AGENTS.get(a), s.argument, rec.failure()).isFalse();
      assertThat(Arrays.stream(rec.fallbacks()).sum()).as("%s fell back to random moves on %s", ALL_AGENTS.get(a),
          s.argument).isZero();
    }
  }

  /**
   * (i) At random points of recorded playouts, for every player: the game's sampler (its own, else the general
   * one) draws histories whose replay reproduces the player's observation exactly.
   */
  static void checkSamplerConsistency(Subject s) {
    Game game = s.game();
    veil.model.Determinizer sampler =
        game.determinizer() != null ? game.determinizer() : veil.ai.sample.GeneralDeterminizer.forGame(game);
    SplittableRandom rng = new SplittableRandom(MASTER_SEED);
    List<String> bad = new ArrayList<>();
    int checked = 0;
    for (Playout p : s.recording().completed(3)) {
      int[][] joints = p.joints.toArray(new int[0][]);
      for (int k = 0; k < 3; k++) {
        int t = rng.nextInt(joints.length + 1);
        for (int role = 0; role < game.roleCount(); role++) {
          if (role == game.randomRole()) {
            continue;
          }
          veil.model.Observation obs = veil.ai.match.Replay.observation(game, joints, role, t);
          for (int n = 0; n < 3; n++) {
            int[][] history = sampler.sampleHistory(obs, rng);
            String why = history == null ? "no sample" : veil.ai.sample.SamplerCheck.mismatch(game, obs, history);
            checked++;
            if (why != null) {
              bad.add("playout " + p.index + ", " + game.roleName(role) + " after step " + t + ": " + why);
            }
          }
        }
      }
    }
    assertThat(checked).as("samples checked").isPositive();
    assertThat(bad).as("samples that contradict their observation on %s", s.argument).isEmpty();
  }

  // ---------------------------------------------------------------------------------------------------------
  // The checks. Each throws AssertionError listing the first violations, with the playout to replay.

  /** (a) Every playout reaches a terminal state within the step bound and nothing throws. */
  static void checkPlayoutsEnd(Subject s) {
    Recording rec = s.recording();
    assertNone(s, "playouts that did not end properly", rec.ending);
  }

  /** (b) In every non-terminal state visited, every role has at least one legal move. */
  static void checkLegalMoves(Subject s) {
    Recording rec = s.recording();
    assertNone(s, "states where a role had no legal move", rec.legal);
  }

  /** (c) Goals of the players are in 0..100 at the end; scores are one per role, in [0,1], 0 for random. */
  static void checkGoalsAndScores(Subject s) {
    Recording rec = s.recording();
    assertNone(s, "bad goals or scores", rec.goals);
    assertCompleted(s, rec);
  }

  /** (d) Playing again from the same seed gives the same joint moves and the same final state. */
  static void checkSameSeedSameGame(Subject s) {
    Recording rec = s.recording();
    Game game = s.game();
    List<String> bad = new ArrayList<>();
    for (Playout p : rec.completed(DETERMINISM_PLAYOUTS)) {
      Playout again = Recorder.play(game, p.index, new Recording(), false);
      if (again.joints.size() != p.joints.size()) {
        bad.add(p.where(-1) + "lengths differ: " + p.joints.size() + " then " + again.joints.size());
        continue;
      }
      for (int k = 0; k < p.joints.size(); k++) {
        if (!Arrays.equals(p.joints.get(k), again.joints.get(k))) {
          bad.add(p.where(k) + "joint moves differ: " + Arrays.toString(p.joints.get(k)) + " then "
              + Arrays.toString(again.joints.get(k)));
          break;
        }
      }
      if (!p.end.sameAs(again.end) || p.end.contentHash() != again.end.contentHash()) {
        bad.add(p.where(-1) + "final states differ (sameAs or contentHash)");
      }
    }
    assertCompleted(s, rec);
    assertNone(s, "playouts that the same seed did not reproduce", bad);
  }

  /**
   * (e) copy() and copyFrom() give states equal to the original (sameAs, contentHash) that share nothing mutable
   * with it: playing on the copy leaves the original as it was, and playing on the original leaves the copy.
   * "As it was" is judged against reference states replayed independently, never against copies.
   */
  static void checkCopiesAreIndependent(Subject s) {
    Recording rec = s.recording();
    Game game = s.game();
    List<String> bad = new ArrayList<>();
    Percepts percepts = new Percepts(game.roleCount());
    for (Playout p : rec.completed(COPY_PLAYOUTS)) {
      SplittableRandom rng = new SplittableRandom(p.seed ^ 0x5DEECE66DL);
      State original = game.initialState();
      State reference = game.initialState();
      State lagging = game.initialState();
      State target = game.initialState();
      State beforeCopy = game.initialState();
      if (!same(original, reference)) {
        bad.add(p.where(0) + "two initial states are not sameAs each other (or differ in contentHash)");
        continue;
      }
      for (int k = 0; k <= p.joints.size() && bad.size() < SHOWN; k++) {
        State copy = original.copy();
        if (!same(copy, original) || !copy.sameAs(original)) {
          bad.add(p.where(k) + "copy() is not sameAs the original (or differs in contentHash)");
          break;
        }
        playOn(game, copy, rng);
        if (!same(original, reference)) {
          bad.add(p.where(k) + "playing on a copy() changed the original");
          break;
        }
        target.copyFrom(original);
        if (!same(target, original)) {
          bad.add(p.where(k) + "copyFrom() into a used state is not sameAs the original");
          break;
        }
        playOn(game, target, rng);
        if (!same(original, reference)) {
          bad.add(p.where(k) + "playing on a copyFrom() target changed the original");
          break;
        }
        if (k == p.joints.size()) {
          break;
        }
        State copyBefore = original.copy();
        beforeCopy.copyFrom(original);
        game.apply(original, p.joints.get(k), percepts);
        game.apply(reference, p.joints.get(k), percepts);
        if (!same(copyBefore, lagging) || !same(beforeCopy, lagging)) {
          bad.add(p.where(k) + "playing on the original changed an earlier copy() or copyFrom() target");
          break;
        }
        if (!same(original, reference)) {
          bad.add(p.where(k) + "the same joint move from equal states gave different states");
          break;
        }
        game.apply(lagging, p.joints.get(k), percepts);
      }
    }
    assertCompleted(s, rec);
    assertNone(s, "copy failures", bad);
  }

  /** (f) moveText and perceptText never throw; a role's legal moves all print differently. */
  static void checkTexts(Subject s) {
    Recording rec = s.recording();
    assertNone(s, "text failures", rec.text);
    assertCompleted(s, rec);
  }

  /**
   * (g) Replaying a playout's joint moves from a fresh initial state gives the same legal moves, the same percepts
   * at every step, the same final state and goals; applying with percepts = null gives the same states.
   */
  static void checkReplay(Subject s) {
    Recording rec = s.recording();
    Game game = s.game();
    List<String> bad = new ArrayList<>();
    MoveList moves = new MoveList();
    Percepts percepts = new Percepts(game.roleCount());
    for (Playout p : rec.completed(Integer.MAX_VALUE)) {
      State state = game.initialState();
      State silent = game.initialState();
      String problem = null;
      for (int k = 0; k < p.joints.size() && problem == null; k++) {
        if (game.isTerminal(state)) {
          problem = p.where(k) + "terminal too early in the replay";
          break;
        }
        int[] joint = p.joints.get(k);
        for (int r = 0; r < game.roleCount() && problem == null; r++) {
          game.legalMoves(state, r, moves);
          if (!Arrays.equals(moves.toSortedArray(), p.legal.get(k)[r])) {
            problem = p.where(k) + "legal moves of " + game.roleName(r) + " differ: " + p.legal.get(k)[r].length
                + " recorded, " + moves.size() + " replayed";
          } else if (!moves.contains(joint[r])) {
            problem = p.where(k) + "recorded move of " + game.roleName(r) + " is not legal in the replay";
          }
        }
        if (problem != null) {
          break;
        }
        game.apply(state, joint, percepts);
        game.apply(silent, joint, null);
        for (int r = 0; r < game.roleCount() && problem == null; r++) {
          if (!Arrays.equals(percepts.sorted(r), p.percepts.get(k)[r])) {
            problem = p.where(k) + "percepts of " + game.roleName(r) + " differ in the replay";
          }
        }
        if (problem == null && !same(state, silent)) {
          problem = p.where(k) + "apply with percepts = null gave a different state";
        }
      }
      if (problem == null && !game.isTerminal(state)) {
        problem = p.where(-1) + "not terminal at the end of the replay";
      }
      if (problem == null && !same(state, p.end)) {
        problem = p.where(-1) + "final state differs from the recorded one";
      }
      if (problem == null) {
        for (int r = 0; r < game.roleCount(); r++) {
          if (r != game.randomRole() && game.goal(state, r) != p.goals[r]) {
            problem = p.where(-1) + "goal of " + game.roleName(r) + " differs in the replay";
            break;
          }
        }
      }
      if (problem != null) {
        bad.add(problem);
      }
    }
    assertCompleted(s, rec);
    assertNone(s, "replays that differ", bad);
  }

  static final int LOCKSTEP_PLAYOUTS = 3;

  /**
   * (l) GDL-II lockstep: a ludeme game exported to GDL-II and loaded by the reasoner in strict mode, or a GDL-II
   * game written back out as KIF and loaded again, plays in lockstep with the game as loaded: the same roles, legal
   * moves, percepts, terminal test, goals and states (as facts) along random playouts. Games of another kind (the
   * test fakes) have no GDL-II rules and fail the check.
   */
  static void checkGdlLockstep(Subject s) throws Exception {
    s.game();
    veil.games.GameSource src = s.registry.resolve(s.argument);
    veil.export.Lockstep.Result r;
    switch (src.extension()) {
      case "lud" -> {
        veil.export.GdlExport.Exported e = veil.export.GdlExport.exportGame(s.registry, s.argument, java.util.Map.of());
        veil.gdl.reason.KifGame gdl = new veil.gdl.KifLoader().load(src.sourceName() + ".kif", e.kif(),
            java.util.Map.of("mode", "strict"));
        r = veil.export.Lockstep.run(e.game(), gdl, LOCKSTEP_PLAYOUTS, MASTER_SEED, e::facts, gdl::trueFacts);
      }
      case "kif" -> {
        veil.gdl.reason.KifGame first = (veil.gdl.reason.KifGame) s.game();
        String written = veil.gdl.KifWriter.write(first.rules(), first.symbols());
        veil.gdl.reason.KifGame again = new veil.gdl.KifLoader().load(src.sourceName(), written,
            java.util.Map.of("mode", "strict"));
        r = veil.export.Lockstep.run(first, again, LOCKSTEP_PLAYOUTS, MASTER_SEED, first::trueFacts,
            again::trueFacts);
      }
      default -> throw new AssertionError(s.argument + " is a ." + src.extension() + " game: no GDL-II rules");
    }
    veil.export.Lockstep.Result result = r;
    assertThat(result.ok()).as(() -> s.argument + ": " + result.mismatch().describe("game", "GDL-II")).isTrue();
    assertThat(result.playouts()).isEqualTo(LOCKSTEP_PLAYOUTS);
  }

  static final int RANDOM_MOVE_PLAYOUTS = 10;

  /**
   * (k) The engine's shortcuts for random play (drawing a deal's card from a mask, asking only the mover, a
   * playout loop without the step protocol) play exactly the listed moves: at every step of recorded playouts,
   * each role's {@link Game#randomLegalMove} is the move its {@link Game#legalMoves} list gives for the same random
   * numbers (and uses as many of them), and from every fifth state {@link Game#playout} reaches the same state in
   * as many steps as {@link Game#randomJointMove} and {@link Game#apply} step by step.
   */
  static void checkRandomMovesAreListedMoves(Subject s) {
    Recording rec = s.recording();
    Game game = s.game();
    List<String> bad = new ArrayList<>();
    MoveList listed = new MoveList();
    MoveList scratch = new MoveList();
    int[] joint = new int[game.roleCount()];
    for (Playout p : rec.completed(RANDOM_MOVE_PLAYOUTS)) {
      State st = game.initialState();
      for (int k = 0; k < p.joints.size() && bad.size() < SHOWN; k++) {
        long seed = p.index * 100_003L + k;
        for (int r = 0; r < game.roleCount(); r++) {
          SplittableRandom fast = new SplittableRandom(seed);
          SplittableRandom slow = new SplittableRandom(seed);
          int drawn = game.randomLegalMove(st, r, fast, scratch);
          game.legalMoves(st, r, listed);
          int n = listed.size();
          int expected = n == 0 ? Game.NO_MOVE : listed.get(n == 1 ? 0 : veil.model.Uniform.below(slow, n));
          if (drawn != expected || fast.nextLong() != slow.nextLong()) {
            bad.add(p.where(k) + game.roleName(r) + "'s randomLegalMove gave " + drawn + " where the listed moves "
                + "give " + expected + (drawn == expected ? " (but it used other random numbers)" : ""));
          }
        }
        if (k % 5 == 0) {
          State byPlayout = st.copy();
          State bySteps = st.copy();
          int played = game.playout(byPlayout, new SplittableRandom(seed), game.stepBound(), joint, scratch);
          SplittableRandom rng = new SplittableRandom(seed);
          int stepped = 0;
          while (stepped < game.stepBound() && !game.isTerminal(bySteps)
              && game.randomJointMove(bySteps, rng, joint, scratch) < 0) {
            game.apply(bySteps, joint, null);
            stepped++;
          }
          if (played != stepped || !same(byPlayout, bySteps)) {
            bad.add(p.where(k) + "a playout from here took " + played + " steps to another state than stepping, "
                + "which took " + stepped);
          }
        }
        game.apply(st, p.joints.get(k), null);
      }
    }
    assertCompleted(s, rec);
    assertNone(s, "random moves that are not the listed moves' draws", bad);
  }

  // ---------------------------------------------------------------------------------------------------------

  private static boolean same(State a, State b) {
    return a.sameAs(b) && b.sameAs(a) && a.contentHash() == b.contentHash();
  }

  /** Random joint moves until the end (or the step bound, or a role without moves: (a) and (b) report those). */
  private static void playOn(Game game, State s, SplittableRandom rng) {
    RandomJointMoves chooser = new RandomJointMoves(game);
    int[] joint = new int[game.roleCount()];
    for (int step = 0; step < game.stepBound() && !game.isTerminal(s); step++) {
      if (chooser.choose(s, rng, joint) >= 0) {
        return;
      }
      game.apply(s, joint, null);
    }
  }

  private static void assertNone(Subject s, String what, List<String> violations) {
    if (!violations.isEmpty()) {
      StringBuilder sb = new StringBuilder(s.argument + ": " + violations.size() + " " + what + ":\n");
      for (int i = 0; i < Math.min(SHOWN, violations.size()); i++) {
        sb.append("  ").append(violations.get(i)).append('\n');
      }
      sb.append("replay playout i with: ./veil simulate ").append(s.argument).append(" --seed ").append(MASTER_SEED)
          .append(" --first-game i --games 1\n");
      AssertionError e = new AssertionError(sb.toString());
      if (s.recording().firstThrown != null) {
        e.initCause(s.recording().firstThrown);
      }
      throw e;
    }
  }

  // A check that looks at completed playouts must not pass because there were none.
  private static void assertCompleted(Subject s, Recording rec) {
    if (rec.completed(1).isEmpty()) {
      throw new AssertionError(s.argument + ": no playout ended properly, nothing to check (see checks a and b)");
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  /** A game under test, loaded and recorded once, on first use, for all its checks. */
  static final class Subject {
    final GameRegistry registry;
    final String argument;
    private Game game;
    private AssertionError loadFailure;
    private Recording recording;

    Subject(GameRegistry registry, String argument) {
      this.registry = registry;
      this.argument = argument;
    }

    synchronized Game game() {
      if (game == null && loadFailure == null) {
        try {
          game = registry.load(argument, java.util.Map.of());
        } catch (GameLoadException e) {
          loadFailure = new AssertionError(argument + " does not load:\n" + e.getMessage());
        }
      }
      if (loadFailure != null) {
        throw loadFailure;
      }
      return game;
    }

    synchronized Recording recording() {
      if (recording == null) {
        recording = Recorder.record(game(), argument);
      }
      return recording;
    }
  }

  /** One recorded random playout: its joint moves and, per step, every role's sorted legal moves and percepts. */
  static final class Playout {
    final int index;
    final long seed;
    final List<int[]> joints = new ArrayList<>();
    final List<int[][]> legal = new ArrayList<>();
    final List<int[][]> percepts = new ArrayList<>();
    State end;
    int[] goals;
    boolean completed;

    Playout(int index) {
      this.index = index;
      this.seed = Simulator.gameSeed(MASTER_SEED, index);
    }

    String where(int step) {
      return "playout " + index + (step >= 0 ? ", step " + step : "") + ": ";
    }
  }

  /** The playouts of one game and the violations of checks (a), (b), (c) and (f) seen while playing them. */
  static final class Recording {
    final List<Playout> playouts = new ArrayList<>();
    final List<String> ending = new ArrayList<>();
    final List<String> legal = new ArrayList<>();
    final List<String> goals = new ArrayList<>();
    final List<String> text = new ArrayList<>();
    Throwable firstThrown;

    List<Playout> completed(int max) {
      List<Playout> out = new ArrayList<>();
      for (Playout p : playouts) {
        if (p.completed && out.size() < max) {
          out.add(p);
        }
      }
      return out;
    }
  }

  /** Plays and records playouts, noting violations instead of stopping at the first. */
  static final class Recorder {
    private Recorder() {}

    static Recording record(Game game, String argument) {
      Recording rec = new Recording();
      long start = System.nanoTime();
      long steps = 0;
      int n = 0;
      while (n < PLAYOUTS && (n < MIN_PLAYOUTS || System.nanoTime() - start < PLAYOUT_BUDGET_NANOS)) {
        Playout p = play(game, n, rec, true);
        rec.playouts.add(p);
        steps += p.joints.size();
        n++;
      }
      System.out.printf("conformance %s: %d playouts (%d completed), mean length %.1f steps, %.2f s%n", argument, n,
          rec.completed(Integer.MAX_VALUE).size(), (double) steps / n, (System.nanoTime() - start) / 1e9);
      return rec;
    }

    /** Plays playout {@code index}; with {@code checkTexts}, also prints every legal move and percept. */
    static Playout play(Game game, int index, Recording rec, boolean checkTexts) {
      Playout p = new Playout(index);
      SplittableRandom rng = new SplittableRandom(p.seed);
      RandomJointMoves chooser = new RandomJointMoves(game);
      MoveList moves = new MoveList();
      Percepts percepts = new Percepts(game.roleCount());
      int[] joint = new int[game.roleCount()];
      State state = game.initialState();
      int step = 0;
      String doing = "testing for the end";
      try {
        while (!game.isTerminal(state)) {
          if (step >= game.stepBound()) {
            rec.ending.add(p.where(step) + "not over after the step bound of " + game.stepBound());
            return p;
          }
          doing = "computing legal moves";
          int[][] legal = new int[game.roleCount()][];
          for (int r = 0; r < game.roleCount(); r++) {
            game.legalMoves(state, r, moves);
            if (moves.isEmpty()) {
              rec.legal.add(p.where(step) + game.roleName(r) + " has no legal move");
              return p;
            }
            legal[r] = moves.toSortedArray();
            if (checkTexts) {
              checkMoveTexts(game, r, legal[r], p.where(step), rec.text);
            }
          }
          if (chooser.choose(state, rng, joint) >= 0) {
            rec.legal.add(p.where(step) + "legal moves vanished when asked again");
            return p;
          }
          doing = "applying a joint move";
          game.apply(state, joint, percepts);
          int[][] seen = new int[game.roleCount()][];
          for (int r = 0; r < game.roleCount(); r++) {
            seen[r] = percepts.sorted(r);
            if (checkTexts) {
              checkPerceptTexts(game, r, seen[r], p.where(step), rec.text);
            }
          }
          p.joints.add(joint.clone());
          p.legal.add(legal);
          p.percepts.add(seen);
          step++;
          doing = "testing for the end";
        }
        doing = "computing goals and scores";
        p.end = state;
        p.goals = new int[game.roleCount()];
        boolean ok = true;
        for (int r = 0; r < game.roleCount(); r++) {
          if (r != game.randomRole()) {
            p.goals[r] = game.goal(state, r);
            if (p.goals[r] < 0 || p.goals[r] > 100) {
              rec.goals.add(p.where(step) + "goal of " + game.roleName(r) + " is " + p.goals[r]);
              ok = false;
            }
          }
        }
        double[] scores = game.scores(state);
        if (scores == null || scores.length != game.roleCount()) {
          rec.goals.add(p.where(step) + "scores() gave " + (scores == null ? "null" : scores.length + " values"));
          ok = false;
        } else {
          for (int r = 0; r < scores.length; r++) {
            boolean inRange = scores[r] >= 0 && scores[r] <= 1 && (r != game.randomRole() || scores[r] == 0);
            if (!inRange) {
              rec.goals.add(p.where(step) + "score of " + game.roleName(r) + " is " + scores[r]);
              ok = false;
            }
          }
        }
        p.completed = ok;
      } catch (RuntimeException | StackOverflowError | AssertionError e) {
        (doing.startsWith("computing goals") ? rec.goals : rec.ending).add(p.where(step) + "threw while " + doing
            + ": " + e);
        if (rec.firstThrown == null) {
          rec.firstThrown = e;
        }
      }
      return p;
    }

    private static void checkMoveTexts(Game game, int role, int[] legal, String where, List<String> bad) {
      Set<String> texts = new HashSet<>();
      for (int m : legal) {
        String text;
        try {
          text = game.moveText(role, m);
        } catch (RuntimeException e) {
          bad.add(where + "moveText(" + game.roleName(role) + ", " + m + ") threw " + e);
          continue;
        }
        if (text == null || text.isBlank()) {
          bad.add(where + "moveText(" + game.roleName(role) + ", " + m + ") is empty");
        } else if (!texts.add(text)) {
          bad.add(where + "two legal moves of " + game.roleName(role) + " print as " + text);
        }
      }
    }

    private static void checkPerceptTexts(Game game, int role, int[] seen, String where, List<String> bad) {
      for (int x : seen) {
        try {
          String text = game.perceptText(role, x);
          if (text == null || text.isBlank()) {
            bad.add(where + "perceptText(" + game.roleName(role) + ", " + x + ") is empty");
          }
        } catch (RuntimeException e) {
          bad.add(where + "perceptText(" + game.roleName(role) + ", " + x + ") threw " + e);
        }
      }
    }
  }
}
