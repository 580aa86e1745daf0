package veil.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.HonestyCheck;
import veil.ai.Player;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.ai.match.Replay;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.sample.HandoffDeterminizer;
import veil.ai.sample.SamplerCheck;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.GroundedGame;
import veil.gdl.reason.KifGame;
import veil.gdl.reason.TopDownGame;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.RandomJointMoves;
import veil.model.State;
import veil.model.Uniform;
import veil.testkit.Recording.Playout;
import veil.testkit.Recording.Violation;

/** The bodies of the checks. Each ends normally when its rule holds and throws {@link Failure} otherwise. */
final class Checks {
  static final int DETERMINISM_PLAYOUTS = 20;
  static final int COPY_PLAYOUTS = 10;
  static final int RANDOM_MOVE_PLAYOUTS = 10;
  static final int LOCKSTEP_PLAYOUTS = 3;
  static final int HONESTY_ITERATIONS = 60;
  static final int HONESTY_POSITIONS = 2;
  static final int AGENT_ITERATIONS = 20;
  /** Violations listed in a failure's details. */
  static final int SHOWN = 10;

  private Checks() {}

  /** A check's rule does not hold: what failed, the violations (first ones), and the game's exception if any. */
  static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String summary;
    final List<Violation> violations;

    Failure(String summary, List<Violation> violations, Throwable cause) {
      super(summary, cause, false, false);
      this.summary = summary;
      this.violations = violations;
    }

    Failure(String summary) {
      this(summary, List.of(), null);
    }
  }

  /** A game that does not load fails every check. */
  private static final class NotLoaded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotLoaded(GameLoadException e) {
      super(e.getMessage(), e, false, false);
    }
  }

  interface Body {
    /** Null, or a note to print with the pass. */
    String run(Subject s);
  }

  static CheckResult run(Check check, Subject s) {
    Body body = switch (check) {
      case PLAYOUTS_END -> Checks::playoutsEnd;
      case LEGAL_MOVES -> Checks::legalMoves;
      case GOALS -> Checks::goalsAndScores;
      case SAME_SEED -> Checks::sameSeedSameGame;
      case COPIES -> Checks::copiesAreIndependent;
      case TEXTS -> Checks::texts;
      case REPLAY -> Checks::replay;
      case HONESTY -> Checks::honestInvariance;
      case SAMPLER -> Checks::samplerConsistency;
      case AGENTS -> Checks::agentsPlay;
      case RANDOM_MOVES -> Checks::randomMovesAreListedMoves;
      case GDL_LOCKSTEP -> Checks::gdlLockstep;
    };
    Settings settings = s.settings();
    try {
      String note = body.run(s);
      return CheckResult.pass(check, note == null ? "" : note);
    } catch (NotLoaded e) {
      String report = e.getMessage() == null ? "" : e.getMessage().strip();
      return new CheckResult(check, false, s.target().name() + " does not load", List.of(report.split("\n")),
          s.target().conformCommand(settings.seed(), settings.playouts(), check), e.getCause());
    } catch (Failure f) {
      List<String> details = new ArrayList<>();
      for (int i = 0; i < Math.min(SHOWN, f.violations.size()); i++) {
        details.addAll(List.of(f.violations.get(i).text().split("\n")));
      }
      if (f.violations.size() > SHOWN) {
        details.add("... and " + (f.violations.size() - SHOWN) + " more");
      }
      int playout = f.violations.isEmpty() ? -1 : f.violations.get(0).playout();
      String replay = playout >= 0 && check.replaysAsPlayout()
          ? s.target().simulateCommand(settings.seed(), playout)
          : s.target().conformCommand(settings.seed(), Math.max(s.recordedPlayouts(), settings.minPlayouts()), check);
      return new CheckResult(check, false, f.summary, List.copyOf(details), replay, f.getCause());
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      return new CheckResult(check, false, "threw " + e, List.of(),
          s.target().conformCommand(settings.seed(), Math.max(s.recordedPlayouts(), settings.minPlayouts()), check),
          e);
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  private static Game game(Subject s) {
    try {
      return s.game();
    } catch (GameLoadException e) {
      throw new NotLoaded(e);
    }
  }

  private static Recording recording(Subject s) {
    try {
      return s.recording();
    } catch (GameLoadException e) {
      throw new NotLoaded(e);
    }
  }

  /** (a) Every playout reaches a terminal state within the step bound and nothing throws. */
  static String playoutsEnd(Subject s) {
    Recording rec = recording(s);
    failIfAny(rec, "playouts that did not end properly", rec.ending);
    return null;
  }

  /** (b) In every non-terminal state visited, every role has at least one legal move. */
  static String legalMoves(Subject s) {
    Recording rec = recording(s);
    failIfAny(rec, "states where a role had no legal move", rec.legal);
    return null;
  }

  /** (c) Goals of the players are in 0..100 at the end; scores are one per role, in [0,1], 0 for random. */
  static String goalsAndScores(Subject s) {
    Recording rec = recording(s);
    failIfAny(rec, "bad goals or scores", rec.goals);
    requireCompleted(rec);
    return null;
  }

  /** (d) Playing again from the same seed gives the same joint moves and the same final state. */
  static String sameSeedSameGame(Subject s) {
    Recording rec = recording(s);
    Game game = game(s);
    List<Violation> bad = new ArrayList<>();
    for (Playout p : rec.completed(DETERMINISM_PLAYOUTS)) {
      Playout again = Recording.play(game, p.index, new Recording(rec.masterSeed), false);
      if (again.joints.size() != p.joints.size()) {
        bad.add(p.at(-1, "lengths differ: " + p.joints.size() + " then " + again.joints.size()));
        continue;
      }
      for (int k = 0; k < p.joints.size(); k++) {
        if (!Arrays.equals(p.joints.get(k), again.joints.get(k))) {
          bad.add(p.at(k, "joint moves differ: " + Arrays.toString(p.joints.get(k)) + " then "
              + Arrays.toString(again.joints.get(k))));
          break;
        }
      }
      if (again.end == null || !p.end.sameAs(again.end) || p.end.contentHash() != again.end.contentHash()) {
        bad.add(p.at(-1, "final states differ (sameAs or contentHash)"));
      }
    }
    requireCompleted(rec);
    failIfAny(rec, "playouts that the same seed did not reproduce", bad);
    return null;
  }

  /**
   * (e) copy() and copyFrom() give states equal to the original (sameAs, contentHash) that share nothing mutable
   * with it: playing on the copy leaves the original as it was, and playing on the original leaves the copy.
   * "As it was" is judged against reference states replayed independently, never against copies.
   */
  static String copiesAreIndependent(Subject s) {
    Recording rec = recording(s);
    Game game = game(s);
    List<Violation> bad = new ArrayList<>();
    Percepts percepts = new Percepts(game.roleCount());
    for (Playout p : rec.completed(COPY_PLAYOUTS)) {
      SplittableRandom rng = new SplittableRandom(p.seed ^ 0x5DEECE66DL);
      State original = game.initialState();
      State reference = game.initialState();
      State lagging = game.initialState();
      State target = game.initialState();
      State beforeCopy = game.initialState();
      if (!same(original, reference)) {
        bad.add(p.at(0, "two initial states are not sameAs each other (or differ in contentHash)"));
        continue;
      }
      for (int k = 0; k <= p.joints.size() && bad.size() < SHOWN; k++) {
        State copy = original.copy();
        if (!same(copy, original) || !copy.sameAs(original)) {
          bad.add(p.at(k, "copy() is not sameAs the original (or differs in contentHash)"));
          break;
        }
        playOn(game, copy, rng);
        if (!same(original, reference)) {
          bad.add(p.at(k, "playing on a copy() changed the original"));
          break;
        }
        target.copyFrom(original);
        if (!same(target, original)) {
          bad.add(p.at(k, "copyFrom() into a used state is not sameAs the original"));
          break;
        }
        playOn(game, target, rng);
        if (!same(original, reference)) {
          bad.add(p.at(k, "playing on a copyFrom() target changed the original"));
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
          bad.add(p.at(k, "playing on the original changed an earlier copy() or copyFrom() target"));
          break;
        }
        if (!same(original, reference)) {
          bad.add(p.at(k, "the same joint move from equal states gave different states"));
          break;
        }
        game.apply(lagging, p.joints.get(k), percepts);
      }
    }
    requireCompleted(rec);
    failIfAny(rec, "copy failures", bad);
    return null;
  }

  /** (f) moveText and perceptText never throw; a role's legal moves all print differently. */
  static String texts(Subject s) {
    Recording rec = recording(s);
    failIfAny(rec, "text failures", rec.text);
    requireCompleted(rec);
    return null;
  }

  /**
   * (g) Replaying a playout's joint moves from a fresh initial state gives the same legal moves, the same percepts
   * at every step, the same final state and goals; applying with percepts = null gives the same states.
   */
  static String replay(Subject s) {
    Recording rec = recording(s);
    Game game = game(s);
    List<Violation> bad = new ArrayList<>();
    MoveList moves = new MoveList();
    Percepts percepts = new Percepts(game.roleCount());
    for (Playout p : rec.completed(Integer.MAX_VALUE)) {
      State state = game.initialState();
      State silent = game.initialState();
      Violation problem = null;
      for (int k = 0; k < p.joints.size() && problem == null; k++) {
        if (game.isTerminal(state)) {
          problem = p.at(k, "terminal too early in the replay");
          break;
        }
        int[] joint = p.joints.get(k);
        for (int r = 0; r < game.roleCount() && problem == null; r++) {
          game.legalMoves(state, r, moves);
          if (!Arrays.equals(moves.toSortedArray(), p.legal.get(k)[r])) {
            problem = p.at(k, "legal moves of " + game.roleName(r) + " differ: " + p.legal.get(k)[r].length
                + " recorded, " + moves.size() + " replayed");
          } else if (!moves.contains(joint[r])) {
            problem = p.at(k, "recorded move of " + game.roleName(r) + " is not legal in the replay");
          }
        }
        if (problem != null) {
          break;
        }
        game.apply(state, joint, percepts);
        game.apply(silent, joint, null);
        for (int r = 0; r < game.roleCount() && problem == null; r++) {
          if (!Arrays.equals(percepts.sorted(r), p.percepts.get(k)[r])) {
            problem = p.at(k, "percepts of " + game.roleName(r) + " differ in the replay");
          }
        }
        if (problem == null && !same(state, silent)) {
          problem = p.at(k, "apply with percepts = null gave a different state");
        }
      }
      if (problem == null && !game.isTerminal(state)) {
        problem = p.at(-1, "not terminal at the end of the replay");
      }
      if (problem == null && !same(state, p.end)) {
        problem = p.at(-1, "final state differs from the recorded one");
      }
      if (problem == null) {
        for (int r = 0; r < game.roleCount(); r++) {
          if (r != game.randomRole() && game.goal(state, r) != p.goals[r]) {
            problem = p.at(-1, "goal of " + game.roleName(r) + " differs in the replay");
            break;
          }
        }
      }
      if (problem != null) {
        bad.add(problem);
      }
    }
    requireCompleted(rec);
    failIfAny(rec, "replays that differ", bad);
    return null;
  }

  /** The honest agents of ai's registry: every agent that is not handed the true state. */
  static List<String> honestAgents() {
    List<String> out = new ArrayList<>();
    for (String name : Agents.names()) {
      if (!Agents.isClairvoyant(name)) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * (h) For every honest agent: at positions of a random game, a second true state consistent with the mover's
   * observation is drawn, and fresh agents with one seed and budget must choose the same move under both states.
   * A game with hidden information must offer such positions.
   */
  static String honestInvariance(Subject s) {
    Game game = game(s);
    String name = s.target().name();
    List<String> untested = new ArrayList<>();
    for (String agent : honestAgents()) {
      HonestyCheck.Result r = HonestyCheck.check(game, agent, s.settings().seed(), HONESTY_ITERATIONS,
          HONESTY_POSITIONS);
      if (!r.honest()) {
        throw new Failure(agent + " on " + name + ": " + r.detail());
      }
      if (!r.tested()) {
        if (s.target().information() == Target.Information.HIDDEN) {
          throw new Failure(agent + " on " + name + " compared no two states: " + r.detail());
        }
        untested.add(agent);
      }
    }
    if (!untested.isEmpty() && s.target().information() == Target.Information.UNKNOWN) {
      return "found no two states of one information set to compare: nothing hidden?";
    }
    return null;
  }

  /** (i) At random points of recorded playouts, for every player: sampled histories reproduce the observation. */
  static String samplerConsistency(Subject s) {
    Recording rec = recording(s);
    Game game = game(s);
    // the sampler the agents use: the game's own, handing what it finds no state for to the general one
    Determinizer sampler = GeneralDeterminizer.forGame(game);
    SplittableRandom rng = new SplittableRandom(rec.masterSeed);
    int observations = 0;
    List<Violation> bad = new ArrayList<>();
    int checked = 0;
    for (Playout p : rec.completed(3)) {
      int[][] joints = p.joints.toArray(new int[0][]);
      for (int k = 0; k < 3; k++) {
        int t = rng.nextInt(joints.length + 1);
        for (int role = 0; role < game.roleCount(); role++) {
          if (role == game.randomRole()) {
            continue;
          }
          Observation obs = Replay.observation(game, joints, role, t);
          observations++;
          for (int n = 0; n < 3; n++) {
            int[][] history = sampler.sampleHistory(obs, rng);
            String why = history == null ? "no sample" : SamplerCheck.mismatch(game, obs, history);
            checked++;
            if (why != null) {
              bad.add(new Violation(p.index, "playout " + p.index + ", " + game.roleName(role) + " after step " + t
                  + ": " + why));
            }
          }
        }
      }
    }
    if (checked == 0) {
      throw new Failure("no samples checked: no playout ended properly (see checks a and b)");
    }
    failIfAny(rec, "samples that contradict their observation", bad);
    if (sampler instanceof HandoffDeterminizer h && h.handoffs() > 0) {
      return "the game's own sampler found no state for " + h.handoffs() + " of " + observations
          + " observations; the general sampler took them";
    }
    return null;
  }

  /** (j) Each agent in turn takes every seat of one short-budget game: no failure, no random fallback. */
  static String agentsPlay(Subject s) {
    Game game = game(s);
    List<String> agents = Agents.names();
    int seats = MatchRunner.seatRoles(game).length;
    for (int a = 0; a < agents.size(); a++) {
      List<Player> players = new ArrayList<>();
      for (int k = 0; k < seats; k++) {
        players.add(Agents.create(agents.get(a)));
      }
      MatchRecord rec = MatchRunner.play(game, players, s.settings().seed() + a, Budget.iterations(AGENT_ITERATIONS));
      if (rec.failed()) {
        throw new Failure(agents.get(a) + ": " + rec.failure());
      }
      int fallbacks = Arrays.stream(rec.fallbacks()).sum();
      if (fallbacks != 0) {
        throw new Failure(agents.get(a) + " fell back to random moves " + fallbacks + " times");
      }
    }
    return null;
  }

  /**
   * (k) The engine's shortcuts for random play (drawing a deal's card from a mask, asking only the mover, a
   * playout loop without the step protocol) play exactly the listed moves: at every step of recorded playouts,
   * each role's {@link Game#randomLegalMove} is the move its {@link Game#legalMoves} list gives for the same random
   * numbers (and uses as many of them), and from every fifth state {@link Game#playout} reaches the same state in
   * as many steps as {@link Game#randomJointMove} and {@link Game#apply} step by step.
   */
  static String randomMovesAreListedMoves(Subject s) {
    Recording rec = recording(s);
    Game game = game(s);
    List<Violation> bad = new ArrayList<>();
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
          int expected = n == 0 ? Game.NO_MOVE : listed.get(n == 1 ? 0 : Uniform.below(slow, n));
          if (drawn != expected || fast.nextLong() != slow.nextLong()) {
            bad.add(p.at(k, game.roleName(r) + "'s randomLegalMove gave " + drawn + " where the listed moves give "
                + expected + (drawn == expected ? " (but it used other random numbers)" : "")));
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
            bad.add(p.at(k, "a playout from here took " + played + " steps to another state than stepping, which "
                + "took " + stepped));
          }
        }
        game.apply(st, p.joints.get(k), null);
      }
    }
    requireCompleted(rec);
    failIfAny(rec, "random moves that are not the listed moves' draws", bad);
    return null;
  }

  /**
   * (l) GDL-II lockstep: the game's GDL-II rules (a ludeme game's export, a GDL-II game written back out as KIF),
   * read by the reasoner in strict mode, play in lockstep with the game: the same roles, legal moves, percepts,
   * terminal test, goals and states (as facts) along random playouts. A game without GDL-II rules fails. The
   * reasoner is the target's ({@link Target#reasoner}, auto by default); the pass's note says how the rules were
   * played (grounded, with the number of ground rules, or top-down and why).
   */
  static String gdlLockstep(Subject s) {
    Game game = game(s);
    String name = s.target().name();
    if (s.target().gdl() == null) {
      throw new Failure(name + " has no GDL-II rules: nothing says where they are");
    }
    GdlRules rules = s.target().gdl().rules(game);
    if (rules.why() != null) {
      throw new Failure(name + " has no GDL-II rules: " + rules.why());
    }
    KifGame gdl;
    String reasoner = s.target().reasoner() == null ? "auto" : s.target().reasoner();
    try {
      gdl = new KifLoader().load(rules.sourceName(), rules.kif(), Map.of("mode", "strict", "reasoner", reasoner));
    } catch (GameLoadException e) {
      throw new Failure(name + ": its GDL-II rules do not load (strict mode, reasoner " + reasoner + ")",
          List.of(new Violation(-1, e.getMessage().strip())), null);
    }
    Lockstep.Result r = Lockstep.run(rules.game(), gdl, LOCKSTEP_PLAYOUTS, s.settings().seed(), rules.facts(),
        rules.facts() == null ? null : gdl::trueFacts);
    if (!r.ok()) {
      String described = r.mismatch().describe("game", "GDL-II").strip();
      throw new Failure(name + ": " + described.lines().findFirst().orElse(""),
          List.of(new Violation(-1, described)), null);
    }
    if (r.playouts() != LOCKSTEP_PLAYOUTS) {
      throw new Failure(name + ": the lockstep played " + r.playouts() + " of " + LOCKSTEP_PLAYOUTS + " playouts");
    }
    if (gdl instanceof GroundedGame g) {
      return "grounded, " + g.groundRuleCount() + " ground rules";
    }
    return "played top-down" + (gdl instanceof TopDownGame t && !reasoner.equals("topdown") ? ": " + t.why() : "");
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

  private static void failIfAny(Recording rec, String what, List<Violation> violations) {
    if (!violations.isEmpty()) {
      throw new Failure(violations.size() + " " + what + ", first: " + violations.get(0).text(), violations,
          rec.firstThrown);
    }
  }

  // A check that looks at completed playouts must not pass because there were none.
  private static void requireCompleted(Recording rec) {
    if (rec.completed(1).isEmpty()) {
      throw new Failure("no playout ended properly, nothing to check (see checks a and b)");
    }
  }
}
