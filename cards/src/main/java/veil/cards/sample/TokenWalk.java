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
 * draws among them uniformly and counts the choice ({@link #weighted} draws, accepted by their number of
 * completions), or, unweighted, flags {@link #ambiguous} and the sampler declines rather than guess.
 *
 * <p>Sets of cards and of tokens are {@code words} longs each ({@link CardSets}), as the engine stores a place's
 * cards, so decks of any size the engine takes are followed. Identical copies: a percept names the face (the first
 * copy's index), not the copy, so a face-up move of a face with copies does not pin its token to one card but
 * narrows it to the face's copies; the assignment gives it one of them, and the replay keeps the draw only when
 * the rules moved that very copy (the lowest one the player may move), or, where the sampler weighs draws for it,
 * swaps the two copies' futures (Worker's face weights). Either way the draw stays exact.
 */
final class TokenWalk {
  /** Place sets per witness pin, nearest first. */
  static final int PIN_LEVELS = 4;
  final int cards;
  /** Longs per card or token set. */
  final int words;
  /** The set operations for this deck's size. */
  private final CardSets sets;
  final int[] pos;
  /** Token t's allowed cards: words longs from {@code t * words}. */
  final long[] allowed;
  /** Token → its card once pinned, else -1. */
  final int[] pinnedCard;
  /** Card → the token pinned to it, else -1. */
  final int[] tokenOf;
  /** Cards pinned to a token. */
  final long[] known;
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
  /** Per place instance, the tokens in it ({@code words} longs each). */
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
  /**
   * Place instances that show their top card alone ({@code (pile … visible:Top)}): their top token is always pinned
   * (every card put on top, or uncovered, is seen by all), a card taken off the top is seen, so a hidden move out of
   * one takes a token below the top, and the card a taken top uncovers (the percept right after) is the new top.
   */
  long topShown;
  private final int[] candidates;
  /** Each card's face (the index of its first copy); identity without copies. */
  private final int[] face;
  /** Per card c, the copies of its face ({@code words} longs from {@code c * words}); null without copies. */
  private final long[] copies;
  /** Per card, whether its face has more than one copy. */
  private final boolean[] copied;
  /** Scratch: the key of the first candidate of a choice. */
  private final long[] key;
  /** Scratch of {@link #forgetPins}: the cards whose pins it drops. */
  private final long[] freed;
  /**
   * The pins dropped so far ({@link #forgetPins}), one record each: before which skeleton move, the tokens of the
   * place then ({@code words} longs each), and each token's card before (the card it was pinned to, else -1;
   * {@code cards} ints each).
   */
  private int forgets;
  private int[] forgetMove = new int[4];
  private long[] forgetSet;
  private int[] forgetCard;
  /**
   * Per record, each unpinned token's allowed cards then, not known ({@code cards * words} longs): the tokens of the
   * place may have had different ones (cards shown elsewhere before), and {@link #cardsOfMoves} gives them the
   * place's cards only within them.
   */
  private long[] forgetAllowed;
  /** Scratch of {@link #cardsOfMoves}. */
  private final int[] eraCard;
  private final int[] eraRest;

  /**
   * Tokens whose allowed set may differ from the one they started with (pinned, or narrowed by a void). The
   * others that started in the same place are interchangeable, which lets a draw among them skip the scan.
   */
  private final long[] modified;
  /** Tokens that have moved at least once. */
  private final long[] moved;

  // The pristine prefix for draws (see runForDraw): for which skeleton, how many steps, and the walk after it.
  private Skeleton cachedSkeleton;
  private int cachedVersion;
  private int cachedSteps = -1;
  private int prefixSteps;
  private Snapshot prefix;
  /** Per place, the tokens that started there ({@code words} longs each). */
  private final long[] startedAt;
  /** The place each token started in. */
  private final int[] initialPlace;
  /** The walk before any step: what {@link #reset} restores. */
  private final Snapshot start;

  /** The walk's whole position, to be restored many times. */
  private record Snapshot(long[] known, long[] modified, long[] moved, boolean ambiguous, long[] tokensAt, int[] pos,
      long[] allowed, int[] pinnedCard, int[] tokenOf, int[] moveToken, int[] stamp, int clock, boolean mixed,
      double logChoices, int forgets, int[] forgetMove, long[] forgetSet, int[] forgetCard, long[] forgetAllowed) {}

  private Snapshot save(int moves) {
    return new Snapshot(known.clone(), modified.clone(), moved.clone(), ambiguous, tokensAt.clone(), pos.clone(),
        allowed.clone(), pinnedCard.clone(), tokenOf.clone(), java.util.Arrays.copyOf(moveToken, moves),
        stamp.clone(), clock, mixed, logChoices, forgets, java.util.Arrays.copyOf(forgetMove, forgets),
        java.util.Arrays.copyOf(forgetSet, forgets * words), java.util.Arrays.copyOf(forgetCard, forgets * cards),
        java.util.Arrays.copyOf(forgetAllowed, forgets * cards * words));
  }

  /** Copies a snapshot back rather than rebuilding its arrays token by token. */
  private void restore(Snapshot p) {
    java.util.Arrays.fill(designated, 0); // neither the start nor a pristine prefix designates (it stops at a SOME)
    sets.copy(p.known(), 0, known, 0);
    sets.copy(p.modified(), 0, modified, 0);
    sets.copy(p.moved(), 0, moved, 0);
    ambiguous = p.ambiguous();
    System.arraycopy(p.tokensAt(), 0, tokensAt, 0, tokensAt.length);
    System.arraycopy(p.pos(), 0, pos, 0, cards);
    System.arraycopy(p.allowed(), 0, allowed, 0, allowed.length);
    System.arraycopy(p.pinnedCard(), 0, pinnedCard, 0, cards);
    System.arraycopy(p.tokenOf(), 0, tokenOf, 0, cards);
    System.arraycopy(p.moveToken(), 0, moveToken, 0, p.moveToken().length);
    System.arraycopy(p.stamp(), 0, stamp, 0, cards);
    clock = p.clock();
    mixed = p.mixed();
    logChoices = p.logChoices();
    forgets = p.forgets();
    System.arraycopy(p.forgetMove(), 0, forgetMove, 0, p.forgetMove().length);
    System.arraycopy(p.forgetSet(), 0, forgetSet, 0, p.forgetSet().length);
    System.arraycopy(p.forgetCard(), 0, forgetCard, 0, p.forgetCard().length);
    System.arraycopy(p.forgetAllowed(), 0, forgetAllowed, 0, p.forgetAllowed().length);
  }

  /**
   * Whether a pin drop ({@link #forgetPins}) at skeleton move {@code move} or later took in token t: its card before
   * that drop is not its card at the end but one of its place's cards then, in an order {@link #cardsOfMoves} draws.
   */
  boolean renamedFrom(int t, int move) {
    for (int r = 0; r < forgets; r++) {
      if (forgetMove[r] >= move && CardSets.has(forgetSet, r * words, t)) {
        return true;
      }
    }
    return false;
  }

  /** The Worker's switches (dropImplied, weightlessReveals, branchAlike; LaterPlays's brokenEnd). */
  final SamplerOptions options;

  /**
   * @param initialPlaces the initial state's card sets, {@code words} longs per place instance
   * @param faces each card's face (the first copy's index), or null when no card has copies
   */
  TokenWalk(long[] initialPlaces, int words, int[] visibleMask, int observer, int cards, long ordered, int[] faces,
      SamplerOptions options) {
    this.options = options;
    this.cards = cards;
    this.words = words;
    this.sets = CardSets.of(words);
    int placeCount = initialPlaces.length / words;
    this.tokensAt = new long[initialPlaces.length];
    this.stamp = new int[cards];
    this.ordered = ordered;
    long h = 0;
    for (int x = 0; x < placeCount && x < 64; x++) {
      if ((visibleMask[x] & 1 << observer) == 0) {
        h |= 1L << x;
      }
    }
    this.hidden = h;
    pos = new int[cards];
    allowed = new long[cards * words];
    pinnedCard = new int[cards];
    tokenOf = new int[cards];
    candidates = new int[cards];
    classStart = new int[cards];
    initialPlace = new int[cards];
    known = new long[words];
    modified = new long[words];
    moved = new long[words];
    key = new long[words];
    designated = new long[words];
    freed = new long[words];
    forgetSet = new long[4 * words];
    forgetCard = new int[4 * cards];
    forgetAllowed = new long[4 * cards * words];
    eraCard = new int[cards];
    eraRest = new int[cards];
    face = new int[cards];
    copied = new boolean[cards];
    for (int c = 0; c < cards; c++) {
      face[c] = faces == null ? c : faces[c];
    }
    if (faces != null) {
      copies = new long[cards * words];
      for (int c = 0; c < cards; c++) {
        for (int d = 0; d < cards; d++) {
          if (face[d] == face[c]) {
            CardSets.add(copies, c * words, d);
            copied[c] |= d != c;
          }
        }
      }
    } else {
      copies = null;
    }
    long[] initialAllowed = new long[cards * words];
    int[] initialPinnedCard = new int[cards];
    startedAt = initialPlaces.clone();
    long[] seenAtStart = new long[words];
    for (int x = 0; x < placeCount; x++) {
      boolean seen = (visibleMask[x] & 1 << observer) != 0;
      for (int c = CardSets.first(initialPlaces, x * words, words); c >= 0;
          c = CardSets.next(initialPlaces, x * words, words, c)) {
        initialPlace[c] = x;
        // Token c starts as card c; the observer knows it where it sees the place.
        initialPinnedCard[c] = seen ? c : -1;
        if (seen) {
          CardSets.add(initialAllowed, c * words, c);
          CardSets.add(seenAtStart, 0, c);
        } else {
          System.arraycopy(initialPlaces, x * words, initialAllowed, c * words, words);
        }
      }
    }
    start = new Snapshot(seenAtStart, seenAtStart.clone(), new long[words], false, startedAt.clone(),
        initialPlace.clone(), initialAllowed, initialPinnedCard, initialPinnedCard.clone(), new int[0],
        new int[cards], 0, false, 0, 0, new int[0], new long[0], new int[0], new long[0]);
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
    logFirst = Double.NaN;
    countFailed = false;
    if (prefixFactTokens.length > 0) {
      System.arraycopy(prefixFactTokens, 0, sk.facts.tokens, 0, prefixFactTokens.length);
    }
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
    prefixFactTokens = java.util.Arrays.copyOf(sk.facts.tokens, sk.facts.firstAt(p) * words);
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
    // Facts (asks) only where the skeleton has some: a game without told words pays nothing here.
    boolean facts = sk.facts.count > 0;
    factCursor = facts ? sk.facts.firstAt(from) : 0;
    liveFacts = sk.facts;
    for (int t = from; t < to; t++) {
      if (facts && pristineOnly && sk.facts.someAt(t)) {
        return t; // a SOME fact designates a token: a choice
      }
      if (!applyVoid(sk, t) || facts && !applyFacts(sk, t, rng)) {
        return t;
      }
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        int c = sk.card[i];
        int x = sk.from[i];
        boolean topPlace = x < 64 && (topShown >>> x & 1) != 0;
        boolean inOrder = topPlace ? uncovered(sk, t, i, x) : fromTheTop(sk, t, i, x);
        if (c < 0 && !inOrder && x < 64 && (hidden >>> x & 1) != 0) {
          forgetPins(x, i, sk.chance[t]);
        }
        if (pristineOnly && !inOrder && !choiceIsPristine(c, x)) {
          return t;
        }
        walkSkeleton = sk;
        walkStep = t;
        walkMove = i;
        walkEnd = to;
        int inSet = c < 0 && !inOrder && facts && !countReveals ? sk.facts.inSetOf(t, i) : -1;
        int tok = inOrder ? takeTop(x, c) : c >= 0 ? reveal(c, 1L << x, rng, true)
            : inSet >= 0 ? takeHiddenOf(x, sk.facts, inSet, rng, topPlace ? topToken(x) : -1)
            : takeHidden(x, rng, topPlace ? topToken(x) : -1);
        if (tok < 0) {
          return t;
        }
        stamp[tok] = sk.under[i] ? -++clock : ++clock;
        moveToken[i] = tok;
        CardSets.remove(tokensAt, pos[tok] * words, tok);
        pos[tok] = sk.to[i];
        CardSets.add(tokensAt, pos[tok] * words, tok);
        CardSets.add(moved, 0, tok);
      }
    }
    return to;
  }

  /**
   * Before chance draws a card the observer does not see out of hidden place x: when x holds known cards (pinned
   * tokens, say cards seen in won piles and gathered back into the deck) beside unknown ones, chance draws any of
   * them alike, so which token held which card there no longer tells anything. The same holds for a player's
   * hidden move out of x (Cheat's face-down play from a hand that took the pile): every card it may move counts
   * once in the posterior, like chance's equal odds, and the replay rejects a card the rules forbid. The pins of x
   * are dropped and every token of x may be any card of x: its known cards or the cards its unknown tokens may be
   * (the union of their allowed sets); the known cards are taken out of every other token's allowed set (they are
   * in x). The tokens of x are then interchangeable, so the draw among them is uniform and unweighted, where
   * keeping the pins made it a draw among tokens that are not alike (weighted, and the face-up plays of those cards
   * later rejected almost every draw). Exact: it changes how histories are parametrised, not which are consistent;
   * tokens alike in place and allowed set are exchangeable. When the unknown tokens had different allowed sets
   * (cards shown and forgotten elsewhere before), {@link #cardsOfMoves} keeps a draw only when its uniformly
   * ordered cards fit them, which weighs it by its number of histories. Only when no card of x has copies
   * (otherwise the pins stay), and for a player's move only when x holds an unknown token.
   */
  private void forgetPins(int x, int move, boolean byChance) {
    int at = x * words;
    boolean anyPinned = false;
    boolean first = true;
    java.util.Arrays.fill(key, 0);
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      if (pinnedCard[t] >= 0) {
        if (copied[pinnedCard[t]]) {
          return;
        }
        anyPinned = true;
        continue;
      }
      for (int w = 0; w < words; w++) {
        key[w] |= allowed[t * words + w] & ~known[w];
      }
      first = false;
    }
    if (!anyPinned || first && !byChance) {
      // Nothing known to forget; or a player's move out of a place holding known cards alone (the cards a doubt
      // just showed, leaving): the pins stay, so that those cards do not become tokens of their own kind.
      return;
    }
    if (forgets == forgetMove.length) {
      forgetMove = java.util.Arrays.copyOf(forgetMove, forgets * 2);
      forgetSet = java.util.Arrays.copyOf(forgetSet, forgets * 2 * words);
      forgetCard = java.util.Arrays.copyOf(forgetCard, forgets * 2 * cards);
      forgetAllowed = java.util.Arrays.copyOf(forgetAllowed, forgets * 2 * cards * words);
    }
    forgetMove[forgets] = move;
    System.arraycopy(tokensAt, at, forgetSet, forgets * words, words);
    System.arraycopy(pinnedCard, 0, forgetCard, forgets * cards, cards);
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      for (int w = 0; w < words; w++) {
        forgetAllowed[(forgets * cards + t) * words + w] = pinnedCard[t] >= 0 ? 0 : allowed[t * words + w] & ~known[w];
      }
    }
    forgets++;
    java.util.Arrays.fill(freed, 0);
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      int c = pinnedCard[t];
      if (c >= 0) {
        CardSets.add(key, 0, c);
        CardSets.add(freed, 0, c);
        CardSets.remove(known, 0, c);
        tokenOf[c] = -1;
        pinnedCard[t] = -1;
      }
    }
    for (int t = 0; t < cards; t++) {
      if (pos[t] == x) {
        System.arraycopy(key, 0, allowed, t * words, words);
        CardSets.add(modified, 0, t);
      } else if (pinnedCard[t] < 0 && CardSets.intersects(allowed, t * words, freed, 0, words)) {
        for (int w = 0; w < words; w++) {
          allowed[t * words + w] &= ~freed[w];
        }
        CardSets.add(modified, 0, t);
      }
    }
  }

  /**
   * The card of each of the first {@code moves} skeleton moves, into {@code out}, given the card of every token at
   * the end of the walk. Where {@link #forgetPins} dropped pins, the tokens of the place are new ones from then on:
   * before it, a token pinned there was its pinned card, and the others were the rest of the place's cards (those
   * the new tokens were given that are not pinned cards), in a uniformly random order (they had one allowed set).
   * False when the new tokens were not given every pinned card (then the draw is not consistent).
   */
  boolean cardsOfMoves(int moves, int[] cardOfToken, int[] out, SplittableRandom rng) {
    System.arraycopy(cardOfToken, 0, eraCard, 0, cards);
    int r = forgets - 1;
    for (int i = moves - 1; i >= -1; i--) {
      for (; r >= 0 && forgetMove[r] > i; r--) {
        int at = r * words;
        int n = 0;
        for (int t = CardSets.first(forgetSet, at, words); t >= 0; t = CardSets.next(forgetSet, at, words, t)) {
          int c = eraCard[t];
          boolean pinnedBefore = false;
          for (int u = CardSets.first(forgetSet, at, words); u >= 0 && !pinnedBefore;
              u = CardSets.next(forgetSet, at, words, u)) {
            pinnedBefore = forgetCard[r * cards + u] == c;
          }
          if (!pinnedBefore) {
            eraRest[n++] = c;
          }
        }
        if (rng != null) {
          UniformAssignment.shuffle(eraRest, n, rng);
        }
        int k = 0;
        for (int t = CardSets.first(forgetSet, at, words); t >= 0; t = CardSets.next(forgetSet, at, words, t)) {
          int before = forgetCard[r * cards + t];
          if (before >= 0) {
            eraCard[t] = before;
          } else if (k < n && CardSets.has(forgetAllowed, (r * cards + t) * words, eraRest[k])) {
            eraCard[t] = eraRest[k++];
          } else {
            // Not enough cards, or a card the token could not have been then: this order is not a history. The order
            // is uniform, so keeping the orders that fit weighs each draw by its number of such histories.
            return false;
          }
        }
        if (k != n) {
          return false;
        }
      }
      if (i >= 0) {
        out[i] = eraCard[moveToken[i]];
      }
    }
    return true;
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
    return out > 1 && out == CardSets.count(tokensAt, x * words, words);
  }

  /**
   * Whether skeleton move i of step t is the card a taken top uncovers in place x, which shows its top card: a
   * reveal in x right after a face-up move of a card out of x (the engine shows it there and nowhere else).
   */
  private static boolean uncovered(Skeleton sk, int t, int i, int x) {
    return sk.card[i] >= 0 && sk.to[i] == x && i > sk.stepStart[t] && sk.from[i - 1] == x && sk.to[i - 1] != x
        && sk.card[i - 1] >= 0;
  }

  /** The top token of place x (the highest stamp; among equal stamps the highest token), -1 when it is empty. */
  private int topToken(int x) {
    int at = x * words;
    int top = -1;
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      if (top < 0 || stamp[t] >= stamp[top]) {
        top = t;
      }
    }
    return top;
  }

  /**
   * The top token of place x ({@link #topToken}), pinned to card c when c is seen (c &lt; 0: a hidden move); -1 when
   * that contradicts what is known.
   */
  private int takeTop(int x, int c) {
    int top = topToken(x);
    if (top < 0) {
      return -1;
    }
    if (c < 0 || pinnedCard[top] == c) {
      return top;
    }
    if (copied[c]) {
      // A face with copies: the top token must be able to be one of them.
      if (pinnedCard[top] >= 0) {
        return face[pinnedCard[top]] == c ? top : -1;
      }
      return CardSets.intersectsOutside(allowed, top * words, copies, c * words, known, 0, words)
          ? narrowToFace(top, c) : -1;
    }
    if (pinnedCard[top] >= 0 || CardSets.has(known, 0, c) || !CardSets.has(allowed, top * words, c)) {
      return -1;
    }
    return pin(top, c);
  }

  /** Whether the move of card c (-1: hidden) out of place x chooses only among pristine tokens, or not at all. */
  private boolean choiceIsPristine(int c, int x) {
    if (c >= 0 && !copied[c] && CardSets.has(known, 0, c)) {
      return true; // the token pinned to c: no choice
    }
    int at = x * words;
    if (CardSets.isEmpty(tokensAt, at, words)) {
      return false;
    }
    for (int w = 0; w < words; w++) {
      if ((tokensAt[at + w] & (modified[w] | moved[w])) != 0) {
        return false;
      }
    }
    return true;
  }

  /** After the walk: the void recorded for step {@code steps} and the extra pins (see {@link #run}). */
  private boolean finish(Skeleton sk, int steps, int[] pinCards, long[] pinPlaces, int pinCount,
      SplittableRandom rng) {
    boolean facts = sk.facts.count > 0;
    factCursor = facts ? sk.facts.firstAt(steps) : 0;
    if (!applyVoid(sk, steps) || facts && !applyFacts(sk, steps, rng)) {
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
      if (f.kind[i] == HandFacts.SOME) {
        if (!designate(f, i, rng)) {
          return false;
        }
      } else if (f.kind[i] == HandFacts.NONE) {
        int at = f.where[i] * words;
        for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
          if (!narrow(t, f.mask, i * words)) {
            return false;
          }
        }
      } else if (f.kind[i] == HandFacts.IS_CARD) {
        if (!pinTo(moveToken[f.where[i]], CardSets.first(f.mask, i * words, words))) {
          return false;
        }
      } else if (f.kind[i] == HandFacts.IN_SET) {
        continue; // applied at its move (takeHiddenOf)
      } else if (!narrow(moveToken[f.where[i]], f.mask, i * words)) {
        return false;
      }
    }
    return true;
  }

  /**
   * For the analysis's witness repair only ({@code Worker}): SOME facts record their tokens and designate none, so
   * the walk never fails on them; the repair then makes the assignment satisfy them. Never set for draws.
   */
  boolean recordSomeOnly;
  /**
   * Draws whose SOME facts are counted by the assignment ({@link FactAssignment}, set by {@code Worker}): a fact is
   * recorded ({@link HandFacts#tokens}, and its open tokens: those not pinned, none when a pinned token holds a card
   * of its set), nothing is designated and nothing weighed here.
   */
  boolean countSome;

  /** {@link #designate} when {@link #countSome}: false when no token there may hold a card of the set. */
  private boolean recordOpen(HandFacts f, int i, int at) {
    int fm = i * words;
    int pairs = 0;
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      if (pinnedCard[t] >= 0) {
        if (f.holds(i, pinnedCard[t])) {
          java.util.Arrays.fill(f.open, fm, fm + words, 0);
          return true;
        }
        continue;
      }
      CardSets.add(f.open, fm, t);
      pairs += pairsOf(t, f.mask, fm);
    }
    // Open: which tokens hold the set's cards changes the weight of everything the walk draws after (a mixed walk).
    mixed = true;
    return pairs > 0;
  }

  /** Where the walk's counters go (set by its {@link Worker}). */
  CardSampler.Stats stats;

  /** Whether token t may be card c (pinned tokens: only their card). */
  boolean allows(int t, int c) {
    return pinnedCard[t] >= 0 ? pinnedCard[t] == c : CardSets.has(allowed, t * words, c);
  }

  /** Tokens pinned by a SOME fact's designation rather than by what the observer saw ({@code words} longs). */
  private final long[] designated;

  /**
   * A SOME fact at its step: holds when a token pinned by what the observer saw holds a card of its set; otherwise
   * one (token, card) pair that makes it hold is drawn uniformly among the tokens there not so pinned (a token a
   * designation pinned already counts with its card) and pinned. A history is reached by as many designations as
   * it has candidate tokens holding such a card, so the sampler divides its weight by that number ({@link
   * HandFacts#logDesignations}); the choice's count enters {@link #logChoices} like a reveal's. False when no token
   * can hold such a card.
   */
  private boolean designate(HandFacts f, int i, SplittableRandom rng) {
    int fm = i * words;
    int at = f.where[i] * words;
    System.arraycopy(tokensAt, at, f.tokens, fm, words);
    java.util.Arrays.fill(f.open, fm, fm + words, 0);
    if (recordSomeOnly) {
      return true; // the witness repair: the fact is checked on the finished assignment instead
    }
    if (countSome) {
      return recordOpen(f, i, at);
    }
    if (options.dropImplied && impliedByEarlier(f, i, at)) {
      stats.implied.increment();
      return true; // holds whatever is drawn: no designation, no weight
    }
    int pairs = 0;
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      boolean byDesignation = CardSets.has(designated, 0, t);
      if (pinnedCard[t] >= 0 && !byDesignation) {
        if (f.holds(i, pinnedCard[t])) {
          java.util.Arrays.fill(f.open, fm, fm + words, 0); // seen: holds whatever else is drawn
          return true;
        }
        continue;
      }
      CardSets.add(f.open, fm, t);
      pairs += pinnedCard[t] >= 0 ? (f.holds(i, pinnedCard[t]) ? 1 : 0) : pairsOf(t, f.mask, fm);
    }
    if (pairs == 0 || rng == null) {
      return false;
    }
    int k = pick(rng, pairs);
    unalikeChoice |= pairs > 1;
    logChoices += Math.log(pairs);
    mixed = true;
    for (int t = CardSets.first(f.open, fm, words); t >= 0; t = CardSets.next(f.open, fm, words, t)) {
      if (pinnedCard[t] >= 0) {
        if (f.holds(i, pinnedCard[t]) && k-- == 0) {
          return true; // designated before, with a card of this set
        }
        continue;
      }
      for (int w = 0; w < words; w++) {
        for (long c = allowed[t * words + w] & f.mask[fm + w] & ~known[w]; c != 0; c &= c - 1) {
          if (k-- == 0) {
            pin(t, w << 6 | Long.numberOfTrailingZeros(c));
            CardSets.add(designated, 0, t);
            return true;
          }
        }
      }
    }
    throw new IllegalStateException("designation out of range");
  }

  /**
   * Whether SOME fact i holds in every completion of the walk so far because an earlier SOME fact k does: k was
   * designated (its open tokens are not empty), its set is within i's, and every one of its open tokens is in i's
   * place now or was seen leaving it with a card not in k's set (so the token that holds k's card is there). A Go Fish player who asks again for a rank it asked
   * for before, having lost no card it might hold of that rank since. Decided from the tokens' places and the
   * facts' open sets alone, which every designation of the same history shares, so dropping it keeps the weights
   * exact.
   */
  private boolean impliedByEarlier(HandFacts f, int i, int at) {
    int fm = i * words;
    for (int k = 0; k < i; k++) {
      if (f.kind[k] != HandFacts.SOME || f.step[k] >= f.step[i]) {
        continue;
      }
      int km = k * words;
      if (CardSets.isEmpty(f.open, km, words)) {
        continue;
      }
      boolean inside = true;
      boolean left = false;
      for (int w = 0; w < words && inside; w++) {
        inside = (f.mask[km + w] & ~f.mask[fm + w]) == 0;
        // An open token of k that left the place since counts only when it was seen leaving with another card.
        for (long gone = f.open[km + w] & ~tokensAt[at + w]; gone != 0 && inside; gone &= gone - 1) {
          int t = w << 6 | Long.numberOfTrailingZeros(gone);
          inside = pinnedCard[t] >= 0 && !CardSets.has(designated, 0, t) && !f.holds(k, pinnedCard[t]);
          left = true;
        }
      }
      if (inside) {
        if (left) {
          stats.impliedPastReveals.increment();
        }
        return true;
      }
    }
    return false;
  }

  /** Pins token t to card c (an IS_CARD fact); false when it cannot be c. */
  private boolean pinTo(int t, int c) {
    if (pinnedCard[t] >= 0) {
      return pinnedCard[t] == c;
    }
    if (CardSets.has(known, 0, c) || !CardSets.has(allowed, t * words, c)) {
      return false;
    }
    pin(t, c);
    return true;
  }

  /** How many cards of the set (words longs from fm of mask) token t may be, of those not known. */
  private int pairsOf(int t, long[] mask, int fm) {
    int n = 0;
    for (int w = 0; w < words; w++) {
      n += Long.bitCount(allowed[t * words + w] & mask[fm + w] & ~known[w]);
    }
    return n;
  }

  /**
   * Removes the cards of a set (words longs from fm of f) from token t's allowed cards; false when it is pinned to
   * such a card or no card is left to it.
   */
  private boolean narrow(int t, long[] f, int fm) {
    if (pinnedCard[t] >= 0) {
      return !CardSets.has(f, fm, pinnedCard[t]);
    }
    if (!CardSets.intersects(allowed, t * words, f, fm, words)) {
      return true;
    }
    boolean left = false;
    for (int w = 0; w < words; w++) {
      long a = allowed[t * words + w] & ~f[fm + w];
      allowed[t * words + w] = a;
      left |= (a & ~known[w]) != 0;
    }
    CardSets.add(modified, 0, t);
    return left;
  }

  private boolean applyVoid(Skeleton sk, int step) {
    int x = sk.voidPlace(step);
    if (x < 0) {
      return true;
    }
    long[] f = sk.voidMask;
    int ft = step * words;
    int at = x * words;
    for (int t = CardSets.first(tokensAt, at, words); t >= 0; t = CardSets.next(tokensAt, at, words, t)) {
      if (pinnedCard[t] >= 0) {
        if (CardSets.has(f, ft, pinnedCard[t])) {
          return false;
        }
      } else {
        boolean left = false;
        for (int w = 0; w < words; w++) {
          long a = allowed[t * words + w] & ~f[ft + w];
          allowed[t * words + w] = a;
          left |= (a & ~known[w]) != 0;
        }
        CardSets.add(modified, 0, t);
        if (!left) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether token t (not pinned) may be card c, or with copies one of the copies of c's face not yet known. */
  private boolean mayBe(int t, int c) {
    return copied[c] ? CardSets.intersectsOutside(allowed, t * words, copies, c * words, known, 0, words)
        : CardSets.has(allowed, t * words, c);
  }

  /**
   * Pins card c to a token in one of the places (a token already pinned to c must be there); -1 if none can be.
   * With copies of c, the token is narrowed to them instead (a token already pinned to a copy may be the one).
   */
  private int reveal(int c, long places, SplittableRandom rng, boolean checkAmbiguity) {
    boolean copies = copied[c];
    if (!copies && CardSets.has(known, 0, c)) {
      int t = tokenOf[c];
      return (places >>> pos[t] & 1) != 0 ? t : -1;
    }
    if ((places & places - 1) == 0 && interchangeable(Long.numberOfTrailingZeros(places))) {
      // One place whose tokens all started there unchanged: each may be c or none may; the scan would list them all.
      int at = Long.numberOfTrailingZeros(places) * words;
      if (!mayBe(sets.first(tokensAt, at), c)) {
        return -1;
      }
      int n = sets.count(tokensAt, at);
      logChoices += LOG[n];
      return pinOrNarrow(veil.ludeme.Bits.select(tokensAt, at, words, pickAlike(rng, n)), c);
    }
    int n = 0;
    boolean differ = false;
    for (long p = places; p != 0; p &= p - 1) {
      int at = Long.numberOfTrailingZeros(p) * words;
      for (int t = sets.first(tokensAt, at); t >= 0; t = sets.next(tokensAt, at, t)) {
        if (pinnedCard[t] >= 0 ? !copies || face[pinnedCard[t]] != c : !mayBe(t, c)) {
          continue;
        }
        // The key: the cards the token may still be (none when pinned).
        boolean same = true;
        for (int w = 0; w < words; w++) {
          long k = pinnedCard[t] >= 0 ? 0 : allowed[t * words + w] & ~known[w];
          if (n == 0) {
            key[w] = k;
          } else {
            same &= k == key[w];
          }
        }
        if (!same && checkAmbiguity) {
          mixed = true;
          ambiguous |= !weighted;
        }
        differ |= !same;
        if (countSome && pinnedCard[t] < 0 && lastOfAFact(t, c)) {
          // Counted facts: this token is the last that can meet an open ask c is not of; taking it leaves the
          // draw no completion, so it is no candidate (the choice is weighted by the candidates kept: exact).
          continue;
        }
        candidates[n++] = t;
      }
    }
    if (differ && checkAmbiguity && weighted && walkSkeleton != null && (places & places - 1) == 0) {
      // A mixed choice: only the candidates that leave the later moves out of the place a token each (exact, and
      // weighed by the number kept: see LaterPlays).
      if (laterPlays == null) {
        laterPlays = new LaterPlays(this);
      }
      n = laterPlays.keep(walkSkeleton, walkStep, walkMove, walkEnd, Long.numberOfTrailingZeros(places), candidates,
          n);
      if (n == 0) {
        return -1;
      }
    }
    if (n == 0) {
      return -1;
    }
    if (countMixed && differ && n > 1 && rng != null && checkAmbiguity && weighted && !greedy) {
      return countedMixedChoice(n, c, rng);
    }
    if (countReveals && n > 1 && rng != null && checkAmbiguity && !greedy) {
      return countedChoice(n, c, rng);
    }
    logChoices += LOG[n];
    if (script != null && n > 1 && !allAlike(n)) {
      unalikeChoice = true;
    }
    int chosen = candidates[greedy ? (countSome ? narrowestKeeping(n, c) : narrowest(n)) : pickCandidate(rng, n)];
    return pinOrNarrow(chosen, c);
  }

  /**
   * For Worker's path bound ({@link #script}): the walk took, other than at a counted choice, one of several tokens
   * that are not alike ({@link #alike}), so its weight may depend on more than the counted choices' classes.
   */
  boolean unalikeChoice;
  /**
   * Worker's path bound: with a script, the i-th counted choice (of two or more classes) takes the class
   * {@code script[i]} and its first candidate, for i below {@link #scriptLength}; the choices after take their first
   * class with completions, and the first of them records its number of classes in {@link #nextClasses}. The walk's
   * weight then depends on these classes only (tokens of one class are alike in everything, their futures too), unless
   * {@link #unalikeChoice}.
   */
  int[] script;
  int scriptLength;
  private int scriptAt;
  int nextClasses;

  /** Resets the script's cursor and records before a scripted walk. */
  void startScript(int length) {
    scriptLength = length;
    scriptAt = 0;
    nextClasses = 0;
    unalikeChoice = false;
  }

  /** Whether the n candidates are all alike ({@link #alike}) with the first. */
  private boolean allAlike(int n) {
    for (int i = 1; i < n; i++) {
      if (!alike(candidates[0], candidates[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Draws whose reveal choices are counted (set by {@code Worker} with {@link #countSome}, for draws only): which of
   * the candidate tokens was the card seen is drawn in proportion to the exact number of bijections the assignment
   * has once that token is the card ({@link #revealCounter}: the walk's allowed sets and the SOME facts recorded so
   * far), per class of candidates that nothing tells apart (same place, same cards allowed, same facts' token sets:
   * they have equal counts and equal futures), uniformly within the class. The choice enters {@link #logChoices} as
   * log(sum of the counts / the count of the one taken), a choice within one class as log n.
   *
   * <p>Why no measured bound is needed: let N be the count at a choice, summed over its candidates. What a choice
   * keeps (the count of the token taken) is at least the summed count of the next choice (or, at the end, the
   * assignment's count), since each completion there is one of the completions counted here; so the weight of a
   * draw (the product of the choices' factors times the assignment's count) telescopes to at most {@link #logFirst},
   * the log choices before the first counted choice plus that choice's summed count. That is the same for every draw
   * of one skeleton (the choices before it are among tokens alike in everything), so it is an exact bound, and the
   * sampler accepts a draw with probability weight / bound (Worker checks it is the same on every draw). A hidden move's
   * choice among k tokens is not counted in this mode: k is the number of tokens in its place, the same on every
   * draw, a constant factor.
   */
  boolean countReveals;
  /** The count of {@link #countReveals}: given how many facts are recorded, the log of the completions, or NaN. */
  java.util.function.IntToDoubleFunction revealCounter;
  /** With {@link #countReveals}: log of the bound the first counted choice gives (NaN before one). */
  double logFirst = Double.NaN;
  /** With {@link #countReveals}: a count did not apply (FactAssignment NOT_APPLICABLE); the walk stopped. */
  boolean countFailed;
  private int[] classRep = new int[0];
  private int[] classSize = new int[0];
  private int[] classOfCandidate = new int[0];
  private double[] classLog = new double[0];
  private long[] savedAllowed = new long[0];

  /** Whether candidates a and b are alike for {@link #countReveals}: place, cards allowed, facts' token sets. */
  private boolean alike(int a, int b) {
    if (pos[a] != pos[b]) {
      return false;
    }
    for (int w = 0; w < words; w++) {
      if ((allowed[a * words + w] & ~known[w]) != (allowed[b * words + w] & ~known[w])) {
        return false;
      }
    }
    HandFacts f = liveFacts;
    for (int i = 0; i < factCursor && i < f.count; i++) {
      if (f.kind[i] == HandFacts.SOME && CardSets.has(f.tokens, i * words, a) != CardSets.has(f.tokens, i * words, b)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Groups the n candidates into classes of alike tokens ({@link #alike}, or {@link #alikeOpen} when {@code open}):
   * fills classRep, classSize and classOfCandidate (grown as needed, with classLog and savedAllowed) and returns the
   * number of classes.
   */
  private int classify(int n, boolean open) {
    if (classRep.length < n) {
      classRep = new int[n];
      classSize = new int[n];
      classOfCandidate = new int[n];
      classLog = new double[n];
    }
    if (savedAllowed.length < words) {
      savedAllowed = new long[words];
    }
    int classes = 0;
    for (int i = 0; i < n; i++) {
      int t = candidates[i];
      int j = 0;
      while (j < classes && !(open ? alikeOpen(classRep[j], t) : alike(classRep[j], t))) {
        j++;
      }
      if (j == classes) {
        classRep[classes] = t;
        classSize[classes] = 0;
        classes++;
      }
      classSize[j]++;
      classOfCandidate[i] = j;
    }
    return classes;
  }

  /** The counted choice among the n candidates for card c ({@link #countReveals}). */
  private int countedChoice(int n, int c, SplittableRandom rng) {
    int classes = classify(n, false);
    if (classes == 1) {
      logChoices += LOG[n];
      return pinOrNarrow(candidates[pick(rng, n)], c);
    }
    double max = Double.NEGATIVE_INFINITY;
    for (int j = 0; j < classes; j++) {
      int t = classRep[j];
      int at = t * words;
      System.arraycopy(allowed, at, savedAllowed, 0, words);
      sets.clear(allowed, at);
      CardSets.add(allowed, at, c);
      double l = revealCounter.applyAsDouble(factCursor);
      System.arraycopy(savedAllowed, 0, allowed, at, words);
      if (Double.isNaN(l)) {
        countFailed = true;
        return -1;
      }
      classLog[j] = l; // the count of one token of the class
      max = Math.max(max, l + LOG[classSize[j]]);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return -1;
    }
    double sum = 0;
    for (int j = 0; j < classes; j++) {
      sum += Math.exp(classLog[j] + LOG[classSize[j]] - max);
    }
    double logSum = max + Math.log(sum);
    if (Double.isNaN(logFirst)) {
      logFirst = logChoices + logSum;
    }
    int chosenClass = -1;
    if (script != null) {
      // Worker's path bound: the class the script names (the first with completions past the script's end).
      if (scriptAt < scriptLength) {
        chosenClass = script[scriptAt++];
        if (chosenClass >= classes || classLog[chosenClass] == Double.NEGATIVE_INFINITY) {
          return -1;
        }
      } else {
        if (nextClasses == 0) {
          nextClasses = classes;
        }
        for (int j = 0; j < classes && chosenClass < 0; j++) {
          chosenClass = classLog[j] == Double.NEGATIVE_INFINITY ? -1 : j;
        }
      }
    } else {
      double u = rng.nextDouble() * sum;
      for (int j = 0; j < classes; j++) {
        double wj = Math.exp(classLog[j] + LOG[classSize[j]] - max);
        if (wj > 0) {
          chosenClass = j;
          u -= wj;
          if (u < 0) {
            break;
          }
        }
      }
    }
    int k = script != null ? 0 : pick(rng, classSize[chosenClass]);
    int chosen = -1;
    for (int i = 0; i < n && chosen < 0; i++) {
      if (classOfCandidate[i] == chosenClass && k-- == 0) {
        chosen = candidates[i];
      }
    }
    logChoices += options.weightlessReveals ? 0 : logSum - classLog[chosenClass];
    if (stats != null) {
      stats.revealsCounted.increment();
    }
    return pinOrNarrow(chosen, c);
  }

  /** The mixed choices' restriction to candidates with a completion (made when first needed). */
  private LaterPlays laterPlays;
  /** The skeleton step and move the walk is at, and the step its walk ends before ({@link LaterPlays}). */
  private Skeleton walkSkeleton;
  private int walkStep;
  private int walkMove;
  private int walkEnd;

  /** Hands each token of place x to {@code to} ({@link LaterPlays}). */
  void tokensIn(int x, LaterPlays to) {
    int at = x * words;
    for (int t = sets.first(tokensAt, at); t >= 0; t = sets.next(tokensAt, at, t)) {
      to.holding(t);
    }
  }

  /**
   * Whether token t may be the card of face-up move of face g as the walk stands: pinned to a copy of g's face, or
   * not pinned and allowed a copy of g not known (g without copies: allowed g, g not known).
   */
  boolean mayPlay(int t, int g) {
    if (pinnedCard[t] >= 0) {
      return face[pinnedCard[t]] == face[g];
    }
    return (copied[g] || !CardSets.has(known, 0, g)) && mayBe(t, g);
  }

  /** Whether card f is a face (the first copy of its face, or a card without copies). */
  boolean isFace(int f) {
    return face[f] == f;
  }

  /** How many copies face f has. */
  int copyCount(int f) {
    return copied[f] ? CardSets.count(copies, f * words, words) : 1;
  }

  /**
   * Per face, how many tokens in places the observer sees (not topShown piles) are of it after the first
   * {@code steps} steps of the skeleton, from the initial state and the moves in and out of them; null when a move in
   * or out of such a place does not show its face. Each is a distinct token narrowed to its face ({@link LaterPlays}).
   */
  int[] facesSeenAtEnd(Skeleton sk, int steps) {
    int[] count = new int[cards];
    long seen = seenPlaces();
    int places = startedAt.length / words;
    for (int x = 0; x < places && x < 64; x++) {
      if ((seen >>> x & 1) != 0) {
        for (int c = CardSets.first(startedAt, x * words, words); c >= 0;
            c = CardSets.next(startedAt, x * words, words, c)) {
          count[face[c]]++;
        }
      }
    }
    for (int j = 0; j < sk.stepStart[steps]; j++) {
      int from = sk.from[j];
      int to = sk.to[j];
      boolean out = from != to && from < 64 && (seen >>> from & 1) != 0;
      boolean in = from != to && to < 64 && (seen >>> to & 1) != 0;
      if (!out && !in) {
        continue;
      }
      int c = sk.card[j];
      if (c < 0) {
        return null;
      }
      if (out && --count[face[c]] < 0) {
        return null;
      }
      if (in) {
        count[face[c]]++;
      }
    }
    return count;
  }

  /** The place instances {@link #facesSeenAtEnd} counts: those the observer sees, but piles showing their top. */
  private long seenPlaces() {
    return ~hidden & ~topShown;
  }

  /** Whether {@link #facesSeenAtEnd} counts the tokens of place x. */
  boolean seesAtEnd(int x) {
    return x < 64 && (seenPlaces() >>> x & 1) != 0;
  }

  /** Whether a void's cards (words longs of mask from at) hold every copy of card g's face. */
  boolean voidRulesOut(long[] mask, int at, int g) {
    if (!copied[g]) {
      return CardSets.has(mask, at, g);
    }
    for (int w = 0; w < words; w++) {
      if ((copies[g * words + w] & ~mask[at + w]) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Pins the token to c, or with copies of c narrows it to them (nothing to do when it is pinned to one). */
  private int pinOrNarrow(int token, int c) {
    if (!copied[c]) {
      return pin(token, c);
    }
    return pinnedCard[token] >= 0 ? token : narrowToFace(token, c);
  }

  private int narrowToFace(int token, int c) {
    for (int w = 0; w < words; w++) {
      allowed[token * words + w] &= copies[c * words + w];
    }
    CardSets.add(modified, 0, token);
    return token;
  }

  private int pin(int token, int c) {
    sets.clear(allowed, token * words);
    CardSets.add(allowed, token * words, c);
    pinnedCard[token] = c;
    tokenOf[c] = token;
    CardSets.add(known, 0, c);
    CardSets.add(modified, 0, token);
    return token;
  }

  /**
   * Whether the tokens of place x are not none, all started in one place and none has changed since: they have one
   * allowed set and none is pinned, so drawing among them needs no scan and is never ambiguous.
   */
  private boolean interchangeable(int x) {
    int at = x * words;
    int first = sets.first(tokensAt, at);
    return first >= 0 && !sets.meetsOrLeaves(tokensAt, at, modified, 0, startedAt, initialPlace[first] * words);
  }

  /** log n for n = 0..256. */
  private static final double[] LOG = new double[veil.ludeme.CardTable.MAX_CARDS + 1];

  static {
    for (int i = 1; i < LOG.length; i++) {
      LOG[i] = Math.log(i);
    }
  }

  /** How many cards token t may still be, of those not known. */
  private int width(int t) {
    int n = 0;
    for (int w = 0; w < words; w++) {
      n += Long.bitCount(allowed[t * words + w] & ~known[w]);
    }
    return n;
  }

  /** The facts of the skeleton walked (for {@link #narrowestKeeping}). */
  private HandFacts liveFacts;

  /**
   * The bound's walk when SOME facts are counted: the narrowest candidate that is not the last unpinned token of an
   * open SOME fact recorded so far whose set lacks c (taking it would leave that fact no token: no completion),
   * else the narrowest.
   */
  private int narrowestKeeping(int n, int c) {
    int best = -1;
    int bestWidth = Integer.MAX_VALUE;
    for (int i = 0; i < n; i++) {
      int wi = width(candidates[i]);
      if (wi < bestWidth && !lastOfAFact(candidates[i], c)) {
        best = i;
        bestWidth = wi;
      }
    }
    return best < 0 ? narrowest(n) : best;
  }

  /**
   * Whether pinning token t to card c leaves an open SOME fact recorded so far no way to hold: t is not among its
   * tokens or c not in its set, no pinned token of it holds a card of its set, and no other unpinned token of it may
   * be a card of its set other than c that is not known.
   */
  private boolean lastOfAFact(int t, int c) {
    HandFacts f = liveFacts;
    for (int i = 0; i < factCursor && i < f.count; i++) {
      int fm = i * words;
      if (f.kind[i] != HandFacts.SOME || CardSets.isEmpty(f.open, fm, words)
          || CardSets.has(f.tokens, fm, t) && f.holds(i, c)) {
        continue;
      }
      boolean other = false;
      for (int u = CardSets.first(f.tokens, fm, words); u >= 0 && !other; u = CardSets.next(f.tokens, fm, words, u)) {
        if (pinnedCard[u] >= 0) {
          other = f.holds(i, pinnedCard[u]);
          continue;
        }
        if (u == t) {
          continue;
        }
        for (int w = 0; w < words && !other; w++) {
          long m = allowed[u * words + w] & f.mask[fm + w] & ~known[w];
          if (c >> 6 == w) {
            m &= ~(1L << c);
          }
          other = m != 0;
        }
      }
      if (!other) {
        return true;
      }
    }
    return false;
  }

  /** The first of the n candidates with the fewest allowed cards not yet known. */
  private int narrowest(int n) {
    int best = 0;
    int bestWidth = width(candidates[0]);
    for (int i = 1; i < n; i++) {
      int wi = width(candidates[i]);
      if (wi < bestWidth) {
        best = i;
        bestWidth = wi;
      }
    }
    return best;
  }

  /**
   * Which of n candidates to take: a uniform draw, the first when there is no generator (pristine tokens), or, while
   * {@link ExactBound} enumerates the walk's choices, the one its path gives.
   */
  private int pick(SplittableRandom rng, int n) {
    return n == 1 || rng == null ? 0 : enumerated != null ? enumerated.next(n) : veil.model.Uniform.below(rng, n);
  }

  /**
   * A choice among the tokens of one place that all started there unchanged: taking any of them leads to the same
   * draws up to their names, so the enumeration of {@link ExactBound} takes the first instead of branching.
   */
  private int pickAlike(SplittableRandom rng, int n) {
    return enumerated != null ? 0 : pick(rng, n);
  }

  /** The choices of the walk while {@link ExactBound} enumerates them (null otherwise: draws are random). */
  ExactBound.Path enumerated;

  /**
   * Which of the n candidates to take ({@link #candidates}): as {@link #pick}, but while {@link ExactBound} enumerates
   * the walk, one path per class of alike candidates ({@link #alikeAhead}: the same place, cards allowed and facts'
   * token sets, none pinned, in a place whose order the rules do not read), the first of the class taken; the walk's
   * weight counts all n either way.
   */
  private int pickCandidate(SplittableRandom rng, int n) {
    if (enumerated == null || n == 1 || options.branchAlike) {
      return pick(rng, n);
    }
    int classes = 0;
    for (int i = 0; i < n; i++) {
      boolean first = true;
      for (int j = 0; j < classes && first; j++) {
        first = !alikeAhead(candidates[i], candidates[classStart[j]]);
      }
      if (first) {
        classStart[classes++] = i;
      }
    }
    return classStart[enumerated.next(classes)];
  }

  /** Scratch of {@link #pickCandidate}: the first candidate of each class. */
  private int[] classStart = new int[0];

  /**
   * Whether two candidate tokens are alike for everything the walk does later (see {@link #pickCandidate}): {@link
   * #alike}, neither pinned, in a place whose order the rules do not read.
   */
  private boolean alikeAhead(int t, int u) {
    return pinnedCard[t] < 0 && pinnedCard[u] < 0 && !(pos[t] < 64 && (ordered >>> pos[t] & 1) != 0) && alike(t, u);
  }

  /** A token of place x, drawn uniformly; -1 when the place is empty. */
  private int takeHidden(int x, SplittableRandom rng) {
    return takeHidden(x, rng, -1);
  }

  /** A token of place x but {@code except} (-1: none), drawn uniformly; -1 when there is none. */
  private int takeHidden(int x, SplittableRandom rng, int except) {
    int at = x * words;
    if (except < 0 && interchangeable(x)) {
      int k = sets.count(tokensAt, at);
      logChoices += countReveals ? 0 : LOG[k];
      return veil.ludeme.Bits.select(tokensAt, at, words, pickAlike(rng, k));
    }
    int n = 0;
    boolean anyPinned = false;
    for (int t = sets.first(tokensAt, at); t >= 0; t = sets.next(tokensAt, at, t)) {
      if (t == except) {
        continue;
      }
      boolean same = sameKey(t, n);
      if (!same) {
        mixed = true;
      }
      anyPinned |= pinnedCard[t] >= 0;
      candidates[n++] = t;
    }
    int chosen = n == 0 ? -1 : candidates[pickCandidate(rng, n)];
    if (script != null && n > 1 && (anyPinned || !allAlike(n))) {
      unalikeChoice = true;
    }
    logChoices += countReveals ? 0 : LOG[n];
    if (n > 1 && anyPinned) {
      mixed = true;
    }
    // A hidden move that could take tokens that are not interchangeable (known cards shuffled back among unknown
    // ones): the draw among them is uniform, as the rules' own draw is, and weighted draws accept it in proportion
    // to its number of completions like a face-up card of mixed candidates; unweighted, the walk declines.
    ambiguous |= mixed && !weighted;
    return chosen;
  }

  /**
   * Whether token t may hold the same unknown cards as the first candidate: for the first (n == 0) its cards become
   * the key and the answer is true.
   */
  private boolean sameKey(int t, int n) {
    boolean same = true;
    for (int w = 0; w < words; w++) {
      long k = allowed[t * words + w] & ~known[w];
      if (n == 0) {
        key[w] = k;
      } else {
        same &= k == key[w];
      }
    }
    return same;
  }

  /**
   * A hidden move out of place x whose card is in the set of IN_SET fact i ({@link HandFacts#IN_SET}: an ask answered
   * hand to hand, unseen, gives cards of the rank asked): a token drawn uniformly among the tokens of x but {@code
   * except} that may hold a card of the set (a pinned one: its card is in it), narrowed to the set; -1 when none may.
   * Exact as a hidden move's uniform draw is: every consistent history moved a token that holds such a card, so it
   * is among the n candidates, and the choice enters {@link #logChoices} as log n; the walk is mixed (weighted draws)
   * when the candidates are not alike, as {@link #takeHidden}'s are. Without the fact the move took any token of x
   * and the replay rejected every draw whose token was of another rank (generated game -9223372036854775808:
   * ~500 replays a sample).
   */
  private int takeHiddenOf(int x, HandFacts f, int i, SplittableRandom rng, int except) {
    int at = x * words;
    int fm = i * words;
    int n = 0;
    boolean differ = false;
    boolean anyPinned = false;
    for (int t = sets.first(tokensAt, at); t >= 0; t = sets.next(tokensAt, at, t)) {
      if (t == except) {
        continue;
      }
      if (pinnedCard[t] >= 0 ? !f.holds(i, pinnedCard[t])
          : !CardSets.intersectsOutside(allowed, t * words, f.mask, fm, known, 0, words)) {
        continue;
      }
      boolean same = sameKey(t, n);
      differ |= !same;
      anyPinned |= pinnedCard[t] >= 0;
      candidates[n++] = t;
    }
    if (n == 0) {
      return -1;
    }
    if ((differ || n > 1 && anyPinned) && !options.brokenHiddenMoveWeights) {
      mixed = true;
    }
    int chosen = candidates[pickCandidate(rng, n)];
    if (script != null && n > 1 && (anyPinned || !allAlike(n))) {
      unalikeChoice = true;
    }
    logChoices += LOG[options.brokenHiddenMoveWeights ? sets.count(tokensAt, at) - (except >= 0 ? 1 : 0) : n];
    ambiguous |= mixed && !weighted;
    if (pinnedCard[chosen] < 0) {
      for (int w = 0; w < words; w++) {
        allowed[chosen * words + w] &= f.mask[fm + w];
      }
      CardSets.add(modified, 0, chosen);
    }
    if (stats != null) {
      stats.hiddenMovesOfASet.increment();
    }
    return chosen;
  }

  /**
   * Weighted draws' mixed choices drawn in proportion to their completions (set by {@code Worker}, with identical
   * copies, for the draws and for the pilot draws of their bound): which of the candidates that are not alike (a hand
   * holding cards dealt before a void and cards drawn after it) was the card seen is drawn in proportion to the number
   * of bijections the assignment would have, on the walk's allowed sets as they stand, with that token the card
   * ({@link #mixedCounter}), per class of candidates alike (same place, same cards allowed), uniformly within the
   * class. The choice enters {@link #logChoices} as log(sum of the counts / the count of the one taken), the inverse
   * of its probability, as a uniform choice among n enters as log n: a draw's probability times its weight is what it
   * was, so the accepted draws are as exact as before whatever the counts, and only the spread of the weights changes
   * (drawn uniformly, a token dealt early, narrowed by many voids, is taken as often as one drawn late, though far
   * fewer completions follow; late in two-deck Crazy Eights the weights then spread over a factor 100 and the greedy
   * bound's acceptance fell to 1%). Later voids and plays are not in the count (they only remove completions), so the
   * weights still differ a little from draw to draw; Worker measures their bound ({@link DesignationBound}).
   */
  boolean countMixed;
  /** The count of {@link #countMixed}: the log of the bijections of the allowed sets as they stand, or NaN. */
  java.util.function.DoubleSupplier mixedCounter;

  /** The counted mixed choice among the n candidates for card c ({@link #countMixed}). */
  private int countedMixedChoice(int n, int c, SplittableRandom rng) {
    int classes = classify(n, true);
    double max = Double.NEGATIVE_INFINITY;
    for (int j = 0; j < classes; j++) {
      int t = classRep[j];
      double l;
      if (pinnedCard[t] >= 0) {
        l = mixedCounter.getAsDouble(); // already this copy: taking it narrows nothing
      } else {
        int at = t * words;
        System.arraycopy(allowed, at, savedAllowed, 0, words);
        if (copied[c]) {
          for (int w = 0; w < words; w++) {
            allowed[at + w] &= copies[c * words + w];
          }
        } else {
          sets.clear(allowed, at);
          CardSets.add(allowed, at, c);
        }
        l = mixedCounter.getAsDouble();
        System.arraycopy(savedAllowed, 0, allowed, at, words);
      }
      if (Double.isNaN(l)) {
        // The count is too large a program here: this choice is drawn uniformly (as exact; its weight log n).
        if (stats != null) {
          stats.mixedUncounted.increment();
        }
        logChoices += LOG[n];
        return pinOrNarrow(candidates[pick(rng, n)], c);
      }
      classLog[j] = l;
      max = Math.max(max, l + LOG[classSize[j]]);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return -1; // no candidate leaves a bijection: the draw has no completion
    }
    double sum = 0;
    for (int j = 0; j < classes; j++) {
      sum += Math.exp(classLog[j] + LOG[classSize[j]] - max);
    }
    double u = rng.nextDouble() * sum;
    int chosenClass = -1;
    for (int j = 0; j < classes; j++) {
      double wj = Math.exp(classLog[j] + LOG[classSize[j]] - max);
      if (wj > 0) {
        chosenClass = j;
        u -= wj;
        if (u < 0) {
          break;
        }
      }
    }
    int k = pick(rng, classSize[chosenClass]);
    int chosen = -1;
    for (int i = 0; i < n && chosen < 0; i++) {
      if (classOfCandidate[i] == chosenClass && k-- == 0) {
        chosen = candidates[i];
      }
    }
    logChoices += brokenMixedCounts ? LOG[n] : max + Math.log(sum) - classLog[chosenClass];
    if (stats != null) {
      stats.mixedCounted.increment();
    }
    return pinOrNarrow(chosen, c);
  }

  /**
   * For tests only: a counted mixed choice enters the weight as if drawn uniformly (log n), a biased sampler the
   * chi-square test against enumeration must catch.
   */
  boolean brokenMixedCounts;

  /** Whether two unpinned candidates are alike for {@link #countMixed}: same place, same cards allowed. */
  private boolean alikeOpen(int a, int b) {
    if (pinnedCard[a] >= 0 || pinnedCard[b] >= 0 || pos[a] != pos[b]) {
      return a == b;
    }
    for (int w = 0; w < words; w++) {
      if ((allowed[a * words + w] & ~known[w]) != (allowed[b * words + w] & ~known[w])) {
        return false;
      }
    }
    return true;
  }
}
