package veil.cards.sample;

import java.util.Arrays;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;
import veil.ludeme.Table;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;

/**
 * Learns from the rules what a step says about hidden places beyond the face-up plays {@link RuleProbe} reads,
 * without knowing the rules' text ({@link HandFacts}), on a state before the step (a witness, which need not be
 * consistent with the step itself):
 * <ul>
 *   <li>an announced choice (a told word) by another player: with that player's hidden place emptied and then
 *       holding one card d, is some legal move telling the same words? Not with the place empty but with some d:
 *       the place held at least one such d (SOME: "the asker holds the rank"); with it empty but not with some d:
 *       it held none of them (NONE);
 *   <li>the effect of the step's move: every hidden place of another player reduced to the cards the step shows
 *       leaving it, then given one more card d; when the observer's percepts then change, the place held no d
 *       (NONE: "go fish", or "every card of the rank was given");
 *   <li>a told word just after a hidden card was dealt into the teller's place: the witness's card swapped with
 *       another d; when the word can no longer be told, that card was not d (NOT_CARD: "missed" — the card drawn
 *       was not of the rank asked).
 * </ul>
 * Like {@link RuleProbe}, this is exact for conditions of the usual forms (the place holds some card passing a test,
 * an effect that moves every card passing a test); the sampler drops a fact a matched witness contradicts, and the
 * replay of every draw checks the rest.
 */
final class FactProbe {
  private final CompiledGame game;
  private final int[] visibleMask;
  private final int[] owner;
  private final int roles;
  private final LudState base;
  private final LudState probe;
  private final LudState run;
  private final MoveList moves = new MoveList();
  private final Percepts percepts;
  private final int[] joint;
  private final int stampAt;
  /** Longs per card set, and the number of place instances. */
  private final int words;
  private final int placeCount;
  /** Scratch card sets: the cards the observer cannot locate, and a fact's cards. */
  private final long[] unseen;
  private final long[] some;
  private final long[] none;
  private final long[] shown;
  /** Per place instance, the cards the step shows leaving it ({@link #words} longs each). */
  private final long[] out;

  FactProbe(CompiledGame game) {
    this.game = game;
    this.visibleMask = game.places.visibleMask();
    this.owner = game.places.owner();
    this.roles = game.roleCount();
    this.base = game.initialState();
    this.probe = game.initialState();
    this.run = game.initialState();
    this.percepts = new Percepts(roles);
    this.joint = new int[roles];
    this.stampAt = game.layout.stamp;
    this.words = base.words;
    this.placeCount = base.places.length / words;
    this.unseen = new long[words];
    this.some = new long[words];
    this.none = new long[words];
    this.shown = new long[words];
    this.out = new long[base.places.length];
  }

  /**
   * Learns the facts of step t from the state before it into the skeleton (which holds steps [0, t) so far). Only a
   * step that tells a word (an announced choice: an ask, an answer, a "missed") is probed: without one, what a step
   * says about hidden places is a face-up play's void ({@link RuleProbe}), so games without told words pay a scan of
   * the step's percepts and nothing more.
   */
  void learn(LudState before, Observation obs, int t, Skeleton sk) {
    int[] seen = obs.percepts(t);
    if (sk.facts.count > 0) {
      dropImplied(sk, seen, t);
    }
    if (!anyTell(seen) || game.isTerminal(before)) {
      return;
    }
    int o = obs.role();
    int mover = -1;
    for (int r = 0; r < game.players; r++) {
      game.legalMoves(before, r, moves);
      if (!(moves.size() == 1 && moves.get(0) == 0)) {
        if (mover >= 0) {
          return; // simultaneous moves: not modelled here
        }
        mover = r;
      }
    }
    if (mover < 0) {
      return; // chance alone moves
    }
    int[] tells = tells(seen);
    Arrays.fill(unseen, 0);
    for (int x = 0; x < placeCount; x++) {
      if ((visibleMask[x] & 1 << o) == 0) {
        for (int w = 0; w < words; w++) {
          unseen[w] |= before.places[x * words + w];
        }
      }
    }
    // The state (base) in which the mover's move (moveFound) is legal and tells the words seen.
    int move;
    if (mover == o) {
      move = obs.move(t);
      base.copyFrom(before);
    } else {
      int lastPlace = lastDealtInto(sk, t, mover, o);
      if (lastPlace >= 0 && tells.length == seen.length) {
        // Only a step that moves no card: swapping the card dealt last changes which cards the hand holds, so a
        // move that plays cards would read the swap as a card missing from the hand.
        learnLastCard(before, o, t, sk, mover, tells, lastPlace);
      } else if (lastPlace >= 0 && !game.cards.hasCopies()) {
        learnShownLast(before, o, t, sk, mover, lastPlace, seen);
      }
      move = -1;
      for (int x = 0; x < owner.length; x++) {
        if (owner[x] == mover && (visibleMask[x] & 1 << o) == 0) {
          int found = learnLegality(before, o, t, sk, mover, tells, x, seen);
          if (found >= 0) {
            move = found; // base holds the state it was found in
          }
        }
      }
      if (move < 0) {
        base.copyFrom(before);
        move = telling(base, mover, o, tells);
        if (move < 0) {
          return;
        }
      }
    }
    learnEffect(o, t, sk, mover, move, seen);
  }

  private static boolean anyTell(int[] seen) {
    for (int p : seen) {
      if (p >>> 28 == Table.PERCEPT_TELL) {
        return true;
      }
    }
    return false;
  }

  /**
   * Drops the SOME facts that step t says itself: a card of the set is seen leaving the place, which received no card
   * since the fact's step (so the card was there then). The draw then need not designate a token for them.
   */
  private static void dropImplied(Skeleton sk, int[] seen, int t) {
    HandFacts f = sk.facts;
    for (int i = f.count - 1; i >= 0; i--) {
      if (f.kind[i] != HandFacts.SOME || f.step[i] >= t) {
        continue;
      }
      int x = f.where[i];
      boolean implied = false;
      for (int p : seen) {
        int c = Table.perceptCard(p);
        if (c >= 0 && p >>> 28 == Table.PERCEPT_MOVED && Table.perceptFrom(p) == x && f.holds(i, c)
            && !mayHaveArrived(sk, x, c, f.step[i], t)) {
          implied = true;
        }
      }
      if (implied) {
        f.remove(i);
        sk.version++;
      }
    }
  }

  /**
   * Whether card c may have come into place x by a move of steps [from, to): a move into x of c seen, or a hidden
   * one whose card no NOT_CARD fact keeps from being c. When not, c shown leaving x at step {@code to} was in x at
   * the start of step {@code from}.
   */
  private static boolean mayHaveArrived(Skeleton sk, int x, int c, int from, int to) {
    HandFacts f = sk.facts;
    for (int j = sk.stepStart[from]; j < sk.stepStart[Math.min(to, sk.steps)]; j++) {
      if (sk.to[j] != x || sk.from[j] == x) {
        continue;
      }
      if (sk.card[j] == c) {
        return true;
      }
      if (sk.card[j] < 0) {
        boolean excluded = false;
        for (int k = 0; k < f.count && !excluded; k++) {
          excluded = f.where[k] == j && (f.kind[k] == HandFacts.NOT_CARD && f.holds(k, c)
              || f.kind[k] == HandFacts.IS_CARD && !f.holds(k, c));
        }
        if (!excluded) {
          return true;
        }
      }
    }
    return false;
  }

  /** The told words among a step's percepts. */
  private static int[] tells(int[] seen) {
    int n = 0;
    for (int p : seen) {
      if (p >>> 28 == Table.PERCEPT_TELL) {
        n++;
      }
    }
    int[] out = new int[n];
    n = 0;
    for (int p : seen) {
      if (p >>> 28 == Table.PERCEPT_TELL) {
        out[n++] = p;
      }
    }
    return out;
  }

  /**
   * A legal move of the mover in s that tells the observer exactly these words (and nothing else told), else -1.
   */
  private int telling(LudState s, int mover, int o, int[] tells) {
    game.legalMoves(s, mover, moves);
    int[] list = moves.toArray();
    for (int m : list) {
      if (m != 0 && tellsExactly(s, mover, m, o, tells)) {
        return m;
      }
    }
    return -1;
  }

  private boolean tellsExactly(LudState s, int mover, int m, int o, int[] tells) {
    if (!apply(s, mover, m, o)) {
      return false;
    }
    int k = 0;
    for (int i = 0; i < percepts.size(o); i++) {
      int p = percepts.get(o, i);
      if (p >>> 28 == Table.PERCEPT_TELL) {
        if (Arrays.binarySearch(tells, p) < 0) {
          return false;
        }
        k++;
      }
    }
    return k == tells.length;
  }

  /** Applies the mover's move (everyone else waiting) to a copy of s, percepts for o; false when it throws. */
  private boolean apply(LudState s, int mover, int m, int o) {
    run.copyFrom(s);
    Arrays.fill(joint, 0);
    joint[mover] = m;
    percepts.listenOnly(o);
    try {
      game.apply(run, joint, percepts);
      return true;
    } catch (RuntimeException e) {
      return false; // a reduced state may break an effect that expects more cards
    }
  }

  /**
   * SOME or NONE on the mover's hidden place x from the legality of a move telling the words. Leaves in base a
   * state where such a move is legal and returns it, or -1.
   */
  private int learnLegality(LudState before, int o, int t, Skeleton sk, int mover, int[] tells, int x, int[] seen) {
    int xt = x * words;
    probe.copyFrom(before);
    Arrays.fill(probe.places, xt, xt + words, 0);
    boolean empty = telling(probe, mover, o, tells) >= 0;
    Arrays.fill(some, 0);
    Arrays.fill(none, 0);
    int found = -1;
    for (int d = CardSets.first(unseen, 0, words); d >= 0; d = CardSets.next(unseen, 0, words, d)) {
      probe.copyFrom(before);
      take(probe, d);
      Arrays.fill(probe.places, xt, xt + words, 0);
      CardSets.add(probe.places, xt, d);
      int mv = telling(probe, mover, o, tells);
      if (mv >= 0) {
        CardSets.add(some, 0, d);
        if (found < 0) {
          found = mv;
          base.copyFrom(probe);
        }
      } else if (!empty || legalWithout(before, mover, o, tells, x, d, -1)) {
        CardSets.add(none, 0, d);
      }
    }
    if (!empty && found >= 0) {
      // The control: d may fail only because taking it from where the witness had it broke the move (the hand
      // asked emptied): such a d is kept among the cards that may satisfy the fact, which stays necessary.
      int e = CardSets.first(some, 0, words);
      for (int d = CardSets.first(none, 0, words); d >= 0; d = CardSets.next(none, 0, words, d)) {
        if (!legalWithout(before, mover, o, tells, x, d, e)) {
          CardSets.add(some, 0, d);
        }
      }
    }
    if (telling(before, mover, o, tells) >= 0) {
      base.copyFrom(before);
      found = telling(base, mover, o, tells);
    }
    Arrays.fill(shown, 0);
    for (int p : seen) {
      if (Table.perceptCard(p) >= 0 && Table.perceptFrom(p) == x) {
        CardSets.add(shown, 0, Table.perceptCard(p));
      }
    }
    if (!empty && !CardSets.isEmpty(some, 0, words) && !CardSets.equal(some, 0, unseen, 0, words)
        && !CardSets.intersects(some, 0, shown, 0, words)) {
      // (A card of the set seen leaving the place in this step says it already.)
      sk.addFact(t, HandFacts.SOME, x, some);
    } else if (empty) {
      sk.addFact(t, HandFacts.NONE, x, none);
    }
    return found;
  }

  /**
   * Whether the move telling the words stays legal with card d taken from where {@code before} has it and place x
   * holding card e alone (nothing when e is -1): the control that d's absence elsewhere does not decide legality.
   */
  private boolean legalWithout(LudState before, int mover, int o, int[] tells, int x, int d, int e) {
    int xt = x * words;
    probe.copyFrom(before);
    take(probe, d);
    if (e >= 0) {
      take(probe, e);
    }
    Arrays.fill(probe.places, xt, xt + words, 0);
    if (e >= 0) {
      CardSets.add(probe.places, xt, e);
    }
    return telling(probe, mover, o, tells) >= 0;
  }

  private void take(LudState s, int d) {
    int at = game.table.whereIs(s, d);
    if (at >= 0) {
      CardSets.remove(s.places, at * words, d);
    }
  }

  /**
   * NONE on every hidden place of another player than the mover: reduced to the cards the step shows leaving it,
   * a card d whose addition changes what the observer perceives was not there.
   */
  private void learnEffect(int o, int t, Skeleton sk, int mover, int move, int[] seen) {
    long probed = 0;
    Arrays.fill(out, 0);
    for (int x = 0; x < owner.length && x < 64; x++) {
      if (owner[x] >= 0 && owner[x] != mover && (visibleMask[x] & 1 << o) == 0) {
        probed |= 1L << x;
      }
    }
    if (probed == 0) {
      return;
    }
    for (int p : seen) {
      int c = Table.perceptCard(p);
      int from = Table.perceptFrom(p);
      if (c >= 0 && p >>> 28 == Table.PERCEPT_MOVED && from < 64 && (probed >>> from & 1) != 0) {
        CardSets.add(out, from * words, c);
      }
    }
    probe.copyFrom(base);
    for (long m = probed; m != 0; m &= m - 1) {
      int xt = Long.numberOfTrailingZeros(m) * words;
      for (int c = CardSets.first(out, xt, words); c >= 0; c = CardSets.next(out, xt, words, c)) {
        take(probe, c);
      }
      System.arraycopy(out, xt, probe.places, xt, words);
    }
    if (!legal(probe, mover, move) || !apply(probe, mover, move, o) || !percepts.sameAs(o, seen)) {
      return; // the reduced state does not give the step seen: nothing learned
    }
    LudState reduced = probe.copy();
    for (long m = probed; m != 0; m &= m - 1) {
      int x = Long.numberOfTrailingZeros(m);
      int xt = x * words;
      Arrays.fill(none, 0);
      for (int d = CardSets.first(unseen, 0, words); d >= 0; d = CardSets.next(unseen, 0, words, d)) {
        if (CardSets.has(out, xt, d)) {
          continue;
        }
        probe.copyFrom(reduced);
        take(probe, d);
        if (!legal(probe, mover, move) || !apply(probe, mover, move, o) || !percepts.sameAs(o, seen)) {
          continue; // the control: taking d from where it was changes the step already
        }
        CardSets.add(probe.places, xt, d);
        if (legal(probe, mover, move) && apply(probe, mover, move, o) && !percepts.sameAs(o, seen)) {
          CardSets.add(none, 0, d);
        }
      }
      sk.addFact(t, HandFacts.NONE, x, none);
    }
  }

  private boolean legal(LudState s, int mover, int move) {
    game.legalMoves(s, mover, moves);
    return moves.contains(move);
  }

  /**
   * The skeleton move of step t - 1 that dealt a hidden card by chance into a hidden place of the mover, when it is
   * the step's only move; else -1.
   */
  private int lastDealtInto(Skeleton sk, int t, int mover, int o) {
    if (t == 0 || t > sk.steps || !sk.chance[t - 1]) {
      return -1;
    }
    int i = sk.stepStart[t - 1];
    if (sk.stepStart[t] != i + 1 || sk.card[i] >= 0) {
      return -1;
    }
    int x = sk.to[i];
    return owner[x] == mover && (visibleMask[x] & 1 << o) == 0 ? i : -1;
  }

  /** Swaps cards a and b in s: places, stamps and the last card moved (the witness repairs use it too). */
  static void swapCards(CompiledGame game, LudState s, int a, int b) {
    if (a == b) {
      return;
    }
    int words = s.words;
    int stampAt = game.layout.stamp;
    int xa = game.table.whereIs(s, a) * words;
    int xb = game.table.whereIs(s, b) * words;
    CardSets.remove(s.places, xa, a);
    CardSets.remove(s.places, xb, b);
    CardSets.add(s.places, xa, b);
    CardSets.add(s.places, xb, a);
    int st = s.v[stampAt + a];
    s.v[stampAt + a] = s.v[stampAt + b];
    s.v[stampAt + b] = st;
    if (s.v[Slot.LAST_CARD] == a) {
      s.v[Slot.LAST_CARD] = b;
    } else if (s.v[Slot.LAST_CARD] == b) {
      s.v[Slot.LAST_CARD] = a;
    }
  }

  private void swap(LudState s, int a, int b) {
    swapCards(game, s, a, b);
  }


  /** Whether some legal move of the mover in s gives the observer exactly these percepts. */
  private boolean gives(LudState s, int mover, int o, int[] seen) {
    game.legalMoves(s, mover, moves);
    int[] list = moves.toArray();
    for (int m : list) {
      if (apply(s, mover, m, o) && percepts.sameAs(o, seen)) {
        return true;
      }
    }
    return false;
  }

  /**
   * IS_CARD on the card dealt at skeleton move i: the one card the step shows leaving its place (a "caught" fish
   * shown), when the step is given with that card as the one dealt last but not with it as an older card of the
   * place (the witness's card dealt last swapped with it, then with an older card of the place instead).
   */
  private void learnShownLast(LudState before, int o, int t, Skeleton sk, int mover, int i, int[] seen) {
    int x = sk.to[i];
    int xt = x * words;
    int c = -1;
    for (int p : seen) {
      int card = Table.perceptCard(p);
      if (card >= 0 && p >>> 28 == Table.PERCEPT_MOVED && Table.perceptFrom(p) == x) {
        if (c >= 0 && c != card) {
          return; // several cards shown: not this form
        }
        c = card;
      }
    }
    if (c < 0 || !CardSets.has(unseen, 0, c)) {
      return;
    }
    int c0 = -1;
    int older = -1;
    for (int d = CardSets.first(before.places, xt, words); d >= 0; d = CardSets.next(before.places, xt, words, d)) {
      if (c0 < 0 || before.v[stampAt + d] > before.v[stampAt + c0]) {
        c0 = d;
      }
    }
    for (int d = CardSets.first(before.places, xt, words); d >= 0; d = CardSets.next(before.places, xt, words, d)) {
      if (d != c0 && d != c) {
        older = d;
        break;
      }
    }
    if (c0 < 0 || older < 0) {
      return;
    }
    probe.copyFrom(before);
    swap(probe, c0, c);
    if (!gives(probe, mover, o, seen)) {
      return;
    }
    probe.copyFrom(before);
    swap(probe, older, c);
    if (gives(probe, mover, o, seen)) {
      return;
    }
    Arrays.fill(none, 0);
    CardSets.add(none, 0, c);
    sk.addFact(t, HandFacts.IS_CARD, i, none);
  }

  /**
   * NOT_CARD on the card dealt at skeleton move i (the witness's: the card of its place that moved last): swapped
   * with each other card d the observer cannot locate, can the words still be told?
   */
  private void learnLastCard(LudState before, int o, int t, Skeleton sk, int mover, int[] tells, int i) {
    int xt = sk.to[i] * words;
    int c0 = -1;
    for (int c = CardSets.first(before.places, xt, words); c >= 0; c = CardSets.next(before.places, xt, words, c)) {
      if (c0 < 0 || before.v[stampAt + c] > before.v[stampAt + c0]) {
        c0 = c;
      }
    }
    if (c0 < 0 || telling(before, mover, o, tells) < 0) {
      return;
    }
    Arrays.fill(none, 0);
    for (int d = CardSets.first(unseen, 0, words); d >= 0; d = CardSets.next(unseen, 0, words, d)) {
      if (d == c0) {
        continue;
      }
      probe.copyFrom(before);
      swap(probe, c0, d);
      if (telling(probe, mover, o, tells) < 0) {
        CardSets.add(none, 0, d);
      }
    }
    sk.addFact(t, HandFacts.NOT_CARD, i, none);
  }
}
