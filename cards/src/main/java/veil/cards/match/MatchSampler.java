package veil.cards.match;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import veil.cards.sample.CardSampler;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Table;
import veil.model.Determinizer;
import veil.model.Observation;
import veil.model.Percepts;
import veil.model.State;

/**
 * The card sampler for a match of several deals ({@code (match …)}), deal by deal. Every player is told
 * {@code newdeal} when a deal ends and the next begins, so the observation splits into deals. Each deal is a card
 * game of its own from the state in which it began ({@link CompiledGame#dealGame}): the {@link CardSampler} of that
 * one-deal game draws its history from the deal's part of the observation, the history is replayed in the match
 * (which must reproduce the observation, {@code newdeal} included), and its last state begins the next deal.
 *
 * <p>Distribution. Deals share nothing but the totals and the deal count (the cards are gathered and dealt anew),
 * so drawing the deals one after the other, each from its posterior given the state it began in, is the posterior of
 * the whole history when each deal's start is the same in every history consistent with the observation: that is,
 * when the totals follow from what the observer saw (scores from visible won piles and public bids, as in every
 * bundled trick game). When two drawn histories of one observation begin a deal in different states, the draw may
 * lean towards the states whose later deals fit the observation better, and {@link #approximate} says so from then
 * on for that observation's player.
 */
public final class MatchSampler implements Determinizer {
  private final CompiledGame game;
  /** Each started deal's one-deal game and its card sampler, by the state the deal began in. */
  private final Map<StartKey, CardSampler> deals = new ConcurrentHashMap<>();
  /** Per deal of an observation (its player, first step and what was observed before): the start first drawn. */
  private final Map<PrefixKey, StartKey> firstStart = new ConcurrentHashMap<>();
  /** The caches are emptied when they grow past this (an arena plays many matches with one game). */
  private static final int CACHE_LIMIT = 256;
  /** Players for whom a deal began in different states in two draws (the draw is then approximate). */
  private final boolean[] varied;
  private final int newDeal;

  public MatchSampler(CompiledGame game) {
    if (!supports(game)) {
      throw new IllegalArgumentException(game.name + ": not a match the match sampler supports");
    }
    this.game = game;
    this.varied = new boolean[game.players];
    this.newDeal = Table.PERCEPT_TELL << 28 | game.table.tells.indexOf(veil.ludeme.lib.Match.NEW_DEAL);
  }

  /** A match whose single deal, played alone, the card sampler supports. */
  public static boolean supports(CompiledGame game) {
    return unsupported(game) == null;
  }

  /** Why the match sampler does not sample a game, or null when it does. */
  public static String unsupported(CompiledGame game) {
    if (!game.hasMatch() || game.isDealGame() || game.syntax() == null) {
      return "not a match of several deals";
    }
    return CardSampler.unsupported(game.dealGame(game.initialState()));
  }

  /** The state a deal began in, as a key: its int registers and card sets. */
  private record StartKey(int[] v, long[] places) {
    static StartKey of(LudState s) {
      return new StartKey(s.v.clone(), s.places.clone());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof StartKey k && Arrays.equals(v, k.v) && Arrays.equals(places, k.places);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(v) + Arrays.hashCode(places);
    }
  }

  /** A deal of an observation: its player, its first step and a hash of the observed steps before it. */
  private record PrefixKey(int role, int from, long observed) {}

  @Override
  public boolean sample(Observation observation, SplittableRandom rng, State out) {
    LudState end = game.initialState();
    if (draw(observation, rng, null, end) == null) {
      return false;
    }
    ((LudState) out).copyFrom(end);
    return true;
  }

  @Override
  public int[][] sampleHistory(Observation observation, SplittableRandom rng) {
    return draw(observation, rng, new int[observation.length()][], game.initialState());
  }

  @Override
  public boolean approximate(Observation observation) {
    int r = observation.role();
    return r >= 0 && r < varied.length && varied[r];
  }

  /**
   * Draws the deals one after the other from {@code state} (the initial state), which is left as the last one
   * reached; fills {@code history} when given. Returns the history (or an empty array without one), null when a
   * deal's sampler found none.
   */
  private int[][] draw(Observation obs, SplittableRandom rng, int[][] history, LudState state) {
    int role = obs.role();
    if (role < 0 || role >= game.players) {
      return null;
    }
    Percepts percepts = new Percepts(game.roleCount());
    percepts.listenOnly(role);
    if (deals.size() > CACHE_LIMIT) {
      deals.clear();
    }
    if (firstStart.size() > CACHE_LIMIT * 16) {
      firstStart.clear();
    }
    int from = 0;
    int n = obs.length();
    long observed = 17;
    while (from < n) {
      int to = from;
      while (to < n - 1 && Arrays.binarySearch(obs.percepts(to), newDeal) < 0) {
        to++;
      }
      // Steps from..to are one deal (to is the step that ended it when it told newdeal).
      StartKey key = StartKey.of(state);
      if (from > 0) {
        StartKey first = firstStart.putIfAbsent(new PrefixKey(role, from, observed), key);
        if (first != null && !first.equals(key)) {
          varied[role] = true;
        }
      }
      for (int t = from; t <= to; t++) {
        observed = observed * 1_000_003L + obs.move(t);
        observed = observed * 1_000_003L + Arrays.hashCode(obs.percepts(t));
      }
      CardSampler sampler = deals.computeIfAbsent(key, k -> new CardSampler(game.dealGame(state)));
      Observation part = new Observation(role);
      for (int t = from; t <= to; t++) {
        part.add(obs.move(t), without(obs.percepts(t), newDeal));
      }
      int[][] h = sampler.sampleHistory(part, rng);
      if (h == null) {
        return null;
      }
      for (int t = from; t <= to; t++) {
        int[] joint = h[t - from];
        game.apply(state, joint, percepts);
        if (!percepts.sameAs(role, obs.percepts(t)) || game.isTerminal(state) && t < n - 1) {
          return null; // cannot happen when the one-deal game plays as the match does
        }
        if (history != null) {
          history[t] = joint.clone();
        }
      }
      from = to + 1;
    }
    return history == null ? new int[0][] : history;
  }

  private static int[] without(int[] sorted, int percept) {
    int i = Arrays.binarySearch(sorted, percept);
    if (i < 0) {
      return sorted;
    }
    List<Integer> out = new ArrayList<>();
    for (int p : sorted) {
      if (p != percept) {
        out.add(p);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }
}
