package veil.cards.sample;

import java.util.SplittableRandom;

/**
 * Follows every card through the observer's skeleton as an anonymous token. Token i starts where card i starts
 * (the initial state is known); a token in a place the observer sees is pinned to its card, the others may be any
 * card their starting place held ("allowed"). A face-up move out of a place pins one of its tokens to the card seen;
 * a hidden move moves one of its tokens; a void removes cards from the allowed sets of the tokens in a place. Which
 * token a move takes is drawn uniformly among those that may make it.
 *
 * <p>Exactness: two tokens in the same place with the same allowed set are interchangeable for everything that
 * follows, so drawing among them loses nothing. When a move could take tokens that are not interchangeable (say a
 * known card and an unknown one, both hidden in one place), which one moved changes the posterior; the walk then
 * flags {@link #ambiguous} and the sampler declines rather than guess.
 */
final class TokenWalk {
  /** Place sets per witness pin, nearest first. */
  static final int PIN_LEVELS = 4;
  final int cards;
  final int[] pos;
  final long[] allowed;
  /** Token → its card once pinned, else -1. */
  final int[] pinnedCard;
  /** Card → the token pinned to it, else -1. */
  final int[] tokenOf;
  /** Cards pinned to a token. */
  long known;
  /** The token each skeleton move took. */
  int[] moveToken = new int[256];
  boolean ambiguous;
  /**
   * Weighted draws: a face-up card that tokens of different allowed sets could be is drawn among them uniformly
   * instead of declining, and the walk's choices are counted ({@link #logChoices}) so that the sampler can accept
   * the draw in proportion to its number of completions (see {@code Worker.draw}).
   */
  boolean weighted;
  /** With {@link #weighted}: take the candidate with the fewest allowed cards instead (the bound's walk). */
  boolean greedy;
  /** Some face-up card could have been tokens of different allowed sets. */
  boolean mixed;
  /** The log of the product of the numbers of candidates of every choice the walk made. */
  double logChoices;
  /** Per place instance, the tokens in it (bit t = token t). */
  private final long[] tokensAt;
  /**
   * Per token, its place in the order of its place, as the engine stamps cards: the clock at its last move, negated
   * when it went under the cards there; cards that never moved have 0.
   */
  private final int[] stamp;
  private int clock;
  /** Place instances whose top card the rules read ({@link OrderedPlaces}). */
  private final long ordered;
  /** Place instances the observer does not see. */
  private final long hidden;
  private final int[] candidates;

  /**
   * Tokens whose allowed set may differ from the one they started with (pinned, or narrowed by a void). The
   * others that started in the same place are interchangeable, which lets a draw among them skip the scan.
   */
  private long modified;
  /** Tokens that have moved at least once. */
  private long moved;

  // The pristine prefix for draws (see runForDraw): for which skeleton, how many steps, and the walk after it.
  private Skeleton cachedSkeleton;
  private int cachedVersion;
  private int cachedSteps = -1;
  private int prefixSteps;
  private Snapshot prefix;
  /** Per place, the tokens that started there. */
  private final long[] startedAt;
  /** The place each token started in. */
  private final int[] initialPlace;
  /** The walk before any step: what {@link #reset} restores. */
  private final Snapshot start;

  /** The walk's whole position, to be restored many times. */
  private record Snapshot(long known, long modified, long moved, boolean ambiguous, long[] tokensAt, int[] pos,
      long[] allowed, int[] pinnedCard, int[] tokenOf, int[] moveToken, int[] stamp, int clock, boolean mixed,
      double logChoices) {}

  private Snapshot save(int moves) {
    return new Snapshot(known, modified, moved, ambiguous, tokensAt.clone(), pos.clone(), allowed.clone(),
        pinnedCard.clone(), tokenOf.clone(), java.util.Arrays.copyOf(moveToken, moves), stamp.clone(), clock, mixed,
        logChoices);
  }

  /** Copies a snapshot back rather than rebuilding its arrays token by token. */
  private void restore(Snapshot p) {
    designated = 0; // neither the start nor a pristine prefix designates (the prefix stops at a SOME fact)
    known = p.known();
    modified = p.modified();
    moved = p.moved();
    ambiguous = p.ambiguous();
    System.arraycopy(p.tokensAt(), 0, tokensAt, 0, tokensAt.length);
    System.arraycopy(p.pos(), 0, pos, 0, cards);
    System.arraycopy(p.allowed(), 0, allowed, 0, cards);
    System.arraycopy(p.pinnedCard(), 0, pinnedCard, 0, cards);
    System.arraycopy(p.tokenOf(), 0, tokenOf, 0, cards);
    System.arraycopy(p.moveToken(), 0, moveToken, 0, p.moveToken().length);
    System.arraycopy(p.stamp(), 0, stamp, 0, cards);
    clock = p.clock();
    mixed = p.mixed();
    logChoices = p.logChoices();
  }

  TokenWalk(long[] initialPlaces, int[] visibleMask, int observer, int cards, long ordered) {
    this.cards = cards;
    this.tokensAt = new long[initialPlaces.length];
    this.stamp = new int[cards];
    this.ordered = ordered;
    long h = 0;
    for (int x = 0; x < initialPlaces.length && x < 64; x++) {
      if ((visibleMask[x] & 1 << observer) == 0) {
        h |= 1L << x;
      }
    }
    this.hidden = h;
    pos = new int[cards];
    allowed = new long[cards];
    pinnedCard = new int[cards];
    tokenOf = new int[cards];
    candidates = new int[cards];
    initialPlace = new int[cards];
    long[] initialAllowed = new long[cards];
    int[] initialPinnedCard = new int[cards];
    startedAt = initialPlaces.clone();
    long seenAtStart = 0;
    for (int x = 0; x < initialPlaces.length; x++) {
      long m = initialPlaces[x];
      boolean seen = (visibleMask[x] & 1 << observer) != 0;
      while (m != 0) {
        int c = Long.numberOfTrailingZeros(m);
        m &= m - 1;
        initialPlace[c] = x;
        // Token c starts as card c; the observer knows it where it sees the place.
        initialPinnedCard[c] = seen ? c : -1;
        initialAllowed[c] = seen ? 1L << c : initialPlaces[x];
        if (seen) {
          seenAtStart |= 1L << c;
        }
      }
    }
    start = new Snapshot(seenAtStart, seenAtStart, 0, false, startedAt.clone(), initialPlace.clone(),
        initialAllowed, initialPinnedCard, initialPinnedCard.clone(), new int[0], new int[cards], 0, false, 0);
  }

  private void reset() {
    restore(start);
  }

  /**
   * Walks steps [0, steps) of the skeleton, then applies the void recorded for step {@code steps} (if any) and the
   * extra pins: card pinCards[i] is in one of the places pinPlaces[i * PIN_LEVELS + level], the first level that
   * has a token for it (a witness's hint; not found is ignored).
   * Returns false when the skeleton contradicts itself under these draws.
   */
  boolean run(Skeleton sk, int steps, int[] pinCards, long[] pinPlaces, int pinCount, SplittableRandom rng) {
    reset();
    return walk(sk, 0, steps, rng, false) == steps && finish(sk, steps, pinCards, pinPlaces, pinCount, rng);
  }

  /**
   * The walk a draw needs ({@link #run} without pins). Its first steps come from a cache: while every choice is
   * among pristine tokens — tokens that have never moved and are unchanged since the start, like the cards of an
   * undealt deck — which one is taken changes nothing (they share their past as well as their future: the state
   * records when a card last moved, so tokens that arrived at different times are not alike). Those steps are
   * walked once per skeleton with the first candidate each time; a draw starts from their end.
   */
  boolean runForDraw(Skeleton sk, int steps, SplittableRandom rng) {
    if (cachedSkeleton != sk || cachedVersion != sk.version || cachedSteps != steps) {
      cachePristinePrefix(sk, steps);
    }
    restore(prefix);
    System.arraycopy(prefixFactTokens, 0, sk.facts.tokens, 0, prefixFactTokens.length);
    return walk(sk, prefixSteps, steps, rng, false) == steps && finish(sk, steps, null, null, 0, rng);
  }

  private void cachePristinePrefix(Skeleton sk, int steps) {
    reset();
    int p = walk(sk, 0, steps, null, true);
    // The pristine pass stopped inside step p (or failed there): walk the whole steps before it again, and keep them.
    reset();
    walk(sk, 0, p, null, true);
    prefixSteps = p;
    prefix = save(sk.stepStart[p]);
    prefixFactTokens = java.util.Arrays.copyOf(sk.facts.tokens, sk.facts.firstAt(p));
    cachedSkeleton = sk;
    cachedVersion = sk.version;
    cachedSteps = steps;
  }

  /**
   * Walks steps [from, to); returns the step it stopped at: {@code to} when all were walked, less when one
   * contradicted the draws (or, with {@code pristineOnly}, needed a choice among tokens that are not pristine).
   */
  private int walk(Skeleton sk, int from, int to, SplittableRandom rng, boolean pristineOnly) {
    if (moveToken.length < sk.moveCount) {
      moveToken = java.util.Arrays.copyOf(moveToken, Math.max(sk.moveCount, moveToken.length * 2));
    }
    factCursor = sk.facts.firstAt(from);
    for (int t = from; t < to; t++) {
      if (pristineOnly && sk.facts.someAt(t)) {
        return t; // a SOME fact designates a token: a choice
      }
      if (!applyVoid(sk, t) || !applyFacts(sk, t, rng)) {
        return t;
      }
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        int c = sk.card[i];
        int x = sk.from[i];
        boolean inOrder = fromTheTop(sk, t, i, x);
        if (pristineOnly && !inOrder && !choiceIsPristine(c, x)) {
          return t;
        }
        int tok = inOrder ? takeTop(x, c) : c >= 0 ? reveal(c, 1L << x, rng, true) : takeHidden(x, rng);
        if (tok < 0) {
          return t;
        }
        stamp[tok] = sk.under[i] ? -++clock : ++clock;
        moveToken[i] = tok;
        tokensAt[pos[tok]] &= ~(1L << tok);
        pos[tok] = sk.to[i];
        tokensAt[pos[tok]] |= 1L << tok;
        moved |= 1L << tok;
      }
    }
    return to;
  }

  /**
   * Whether skeleton move i (of step t, out of place x) takes the top card of x, which the walk then follows instead
   * of drawing a token: the rules (not chance) move a card out of a hidden place whose top they read, or slide a
   * whole place under another keeping its order (each move of the step out of x goes under, and they take every
   * token there, top first).
   */
  private boolean fromTheTop(Skeleton sk, int t, int i, int x) {
    if (sk.chance[t] || x >= 64) {
      return false;
    }
    if (((ordered & hidden) >>> x & 1) != 0) {
      return true;
    }
    int out = 0;
    for (int j = i; j < sk.stepStart[t + 1]; j++) {
      if (sk.from[j] == x) {
        if (!sk.under[j]) {
          return false;
        }
        out++;
      }
    }
    return out > 1 && out == Long.bitCount(tokensAt[x]);
  }

  /**
   * The top token of place x (the highest stamp; among equal stamps the highest token), pinned to card c when c is
   * seen (c &lt; 0: a hidden move); -1 when that contradicts what is known.
   */
  private int takeTop(int x, int c) {
    long in = tokensAt[x];
    if (in == 0) {
      return -1;
    }
    int top = -1;
    for (long m = in; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      if (top < 0 || stamp[t] >= stamp[top]) {
        top = t;
      }
    }
    if (c < 0 || pinnedCard[top] == c) {
      return top;
    }
    if (pinnedCard[top] >= 0 || (known >>> c & 1) != 0 || (allowed[top] >>> c & 1) == 0) {
      return -1;
    }
    return pin(top, c);
  }

  /** Whether the move of card c (-1: hidden) out of place x chooses only among pristine tokens, or not at all. */
  private boolean choiceIsPristine(int c, int x) {
    if (c >= 0 && (known >>> c & 1) != 0) {
      return true; // the token pinned to c: no choice
    }
    long in = tokensAt[x];
    return in != 0 && (in & (modified | moved)) == 0;
  }

  /** After the walk: the void recorded for step {@code steps} and the extra pins (see {@link #run}). */
  private boolean finish(Skeleton sk, int steps, int[] pinCards, long[] pinPlaces, int pinCount,
      SplittableRandom rng) {
    factCursor = sk.facts.firstAt(steps);
    if (!applyVoid(sk, steps) || !applyFacts(sk, steps, rng)) {
      return false;
    }
    for (int i = 0; i < pinCount; i++) {
      // Nearest places first: where the card was seen leaving, then the places that feed it during the step.
      for (int level = 0; level < PIN_LEVELS; level++) {
        long places = pinPlaces[i * PIN_LEVELS + level];
        if (places != 0 && reveal(pinCards[i], places, rng, false) >= 0) {
          break;
        }
      }
    }
    return true;
  }

  /** The SOME facts' token sets of the pristine prefix (the walk after it restores them with the prefix). */
  private long[] prefixFactTokens = new long[0];
  /** The next fact of the skeleton's {@link HandFacts} to apply. */
  private int factCursor;

  /**
   * Applies the facts held at the start of {@code step} ({@link HandFacts}): NONE narrows the tokens of its place as
   * a void does, NOT_CARD the token an earlier move took, and SOME records the tokens of its place (checked once
   * every token has its card). False when one cannot hold whatever the cards.
   */
  private boolean applyFacts(Skeleton sk, int step, SplittableRandom rng) {
    HandFacts f = sk.facts;
    for (; factCursor < f.count && f.step[factCursor] <= step; factCursor++) {
      int i = factCursor;
      if (f.step[i] < step) {
        continue;
      }
      long mask = f.mask[i];
      if (f.kind[i] == HandFacts.SOME) {
        if (!designate(f, i, rng)) {
          return false;
        }
      } else if (f.kind[i] == HandFacts.NONE) {
        if (!narrow(tokensAt[f.where[i]], mask)) {
          return false;
        }
      } else if (!narrow(1L << moveToken[f.where[i]], mask)) {
        return false;
      }
    }
    return true;
  }

  /** Tokens pinned by a SOME fact's designation rather than by what the observer saw. */
  private long designated;

  /**
   * A SOME fact at its step: holds when a token pinned by what the observer saw holds a card of its set; otherwise
   * one (token, card) pair that makes it hold is drawn uniformly among the tokens there not so pinned (a token a
   * designation pinned already counts with its card) and pinned. A history is reached by as many designations as
   * it has candidate tokens holding such a card, so the sampler divides its weight by that number ({@link
   * HandFacts#logDesignations}); the choice's count enters {@link #logChoices} like a reveal's. False when no token
   * can hold such a card.
   */
  private boolean designate(HandFacts f, int i, SplittableRandom rng) {
    long mask = f.mask[i];
    long in = tokensAt[f.where[i]];
    f.tokens[i] = in;
    long cand = 0;
    int pairs = 0;
    for (long m = in; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      boolean byDesignation = (designated >>> t & 1) != 0;
      if (pinnedCard[t] >= 0 && !byDesignation) {
        if ((mask >>> pinnedCard[t] & 1) != 0) {
          f.open[i] = 0; // seen: holds whatever else is drawn
          return true;
        }
        continue;
      }
      cand |= 1L << t;
      pairs += pinnedCard[t] >= 0 ? (int) (mask >>> pinnedCard[t] & 1) : Long.bitCount(allowed[t] & mask & ~known);
    }
    f.open[i] = cand;
    if (pairs == 0 || rng == null) {
      return false;
    }
    int k = pick(rng, pairs);
    logChoices += Math.log(pairs);
    mixed = true;
    for (long m = cand; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      if (pinnedCard[t] >= 0) {
        if ((mask >>> pinnedCard[t] & 1) != 0 && k-- == 0) {
          return true; // designated before, with a card of this set
        }
        continue;
      }
      for (long c = allowed[t] & mask & ~known; c != 0; c &= c - 1) {
        if (k-- == 0) {
          pin(t, Long.numberOfTrailingZeros(c));
          designated |= 1L << t;
          return true;
        }
      }
    }
    throw new IllegalStateException("designation out of range");
  }

  /** Removes the cards of f from the allowed sets of the tokens; false when a pinned one is such a card or none is left. */
  private boolean narrow(long tokens, long f) {
    for (long m = tokens; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      if (pinnedCard[t] >= 0) {
        if ((f >>> pinnedCard[t] & 1) != 0) {
          return false;
        }
      } else if ((allowed[t] & f) != 0) {
        allowed[t] &= ~f;
        modified |= 1L << t;
        if ((allowed[t] & ~known) == 0) {
          return false;
        }
      }
    }
    return true;
  }

  private boolean applyVoid(Skeleton sk, int step) {
    int x = sk.voidPlace(step);
    if (x < 0) {
      return true;
    }
    long f = sk.voidMask[step];
    for (long m = tokensAt[x]; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      if (pinnedCard[t] >= 0) {
        if ((f >>> pinnedCard[t] & 1) != 0) {
          return false;
        }
      } else {
        allowed[t] &= ~f;
        modified |= 1L << t;
        if ((allowed[t] & ~known) == 0) {
          return false;
        }
      }
    }
    return true;
  }

  /** Pins card c to a token in one of the places (a token already pinned to c must be there); -1 if none can be. */
  private int reveal(int c, long places, SplittableRandom rng, boolean checkAmbiguity) {
    long bit = 1L << c;
    if ((known & bit) != 0) {
      int t = tokenOf[c];
      return (places >>> pos[t] & 1) != 0 ? t : -1;
    }
    if ((places & places - 1) == 0 && interchangeable(tokensAt[Long.numberOfTrailingZeros(places)])) {
      // One place whose tokens all started there unchanged: each may be c or none may; the scan would list them all.
      long in = tokensAt[Long.numberOfTrailingZeros(places)];
      if ((allowed[Long.numberOfTrailingZeros(in)] & bit) == 0) {
        return -1;
      }
      int n = Long.bitCount(in);
      logChoices += LOG[n];
      return pin(veil.ludeme.Bits.select(in, pick(rng, n)), c);
    }
    long inPlaces = 0;
    for (long p = places; p != 0; p &= p - 1) {
      inPlaces |= tokensAt[Long.numberOfTrailingZeros(p)];
    }
    int n = 0;
    long key = 0;
    for (long m = inPlaces; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      if (pinnedCard[t] >= 0 || (allowed[t] & bit) == 0) {
        continue;
      }
      long k = allowed[t] & ~known;
      if (n == 0) {
        key = k;
      } else if (k != key && checkAmbiguity) {
        mixed = true;
        ambiguous |= !weighted;
      }
      candidates[n++] = t;
    }
    if (n == 0) {
      return -1;
    }
    logChoices += LOG[n];
    int chosen = candidates[greedy ? narrowest(n) : pick(rng, n)];
    return pin(chosen, c);
  }

  private int pin(int token, int c) {
    long bit = 1L << c;
    allowed[token] = bit;
    pinnedCard[token] = c;
    tokenOf[c] = token;
    known |= bit;
    modified |= 1L << token;
    return token;
  }

  /**
   * Whether a non-empty set of tokens started in one place and none has changed since: they have one allowed set
   * and none is pinned, so drawing among them needs no scan and is never ambiguous.
   */
  private boolean interchangeable(long tokens) {
    return tokens != 0 && (tokens & modified) == 0
        && (tokens & ~startedAt[initialPlace[Long.numberOfTrailingZeros(tokens)]]) == 0;
  }

  /** log n for n = 0..64. */
  private static final double[] LOG = new double[65];

  static {
    for (int i = 1; i < LOG.length; i++) {
      LOG[i] = Math.log(i);
    }
  }

  /** The first of the n candidates with the fewest allowed cards not yet known. */
  private int narrowest(int n) {
    int best = 0;
    for (int i = 1; i < n; i++) {
      if (Long.bitCount(allowed[candidates[i]] & ~known) < Long.bitCount(allowed[candidates[best]] & ~known)) {
        best = i;
      }
    }
    return best;
  }

  /** Which of n candidates to take: a uniform draw, or the first when there is no generator (pristine tokens). */
  private static int pick(SplittableRandom rng, int n) {
    return n == 1 || rng == null ? 0 : veil.model.Uniform.below(rng, n);
  }

  /** A token of place x, drawn uniformly; -1 when the place is empty. */
  private int takeHidden(int x, SplittableRandom rng) {
    if (interchangeable(tokensAt[x])) {
      long in = tokensAt[x];
      int k = Long.bitCount(in);
      logChoices += LOG[k];
      return veil.ludeme.Bits.select(in, pick(rng, k));
    }
    int n = 0;
    long key = 0;
    boolean anyPinned = false;
    for (long m = tokensAt[x]; m != 0; m &= m - 1) {
      int t = Long.numberOfTrailingZeros(m);
      long k = allowed[t] & ~known;
      if (n == 0) {
        key = k;
      } else if (k != key) {
        ambiguous = true;
      }
      anyPinned |= pinnedCard[t] >= 0;
      candidates[n++] = t;
    }
    int chosen = n == 0 ? -1 : candidates[pick(rng, n)];
    logChoices += LOG[n];
    if (n > 1 && anyPinned) {
      ambiguous = true;
    }
    return chosen;
  }
}
