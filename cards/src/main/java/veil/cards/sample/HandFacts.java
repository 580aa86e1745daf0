package veil.cards.sample;

import java.util.Arrays;

/**
 * What the rules revealed about hidden places beyond the one void per step the {@link Skeleton} keeps, in the order
 * of the steps they hold at (each at the start of its step):
 * <ul>
 *   <li>{@link #NONE}: place x held no card of a set ("go fish": the hand asked held no card of the rank; after an
 *       answer that moved every card of a rank, the hand held no other);
 *   <li>{@link #SOME}: place x held at least one card of a set (an ask names a rank its asker must hold);
 *   <li>{@link #NOT_CARD}: the card a hidden move of an earlier step moved is not in a set (the card drawn on a "go
 *       fish" was not of the rank asked: the asker said "missed");
 *   <li>{@link #IS_CARD}: the card a hidden move of an earlier step moved is the one card of the set (the fish
 *       shown on a "caught" is the card just drawn, not an older card of the hand);
 *   <li>{@link #IN_SET}: the card hidden move {@code where} (of the fact's own step) moves is in the set (an ask
 *       answered hand to hand unseen: every card given is of the rank asked). Unlike the others it is applied at
 *       the move itself: the walk draws the move's token among those that may hold such a card ({@link
 *       TokenWalk}), so that no replay has to reject the others.
 * </ul>
 * A NONE and a NOT_CARD narrow the allowed cards of tokens, as voids do ({@link TokenWalk}); a SOME is a
 * disjunction over the tokens in the place then, which the walk records ({@link #tokens}) and the sampler checks
 * once every token has its card, restarting the whole draw when it fails (so the draw stays uniform over the
 * histories that satisfy it).
 *
 * <p>Card and token sets are {@link #words} longs each ({@link CardSets}): fact i's set is at {@code i * words}.
 */
final class HandFacts {
  static final byte NONE = 0;
  static final byte SOME = 1;
  static final byte NOT_CARD = 2;
  /** The card a hidden move of an earlier step moved is the one card of the set (a "caught" fish shown). */
  static final byte IS_CARD = 3;
  /** The card hidden move {@code where} of the fact's step moves is in the set ({@link HiddenMoveFacts}). */
  static final byte IN_SET = 4;

  /** Longs per card or token set. */
  final int words;
  int count;
  int[] step = new int[16];
  /** The place instance (NONE, SOME) or the skeleton move whose card it is (NOT_CARD, IS_CARD, IN_SET). */
  int[] where = new int[16];
  /** Per fact, its cards ({@link #words} longs from {@code i * words}). */
  long[] mask;
  byte[] kind = new byte[16];
  /** Per SOME fact: the tokens in its place at its step, as the last walk found them (pinned ones included). */
  long[] tokens;
  /**
   * Per SOME fact, as the last walk found it: empty when a token pinned by what the observer saw holds a card of the
   * set (the fact holds whatever else is drawn), else the tokens that may hold it (not so pinned), one of which the
   * walk designated ({@link TokenWalk}); the draw is then weighted by 1 / how many of them do hold such a card.
   */
  long[] open;

  HandFacts(int words) {
    this.words = words;
    this.mask = new long[16 * words];
    this.tokens = new long[16 * words];
    this.open = new long[16 * words];
  }

  /** Appends a fact (cards: {@link #words} longs from {@code at}), kept in the order of the steps. */
  void add(int atStep, byte what, int place, long[] cards, int at) {
    if (count == step.length) {
      int cap = count * 2;
      step = Arrays.copyOf(step, cap);
      where = Arrays.copyOf(where, cap);
      mask = Arrays.copyOf(mask, cap * words);
      kind = Arrays.copyOf(kind, cap);
      tokens = Arrays.copyOf(tokens, cap * words);
      open = Arrays.copyOf(open, cap * words);
    }
    int i = count++;
    // Keep them sorted by step (a later redraw of the same step may add after an earlier fact of a later step).
    while (i > 0 && step[i - 1] > atStep) {
      move(i - 1, i);
      i--;
    }
    step[i] = atStep;
    where[i] = place;
    System.arraycopy(cards, at, mask, i * words, words);
    kind[i] = what;
    Arrays.fill(tokens, i * words, i * words + words, 0);
    Arrays.fill(open, i * words, i * words + words, 0);
  }

  private void move(int from, int to) {
    step[to] = step[from];
    where[to] = where[from];
    kind[to] = kind[from];
    System.arraycopy(mask, from * words, mask, to * words, words);
    System.arraycopy(tokens, from * words, tokens, to * words, words);
    System.arraycopy(open, from * words, open, to * words, words);
  }

  /** Removes fact i. */
  void remove(int i) {
    for (int j = i; j + 1 < count; j++) {
      move(j + 1, j);
    }
    count--;
  }

  /** Whether the same fact is held already. */
  boolean has(int atStep, byte what, int place, long[] cards, int at) {
    for (int i = 0; i < count; i++) {
      if (step[i] == atStep && kind[i] == what && where[i] == place
          && CardSets.equal(mask, i * words, cards, at, words)) {
        return true;
      }
    }
    return false;
  }

  /** Whether fact i's set holds card c. */
  boolean holds(int i, int c) {
    return CardSets.has(mask, i * words, c);
  }

  /**
   * The log of the number of ways the walk could have designated the tokens of the open SOME facts of steps up to
   * {@code steps} for this draw: per open fact, how many of its candidate tokens hold a card of its set. (The mutation
   * that leaves this weight out, {@link SamplerOptions#weighDesignations}, is applied by the Worker.)
   */
  double logDesignations(int steps, int[] cardOfToken) {
    double v = 0;
    for (int i = 0; i < count && step[i] <= steps; i++) {
      int at = i * words;
      if (kind[i] != SOME || CardSets.isEmpty(open, at, words)) {
        continue;
      }
      int n = 0;
      for (int t = CardSets.first(open, at, words); t >= 0; t = CardSets.next(open, at, words, t)) {
        n += holds(i, cardOfToken[t]) ? 1 : 0;
      }
      v += Math.log(n);
    }
    return v;
  }

  /** Whether a SOME fact holds at a step in (from, to]. */
  boolean someAt(int from, int to) {
    for (int i = 0; i < count; i++) {
      if (step[i] > from && step[i] <= to && kind[i] == SOME) {
        return true;
      }
    }
    return false;
  }

  /** Whether a SOME fact holds at {@code atStep}. */
  boolean someAt(int atStep) {
    for (int i = 0; i < count; i++) {
      if (step[i] == atStep && kind[i] == SOME) {
        return true;
      }
    }
    return false;
  }

  /** The IN_SET fact on skeleton move {@code move} of step {@code atStep} (its index), else -1. */
  int inSetOf(int atStep, int move) {
    for (int i = firstAt(atStep); i < count && step[i] == atStep; i++) {
      if (kind[i] == IN_SET && where[i] == move) {
        return i;
      }
    }
    return -1;
  }

  /** The first fact at or after {@code atStep}. */
  int firstAt(int atStep) {
    int i = 0;
    while (i < count && step[i] < atStep) {
      i++;
    }
    return i;
  }

  /** How many SOME facts of the steps up to {@code steps} (inclusive) have no token holding a card of their set. */
  int someFailing(int steps, int[] cardOfToken) {
    int n = 0;
    for (int i = 0; i < count && step[i] <= steps; i++) {
      if (kind[i] == SOME && !someHolds(i, cardOfToken)) {
        n++;
      }
    }
    return n;
  }

  /** Whether SOME fact i has a token holding a card of its set. */
  boolean someHolds(int i, int[] cardOfToken) {
    int at = i * words;
    for (int t = CardSets.first(tokens, at, words); t >= 0; t = CardSets.next(tokens, at, words, t)) {
      if (holds(i, cardOfToken[t])) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether every SOME fact of the steps up to {@code steps} (inclusive) has a token holding a card of its set,
   * card {@code cardOfToken[t]} for token t.
   */
  boolean someHold(int steps, int[] cardOfToken) {
    for (int i = 0; i < count && step[i] <= steps; i++) {
      if (kind[i] != SOME) {
        continue;
      }
      int at = i * words;
      boolean held = false;
      for (int t = CardSets.first(tokens, at, words); t >= 0 && !held; t = CardSets.next(tokens, at, words, t)) {
        held = holds(i, cardOfToken[t]);
      }
      if (!held) {
        return false;
      }
    }
    return true;
  }
}
