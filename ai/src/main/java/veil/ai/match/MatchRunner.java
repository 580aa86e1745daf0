package veil.ai.match;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import veil.ai.Agent;
import veil.ai.Budget;
import veil.ai.ClairvoyantAgent;
import veil.ai.Player;
import veil.ai.SearchStats;
import veil.ai.Seeds;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/**
 * Plays one match. The runner is the only code that holds the true state: it gives each honest agent a copy of its
 * role's observation (built from {@link Percepts#sorted} after every step) and its legal moves, and nothing else;
 * only a {@link ClairvoyantAgent} is handed (a copy of) the state. The {@code random} role is played by the runner,
 * uniformly among its legal moves. An agent is asked only when its role has two or more legal moves.
 *
 * <p>Seeds: the random role's stream and each agent's seed are derived from the match seed, so a match is
 * reproducible from (seed, agents, iteration budget, threads).
 */
public final class MatchRunner {
  private MatchRunner() {}

  /** The roles that need a player: every role but {@code random}, in role order. */
  public static int[] seatRoles(Game game) {
    int[] roles = new int[game.roleCount() - (game.randomRole() >= 0 ? 1 : 0)];
    int n = 0;
    for (int r = 0; r < game.roleCount(); r++) {
      if (r != game.randomRole()) {
        roles[n++] = r;
      }
    }
    return roles;
  }

  /** The seed an agent in {@code role} is started with in a match of seed {@code matchSeed}. */
  public static long agentSeed(long matchSeed, int role) {
    return Seeds.derive(matchSeed, 1 + role);
  }

  public static MatchRecord play(Game game, List<? extends Player> seats, long seed, Budget budget) {
    return play(game, seats, seed, budget, MatchListener.NONE);
  }

  /**
   * Plays a match with {@code seats.get(i)} in the i-th non-random role ({@link #seatRoles}).
   *
   * @throws IllegalArgumentException when the number of players does not match the number of seats
   */
  public static MatchRecord play(
      Game game, List<? extends Player> seats, long seed, Budget budget, MatchListener listener) {
    int roles = game.roleCount();
    int randomRole = game.randomRole();
    int[] seatRoles = seatRoles(game);
    if (seats.size() != seatRoles.length) {
      throw new IllegalArgumentException(game.name() + " has " + seatRoles.length + " seats, got " + seats.size()
          + " players");
    }
    Player[] byRole = new Player[roles];
    List<String> names = new ArrayList<>();
    for (int r = 0; r < roles; r++) {
      names.add(null);
    }
    for (int i = 0; i < seatRoles.length; i++) {
      byRole[seatRoles[i]] = seats.get(i);
      names.set(seatRoles[i], seats.get(i).name());
    }
    int[] decisions = new int[roles];
    long[] nanos = new long[roles];
    long[] iterations = new long[roles];
    int[] fallbacks = new int[roles];
    int[] approximate = new int[roles];
    List<int[]> joints = new ArrayList<>();
    SplittableRandom chance = new SplittableRandom(Seeds.derive(seed, 0));
    String failure = null;
    double[] scores = null;
    int step = 0;
    try {
      for (int r = 0; r < roles; r++) {
        if (byRole[r] != null) {
          byRole[r].start(game, r, agentSeed(seed, r));
        }
      }
      State state = game.initialState();
      Observation[] obs = new Observation[roles];
      MoveList[] legal = new MoveList[roles];
      for (int r = 0; r < roles; r++) {
        obs[r] = new Observation(r);
        legal[r] = new MoveList();
      }
      Percepts percepts = new Percepts(roles);
      int[] joint = new int[roles];
      while (failure == null && !game.isTerminal(state)) {
        if (step >= game.stepBound()) {
          failure = "rule failure: no terminal state after the step bound " + game.stepBound();
          break;
        }
        for (int r = 0; r < roles && failure == null; r++) {
          game.legalMoves(state, r, legal[r]);
          if (legal[r].isEmpty()) {
            failure = "rule failure at step " + step + ": " + game.roleName(r) + " has no legal move";
          }
        }
        for (int r = 0; r < roles && failure == null; r++) {
          MoveList ml = legal[r];
          if (r == randomRole) {
            joint[r] = ml.get(chance.nextInt(ml.size()));
          } else if (ml.size() == 1) {
            joint[r] = ml.get(0);
          } else {
            Player p = byRole[r];
            long t0 = System.nanoTime();
            int move;
            try {
              move = decide(p, state, obs[r], ml, budget);
            } catch (RuntimeException e) {
              failure = "agent " + p.name() + " (" + game.roleName(r) + ") failed at step " + step + ": " + e;
              break;
            }
            nanos[r] += System.nanoTime() - t0;
            decisions[r]++;
            SearchStats st = p.lastStats();
            iterations[r] += st.iterations();
            fallbacks[r] += st.fallback() ? 1 : 0;
            approximate[r] += st.approximate() ? 1 : 0;
            if (!ml.contains(move)) {
              failure = "agent " + p.name() + " (" + game.roleName(r) + ") played the illegal move "
                  + game.moveText(r, move) + " at step " + step;
              break;
            }
            joint[r] = move;
          }
        }
        if (failure != null) {
          break;
        }
        game.apply(state, joint, percepts);
        joints.add(joint.clone());
        for (int r = 0; r < roles; r++) {
          if (r != randomRole) {
            obs[r].add(joint[r], percepts.sorted(r));
          }
        }
        listener.afterStep(step, joint, state);
        step++;
      }
      if (failure == null) {
        for (int r = 0; r < roles; r++) {
          if (r == randomRole) {
            continue;
          }
          int g = game.goal(state, r);
          if (g < 0 || g > 100) {
            failure = "rule failure: goal of " + game.roleName(r) + " is " + g + ", outside 0..100";
          }
        }
      }
      if (failure == null) {
        scores = game.scores(state);
      }
    } catch (RuntimeException e) {
      failure = "rule failure at step " + step + ": " + e;
    }
    return new MatchRecord(seed, names, joints.toArray(new int[0][]), scores, failure, decisions, nanos, iterations,
        fallbacks, approximate);
  }

  /**
   * Asks a player for a move: the one place where the runner's knowledge meets a player's. An honest {@link Agent}
   * gets copies of its observation and legal moves only; a {@link ClairvoyantAgent} also gets a copy of the true
   * state.
   */
  public static int decide(Player p, State trueState, Observation obs, MoveList legal, Budget budget) {
    MoveList legalCopy = new MoveList(legal.size());
    for (int i = 0; i < legal.size(); i++) {
      legalCopy.add(legal.get(i));
    }
    if (p instanceof ClairvoyantAgent c) {
      return c.choose(trueState.copy(), obs.copy(), legalCopy, budget);
    }
    if (p instanceof Agent a) {
      return a.choose(obs.copy(), legalCopy, budget);
    }
    throw new IllegalArgumentException(p.name() + " is neither an Agent nor a ClairvoyantAgent");
  }

  /** The joint moves of a record as text, one array of move terms per step. */
  public static String[][] jointText(Game game, int[][] joints) {
    String[][] out = new String[joints.length][];
    for (int t = 0; t < joints.length; t++) {
      out[t] = new String[joints[t].length];
      for (int r = 0; r < joints[t].length; r++) {
        out[t][r] = game.moveText(r, joints[t][r]);
      }
    }
    return out;
  }
}
