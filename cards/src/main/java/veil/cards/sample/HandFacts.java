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
 *       fish" was not of the rank asked: the asker said "missed").
 * </ul>
 * A NONE and a NOT_CARD narrow the allowed cards of tokens, as voids do ({@link TokenWalk}); a SOME is a
 * disjunction over the tokens in the place then, which the walk records ({@link #tokens}) and the sampler checks
 * once every token has its card, restarting the whole draw when it fails (so the draw stays uniform over the
 * histories that satisfy it).
 */
final class HandFacts {
  static final byte NONE = 0;
  static final byte SOME = 1;
  static final byte NOT_CARD = 2;

  /** Mutation switch for tests only: false leaves out the 1 / designations weight (a biased sampler). */
  static volatile boolean weighDesignations = true;

  int count;
  int[] step = new int[16];
  /** The place instance (NONE, SOME) or the skeleton move whose card it is (NOT_CARD). */
  int[] where = new int[16];
  long[] mask = new long[16];
  byte[] kind = new byte[16];
  /** Per SOME fact: the tokens in its place at its step, as the last walk found them (pinned ones included). */
  long[] tokens = new long[16];
  /**
   * Per SOME fact, as the last walk found it: 0 when a token pinned by what the observer saw holds a card of the set
   * (the fact holds whatever else is drawn), else the tokens that may hold it (not so pinned), one of which the walk
   * designated ({@link TokenWalk}); the draw is then weighted by 1 / how many of them do hold such a card.
   */
  long[] open = new long[16];

  /** Appends a fact; facts come in the order of their steps (the analysis goes step by step). */
  void add(int atStep, byte what, int place, long cards) {
    if (count == step.length) {
      int cap = count * 2;
      step = Arrays.copyOf(step, cap);
      where = Arrays.copyOf(where, cap);
      mask = Arrays.copyOf(mask, cap);
      kind = Arrays.copyOf(kind, cap);
      tokens = Arrays.copyOf(tokens, cap);
      open = Arrays.copyOf(open, cap);
    }
    int i = count++;
    // Keep them sorted by step (a later redraw of the same step may add after an earlier fact of a later step).
    while (i > 0 && step[i - 1] > atStep) {
      step[i] = step[i - 1];
      where[i] = where[i - 1];
      mask[i] = mask[i - 1];
      kind[i] = kind[i - 1];
      tokens[i] = tokens[i - 1];
      open[i] = open[i - 1];
      i--;
    }
    step[i] = atStep;
    where[i] = place;
    mask[i] = cards;
    kind[i] = what;
    tokens[i] = 0;
    open[i] = 0;
  }

  /** Removes fact i. */
  void remove(int i) {
    int n = count - i - 1;
    System.arraycopy(step, i + 1, step, i, n);
    System.arraycopy(where, i + 1, where, i, n);
    System.arraycopy(mask, i + 1, mask, i, n);
    System.arraycopy(kind, i + 1, kind, i, n);
    System.arraycopy(tokens, i + 1, tokens, i, n);
    System.arraycopy(open, i + 1, open, i, n);
    count--;
  }

  /** Whether the same fact is held already. */
  boolean has(int atStep, byte what, int place, long cards) {
    for (int i = 0; i < count; i++) {
      if (step[i] == atStep && kind[i] == what && where[i] == place && mask[i] == cards) {
        return true;
      }
    }
    return false;
  }

  /**
   * The log of the number of ways the walk could have designated the tokens of the open SOME facts of steps up to
   * {@code steps} for this draw: per open fact, how many of its candidate tokens hold a card of its set.
   */
  double logDesignations(int steps, int[] cardOfToken) {
    double v = 0;
    for (int i = 0; i < count && step[i] <= steps; i++) {
      if (kind[i] != SOME || open[i] == 0) {
        continue;
      }
      int n = 0;
      for (long m = open[i]; m != 0; m &= m - 1) {
        n += (int) (mask[i] >>> cardOfToken[Long.numberOfTrailingZeros(m)] & 1);
      }
      v += Math.log(n);
    }
    return weighDesignations ? v : 0;
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

  /** Whether any fact holds at {@code atStep}. */
  boolean anyAt(int atStep) {
    for (int i = 0; i < count; i++) {
      if (step[i] == atStep) {
        return true;
      }
    }
    return false;
  }

  /** The first fact at or after {@code atStep}. */
  int firstAt(int atStep) {
    int i = 0;
    while (i < count && step[i] < atStep) {
      i++;
    }
    return i;
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
      boolean held = false;
      for (long m = tokens[i]; m != 0 && !held; m &= m - 1) {
        held = (mask[i] >>> cardOfToken[Long.numberOfTrailingZeros(m)] & 1) != 0;
      }
      if (!held) {
        return false;
      }
    }
    return true;
  }
}
