package veil.cards.sample;

import java.util.Arrays;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;

/**
 * The analysis's last resort when neither the token walk's redraws nor the greedy exchanges ({@link WitnessSwaps})
 * find a witness for step t: a best-first search over SEQUENCES of exchanges of hidden cards' futures in the witness
 * history, with the replay as the judge of every node. A witness needs no distribution, only consistency, so any
 * history this search finds is as exact as a redraw.
 *
 * <p>A node is a history (the card of each skeleton move of steps [0, t)) and the step r its replay stops at (r = t
 * when it reaches step t), with the state before step r and its deficiency there ({@link
 * WitnessSwaps.Step#deficiencyAt}: pins not holding, facts and void of step r broken, +1 unless step r follows).
 * Its children are the exchanges of two cards hidden from the observer before step r that lower that deficiency in
 * that state, or, only where no single one does, two exchanges at once (a cycle of three cards, or two disjoint
 * exchanges: a step that needs several cards elsewhere at once). Each exchange is realised in the history from a
 * move at which both cards were in one place and after which every move of either is hidden (the latest three such
 * moves), and also delayed ({@link #delayed}): the card moving at that move moved to a later move of the same places
 * whose card goes there instead. A child whose replay stops at an earlier step r' is a node of its own: its next
 * exchange mends step r'. Nodes are expanded best first: the later the step reached, then the lower the deficiency,
 * then the fewer exchanges. Histories already seen are not replayed again.
 *
 * <p>Bounded by {@link SamplerOptions#searchBudget} replays, {@link SamplerOptions#searchScoreBudget} states scored and
 * {@link #DEPTH} exchanges per history, so complete only within those bounds and within this neighbourhood of the
 * witness. Each search ends in one of three ways, each counted: a witness found, a budget spent (then nothing is
 * known of the rest), or every history within the depth tried (exhausted).
 * Never reads the hidden truth: only the observation (through the step's pins, facts, void and the replay).
 */
final class WitnessSearch {
  private long scored;

  /** Exchanges per history at most. */
  static final int DEPTH = 4;
  /** Moves tried per pair as the exchange's start (latest first). */
  private static final int POINTS_PER_PAIR = 3;

  private final CompiledGame game;
  private final int cards;
  private final int[] visibleMask;
  private final LudState initial;
  private final LudState trial;
  private final int[] hidden;

  /** Searches run, those that found a witness, those that spent the budget, those that tried every sequence. */
  long searches;
  long found;
  long budgetHit;
  long exhausted;
  /** Replays over all searches, and exchanges in the witnesses found. */
  long replays;
  long exchanges;

  /** The Worker's switches (searchBudget, searchScoreBudget). */
  private final SamplerOptions options;

  WitnessSearch(CompiledGame game, SamplerOptions options) {
    this.game = game;
    this.options = options;
    this.cards = game.cards.count();
    this.visibleMask = game.places.visibleMask();
    this.initial = game.initialState();
    this.trial = game.initialState();
    this.trial2 = game.initialState();
    this.hidden = new int[cards];
  }

  /** A history, where its replay stops, and how far the state there is from the step there. */
  private static final class Node {
    final int[] cards;
    final int reached;
    final LudState before;
    final int deficiency;
    final int depth;
    final long order;

    Node(int[] cards, int reached, LudState before, int deficiency, int depth, long order) {
      this.cards = cards;
      this.reached = reached;
      this.before = before;
      this.deficiency = deficiency;
      this.depth = depth;
      this.order = order;
    }
  }

  /** Key of a history in the set of those seen. */
  private record Key(int[] cards) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(cards, k.cards);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(cards);
    }
  }

  /**
   * Searches from the witness history {@code witnessCard} of steps [0, t) (whose replay reaches {@code before}, the
   * state before step t) for a history that step t follows. True when it found one: {@code witnessCard} then holds
   * it, and the replay's state is the one before step t (the caller's to copy).
   */
  boolean search(Skeleton sk, int t, int observer, int[] witnessCard, LudState before, WitnessSwaps.Step step) {
    searches++;
    scored = 0;
    int moves = sk.stepStart[t];
    int spent = 0;
    long made = 0;
    PriorityQueue<Node> open = new PriorityQueue<>((a, b) -> {
      if (a.reached != b.reached) {
        return Integer.compare(b.reached, a.reached);
      }
      if (a.deficiency != b.deficiency) {
        return Integer.compare(a.deficiency, b.deficiency);
      }
      if (a.depth != b.depth) {
        return Integer.compare(a.depth, b.depth);
      }
      return Long.compare(a.order, b.order);
    });
    Set<Key> seen = new HashSet<>();
    int[] root = Arrays.copyOf(witnessCard, moves);
    seen.add(new Key(root));
    int score = step.deficiency(before);
    if (score == 0) {
      found++;
      return true;
    }
    open.add(new Node(root, t, before.copy(), score, 0, made++));
    int[] pairA = new int[64];
    int[] pairB = new int[64];
    int[] pairScore = new int[64];
    while (!open.isEmpty()) {
      Node node = open.poll();
      if (node.depth >= DEPTH) {
        continue;
      }
      int r = node.reached;
      // The exchanges of two hidden cards that lower the deficiency of step r in the state before it.
      int n = 0;
      for (int c = 0; c < cards; c++) {
        int at = game.table.whereIs(node.before, c);
        if (at >= 0 && (visibleMask[at] & 1 << observer) == 0) {
          hidden[n++] = c;
        }
      }
      int pairs = 0;
      for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          if (++scored > options.searchScoreBudget) {
            budgetHit++;
            step.deficiencyAt(before, t);
            return false;
          }
          trial.copyFrom(node.before);
          FactProbe.swapCards(game, trial, hidden[i], hidden[j]);
          int d = step.deficiencyAt(trial, r);
          if (d < node.deficiency) {
            if (pairs == pairA.length) {
              pairA = Arrays.copyOf(pairA, pairs * 2);
              pairB = Arrays.copyOf(pairB, pairs * 2);
              pairScore = Arrays.copyOf(pairScore, pairs * 2);
            }
            pairA[pairs] = hidden[i];
            pairB[pairs] = hidden[j];
            pairScore[pairs] = d;
            pairs++;
          }
        }
      }
      int[] points = new int[POINTS_PER_PAIR];
      java.util.List<int[]> kids = new java.util.ArrayList<>();
      int[] points2 = new int[POINTS_PER_PAIR];
      for (int level = 1; level <= 2; level++) {
        if (level == 2) {
          if (pairs > 0) {
            break; // single exchanges lower the deficiency: two at once only where none does
          }
          pairs = pairsOfPairs(node, r, n, step);
          if (pairs < 0) {
            budgetHit++;
            step.deficiencyAt(before, t);
            return false;
          }
        }
        int[] sc = level == 1 ? pairScore : twoScore;
        Integer[] order = new Integer[pairs];
        for (int i = 0; i < pairs; i++) {
          order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Integer.compare(sc[x], sc[y]));
        int tries = level == 1 ? pairs : Math.min(pairs, TWO_REALISED);
        for (int k = 0; k < tries; k++) {
          int o = order[k];
          int c = level == 1 ? pairA[o] : two[4 * o];
          int d = level == 1 ? pairB[o] : two[4 * o + 1];
          kids.clear();
          int np = commonPoints(sk, node.cards, moves, c, d, points);
          for (int p = 0; p < np; p++) {
            int[] first = exchanged(node.cards, points[p], c, d);
            if (level == 2) {
              int np2 = commonPoints(sk, first, moves, two[4 * o + 2], two[4 * o + 3], points2);
              for (int p2 = 0; p2 < np2; p2++) {
                kids.add(exchanged(first, points2[p2], two[4 * o + 2], two[4 * o + 3]));
              }
            } else {
              kids.add(first);
              delayed(sk, node.cards, moves, points[p], c, d, kids);
            }
          }
          for (int[] child : kids) {
            if (!seen.add(new Key(child))) {
              continue;
            }
            if (spent == options.searchBudget) {
              budgetHit++;
              step.deficiencyAt(before, t); // leave step t's pins in place
              return false;
            }
            spent++;
            replays++;
            LudState reached = step.replay(child);
            if (reached != null) {
              int def = step.deficiency(reached);
              if (def == 0) {
                System.arraycopy(child, 0, witnessCard, 0, moves);
                step.replay(witnessCard); // its state is the caller's to copy
                found++;
                exchanges += node.depth + 1;
                return true;
              }
              open.add(new Node(child, t, reached.copy(), def, node.depth + 1, made++));
            } else {
              int r2 = step.reached();
              if (r2 < 0 || r2 >= t) {
                continue;
              }
              LudState at = step.reachedState().copy();
              int def = step.deficiencyAt(at, r2);
              if (def > 0) {
                open.add(new Node(child, r2, at, def, node.depth + 1, made++));
              }
            }
          }
        }
      }
    }
    exhausted++;
    step.deficiencyAt(before, t);
    return false;
  }

  /** Pairs of exchanges realised per node at most (when no single exchange lowers its deficiency). */
  private static final int TWO_REALISED = 128;
  /** Pairs of exchanges (four cards per entry: the first exchange's, then the second's) and their deficiency. */
  private int[] two = new int[256];
  private int[] twoScore = new int[64];
  private final LudState trial2;

  /**
   * Where no single exchange lowers the deficiency of step r in the state before it (the step needs several hidden
   * cards elsewhere at once: an answer that gives one card of a rank, from a hand the witness gave two of them, to
   * an asker the witness gave none), two exchanges made one after the other (two transpositions, or a cycle of
   * three cards when they share one): those that lower it, into {@link #two}; their number, or -1 when the
   * {@link SamplerOptions#searchScoreBudget} ran out.
   */
  private int pairsOfPairs(Node node, int r, int n, WitnessSwaps.Step step) {
    int count = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        trial2.copyFrom(node.before);
        FactProbe.swapCards(game, trial2, hidden[i], hidden[j]);
        for (int k = 0; k < n; k++) {
          for (int l = k + 1; l < n; l++) {
            if (k == i && l == j) {
              continue;
            }
            boolean shares = k == i || k == j || l == i || l == j;
            if (!shares && (k < i || k == i && l < j)) {
              continue; // two disjoint exchanges commute: each such pair once
            }
            if (++scored > options.searchScoreBudget) {
              return -1;
            }
            trial.copyFrom(trial2);
            FactProbe.swapCards(game, trial, hidden[k], hidden[l]);
            int d = step.deficiencyAt(trial, r);
            if (d < node.deficiency) {
              if (count == twoScore.length) {
                twoScore = Arrays.copyOf(twoScore, count * 2);
                two = Arrays.copyOf(two, count * 8);
              }
              two[4 * count] = hidden[i];
              two[4 * count + 1] = hidden[j];
              two[4 * count + 2] = hidden[k];
              two[4 * count + 3] = hidden[l];
              twoScore[count++] = d;
            }
          }
        }
      }
    }
    return count;
  }

  /** Later moves tried per exchange point as the move a card is delayed to ({@link #delayed}). */
  private static final int DELAYS = 8;

  /**
   * The exchange of c's and d's futures from move s, with the card that moves at s first delayed to a later move j
   * of the same places (from, to), hidden, that took another card w: w moves at s instead and the card at j, so that
   * the exchange starts at j. Each card keeps its moves outside [s, j] (w still ends in the same place, and its
   * later moves, seen or not, stay its own), so where the exchange from s broke a step between s and j (a hand
   * asked that must not yet hold the card), the delayed one may not. Nearest j first, at most {@link #DELAYS}.
   */
  private void delayed(Skeleton sk, int[] h, int moves, int s, int c, int d, java.util.List<int[]> kids) {
    int a = h[s];
    int other = a == c ? d : c;
    if (a != c && a != d) {
      return;
    }
    int[] pts = new int[1];
    int made = 0;
    for (int j = s + 1; j < moves && made < DELAYS; j++) {
      if (h[j] == a || h[j] == other) {
        break; // a moves on (or the other card moves) before j: not a delay of a's move alone
      }
      if (sk.card[j] >= 0 || sk.from[j] != sk.from[s] || sk.to[j] != sk.to[s]) {
        continue;
      }
      int[] h2 = h.clone();
      h2[s] = h[j];
      h2[j] = a;
      if (commonPoints(sk, h2, moves, a, other, pts) == 1) {
        kids.add(exchanged(h2, pts[0], a, other));
        made++;
      }
    }
  }

  /** History h with the futures of cards c and d exchanged from move s on (a copy). */
  private static int[] exchanged(int[] h, int s, int c, int d) {
    int[] out = h.clone();
    for (int m = s; m < out.length; m++) {
      if (out[m] == c) {
        out[m] = d;
      } else if (out[m] == d) {
        out[m] = c;
      }
    }
    return out;
  }

  /**
   * Up to {@code points.length} skeleton moves s (latest first) before which cards c and d are in one place in the
   * history {@code h}, at which one of them moves, and after which every move of either (to the {@code moves}'th)
   * is hidden from the observer: the exchange of their futures from s keeps every percept. The number found.
   */
  private int commonPoints(Skeleton sk, int[] h, int moves, int c, int d, int[] points) {
    int lastSeen = -1;
    for (int j = 0; j < moves; j++) {
      if ((h[j] == c || h[j] == d) && sk.card[j] >= 0) {
        lastSeen = j;
      }
    }
    int pc = game.table.whereIs(initial, c);
    int pd = game.table.whereIs(initial, d);
    int found = 0;
    int[] all = new int[moves];
    for (int j = 0; j < moves; j++) {
      if (h[j] != c && h[j] != d) {
        continue;
      }
      if (j > lastSeen && pc == pd) {
        all[found++] = j;
      }
      if (h[j] == c) {
        pc = sk.to[j];
      } else {
        pd = sk.to[j];
      }
    }
    int k = 0;
    for (int i = found - 1; i >= 0 && k < points.length; i--) {
      points[k++] = all[i];
    }
    return k;
  }
}
