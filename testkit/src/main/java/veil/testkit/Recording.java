package veil.testkit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.RandomJointMoves;
import veil.model.State;

/**
 * The random playouts of one game, played as {@code veil simulate} plays them ({@link RandomJointMoves} from
 * {@link RandomJointMoves#gameSeed}(seed, i)), and the violations of checks (a), (b), (c) and (f) seen while
 * playing them: noted, not stopped at the first.
 */
final class Recording {
  /** A violation of a rule, in the playout where it occurred (-1: not in a playout). */
  record Violation(int playout, String text) {}

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

    Playout(int index, long masterSeed) {
      this.index = index;
      this.seed = RandomJointMoves.gameSeed(masterSeed, index);
    }

    String where(int step) {
      return "playout " + index + (step >= 0 ? ", step " + step : "") + ": ";
    }

    Violation at(int step, String text) {
      return new Violation(index, where(step) + text);
    }
  }

  final List<Playout> playouts = new ArrayList<>();
  final List<Violation> ending = new ArrayList<>();
  final List<Violation> legal = new ArrayList<>();
  final List<Violation> goals = new ArrayList<>();
  final List<Violation> text = new ArrayList<>();
  final long masterSeed;
  Throwable firstThrown;
  long nanos;

  Recording(long masterSeed) {
    this.masterSeed = masterSeed;
  }

  List<Playout> completed(int max) {
    List<Playout> out = new ArrayList<>();
    for (Playout p : playouts) {
      if (p.completed && out.size() < max) {
        out.add(p);
      }
    }
    return out;
  }

  static Recording record(Game game, Settings settings) {
    Recording rec = new Recording(settings.seed());
    long start = System.nanoTime();
    int n = 0;
    while (n < settings.playouts()
        && (n < settings.minPlayouts() || System.nanoTime() - start < settings.budgetNanos())) {
      rec.playouts.add(play(game, n, rec, true));
      n++;
    }
    rec.nanos = System.nanoTime() - start;
    return rec;
  }

  /** Plays playout {@code index}; with {@code checkTexts}, also prints every legal move and percept. */
  static Playout play(Game game, int index, Recording rec, boolean checkTexts) {
    Playout p = new Playout(index, rec.masterSeed);
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
          rec.ending.add(p.at(step, "not over after the step bound of " + game.stepBound()));
          return p;
        }
        doing = "computing legal moves";
        int[][] legal = new int[game.roleCount()][];
        for (int r = 0; r < game.roleCount(); r++) {
          game.legalMoves(state, r, moves);
          if (moves.isEmpty()) {
            rec.legal.add(p.at(step, game.roleName(r) + " has no legal move"));
            return p;
          }
          legal[r] = moves.toSortedArray();
          if (checkTexts) {
            checkMoveTexts(game, r, legal[r], p, step, rec.text);
          }
        }
        if (chooser.choose(state, rng, joint) >= 0) {
          rec.legal.add(p.at(step, "legal moves vanished when asked again"));
          return p;
        }
        doing = "applying a joint move";
        game.apply(state, joint, percepts);
        int[][] seen = new int[game.roleCount()][];
        for (int r = 0; r < game.roleCount(); r++) {
          seen[r] = percepts.sorted(r);
          if (checkTexts) {
            checkPerceptTexts(game, r, seen[r], p, step, rec.text);
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
            rec.goals.add(p.at(step, "goal of " + game.roleName(r) + " is " + p.goals[r]));
            ok = false;
          }
        }
      }
      double[] scores = game.scores(state);
      if (scores == null || scores.length != game.roleCount()) {
        rec.goals.add(p.at(step, "scores() gave " + (scores == null ? "null" : scores.length + " values")));
        ok = false;
      } else {
        for (int r = 0; r < scores.length; r++) {
          boolean inRange = scores[r] >= 0 && scores[r] <= 1 && (r != game.randomRole() || scores[r] == 0);
          if (!inRange) {
            rec.goals.add(p.at(step, "score of " + game.roleName(r) + " is " + scores[r]));
            ok = false;
          }
        }
      }
      p.completed = ok;
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      (doing.startsWith("computing goals") ? rec.goals : rec.ending).add(p.at(step, "threw while " + doing + ": "
          + e));
      if (rec.firstThrown == null) {
        rec.firstThrown = e;
      }
    }
    return p;
  }

  private static void checkMoveTexts(Game game, int role, int[] legal, Playout p, int step, List<Violation> bad) {
    Set<String> texts = new HashSet<>();
    for (int m : legal) {
      String text;
      try {
        text = game.moveText(role, m);
      } catch (RuntimeException e) {
        bad.add(p.at(step, "moveText(" + game.roleName(role) + ", " + m + ") threw " + e));
        continue;
      }
      if (text == null || text.isBlank()) {
        bad.add(p.at(step, "moveText(" + game.roleName(role) + ", " + m + ") is empty"));
      } else if (!texts.add(text)) {
        bad.add(p.at(step, "two legal moves of " + game.roleName(role) + " print as " + text));
      }
    }
  }

  private static void checkPerceptTexts(Game game, int role, int[] seen, Playout p, int step, List<Violation> bad) {
    for (int x : seen) {
      try {
        String text = game.perceptText(role, x);
        if (text == null || text.isBlank()) {
          bad.add(p.at(step, "perceptText(" + game.roleName(role) + ", " + x + ") is empty"));
        }
      } catch (RuntimeException e) {
        bad.add(p.at(step, "perceptText(" + game.roleName(role) + ", " + x + ") threw " + e));
      }
    }
  }
}
