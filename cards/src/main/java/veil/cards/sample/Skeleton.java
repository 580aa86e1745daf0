package veil.cards.sample;

import java.util.Arrays;
import veil.ludeme.Table;

/**
 * The observer's record of a game so far as card moves: for every step, each card move in the order it happened
 * (card, or -1 when the observer did not see its face; from and to place instances), and what the rules revealed
 * about a hidden place at the start of a step (a "void": the place then held no card of a set). Observations keep
 * percepts as sorted sets, which lose the order and the number of equal hidden moves; the skeleton keeps the raw
 * percepts of a witness history, which every history consistent with the observation must reproduce (checked on
 * every replay).
 */
final class Skeleton {
  final int observer;
  int steps;
  int moveCount;
  /** First move of step t; stepStart[steps] == moveCount. */
  int[] stepStart = new int[64];
  int[] card = new int[256];
  int[] from = new int[256];
  int[] to = new int[256];
  /** Per move: the card went under the cards of its new place ({@code at:Bottom}), not on top. */
  boolean[] under = new boolean[256];
  /** Per step: a chance step (random dealt), whose card moves chance chose rather than the rules. */
  boolean[] chance = new boolean[64];
  /** The observer's raw percepts of each step, in order, with repeats. */
  int[][] raw = new int[64][];
  /** Per step: the place the rules constrain at the start of the step (-1 for none), and the cards it cannot hold. */
  int[] voidPlace = new int[64];
  /** Per step t, the cards of the void: {@link #words} longs from {@code t * words}. */
  long[] voidMask;
  /** Longs per card set. */
  final int words;
  /** Per step: whether the rules have been probed for a void there. */
  boolean[] probed = new boolean[64];
  /** Counts changes to the steps or voids, so that a walk cached for this skeleton knows when it is stale. */
  int version;
  /** What else the rules revealed about hidden places (asks: a hand held none, or some, of a rank). */
  final HandFacts facts;

  Skeleton(int observer, int words) {
    this.observer = observer;
    this.words = words;
    this.voidMask = new long[64 * words];
    this.facts = new HandFacts(words);
    Arrays.fill(voidPlace, -1);
  }

  private void ensureSteps(int n) {
    if (n < stepStart.length) {
      return;
    }
    int cap = Math.max(n + 1, stepStart.length * 2);
    stepStart = Arrays.copyOf(stepStart, cap);
    raw = Arrays.copyOf(raw, cap);
    int old = voidPlace.length;
    voidPlace = Arrays.copyOf(voidPlace, cap);
    Arrays.fill(voidPlace, old, cap, -1);
    voidMask = Arrays.copyOf(voidMask, cap * words);
    probed = Arrays.copyOf(probed, cap);
    chance = Arrays.copyOf(chance, cap);
  }

  /**
   * The card a percept shows in place (a {@code reveal} or {@code show}: the card is at {@link Table#perceptFrom}
   * and stays there), else -2.
   */
  static int revealedCard(int percept) {
    // A reveal packs its card as a move does: read it as the move percept with the same fields.
    return (percept >>> 28) == Table.PERCEPT_REVEAL
        ? Table.perceptCard(percept & 0x0FFFFFFF | Table.PERCEPT_MOVED << 28) : -2;
  }

  /**
   * Appends the next step from the observer's raw percepts: each card move; each card revealed where it lies, as a
   * face-up move from its place to the same place (it pins the card there); a told word (an announced choice) adds
   * no move — the replay matches it with the rest of the raw percepts. Always true.
   */
  boolean addStep(int[] rawPercepts) {
    ensureSteps(steps + 1);
    if (moveCount + rawPercepts.length > card.length) {
      int cap = Math.max(moveCount + rawPercepts.length, card.length * 2);
      card = Arrays.copyOf(card, cap);
      from = Arrays.copyOf(from, cap);
      to = Arrays.copyOf(to, cap);
      under = Arrays.copyOf(under, cap);
    }
    stepStart[steps] = moveCount;
    for (int p : rawPercepts) {
      int kind = p >>> 28;
      if (kind == Table.PERCEPT_REVEAL) {
        card[moveCount] = revealedCard(p);
        from[moveCount] = Table.perceptFrom(p);
        to[moveCount] = Table.perceptFrom(p);
        under[moveCount] = false;
        moveCount++;
      } else if (kind == Table.PERCEPT_MOVED) {
        card[moveCount] = Table.perceptCard(p);
        from[moveCount] = Table.perceptFrom(p);
        to[moveCount] = Table.perceptTo(p);
        under[moveCount] = false;
        moveCount++;
      }
    }
    raw[steps] = rawPercepts;
    chance[steps] = false;
    steps++;
    version++;
    stepStart[steps] = moveCount;
    return true;
  }

  /**
   * How the last step's card moves were made, as the witness made them (every consistent history makes them alike):
   * whether random dealt, and which moves put their card under the cards of the new place.
   */
  void markLastStep(boolean byChance, boolean[] underOf) {
    int t = steps - 1;
    chance[t] = byChance;
    for (int i = stepStart[t]; i < stepStart[t + 1]; i++) {
      under[i] = underOf[i - stepStart[t]];
    }
    version++;
  }

  /** Records that at the start of {@code step} the place held none of {@code mask} (null: no void). */
  void setVoid(int step, int place, long[] mask) {
    ensureSteps(step + 1);
    voidPlace[step] = place;
    for (int w = 0; w < words; w++) {
      voidMask[step * words + w] = mask == null ? 0 : mask[w];
    }
    version++;
  }

  /** Records a fact ({@link HandFacts}; its cards {@link #words} longs from 0) unless it is held or empty. */
  void addFact(int step, byte kind, int where, long[] mask) {
    if (!CardSets.isEmpty(mask, 0, words) && !facts.has(step, kind, where, mask, 0)) {
      facts.add(step, kind, where, mask, 0);
      version++;
    }
  }

  /**
   * Drops the NONE and SOME facts of a step that a witness matching it contradicts (it held such a card, or none);
   * returns how many.
   */
  int dropContradicted(int step, veil.ludeme.LudState before) {
    int dropped = 0;
    for (int i = facts.firstAt(step); i < facts.count && facts.step[i] == step; ) {
      if (facts.kind[i] == HandFacts.NOT_CARD || facts.kind[i] == HandFacts.IS_CARD) {
        i++;
        continue;
      }
      boolean in = CardSets.intersects(before.places, facts.where[i] * words, facts.mask, i * words, words);
      boolean wrong = facts.kind[i] == HandFacts.NONE ? in : facts.kind[i] == HandFacts.SOME && !in;
      if (wrong) {
        facts.remove(i);
        version++;
        dropped++;
      } else {
        i++;
      }
    }
    return dropped;
  }

  /**
   * Narrows each SOME fact's cards to those the later steps leave possible: a card whose first face-up move after
   * the fact's step leaves (or shows it in) another place than the fact's, with no hidden move out of the fact's
   * place before it, was not in that place at the fact's step (it could only have left it by a move the observer
   * sees). A hidden move whose card an IS_CARD fact names counts as that card's move. Without this, a draw designates such a card and the walk fails where it is seen. Exact: only cards no
   * consistent history puts there are removed. Only without identical copies (a percept names a face, not a copy).
   */
  void narrowSomeFacts() {
    for (int i = 0; i < facts.count; i++) {
      if (facts.kind[i] != HandFacts.SOME || facts.step[i] >= steps) {
        continue;
      }
      int x = facts.where[i];
      int fm = i * words;
      boolean hiddenOut = false;
      boolean changed = false;
      long[] decided = new long[words];
      for (int j = stepStart[facts.step[i]]; j < moveCount && !hiddenOut; j++) {
        int c = card[j] >= 0 ? card[j] : cardOfMove(j);
        if (c < 0) {
          hiddenOut = from[j] == x && to[j] != x;
          continue;
        }
        if (CardSets.has(decided, 0, c) || !CardSets.has(facts.mask, fm, c)) {
          continue;
        }
        CardSets.add(decided, 0, c);
        if (from[j] != x) {
          CardSets.remove(facts.mask, fm, c);
          changed = true;
        }
      }
      if (changed) {
        version++;
      }
    }
  }

  /** The card an IS_CARD fact gives hidden move j, else -1. */
  private int cardOfMove(int j) {
    for (int k = 0; k < facts.count; k++) {
      if (facts.kind[k] == HandFacts.IS_CARD && facts.where[k] == j) {
        return CardSets.first(facts.mask, k * words, words);
      }
    }
    return -1;
  }

  int voidPlace(int step) {
    return step < voidPlace.length ? voidPlace[step] : -1;
  }

  boolean probed(int step) {
    return step < probed.length && probed[step];
  }

  void markProbed(int step) {
    ensureSteps(step + 1);
    probed[step] = true;
  }
}
