package veil.cards.sample;

import java.util.Arrays;

/**
 * Face weights for weighted draws (walks with mixed choices), where cards may also enter a hidden place after plays
 * out of it. The rules move the lowest copy of a face a player may move; a draw that gave the played token another
 * copy of that face held in the same place is not itself a history, but with the two copies' futures swapped it is
 * (the replay relabels them: {@link HistoryBuilder#relabel}). Relabelling maps the k_i copy-orders at each such play
 * i (k_i = the copies of the played face in the place then) onto one history; a card sequence s that the draws make
 * with probability proportional to prod_i 1/k_i(s), relabelled, therefore makes every history equally likely (k_i
 * depends only on which face is where, so it is the same for every sequence relabelled onto one history).
 *
 * <p>Only the last play of a face out of a place is relabelled (and weighted): an earlier one is checked by the
 * replay as before (a draw that played another copy there than the rules would is rejected). Relabelling at the last
 * play i of f swaps two copies' futures after i, where no play of f out of x is left to be checked, so the histories
 * are still reached from prod_i k_i draws each; and q_i no longer counts a token that plays f again later, whose
 * presence at i depends on which token the walk took for that play (with it, the greedy walk's constant was not a
 * bound: draws of games 1 and 4 of the two-deck Crazy Eights harness went above the bound).
 *
 * <p>A place x qualifies when the observer does not see it and, after the first face-up player move out of it, every
 * move out of it is a face-up player move (cards may enter it at any time). Then a token in x at a play i either
 * leaves x later face up (its face is the face seen then) or is still in x at the end (its face is the assignment's).
 * So k_i = q_i + r_i: q_i the tokens in x at i whose face is known to be f_i (those that leave x at or after i with
 * a card of face f_i, i's own token among them, so q_i >= 1, and tokens still there pinned to a card of that face or
 * left only its copies), r_i the other tokens still in x at the end, there since before i, that the assignment
 * gives face f_i. Both are read off the
 * walk ({@link TokenWalk#moveToken}): q_i and, per open token, the move that brought it into x.
 *
 * <p>With at most two copies of a face, a face f played out of x leaves at most one copy that the assignment may put
 * among x's open tokens of unknown face (its other copy is the played card, held by a token that left x then or is
 * back with a known face), so r_i is 0 or 1, and 1 exactly when that copy goes to an open token of x that came in before i. Then
 *
 * <pre>
 *   prod_i 1/(q_i + r_i) = prod_i 1/q_i  x  prod over classes j, faces f: w_j(f, a_jf),
 *   w_j(f, 0) = 1,  w_j(f, 1) = prod over plays i of f out of x_j after class j came in: q_i / (q_i + 1),
 * </pre>
 *
 * a class j being the open tokens of x_j with the same allowed set that came into x_j between the same two plays
 * ({@link #home}). The second factor is a per-(class, face, count) weight that the assignment's dynamic program draws
 * exactly ({@link UniformAssignment}); the first is a constant of the walk ({@link #logConstant}), which the weighted
 * draw's acceptance (choices x weighted bijections x constant / bound) includes, the bound's greedy walk weighing
 * the same way; as before, a draw above the bound declines the sample. An accepted draw has probability
 * (1/choices) x (class weights / weighted bijections) x (choices x weighted bijections x constant / bound)
 * = prod_i 1/k_i / bound, and after relabelling each history has 1 / bound: uniform. A draw whose weighted program
 * would be too large takes a uniform bijection and multiplies its acceptance by the bijection's class weights
 * (Worker#assignOpen): the same probability per draw.
 * With more copies per face (r_i up to 2 and more, summed over several classes) the weight is not a product over
 * classes: then nothing qualifies and the replay rejects copy mismatches, as before.
 */
final class MixedFaceWeights {
  private final int cards;
  private final int[] faces;
  /** Places that qualify (see the class comment) for the current skeleton and steps. */
  long places;
  /** Per skeleton move: relabel it (the observer's seen plays as {@code relabelSeen} and the qualifying plays). */
  boolean[] relabel = new boolean[0];
  /** The qualifying plays (skeleton move indices, ascending) and, per draw, their q. */
  private int[] plays = new int[0];
  private int playCount;
  private int[] q = new int[0];
  /** Per token, the index of the move that brought it to where it is (-1: it started there). */
  private final int[] arrive;
  private final int copyCap;
  /** Per draw: the weights per home code, built on demand. */
  private double[][] weightsOf = new double[0][];
  private int[] homeOfWeights = new int[0];
  private int weightsBuilt;
  private Skeleton sk;
  private int moves;
  /** For tests: the weight of a class ignores whether its tokens came in before or after a play. */
  boolean brokenArrivals;

  MixedFaceWeights(int cards, int[] faces, int copyCap) {
    this.cards = cards;
    this.faces = faces;
    this.copyCap = copyCap;
    this.arrive = new int[cards];
  }

  /** The qualifying places and plays of the first {@code steps} steps; {@code seen[x]}: the observer sees x. */
  void prepare(Skeleton sk, int steps, long seenPlaces, boolean[] relabelSeen) {
    this.sk = sk;
    this.moves = sk.stepStart[steps];
    places = 0;
    playCount = 0;
    if (relabel.length < moves) {
      relabel = new boolean[Math.max(moves, 64)];
    }
    System.arraycopy(relabelSeen, 0, relabel, 0, Math.min(relabelSeen.length, relabel.length));
    if (copyCap > 2) {
      return;
    }
    long played = 0;
    long broken = 0;
    for (int t = 0; t < steps; t++) {
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        int x = sk.from[i];
        if (x >= 64 || x == sk.to[i] || (seenPlaces >>> x & 1) != 0) {
          continue;
        }
        boolean play = sk.card[i] >= 0 && !sk.chance[t];
        if ((played >>> x & 1) != 0 && !play) {
          broken |= 1L << x;
        }
        if (play) {
          played |= 1L << x;
        }
      }
    }
    places = played & ~broken;
    if (plays.length < moves) {
      plays = new int[Math.max(moves, 64)];
      q = new int[plays.length];
    }
    for (int t = 0; t < steps; t++) {
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        int x = sk.from[i];
        int c = sk.card[i];
        if (x >= 64 || (places >>> x & 1) == 0 || x == sk.to[i] || c < 0 || sk.chance[t]) {
          continue;
        }
        if ((c + 1 < cards && faces[c + 1] == faces[c] || c > 0 && faces[c - 1] == faces[c])
            && !playedAgain(sk, i, x, faces[c])) {
          plays[playCount++] = i;
          relabel[i] = true;
        }
      }
    }
    if (playCount == 0) {
      places = 0;
    }
  }

  /**
   * Whether face f is played out of x again after move i (then i is not a qualifying play: its q would depend on
   * which token the walk took for the later play, so the draws' weights would not share one bound).
   */
  private boolean playedAgain(Skeleton sk, int i, int x, int f) {
    for (int j = i + 1; j < moves; j++) {
      if (sk.from[j] == x && sk.to[j] != x && sk.card[j] >= 0 && faces[sk.card[j]] == f) {
        return true;
      }
    }
    return false;
  }

  /** Per draw: q of every qualifying play and the move each token came in with, from the walk; then the constant. */
  void drawn(TokenWalk walk) {
    Arrays.fill(arrive, -1);
    Arrays.fill(q, 0, playCount, 0);
    weightsBuilt = 0;
    for (int j = 0; j < moves; j++) {
      int tok = walk.moveToken[j];
      if (tok < 0) {
        continue;
      }
      int x = sk.from[j];
      if (x < 64 && (places >>> x & 1) != 0 && sk.card[j] >= 0 && x != sk.to[j]) {
        int f = faces[sk.card[j]];
        countKnown(x, f, arrive[tok], j);
      }
      if (x != sk.to[j]) {
        arrive[tok] = j;
      }
    }
    for (int tok = 0; tok < cards; tok++) {
      int x = walk.pos[tok];
      if (x < 64 && (places >>> x & 1) != 0 && walk.pinnedCard[tok] >= 0) {
        countKnown(x, faces[walk.pinnedCard[tok]], arrive[tok], moves - 1);
      }
    }
  }

  /**
   * An open token still in a qualifying place whose cards left are copies of one face f (seen face up before, say):
   * its face is known, so it counts in q like a pinned one and is in no weighted class ({@link #home} is not asked).
   */
  void knownFace(TokenWalk walk, int tok, int f) {
    countKnown(walk.pos[tok], f, arrive[tok], moves - 1);
  }

  /** A token of face f in x from after move {@code from} to move {@code to} (inclusive) counts at the plays there. */
  private void countKnown(int x, int f, int from, int to) {
    for (int p = 0; p < playCount; p++) {
      int i = plays[p];
      if (i > to) {
        break;
      }
      if (i > from && sk.from[i] == x && faces[sk.card[i]] == f) {
        q[p]++;
      }
    }
  }

  /** log prod_i 1/q_i of the last {@link #drawn} (and its {@link #knownFace} calls). */
  double logConstant() {
    double c = 0;
    for (int p = 0; p < playCount; p++) {
      c -= Math.log(q[p]);
    }
    return c;
  }

  /**
   * The home code of an open token (&ge; 64: its place and the number of qualifying plays out of it before it came
   * in), or -1 when it is not in a qualifying place.
   */
  int home(TokenWalk walk, int tok) {
    int x = walk.pos[tok];
    if (x >= 64 || (places >>> x & 1) == 0) {
      return -1;
    }
    int before = 0;
    if (!brokenArrivals) {
      while (before < playCount && plays[before] <= arrive[tok]) {
        before++;
      }
    }
    return 64 + before * 64 + x;
  }

  /** The weights (index f * (copyCap + 1) + a) of a class of home code {@code home}. */
  double[] weights(int home) {
    for (int b = 0; b < weightsBuilt; b++) {
      if (homeOfWeights[b] == home) {
        return weightsOf[b];
      }
    }
    if (weightsBuilt == weightsOf.length) {
      weightsOf = Arrays.copyOf(weightsOf, Math.max(8, weightsBuilt * 2));
      homeOfWeights = Arrays.copyOf(homeOfWeights, weightsOf.length);
    }
    // A new array each time: the assignment keeps the arrays it was prepared with to compare the next ones.
    double[] w = new double[cards * (copyCap + 1)];
    weightsOf[weightsBuilt] = w;
    Arrays.fill(w, 1.0);
    int x = (home - 64) % 64;
    int before = (home - 64) / 64;
    for (int p = before; p < playCount; p++) {
      int i = plays[p];
      if (sk.from[i] != x) {
        continue;
      }
      int f = faces[sk.card[i]];
      for (int a = 1; a <= copyCap; a++) {
        w[f * (copyCap + 1) + a] *= (double) q[p] / (q[p] + a);
      }
    }
    homeOfWeights[weightsBuilt++] = home;
    return w;
  }
}
