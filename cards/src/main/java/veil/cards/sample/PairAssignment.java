package veil.cards.sample;

import java.util.SplittableRandom;

/**
 * The unknown cards given to the walk's unpinned tokens one card at a time so that no "no pair" fact ({@link
 * PairFacts}) breaks, each card to a token drawn uniformly among those it may go to, the draw weighted by the
 * inverse of its probability. Replaces, where the facts exist, the uniform bijection that the facts then rejected
 * almost always: late in the 51-card Old Maid not one of 11,742 bijections met them (seed 1, player 4, step 123),
 * most often a hand's first "no pair" after its first pairs went down.
 *
 * <p>How. The walk fixes every token's places, so each fact (place x held no two related cards at the start of step
 * t) is a set of tokens: those in x then. A token a later pin drop took in ({@link TokenWalk#renamedFrom}: a hidden
 * move out of a place holding known cards beside unknown ones) held then not its final card but one of its place's
 * cards in an order drawn later, so it is left out of the facts before that drop, which the facts' check after the
 * draw still applies (rejection, exact). The cards go in a fixed order (by index, a card's related cards right
 * after it); card c may go to a free token u allowed c such that no fact holding u holds a token already given (or
 * pinned to) a card related to c. Every constraint is between two cards and is checked when the later of the two is
 * placed, so the draws are exactly the bijections that meet every fact, each reached by one sequence of choices.
 *
 * <p>Exactness. A bijection b is drawn with probability the product over the cards of 1 / (the tokens card i could go
 * to, given the cards before it as b places them), and {@link #logWeight} is minus its log; the sampler accepts a
 * draw with probability (walk's choices x this weight) / bound, so every (walk, bijection) pair that meets the facts is
 * accepted with the same probability, as the uniform bijection followed by the facts' check gave before. The weight
 * depends on the bijection, so the bound is measured ({@link DesignationBound}), checked on every draw and declined
 * above it (counted in {@code overBound}), as for designated SOME facts. A card with no token left is a draw that
 * meets no fact (rejected, exact).
 */
final class PairAssignment {
  private final int cards;
  private final int words;
  private final int[] tokenPlace;
  /** Per fact, the tokens in its place at its step ({@code words} longs each). */
  private long[] factTokens = new long[16];
  /** Per fact, the cards of its tokens placed so far (pinned ones first). */
  private long[] factHeld = new long[16];
  /** Per token, the facts that hold it (filled per draw). */
  private int[][] factsOf;
  private int[] factsOfCount;
  private final int[] order;
  private final int[] options;
  private final long[] orderDone;

  /** After a draw: minus the log of its probability (the sum of the logs of each card's number of tokens). */
  double logWeight;
  /** After a failed draw: the walk's pinned tokens already break a fact (no bijection can mend it). */
  boolean pinnedConflict;

  PairAssignment(int cards, int words) {
    this.cards = cards;
    this.words = words;
    this.tokenPlace = new int[cards];
    this.factsOf = new int[cards][8];
    this.factsOfCount = new int[cards];
    this.order = new int[cards];
    this.options = new int[cards];
    this.orderDone = new long[words];
  }

  /**
   * Gives every unpinned token a card of {@code unknown} (into {@code cardOfToken}, pinned tokens their cards),
   * meeting every fact of {@code facts} before step {@code steps}; false when a card is left with no token (or the
   * pins already break a fact: {@link #pinnedConflict}).
   *
   * @param initialPlaces each place instance's cards at the start, {@code words} longs each (token i starts where
   *     card i does)
   */
  boolean assign(PairFacts facts, Skeleton sk, int steps, TokenWalk walk, long[] initialPlaces, long[] unknown,
      int[] cardOfToken, SplittableRandom rng) {
    pinnedConflict = false;
    logWeight = 0;
    int nf = 0;
    while (nf < facts.count && facts.step[nf] < steps) {
      nf++;
    }
    if (factTokens.length < nf * words) {
      factTokens = new long[Math.max(nf * words, factTokens.length * 2)];
      factHeld = new long[factTokens.length];
    }
    tokenPlaces(initialPlaces);
    java.util.Arrays.fill(factsOfCount, 0);
    // Follow the tokens through the skeleton's moves: fact f sees the tokens in its place at the start of its step.
    int f = 0;
    for (int t = 0; t < steps && f < nf; t++) {
      for (; f < nf && facts.step[f] == t; f++) {
        int x = facts.place[f];
        for (int w = 0; w < words; w++) {
          factTokens[f * words + w] = 0;
          factHeld[f * words + w] = 0;
        }
        int move = sk.stepStart[t];
        for (int u = 0; u < cards; u++) {
          if (tokenPlace[u] == x && !walk.renamedFrom(u, move)) {
            CardSets.add(factTokens, f * words, u);
            addFact(u, f);
            int c = walk.pinnedCard[u];
            if (c >= 0) {
              if (relatedHeld(facts, f, c)) {
                pinnedConflict = true;
                return false;
              }
              CardSets.add(factHeld, f * words, c);
            }
          }
        }
      }
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        tokenPlace[walk.moveToken[i]] = sk.to[i];
      }
    }
    for (int u = 0; u < cards; u++) {
      cardOfToken[u] = walk.pinnedCard[u];
    }
    int n = cardOrder(facts, nf, unknown);
    for (int k = 0; k < n; k++) {
      int c = order[k];
      int m = 0;
      for (int u = 0; u < cards; u++) {
        if (cardOfToken[u] < 0 && CardSets.has(walk.allowed, u * words, c) && fits(facts, u, c)) {
          options[m++] = u;
        }
      }
      if (m == 0) {
        return false;
      }
      int u = options[m == 1 ? 0 : rng.nextInt(m)];
      logWeight += Math.log(m);
      cardOfToken[u] = c;
      for (int j = 0; j < factsOfCount[u]; j++) {
        CardSets.add(factHeld, factsOf[u][j] * words, c);
      }
    }
    for (int u = 0; u < cards; u++) {
      if (cardOfToken[u] < 0) {
        return false; // more unpinned tokens than unknown cards: no bijection (the walk's own check would say so)
      }
    }
    return true;
  }

  private void tokenPlaces(long[] initialPlaces) {
    int places = initialPlaces.length / words;
    for (int x = 0; x < places; x++) {
      for (int c = CardSets.first(initialPlaces, x * words, words); c >= 0;
          c = CardSets.next(initialPlaces, x * words, words, c)) {
        tokenPlace[c] = x;
      }
    }
  }

  private void addFact(int u, int f) {
    if (factsOfCount[u] == factsOf[u].length) {
      factsOf[u] = java.util.Arrays.copyOf(factsOf[u], factsOf[u].length * 2);
    }
    factsOf[u][factsOfCount[u]++] = f;
  }

  /** Whether fact f already holds a card related to c (by the fact's relation). */
  private boolean relatedHeld(PairFacts facts, int f, int c) {
    int base = f * cards * words + c * words;
    for (int w = 0; w < words; w++) {
      if ((facts.rel[base + w] & factHeld[f * words + w]) != 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether card c may go to token u: no fact holding u holds a card related to c. */
  private boolean fits(PairFacts facts, int u, int c) {
    for (int j = 0; j < factsOfCount[u]; j++) {
      if (relatedHeld(facts, factsOf[u][j], c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The unknown cards in the order they are placed: by index, each followed by the unknown cards related to it by
   * some fact (a pair placed one after the other, so that the second's choice sees the first). Any fixed order is
   * exact; this one keeps the weights' spread small. Returns how many.
   */
  private int cardOrder(PairFacts facts, int nf, long[] unknown) {
    java.util.Arrays.fill(orderDone, 0);
    int n = 0;
    for (int c = CardSets.first(unknown, 0, words); c >= 0; c = CardSets.next(unknown, 0, words, c)) {
      if (CardSets.has(orderDone, 0, c)) {
        continue;
      }
      order[n++] = c;
      CardSets.add(orderDone, 0, c);
      for (int d = CardSets.first(unknown, 0, words); d >= 0; d = CardSets.next(unknown, 0, words, d)) {
        if (!CardSets.has(orderDone, 0, d) && relatedSomewhere(facts, nf, c, d)) {
          order[n++] = d;
          CardSets.add(orderDone, 0, d);
        }
      }
    }
    return n;
  }

  private boolean relatedSomewhere(PairFacts facts, int nf, int c, int d) {
    for (int f = 0; f < nf; f++) {
      if (CardSets.has(facts.rel, f * cards * words + c * words, d)) {
        return true;
      }
    }
    return false;
  }
}
