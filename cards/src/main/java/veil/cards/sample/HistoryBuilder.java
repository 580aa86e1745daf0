package veil.cards.sample;

import java.util.Arrays;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;

/**
 * Turns the skeleton plus a card for every token into a complete history of joint moves, replayed from the initial
 * state. At each step it knows where every card must be afterwards, so the moves of the other roles are found by
 * trying their legal moves (those whose payload is a card that moves in this step first) until one reproduces
 * those places, the observer's percepts (as a set, and in raw order with repeats, as the skeleton has them) and the
 * observer's own move. Every step is therefore legal for every role and consistent with the observation; a step
 * that cannot be matched rejects the assignment.
 */
final class HistoryBuilder {
  /** At most this many joint moves are tried per step (simultaneous moves multiply). */
  private static final int MAX_TRIES = 4096;
  /** The step {@link #jointMatches} tries joint moves at (set before each search, so the test allocates nothing). */
  private Skeleton searchSk;
  private Observation searchObs;
  private int searchStep;
  private int searchObserver;
  private final JointOdometer.Test jointMatches = () -> tryJoint(searchSk, searchObs, searchStep, searchObserver);
  /**
   * The test of a search that counts every matching joint move instead of taking the first ({@link #countMatch}):
   * it keeps one of them drawn uniformly (reservoir) in {@link #picked} and {@link #pickedJoint}, and always says no
   * so that the odometer goes on.
   */
  private final JointOdometer.Test countingMatches = this::countMatch;

  private boolean countMatch() {
    if (tryJoint(searchSk, searchObs, searchStep, searchObserver)) {
      matches++;
      if (matches == 1 || veil.model.Uniform.below(rng, matches) == 0) {
        picked.copyFrom(state);
        System.arraycopy(joint, 0, pickedJoint, 0, roles);
      }
      // tryJoint made the matching state current: back to the state before the step for the next candidate.
      LudState s = state;
      state = scratch;
      scratch = s;
    }
    return false;
  }

  /**
   * The random numbers of the draw being replayed; null (the analysis's replays) takes the first matching joint
   * move at every step, as before.
   */
  java.util.SplittableRandom rng;
  /**
   * The log of the probability with which the sampler keeps the last replayed history: the product, over the steps
   * whose matching joint moves were counted ({@link #matchBound}), of (joint moves that matched) / (the step's bound).
   * Old Maid's pair shows its two cards as one set of percepts: the player chose the one card or the other (the
   * rules then lay down its partner), two histories with the same places, one joint move each. The replay draws one
   * of the m matching joint moves uniformly, so a history h of place sequence s comes out with probability
   * P(s) / prod(m_t); kept with probability prod(m_t) / prod(B_t), it comes out with P(s) / prod(B_t), the same for
   * every history (B_t depends on the skeleton and the observation alone, and nothing is learnt from earlier draws
   * or calls). Always &lt;= 0: a step with more matches than its bound makes the replay fail with
   * {@link #boundExceeded} set (the caller declines the sample rather than bias it).
   */
  double logAccept;
  /** Per step of the last replay, how many joint moves matched it (1 where only the first was looked for). */
  int[] matchesAt = new int[0];
  /**
   * Whether the last replay stopped at a step with more matching joint moves than its bound: the premises of
   * {@link #matchBound} do not hold in this game, and a sample drawn against that bound would be biased.
   */
  boolean boundExceeded;
  /**
   * Per step, whether the analysis's witness had another player choose a card move there (set by the sampler; null:
   * none). Only such steps count their matches: a step whose cards the rules move after a choice without a card (Go
   * Fish's ask, Cheat's doubt) has one joint move per history, by the premise every step relies on.
   */
  boolean[] cardChosen;
  /** Whether the search under way counts every match (then the observer's percepts may come in another order). */
  private boolean counting;
  /** Place instances whose order the rules read ({@link OrderedPlaces}): steps touching them keep the first match. */
  private final long ordered;
  /** Per place instance, the player owning it, or -1. */
  private final int[] owner;
  private int matches;
  private final LudState picked;
  private final int[] pickedJoint;

  private final CompiledGame game;
  private final int roles;
  private final int randomRole;
  private final LudState initial;
  LudState state;
  private LudState scratch;
  private final Percepts percepts;
  private final MoveList[] legal;
  private final int[] joint;
  private final long[] expected;
  /** Longs per card set. */
  private final int words;
  /** Each card's face (first copy), or null without copies. */
  private final int[] faces;
  /** The cards that move in the step being matched, and with copies their faces too (moves name faces). */
  private final long[] moved;
  private final long[] movedOrFace;
  /** The set operations for this game's deck size. */
  private final CardSets sets;
  // Candidate lists per role for the step being matched.
  private final int[][] candidates;
  private final int[] candidateCount;
  private final int[] active;
  private final int[] choice;
  /** Replays whose percepts matched the observation but not the skeleton's raw order or repeats. */
  long structureMismatches;

  HistoryBuilder(CompiledGame game) {
    this.game = game;
    this.roles = game.roleCount();
    this.randomRole = game.randomRole();
    this.initial = game.initialState();
    this.state = initial.copy();
    this.scratch = initial.copy();
    this.percepts = new Percepts(roles);
    this.legal = new MoveList[roles];
    for (int r = 0; r < roles; r++) {
      legal[r] = new MoveList();
    }
    this.joint = new int[roles];
    this.expected = new long[initial.places.length];
    this.words = initial.words;
    this.faces = game.cards.hasCopies() ? game.cards.face() : null;
    this.moved = new long[words];
    this.movedOrFace = new long[words];
    this.sets = CardSets.of(words);
    this.candidates = new int[roles][64];
    this.candidateCount = new int[roles];
    this.active = new int[roles];
    this.choice = new int[roles];
    this.ordered = OrderedPlaces.of(game);
    this.owner = game.places.owner();
    this.picked = initial.copy();
    this.pickedJoint = new int[roles];
  }

  /**
   * Replays steps [0, steps) with card {@code cardOfToken[moveToken[i]]} for skeleton move i. On success
   * {@link #state} is the state reached and {@code history} (when not null) holds the joint moves.
   */
  boolean replay(Skeleton sk, Observation obs, int steps, int[] moveToken, int[] cardOfToken, int[][] history) {
    reached = 0;
    state.copyFrom(initial);
    System.arraycopy(initial.places, 0, expected, 0, expected.length);
    int observer = obs.role();
    percepts.listenOnly(observer);
    logAccept = 0;
    boundExceeded = false;
    if (matchesAt.length < steps) {
      matchesAt = new int[Math.max(steps, matchesAt.length * 2)];
    }
    for (int t = 0; t < steps; t++) {
      matchesAt[t] = 1;
      sets.clear(moved, 0);
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        int c = cardOfToken[moveToken[i]];
        int x = sk.from[i];
        if (faces != null && !sk.chance[t] && (relabelAll || relabel != null && i < relabel.length && relabel[i])
            && (brokenOrderedRelabel || x >= 64 || (ordered >>> x & 1) == 0)) {
          c = lowestCopy(sk, steps, i, c, x, moveToken, cardOfToken);
        }
        if (!CardSets.has(expected, x * words, c)) {
          return false;
        }
        CardSets.remove(expected, x * words, c);
        CardSets.add(expected, sk.to[i] * words, c);
        CardSets.add(moved, 0, c);
      }
      sets.copy(moved, 0, movedOrFace, 0);
      if (faces != null) {
        for (int c = sets.first(moved, 0); c >= 0; c = sets.next(moved, 0, c)) {
          CardSets.add(movedOrFace, 0, faces[c]);
        }
      }
      if (!matchStep(sk, obs, t, observer, movedOrFace)) {
        return false;
      }
      if (history != null) {
        System.arraycopy(joint, 0, history[t], 0, roles);
      }
      reached = t + 1;
    }
    return true;
  }

  /**
   * Copies relabelled at the replay: with {@link #relabelAll} every player's card move, else the skeleton moves i
   * with {@code relabel[i]}, takes the lowest copy of its face in its place (the copy the rules move) when the draw
   * gave it another one there; the two copies then swap their futures (every later move of one is the other's).
   * The state reached so far is the same either way (both copies are in that place), so only which copy goes where
   * from now on changes. For a witness any consistent history will do ({@link #relabelAll}); for a draw the caller
   * allows it only where it weighted the draw for it (see Worker's face weights).
   */
  boolean[] relabel;
  boolean relabelAll;
  /**
   * Not for a move out of a place whose top the rules read ({@link OrderedPlaces}): the rules move its top card, which
   * the walk follows, not the lowest copy of the face (relabelled there, a witness of generated game 37441 moved the
   * lowest copy of a face out of the stock while the rules drew the top one, and its analysis ran out of redraws).
   * {@link SamplerOptions#brokenOrderedRelabel}: the old code, for tests.
   */
  boolean brokenOrderedRelabel;

  private int lowestCopy(Skeleton sk, int steps, int i, int c, int x, int[] moveToken, int[] cardOfToken) {
    int f = faces[c];
    if (f + 1 >= faces.length || faces[f + 1] != f || !CardSets.has(expected, x * words, c)) {
      return c;
    }
    int low = -1;
    for (int d = f; d < faces.length && faces[d] == f; d++) {
      if (CardSets.has(expected, x * words, d)) {
        low = d;
        break;
      }
    }
    if (low < 0 || low == c) {
      return c;
    }
    int end = sk.stepStart[steps];
    for (int j = i; j < end; j++) {
      int card = cardOfToken[moveToken[j]];
      if (card == c) {
        cardOfToken[moveToken[j]] = low;
      } else if (card == low) {
        cardOfToken[moveToken[j]] = c;
      }
    }
    relabelled++;
    return low;
  }

  /** Copies relabelled ({@link #lowestCopy}), for tests and diagnosis. */
  long relabelled;

  /** How many steps the last {@link #replay} reproduced before it stopped (all of them when it succeeded). */
  int reached;

  /** The one card of the deal source that moves in this step, -1 when none, -2 when several. */
  private int dealtCard() {
    return sets.only(state.places, game.dealSource(state) * words, moved, 0);
  }

  private boolean matchStep(Skeleton sk, Observation obs, int t, int observer, long[] moved) {
    boolean dealing = game.isDealing(state);
    int dealt = dealing && obs.move(t) == 0 ? dealtCard() : -1;
    if (dealt >= 0) {
      return dealStep(sk, obs, t, observer, dealt);
    }
    int n = 0;
    for (int r = 0; r < roles; r++) {
      MoveList l = legal[r];
      if (r == randomRole && dealing) {
        // Dealing a card that does not move in this step cannot give the expected places: only the deals of the
        // moved cards are candidates, and listing the whole deck each step would cost more than the rest.
        l.clear();
        int at = game.dealSource(state) * words;
        for (int w = 0; w < words; w++) {
          for (long m = state.places[at + w] & this.moved[w]; m != 0; m &= m - 1) {
            l.add(CompiledGame.dealMove(w << 6 | Long.numberOfTrailingZeros(m)));
          }
        }
      } else if (r != observer && game.waits(state, r)) {
        joint[r] = 0; // its one legal move, known without listing
        continue;
      } else {
        game.legalMoves(state, r, l);
      }
      int fixed = JointOdometer.fix(r, l, observer, obs.move(t), joint);
      if (fixed == JointOdometer.IMPOSSIBLE) {
        return false;
      }
      if (fixed == JointOdometer.CHOICE) {
        active[n++] = r;
      }
    }
    // First only the moves whose payload is a card that moves in this step (a role without any keeps them all);
    // then, if none matched, every legal move, those first.
    return search(sk, obs, t, observer, moved, n, true)
        || narrowedLast && search(sk, obs, t, observer, moved, n, false);
  }

  /** Whether the last narrow search left out some legal move (then the wide search tries them too). */
  private boolean narrowedLast;

  private boolean search(Skeleton sk, Observation obs, int t, int observer, long[] moved, int n, boolean narrow) {
    boolean narrowed = false;
    for (int a = 0; a < n; a++) {
      int r = active[a];
      MoveList l = legal[r];
      int[] c = candidates[r];
      if (c.length < l.size()) {
        c = candidates[r] = new int[l.size()];
      }
      int k = 0;
      for (int i = 0; i < l.size(); i++) {
        if (movesCard(l.get(i), moved)) {
          c[k++] = l.get(i);
        }
      }
      // Whether the narrow search leaves some of this role's moves out (both passes must agree on it).
      narrowed |= k > 0 && k < l.size();
      if (!narrow || k == 0) {
        for (int i = 0; i < l.size(); i++) {
          if (!movesCard(l.get(i), moved)) {
            c[k++] = l.get(i);
          }
        }
      }
      candidateCount[r] = k;
    }
    if (narrow) {
      narrowedLast = narrowed; // when false, the wide search would try exactly these again
    }
    searchSk = sk;
    searchObs = obs;
    searchStep = t;
    searchObserver = observer;
    int bound = rng == null ? 1 : matchBound(sk, obs, t, observer);
    if (bound < 2) {
      return JointOdometer.search(candidates, candidateCount, active, n, choice, joint, MAX_TRIES, jointMatches);
    }
    // The observer sees this step's cards as a set: every joint move that moves them so is a history of its own.
    matches = 0;
    counting = true;
    try {
      JointOdometer.search(candidates, candidateCount, active, n, choice, joint, MAX_TRIES, countingMatches);
    } finally {
      counting = false;
    }
    if (matches == 0) {
      return false;
    }
    if (matches > bound) {
      boundExceeded = true;
      return false;
    }
    state.copyFrom(picked);
    System.arraycopy(pickedJoint, 0, joint, 0, roles);
    matchesAt[t] = matches;
    logAccept += Math.log(matches) - Math.log(bound);
    return true;
  }

  /**
   * How many joint moves at most can reproduce step t for the observer, every one a history of its own, when the
   * observer sees the step's cards as a set (several percepts, between places whose order no rule reads): the
   * smaller of g, the number of the step's card moves that go from and to the same places as its first move, and P,
   * the number of distinct orders of its raw percepts. 1 (only the first match is looked for, as at every other
   * step) when the order is seen, the step has one percept, or the observer moved itself.
   *
   * <p>Why it is a bound. The replay everywhere takes a joint move to be the only one that gives the places after
   * the step and the observer's raw percepts (the same premise at every step; moves that differ in nothing the state
   * or the observer keeps are one history). Here only the raw order may differ, so at most P joint moves match. And
   * in a turn of one player choosing a card move out of its own place (the step's other roles have one move each; the
   * observer's own move is fixed, hence 1 when it moved; and 1 when the step's first card comes out of no other
   * player's place, or the witness chose no card there ({@link #cardChosen}): a choice without a card, as Cheat's
   * doubt or Go Fish's ask, whose cards the rules then move), matching joint moves
   * differ in the card chosen, whose move comes first, before what the rules then do, and goes the same way whichever
   * card it is (the move names its places, not the card's): so each match's card is one of the g cards moved as the
   * first one was, and one match per card. In Old Maid the
   * card chosen or its partner, both from the hand to the pile: g = 2, P = 2, and 2 matches in every history. Both premises are about the rules, not a draw: where a game breaks them a
   * replay finds more than the bound, and {@link #boundExceeded} makes the sample decline (counted, never silent).
   */
  int matchBound(Skeleton sk, Observation obs, int t, int observer) {
    int[] raw = sk.raw[t];
    if (raw.length < 2 || obs.move(t) != 0 || cardChosen == null || t >= cardChosen.length || !cardChosen[t]) {
      return 1;
    }
    int start = sk.stepStart[t];
    int end = sk.stepStart[t + 1];
    if (end - start < 2 || sk.from[start] >= owner.length || owner[sk.from[start]] < 0
        || owner[sk.from[start]] == observer) {
      return 1; // the first card does not come out of another player's place: no card of its chosen (Cheat's doubt)
    }
    int g = 0;
    for (int i = start; i < end; i++) {
      int from = sk.from[i];
      int to = sk.to[i];
      if (from >= 64 || to >= 64 || (ordered >>> from & 1) != 0 || (ordered >>> to & 1) != 0) {
        return 1;
      }
      if (from == sk.from[start] && to == sk.to[start]) {
        g++;
      }
    }
    if (g < 2) {
      return 1;
    }
    return (int) Math.min(g, distinctOrders(raw, g));
  }

  /** The number of distinct orders of the list (a multinomial), or any number >= cap once it reaches cap. */
  private long distinctOrders(int[] raw, int cap) {
    int n = raw.length;
    if (order.length < 2 * n) {
      order = new int[2 * n];
    }
    System.arraycopy(raw, 0, order, 0, n);
    Arrays.sort(order, 0, n);
    long orders = 1;
    int placed = 0;
    for (int i = 0; i < n; ) {
      int j = i;
      while (j < n && order[j] == order[i]) {
        j++;
      }
      // orders *= C(placed + run, run), one factor at a time (each partial product is a whole number).
      for (int r = 1; r <= j - i; r++) {
        placed++;
        orders = orders * placed / r;
        if (orders >= cap) {
          return cap;
        }
      }
      i = j;
    }
    return orders;
  }

  /** Whether the observer's percepts are the raw ones in another order (the same repeats). */
  private boolean permutes(int[] raw, int observer) {
    int n = raw.length;
    if (percepts.size(observer) != n) {
      return false;
    }
    if (order.length < 2 * n) {
      order = new int[2 * n];
    }
    for (int i = 0; i < n; i++) {
      order[i] = raw[i];
      order[n + i] = percepts.get(observer, i);
    }
    Arrays.sort(order, 0, n);
    Arrays.sort(order, n, 2 * n);
    return Arrays.equals(order, 0, n, order, n, 2 * n);
  }

  private int[] order = new int[8];

  private boolean sameRaw(int[] raw, int observer) {
    if (percepts.size(observer) != raw.length) {
      return false;
    }
    for (int i = 0; i < raw.length; i++) {
      if (percepts.get(observer, i) != raw[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a move's payload is one of the cards (moves of card actions carry their card as payload; a player's move
   * names the face of a card with copies, random's deal the copy).
   */
  static boolean movesCard(int move, long[] cards) {
    int payload = veil.ludeme.Action.payloadOf(move);
    return move != 0 && payload < cards.length << 6 && CardSets.has(cards, 0, payload);
  }

  private boolean tryJoint(Skeleton sk, Observation obs, int t, int observer) {
    scratch.copyFrom(state);
    game.apply(scratch, joint, percepts);
    if (!reproduces(scratch, sk, obs, t, observer)) {
      return false;
    }
    LudState s = state;
    state = scratch;
    scratch = s;
    return true;
  }

  /**
   * A step in which the random role deals one of the step's moved cards while every player waits: the one
   * candidate is the deal of that card (dealing any other card would put it where the observation says it is not),
   * so it is played in place, without the search and its copy; when it does not reproduce the step, nothing would.
   */
  private boolean dealStep(Skeleton sk, Observation obs, int t, int observer, int card) {
    for (int r = 0; r < roles; r++) {
      joint[r] = 0;
    }
    joint[randomRole] = CompiledGame.dealMove(card);
    int i = sk.stepStart[t];
    int[] v = state.v;
    if (sk.stepStart[t + 1] == i + 1 && sk.from[i] != sk.to[i] && sk.raw[t].length == 1
        && game.dealGoesOnAfterOneCard(state)) {
      // One card dealt, and the deal goes on: then the step is the card's move and nothing else (the rules run
      // only when a deal ends), so it needs neither percepts nor a comparison of every place. The places matched
      // before the step and every card move ticks the clock once: one tick with the card where the skeleton moves
      // it means the places match; the observer's percept of that move must be the skeleton's one percept.
      int clock = v[Slot.CLOCK];
      int pending = v[Slot.PENDING];
      game.apply(state, joint, null);
      if (v[Slot.PENDING] != pending) {
        throw new IllegalStateException("a deal the engine said would go on ended at step " + t);
      }
      return v[Slot.CLOCK] == clock + 1 && state.holds(sk.to[i], card)
          && sk.raw[t][0] == game.table.movePercept(card, sk.from[i], sk.to[i], observer);
    }
    game.apply(state, joint, percepts);
    return reproduces(state, sk, obs, t, observer);
  }

  /** Whether the state after step t has the expected places and the observer's percepts of the skeleton. */
  private boolean reproduces(LudState after, Skeleton sk, Observation obs, int t, int observer) {
    return Arrays.equals(after.places, expected) && sameStep(sk, obs, t, observer);
  }

  /** Whether the observer's percepts of step t are the skeleton's. */
  private boolean sameStep(Skeleton sk, Observation obs, int t, int observer) {
    // The skeleton's raw percepts came from a witness that matched the observation, so the same raw list means the
    // same percept set; the same set in another order or with other repeats is a structure the skeleton lacks.
    if (!sameRaw(sk.raw[t], observer)) {
      if (counting && permutes(sk.raw[t], observer)) {
        return true; // the same cards seen in another order, at a step whose order nothing reads
      }
      if (percepts.sameAs(observer, obs.percepts(t))) {
        structureMismatches++;
      }
      return false;
    }
    return true;
  }
}
