package veil.cards.sample;

import java.util.Arrays;
import java.util.SplittableRandom;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;

/**
 * The analysis's repair of the witness it has when the next step cannot follow it: the witness history of steps
 * [0, t) is consistent with the observation, and usually only where a few hidden cards went stands in the way of
 * step t (the fish a "caught" shows is not the card the witness drew; the rank an ask names is not in the asker's
 * hand; a card seen leaving a hand is elsewhere). Two hidden cards c and d that were in one place at some move s
 * and whose later moves up to t the observer did not see may exchange their futures from s on: every move of c
 * from s is d's, and the other way round. The observer's percepts stay the same; whether every step stays legal
 * and gives the same percepts is for the replay to say, so a history found here is exactly as consistent as any
 * witness (a witness needs no distribution, only consistency).
 *
 * <p>Search: per round, every pair of cards hidden from the observer at step t is exchanged in the state before
 * step t and scored by {@link Step#deficiency} (0: step t follows); the pairs that lower it are realised in the
 * history, from the latest move at which both cards were in one place, and the first whose replay holds is kept.
 * An exchange whose replay stops at an earlier step r gets a second exchange chosen the same way for step r
 * ({@link #fixEarlier}); when no pair lowers the deficiency, a random one that keeps it is kept (a plateau move).
 * Rounds go on until step t follows or nothing is kept. Greedy, so not complete; it starts from a consistent
 * history and changes it little, where the token walk's redraws start afresh every time.
 */
final class WitnessSwaps {
  /** What the repair needs of the analysis at step t. */
  interface Step {
    /** How far a state before step t is from giving step t (what the step pins, the facts of step t): 0 when it does. */
    int deficiency(LudState s);

    /** Replays steps [0, t) with card {@code cards[i]} for skeleton move i: the state reached, or null. */
    LudState replay(int[] cards);

    /** After a replay that failed: the step it stopped at, and the state before that step. */
    int reached();

    LudState reachedState();

    /** {@link #deficiency} for an earlier step r, of a state before step r. */
    int deficiencyAt(LudState s, int r);
  }

  /** Rounds of exchanges per repair, and the pairs realised (each a replay) per round. */
  private static final int ROUNDS = 8;
  private static final int REALISED_PER_ROUND = 48;
  /** Earlier common places tried per pair when the latest one's replay fails. */
  private static final int POINTS_PER_PAIR = 3;
  /** Exchanges that keep the deficiency kept aside per round, and tried when no better one is realised. */
  private static final int PLATEAU_PAIRS = 256;
  private static final int PLATEAU_TRIES = 16;
  private int[] plateauA = new int[0];
  private int[] plateauB = new int[0];

  private final CompiledGame game;
  private final int cards;
  private final int words;
  private final int[] visibleMask;
  private final int stampAt;
  private final LudState trial;
  private int[] trialCards = new int[0];
  private int[] pairA = new int[0];
  private int[] pairB = new int[0];
  private int[] pairScore = new int[0];
  private Integer[] order = new Integer[0];
  private final int[] hidden;

  /** Counters for tests and diagnosis: repairs tried, repairs that left a witness, exchanges kept. */
  long tried;
  long repaired;
  long exchanges;
  /** Of the exchanges kept, those that kept the deficiency (no better one was realised in their round). */
  long plateaus;
  /** Exchanges kept with a second one that mended the earlier step the first broke ({@link #fixEarlier}). */
  long earlier;

  WitnessSwaps(CompiledGame game) {
    this.game = game;
    this.cards = game.cards.count();
    this.words = game.cards.words();
    this.visibleMask = game.places.visibleMask();
    this.stampAt = game.layout.stamp;
    this.trial = game.initialState();
    this.hidden = new int[cards];
  }

  /**
   * Repairs the witness history {@code witnessCard} (the card of each skeleton move of steps [0, t)), whose replay
   * reaches {@code before}, until step t follows it. True when it did: {@code witnessCard} then holds the new
   * history, whose state before step t {@code step.replay} left in place (the caller's to copy).
   */
  boolean repair(Skeleton sk, int t, int observer, int[] witnessCard, LudState before, Step step,
      SplittableRandom rng) {
    tried++;
    int moves = sk.stepStart[t];
    LudState current = before.copy();
    int score = step.deficiency(current);
    for (int round = 0; round < ROUNDS && score > 0; round++) {
      int n = 0;
      for (int c = 0; c < cards; c++) {
        int at = game.table.whereIs(current, c);
        if (at >= 0 && (visibleMask[at] & 1 << observer) == 0) {
          hidden[n++] = c;
        }
      }
      int pairs = 0;
      int plateau = 0;
      int plateauSeen = 0;
      for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          trial.copyFrom(current);
          swap(trial, hidden[i], hidden[j]);
          int d = step.deficiency(trial);
          if (d == score) {
            // Kept aside (a uniform sample of them): an exchange that changes the history without making step t
            // worse, for a round in which no better one is realised.
            if (plateauA.length < PLATEAU_PAIRS) {
              plateauA = new int[PLATEAU_PAIRS];
              plateauB = new int[PLATEAU_PAIRS];
            }
            int at = plateauSeen < PLATEAU_PAIRS ? plateauSeen : rng.nextInt(plateauSeen + 1);
            plateauSeen++;
            if (at < PLATEAU_PAIRS) {
              plateauA[at] = hidden[i];
              plateauB[at] = hidden[j];
              plateau = Math.min(plateauSeen, PLATEAU_PAIRS);
            }
          } else if (d < score) {
            if (pairs == pairA.length) {
              int cap = Math.max(64, pairs * 2);
              pairA = Arrays.copyOf(pairA, cap);
              pairB = Arrays.copyOf(pairB, cap);
              pairScore = Arrays.copyOf(pairScore, cap);
            }
            pairA[pairs] = hidden[i];
            pairB[pairs] = hidden[j];
            pairScore[pairs] = d;
            pairs++;
          }
        }
      }
      if (pairs == 0 && plateau == 0) {
        return false;
      }
      if (order.length < pairs) {
        order = new Integer[pairs];
      }
      for (int i = 0; i < pairs; i++) {
        order[i] = i;
      }
      Arrays.sort(order, 0, pairs, (x, y) -> Integer.compare(pairScore[x], pairScore[y]));
      boolean kept = false;
      for (int k = 0; k < Math.min(pairs, REALISED_PER_ROUND) && !kept; k++) {
        kept = exchange(sk, observer, witnessCard, moves, pairA[order[k]], pairB[order[k]], current, step, score);
      }
      for (int k = 0; k < PLATEAU_TRIES && !kept && plateau > 0; k++) {
        // None better: a random exchange that keeps step t as far, for the next round to start from elsewhere.
        int pick = rng.nextInt(plateau);
        int c = plateauA[pick];
        int d = plateauB[pick];
        plateauA[pick] = plateauA[--plateau];
        plateauB[pick] = plateauB[plateau];
        kept = exchange(sk, observer, witnessCard, moves, c, d, current, step, score + 1);
        plateaus += kept ? 1 : 0;
      }
      if (!kept) {
        return false;
      }
      score = keptScore;
    }
    if (score == 0) {
      // Leave the state of the kept history in the replay's hands (the caller copies it).
      step.replay(witnessCard);
      repaired++;
      return true;
    }
    return false;
  }

  /** The deficiency of the history the last {@link #exchange} kept. */
  private int keptScore;

  /**
   * Exchanges the futures of cards c and d in the witness history, from the latest move at which both were in one
   * place (then from earlier ones), and keeps the first whose replay holds with a deficiency below {@code below}
   * ({@link #keptScore}); {@code current} is then the state before step t. False when none did.
   */
  private boolean exchange(Skeleton sk, int observer, int[] witnessCard, int moves, int c, int d, LudState current,
      Step step, int below) {
    int end = moves;
    for (int point = 0; point < POINTS_PER_PAIR; point++) {
      int s = commonPoint(sk, witnessCard, end, moves, c, d, current);
      if (s < 0) {
        return false;
      }
      if (trialCards.length < moves) {
        trialCards = new int[Math.max(moves, trialCards.length * 2)];
      }
      System.arraycopy(witnessCard, 0, trialCards, 0, moves);
      for (int m = s; m < moves; m++) {
        if (trialCards[m] == c) {
          trialCards[m] = d;
        } else if (trialCards[m] == d) {
          trialCards[m] = c;
        }
      }
      LudState reached = step.replay(trialCards);
      if (reached != null) {
        int next = step.deficiency(reached);
        if (next < below) {
          System.arraycopy(trialCards, 0, witnessCard, 0, moves);
          current.copyFrom(reached);
          keptScore = next;
          exchanges++;
          return true;
        }
      } else if (step.reached() < sk.steps && fixEarlier(sk, observer, witnessCard, moves, current, step, below)) {
        return true;
      }
      end = s;
    }
    return false;
  }

  /** Pairs realised per exchange whose replay stopped at an earlier step ({@link #fixEarlier}). */
  private static final int EARLIER_PAIRS = 12;
  private int[] earlierCards = new int[0];
  private LudState earlierState;

  /**
   * The exchange in {@link #trialCards} made the replay stop at an earlier step r (a card the exchange moved was
   * needed there: an ask's rank, a card given): a second exchange, chosen as the first is but for step r (scored by
   * {@link Step#deficiencyAt} on the state before step r of the exchanged history), realised over the whole
   * history; kept as the first one would be. False when none is.
   */
  private boolean fixEarlier(Skeleton sk, int observer, int[] witnessCard, int moves, LudState current, Step step,
      int below) {
    int r = step.reached();
    int prefix = sk.stepStart[r];
    if (earlierState == null) {
      earlierState = game.initialState();
    }
    LudState atR = earlierState;
    atR.copyFrom(step.reachedState());
    int score = step.deficiencyAt(atR, r);
    if (score == 0) {
      return false; // step r follows: the replay stopped for another reason
    }
    int n = 0;
    for (int c = 0; c < cards; c++) {
      int at = game.table.whereIs(atR, c);
      if (at >= 0 && (visibleMask[at] & 1 << observer) == 0) {
        hidden[n++] = c;
      }
    }
    int tried = 0;
    for (int i = 0; i < n && tried < EARLIER_PAIRS; i++) {
      for (int j = i + 1; j < n && tried < EARLIER_PAIRS; j++) {
        trial.copyFrom(atR);
        swap(trial, hidden[i], hidden[j]);
        if (step.deficiencyAt(trial, r) >= score) {
          continue;
        }
        int c = hidden[i];
        int d = hidden[j];
        int s = commonPoint(sk, trialCards, prefix, prefix, c, d, atR);
        if (s < 0) {
          continue;
        }
        tried++;
        if (earlierCards.length < moves) {
          earlierCards = new int[Math.max(moves, earlierCards.length * 2)];
        }
        System.arraycopy(trialCards, 0, earlierCards, 0, moves);
        for (int m = s; m < moves; m++) {
          if (earlierCards[m] == c) {
            earlierCards[m] = d;
          } else if (earlierCards[m] == d) {
            earlierCards[m] = c;
          }
        }
        LudState reached = step.replay(earlierCards);
        if (reached != null) {
          int next = step.deficiency(reached);
          if (next < below) {
            System.arraycopy(earlierCards, 0, witnessCard, 0, moves);
            current.copyFrom(reached);
            keptScore = next;
            exchanges++;
            earlier++;
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * The latest skeleton move s below {@code end} such that cards c and d were in one place just before move s, and
   * every move of either from s to the last of the {@code moves} moves is hidden from the observer (then their
   * futures from s may be exchanged); -1 when there is none. {@code last} is the state after those moves.
   */
  private int commonPoint(Skeleton sk, int[] witnessCard, int end, int moves, int c, int d, LudState last) {
    int pc = game.table.whereIs(last, c);
    int pd = game.table.whereIs(last, d);
    for (int j = moves - 1; j >= 0; j--) {
      int card = witnessCard[j];
      if (card != c && card != d) {
        continue;
      }
      if (sk.card[j] >= 0) {
        return -1; // seen: its future is not to be exchanged
      }
      if (card == c) {
        pc = sk.from[j];
      } else {
        pd = sk.from[j];
      }
      if (j < end && pc == pd) {
        return j;
      }
    }
    return -1;
  }

  /** Exchanges cards a and b in s: places, stamps and the last card moved. */
  private void swap(LudState s, int a, int b) {
    FactProbe.swapCards(game, s, a, b);
  }

}
