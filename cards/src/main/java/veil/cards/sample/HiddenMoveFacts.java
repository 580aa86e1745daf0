package veil.cards.sample;

import veil.ludeme.Action;
import veil.ludeme.CardAction;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Percepts;

/**
 * Learns, from a witness step that matched, which cards a player's hidden moves could have moved: an ask answered
 * hand to hand that the observer does not see ({@code (moveAll from:(hand Next) to:(hand Mover) if:(= (rank Card)
 * Choice))} with hands hidden) moves every card of the rank asked and no other, so each hidden move's card is of
 * that rank ({@link HandFacts#IN_SET}) and the cards that stay hold none of it (a {@link HandFacts#NONE} at the
 * next step). Without these the walk took any token of the hand and only the replay checked the rank.
 *
 * <p>How, without reading the rules' text (as {@link FactProbe} does): on the state before the step, one card m the
 * witness moved out of hidden place x is swapped with another card d (from where d is, or, for a card of x itself,
 * their places in the order of x), and the step's joint move applied again. d belongs to the move's set when it then
 * leaves x (or the move cannot be applied: nothing is learned against d); a card that stayed in x, swapped with d,
 * tells that no card that stays can be d when d then leaves x. Exact for effects that move the cards of a place
 * passing a test of the card and of what every consistent history shares (the rank told, a face-up card), as
 * FactProbe's are for conditions of the usual forms; a set learned too wide only narrows less.
 *
 * <p>Only for a step of one player whose move names no card (a card move names its card: its hidden card is the
 * move's, which differs between histories), out of a hidden place no move of the step enters, that shows no card
 * leaving it, and whose order the rules do not read (the walk takes its top then).
 */
final class HiddenMoveFacts {
  private final CompiledGame game;
  private final int[] visibleMask;
  private final long ordered;
  private final long topShown;
  private final LudState probe;
  private final Percepts percepts;
  private final int words;
  private final long[] unseen;
  private final long[] set;
  private final long[] none;
  private final long[] movers;
  private final long[] stayers;
  private final long[] all;

  private final SamplerOptions options;

  HiddenMoveFacts(CompiledGame game, SamplerOptions options) {
    this.game = game;
    this.options = options;
    this.visibleMask = game.places.visibleMask();
    this.ordered = OrderedPlaces.of(game);
    this.topShown = OrderedPlaces.topShown(game);
    this.probe = game.initialState();
    this.percepts = new Percepts(game.roleCount());
    this.words = probe.words;
    this.unseen = new long[words];
    this.set = new long[words];
    this.none = new long[words];
    this.movers = new long[words];
    this.stayers = new long[words];
    this.all = new long[words];
  }

  /**
   * Learns the facts of step t (already in the skeleton) from the witness states before and after it and its joint
   * move; returns how many it added.
   */
  int learn(LudState before, LudState after, int[] joint, int t, Skeleton sk) {
    if (sk.chance[t]) {
      return 0;
    }
    int mover = -1;
    for (int r = 0; r < joint.length; r++) {
      if (joint[r] != 0) {
        if (mover >= 0) {
          return 0; // simultaneous moves: not modelled here
        }
        mover = r;
      }
    }
    if (mover < 0) {
      return 0;
    }
    int id = Action.actionOf(joint[mover]);
    if (id >= 2 && id < game.actionCount() && game.action(id) instanceof CardAction) {
      return 0;
    }
    int o = sk.observer;
    int places = before.places.length / words;
    java.util.Arrays.fill(unseen, 0);
    for (int x = 0; x < places; x++) {
      if ((visibleMask[x] & 1 << o) == 0) {
        for (int w = 0; w < words; w++) {
          unseen[w] |= before.places[x * words + w];
        }
      }
    }
    int added = 0;
    for (int x = 0; x < places && x < 64; x++) {
      if ((visibleMask[x] & 1 << o) == 0 && ((ordered | topShown) >>> x & 1) == 0) {
        added += learnPlace(before, after, joint, t, sk, x, o);
      }
    }
    return added;
  }

  private int learnPlace(LudState before, LudState after, int[] joint, int t, Skeleton sk, int x, int o) {
    int hiddenOut = 0;
    int y = -1;
    for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
      boolean out = sk.from[i] == x && sk.to[i] != x;
      if (sk.to[i] == x && sk.from[i] != x || out && sk.card[i] >= 0) {
        return 0; // a card comes in, or one is seen leaving: not this form
      }
      if (out) {
        if (y >= 0 && sk.to[i] != y) {
          return 0; // hidden moves to several places
        }
        y = sk.to[i];
        hiddenOut++;
      }
    }
    if (hiddenOut == 0) {
      return 0;
    }
    int xt = x * words;
    for (int w = 0; w < words; w++) {
      movers[w] = before.places[xt + w] & ~after.places[xt + w];
      stayers[w] = before.places[xt + w] & after.places[xt + w];
      all[w] = unseen[w];
    }
    if (CardSets.count(movers, 0, words) != hiddenOut) {
      return 0;
    }
    int m = CardSets.first(movers, 0, words);
    System.arraycopy(movers, 0, set, 0, words);
    for (int d = CardSets.first(all, 0, words); d >= 0; d = CardSets.next(all, 0, words, d)) {
      if (CardSets.has(movers, 0, d) || options.brokenHiddenMoveSets) {
        continue;
      }
      // d in m's place: when it leaves x (or the step cannot be replayed), it may be a card of the move.
      Boolean left = leavesWhenSwapped(before, joint, m, d, x, o);
      if (left == null || left) {
        CardSets.add(set, 0, d);
      }
    }
    int added = 0;
    if (!CardSets.equal(set, 0, all, 0, words)) {
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        if (sk.from[i] == x && sk.to[i] != x && !sk.facts.has(t, HandFacts.IN_SET, i, set, 0)) {
          sk.addFact(t, HandFacts.IN_SET, i, set);
          added++;
        }
      }
    }
    int e = CardSets.first(stayers, 0, words);
    if (e >= 0) {
      java.util.Arrays.fill(none, 0);
      for (int d = CardSets.first(all, 0, words); d >= 0; d = CardSets.next(all, 0, words, d)) {
        if (CardSets.has(stayers, 0, d)) {
          continue;
        }
        // d in the place of a card that stayed: when it then leaves x, no card that stayed is d.
        Boolean left = leavesWhenSwapped(before, joint, e, d, x, o);
        if (left != null && left) {
          CardSets.add(none, 0, d);
        }
      }
      if (!CardSets.isEmpty(none, 0, words) && !sk.facts.has(t + 1, HandFacts.NONE, x, none, 0)) {
        sk.addFact(t + 1, HandFacts.NONE, x, none);
        added++;
      }
    }
    return added;
  }

  /**
   * Whether card d leaves place x when the joint move is applied to {@code before} with cards a and d swapped; null
   * when the move cannot be applied there.
   */
  private Boolean leavesWhenSwapped(LudState before, int[] joint, int a, int d, int x, int o) {
    probe.copyFrom(before);
    FactProbe.swapCards(game, probe, a, d);
    percepts.listenOnly(o);
    try {
      game.apply(probe, joint, percepts);
    } catch (RuntimeException ex) {
      return null; // a swapped state may break an effect that expects other cards
    }
    return !CardSets.has(probe.places, x * words, d);
  }
}
