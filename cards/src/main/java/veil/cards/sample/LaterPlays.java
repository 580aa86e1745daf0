package veil.cards.sample;

import java.util.Arrays;

/**
 * Which candidates of a mixed choice of the walk ({@link TokenWalk}: a face-up card out of place x that tokens of
 * different allowed sets could be) leave the later moves out of x a token each. A hand holding cards dealt before a
 * void and cards drawn after it plays a face both kinds may be; if the walk spends the one token drawn after the void
 * on it, a later play of a face the void rules out for the older tokens has no token left, and the whole draw is
 * lost. Keeping only the candidates that pass the test below loses nothing and saves those draws.
 *
 * <p>The test (necessary for the walk and the assignment to complete), in two parts on the same "supplies": the
 * tokens in x now but the candidate (it leaves now), and every later move of a token into x (an arrival).
 * (1) The moves out of x after this one, up to the end of the walk (the "requirements", each a face or, hidden,
 * any), matched one to one to supplies that may make them. In any completion each later move out of x takes a token
 * that is in x then; follow it back to the last time it came into x: before now (a token in x now, not the
 * candidate) or a later arrival before the move; two moves out of x never share a (token, last arrival) pair, as a
 * token stays in x from its arrival to its next departure. So a completion gives such a matching. (2) Every supply
 * matched to a requirement or to a face it holds at the end, a face f taking at most its copies less the tokens of
 * f in places the observer sees at the end (counted from the skeleton: each is a distinct token narrowed to f, so
 * none of those copies is x's). In a completion each supply leaves by its next departure from x or stays to the end
 * with its own card, so a completion gives this matching too; by the Mendelsohn-Dulmage theorem a matching saturating
 * the supplies and one saturating the requirements make one saturating both, so (1) and (2) are checked apart.
 *
 * <p>The edges are necessary conditions too. A token in x now may make a face-up move of face g (or hold g at the
 * end) only if it may be g now: pinned to a copy of g's face, or not pinned and allowed a copy of g not known (a card
 * without copies known elsewhere excluded); what the walk learns later (voids, pins, facts) only narrows a token's
 * allowed cards. A void on x at a later step ruling out every copy of g applies to every token in x at its start: a
 * requirement of g after it (or g at the end, the void after the walk's last step included) is then open only to
 * arrivals at or after that void's step. An arrival may otherwise be any card. The one step of the walk that widens
 * allowed sets is {@code forgetPins}, at a hidden move out of x: every requirement after a hidden move out of x
 * takes any token, and (2) is not checked. A candidate without both matchings has no completion.
 *
 * <p>Exactness: the target weighs every (walk, bijection) pair that completes alike. The walk draws each choice
 * uniformly among the n candidates kept, so a completed draw has probability 1 / (product of the n kept x
 * bijections), and {@code Worker.draw} accepts it in proportion to that product: every completed pair is then
 * equally likely, as before. A candidate left out has no completion, so no pair of positive target weight is lost,
 * and the n kept (not the n before) must be the weight: a choice's probability is 1 / n kept. The rule depends only on
 * the walk so far, so a path's probability is a product of such factors. The bound's walk ({@code Worker.bound}, the
 * greedy walk taking the narrowest candidate, and {@link DesignationBound}'s draws) runs the same walk, so the same
 * restriction: its weight is measured on the same scale as the draws'.
 */
final class LaterPlays {
  private final TokenWalk walk;
  /** Per requirement: its face (-1: any) and its move. */
  private int[] reqFace = new int[16];
  private int[] reqMove = new int[16];
  /**
   * Per requirement: the step of the last void on x after now and at or before its step that rules its face out
   * (every copy of it), else -1: the token that makes it must have come into x at or after that step.
   */
  private int[] reqSince = new int[16];
  /** The steps after now with a void on x. */
  private int[] voidStep = new int[16];
  private int voids;
  /** Supplies: the tokens in x now (then {@code held} of them), then the later arrivals' moves and steps. */
  private int[] supToken = new int[16];
  private int[] arrivalMove = new int[16];
  private int[] arrivalStep = new int[16];
  private int held;
  private int arrivals;
  private int reqs;
  /** The matching: per supply, its requirement (-1: free). */
  private int[] reqOf = new int[32];
  private boolean[] seen = new boolean[32];
  private int excluded = -1;

  LaterPlays(TokenWalk walk) {
    this.walk = walk;
  }

  /**
   * Keeps, among the first n of {@code candidates} (tokens in place x that may make skeleton move {@code move}),
   * those that leave the moves out of x in [move + 1, end) a matching (see the class comment); returns how many, in
   * order at the front of the array.
   */
  int keep(Skeleton sk, int step, int move, int endStep, int x, int[] candidates, int n) {
    reqs = 0;
    arrivals = 0;
    voids = 0;
    boolean any = false;
    for (int t = step; t < endStep; t++) {
      if (t > step && sk.voidPlace(t) == x) {
        if (voids == voidStep.length) {
          voidStep = Arrays.copyOf(voidStep, voids * 2);
        }
        voidStep[voids++] = t;
      }
      for (int j = Math.max(move + 1, sk.stepStart[t]); j < sk.stepStart[t + 1]; j++) {
        int from = sk.from[j];
        int to = sk.to[j];
        if (from == x && to != x) {
          if (reqs == reqFace.length) {
            reqFace = Arrays.copyOf(reqFace, reqs * 2);
            reqMove = Arrays.copyOf(reqMove, reqs * 2);
            reqSince = Arrays.copyOf(reqSince, reqs * 2);
          }
          int c = sk.card[j];
          reqFace[reqs] = any ? -1 : c;
          reqMove[reqs] = j;
          // The last void on x up to this step that rules the face out: a token in x since before it cannot be it.
          int since = -1;
          for (int v = voids - 1; v >= 0 && since < 0 && c >= 0 && !any; v--) {
            if (walk.voidRulesOut(sk.voidMask, voidStep[v] * sk.words, c)) {
              since = voidStep[v];
            }
          }
          reqSince[reqs++] = since;
          any |= c < 0; // a hidden move out of x may forget its pins: any token from then on
        } else if (to == x && from != x) {
          if (arrivals == arrivalMove.length) {
            arrivalMove = Arrays.copyOf(arrivalMove, arrivals * 2);
            arrivalStep = Arrays.copyOf(arrivalStep, arrivals * 2);
          }
          arrivalStep[arrivals] = t;
          arrivalMove[arrivals++] = j;
        }
      }
    }
    held = 0;
    walk.tokensIn(x, this);
    int supplies = held + arrivals;
    if (reqOf.length < supplies) {
      reqOf = new int[supplies * 2];
      seen = new boolean[supplies * 2];
    }
    // One maximum matching with every token in x; then, per candidate, whether it can be done without it.
    excluded = -1;
    Arrays.fill(reqOf, 0, supplies, -1);
    for (int q = 0; q < reqs; q++) {
      Arrays.fill(seen, 0, supplies, false);
      if (!augment(q, supplies)) {
        return 0; // even with every token: no candidate has a completion
      }
    }
    // The end: every supply leaves by a later move or holds a card at the end (checked unless x forgets its pins, or
    // is itself a place whose tokens at the end are counted as seen).
    int deficit = any || walk.seesAtEnd(x) ? 0 : endMatching(sk, step, endStep, x, supplies);
    if (deficit > 1) {
      return 0; // leaving one token out cannot seat the others
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (feasibleWithout(candidates[i], supplies) && (deficit == 0 || endSpare(candidates[i]))) {
        candidates[kept++] = candidates[i];
      }
    }
    if (kept < n) {
      walk.stats.restricted.increment();
      walk.stats.leftOut.add(n - kept);
    }
    return kept;
  }

  // ---- the end: supplies matched to later moves out of x or to a card of a face left for x at the end.

  /** Per face (indexed by its first copy), how many tokens of it are in places the observer sees at the end. */
  private int[] seenAtEnd;
  private Skeleton endSkeleton;
  private int endVersion = -1;
  private int endSteps = -1;
  /** The faces some copies of which may be in x at the end: the face, its copies left, the last void ruling it out. */
  private int[] endFace = new int[16];
  private int[] endCap = new int[16];
  private int[] endSince = new int[16];
  private int faces;
  /** Per supply: its demand in the end matching (-1: none; q < reqs: requirement q; else face reqs + k). */
  private int[] demandOf = new int[32];
  /** Per requirement: its supply; per face: how many supplies it holds. */
  private int[] holderOf = new int[16];
  private int[] load = new int[16];
  private boolean[] visited = new boolean[32];
  /** Per held token and face: whether it may be that face at the end ({@code faces} per token). */
  private boolean[] heldFace = new boolean[64];
  /** Supplies an unmatched one reaches by alternating paths (those that may be left out). */
  private boolean[] spare = new boolean[32];
  private int[] queue = new int[32];

  /**
   * The end matching: every supply (a token in x now or a later arrival) to a distinct requirement (a later move out
   * of x it may make) or to a face it may be at the end, a face f taking at most its copies less those in places the
   * observer sees at the end (distinct tokens, each that face). Necessary: in a completion each supply either
   * leaves x (its next departure) or stays to the end with a card; the cards of x at the end are distinct and none of
   * them is a token in a seen place. A token held now may be f at the end only if it may be f now and no void on x
   * after now (up to the void at the end of the walk) rules f out; an arrival only if no void after its step does.
   * By the Mendelsohn-Dulmage theorem, a matching saturating the supplies and one saturating the requirements make
   * one saturating both. Returns how many supplies a maximum matching leaves unmatched (0 when the end is not
   * known: a move in or out of a seen place without its face).
   */
  private int endMatching(Skeleton sk, int step, int endStep, int x, int supplies) {
    if (endSkeleton != sk || endVersion != sk.version || endSteps != endStep) {
      seenAtEnd = walk.facesSeenAtEnd(sk, endStep);
      endSkeleton = sk;
      endVersion = sk.version;
      endSteps = endStep;
    }
    if (seenAtEnd == null) {
      return 0;
    }
    int lastVoids = voids;
    if (sk.voidPlace(endStep) == x) {
      if (voids == voidStep.length) {
        voidStep = Arrays.copyOf(voidStep, voids * 2);
      }
      voidStep[voids++] = endStep; // the void the walk applies after its last step
    }
    faces = 0;
    for (int f = 0; f < seenAtEnd.length; f++) {
      if (!walk.isFace(f)) {
        continue;
      }
      int cap = walk.copyCount(f) - seenAtEnd[f] - (walk.options.brokenEnd ? 1 : 0);
      if (cap <= 0) {
        continue;
      }
      if (faces == endFace.length) {
        endFace = Arrays.copyOf(endFace, faces * 2);
        endCap = Arrays.copyOf(endCap, faces * 2);
        endSince = Arrays.copyOf(endSince, faces * 2);
      }
      int since = -1;
      for (int v = voids - 1; v >= 0 && since < 0; v--) {
        if (walk.voidRulesOut(sk.voidMask, voidStep[v] * sk.words, f)) {
          since = voidStep[v];
        }
      }
      endFace[faces] = f;
      endCap[faces] = Math.min(cap, supplies);
      endSince[faces++] = since;
    }
    voids = lastVoids;
    if (heldFace.length < held * faces) {
      heldFace = new boolean[held * faces * 2];
    }
    for (int s = 0; s < held; s++) {
      for (int k = 0; k < faces; k++) {
        heldFace[s * faces + k] = endSince[k] < 0 && walk.mayPlay(supToken[s], endFace[k]);
      }
    }
    int demands = reqs + faces;
    if (demandOf.length < supplies) {
      demandOf = new int[supplies * 2];
      spare = new boolean[supplies * 2];
      queue = new int[supplies * 2];
    }
    if (holderOf.length < reqs) {
      holderOf = new int[reqs * 2];
    }
    if (load.length < faces) {
      load = new int[faces * 2];
    }
    if (visited.length < demands) {
      visited = new boolean[demands * 2];
    }
    Arrays.fill(demandOf, 0, supplies, -1);
    Arrays.fill(holderOf, 0, reqs, -1);
    Arrays.fill(load, 0, faces, 0);
    int unmatched = 0;
    int free = -1;
    for (int s = 0; s < supplies; s++) {
      Arrays.fill(visited, 0, demands, false);
      if (!seat(s, supplies)) {
        unmatched++;
        free = s;
      }
    }
    if (unmatched == 1) {
      // The supplies that may be left out: the unmatched one and those it reaches by alternating paths.
      Arrays.fill(spare, 0, supplies, false);
      Arrays.fill(visited, 0, demands, false);
      int head = 0;
      int tail = 0;
      spare[free] = true;
      queue[tail++] = free;
      while (head < tail) {
        int s = queue[head++];
        for (int d = 0; d < demands; d++) {
          if (visited[d] || d == demandOf[s] || !endEdge(s, d)) {
            continue;
          }
          visited[d] = true;
          for (int u = 0; u < supplies; u++) {
            if (demandOf[u] == d && !spare[u]) {
              spare[u] = true;
              queue[tail++] = u;
            }
          }
        }
      }
    }
    return unmatched;
  }

  /** Whether held token t may be left out of the end matching (when it leaves one supply unmatched). */
  private boolean endSpare(int t) {
    for (int s = 0; s < held; s++) {
      if (supToken[s] == t) {
        return spare[s];
      }
    }
    return false;
  }

  /** Seats supply s in the end matching, moving others along an augmenting path; false when it cannot. */
  private boolean seat(int s, int supplies) {
    for (int d = 0; d < reqs + faces; d++) {
      if (visited[d] || !endEdge(s, d)) {
        continue;
      }
      visited[d] = true;
      if (d < reqs) {
        if (holderOf[d] < 0 || seat(holderOf[d], supplies)) {
          holderOf[d] = s;
          demandOf[s] = d;
          return true;
        }
      } else if (load[d - reqs] < endCap[d - reqs]) {
        load[d - reqs]++;
        demandOf[s] = d;
        return true;
      } else {
        for (int u = 0; u < supplies; u++) {
          if (u != s && demandOf[u] == d && seat(u, supplies)) {
            // u moved on (its new demand recorded by the inner call); s takes its place here
            demandOf[s] = d;
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether supply s may meet demand d of the end matching. */
  private boolean endEdge(int s, int d) {
    if (d < reqs) {
      return edge(d, s);
    }
    int k = d - reqs;
    return s < held ? heldFace[s * faces + k] : arrivalStep[s - held] >= endSince[k];
  }

  /** Adds a token in x now (called back by {@link TokenWalk#tokensIn}). */
  void holding(int t) {
    if (held == supToken.length) {
      supToken = Arrays.copyOf(supToken, held * 2);
    }
    supToken[held++] = t;
  }

  /** Whether every requirement is matched with the token {@code t} left out: an alternating path frees its own. */
  private boolean feasibleWithout(int t, int supplies) {
    int s = -1;
    for (int k = 0; k < held; k++) {
      if (supToken[k] == t) {
        s = k;
      }
    }
    if (s < 0 || reqOf[s] < 0) {
      return true; // not used by the matching
    }
    // Search (without changing the matching) for another supply for reqOf[s]: an alternating path to a free supply.
    excluded = s;
    Arrays.fill(seen, 0, supplies, false);
    boolean ok = alternate(reqOf[s], supplies);
    excluded = -1;
    return ok;
  }

  private boolean alternate(int q, int supplies) {
    for (int s = 0; s < supplies; s++) {
      if (s != excluded && !seen[s] && edge(q, s)) {
        seen[s] = true;
        if (reqOf[s] < 0 || alternate(reqOf[s], supplies)) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean augment(int q, int supplies) {
    for (int s = 0; s < supplies; s++) {
      if (!seen[s] && edge(q, s)) {
        seen[s] = true;
        if (reqOf[s] < 0 || augment(reqOf[s], supplies)) {
          reqOf[s] = q;
          return true;
        }
      }
    }
    return false;
  }

  /** Whether supply s may serve requirement q. */
  private boolean edge(int q, int s) {
    if (s >= held) {
      return arrivalMove[s - held] < reqMove[q] && arrivalStep[s - held] >= reqSince[q];
    }
    return reqFace[q] < 0 || reqSince[q] < 0 && walk.mayPlay(supToken[s], reqFace[q]);
  }
}
