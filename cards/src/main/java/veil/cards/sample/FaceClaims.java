package veil.cards.sample;

/**
 * With identical copies: a face whose every copy is claimed is taken out of the other tokens' allowed sets.
 *
 * <p>A face-up move of a card with copies narrows its token to the copies of its face rather than pinning it to one
 * copy ({@link TokenWalk}), so the copies never become known the way a pinned card does. Without this, once both
 * copies of a face have been seen (say played to the discard pile), every other unknown token still allows them:
 * tokens that are in fact alike keep different allowed sets (mixed choices, weighted draws whose acceptance falls
 * with every such face), and the walk picks tokens that no bijection can complete. Counting the claims restores what
 * a pin gives a single deck: when as many tokens can only be copies of a face (pinned to one, or allowed nothing but
 * its copies) as the face has copies, no other token can be one, in any bijection; removing them from the others'
 * allowed sets changes no consistent draw, only the tokens the walk considers. More such tokens than copies is a
 * contradiction.
 */
final class FaceClaims {
  private FaceClaims() {}

  /**
   * Claims the copies of face f (copies: per card its face's copies, {@code words} longs from {@code f * words}).
   * False when more tokens than copies can only be the face, or a token is left without a card it may be.
   */
  static boolean claim(int f, int cards, int words, long[] copies, int[] face, long[] allowed, int[] pinnedCard,
      long[] known, long[] modified) {
    int at = f * words;
    int k = CardSets.count(copies, at, words);
    int claimed = 0;
    for (int t = 0; t < cards; t++) {
      if (pinnedCard[t] >= 0 ? face[pinnedCard[t]] == f : only(allowed, t * words, copies, at, words)) {
        claimed++;
      }
    }
    if (claimed > k) {
      return false;
    }
    if (claimed < k) {
      return true;
    }
    for (int t = 0; t < cards; t++) {
      int ta = t * words;
      if (pinnedCard[t] >= 0 || only(allowed, ta, copies, at, words)
          || !CardSets.intersects(allowed, ta, copies, at, words)) {
        continue;
      }
      boolean left = false;
      for (int w = 0; w < words; w++) {
        long a = allowed[ta + w] & ~copies[at + w];
        allowed[ta + w] = a;
        left |= (a & ~known[w]) != 0;
      }
      CardSets.add(modified, 0, t);
      if (!left) {
        return false;
      }
    }
    return true;
  }

  /** Whether the set at {@code a} is not empty and holds only cards of the set at {@code b}. */
  private static boolean only(long[] sets, int a, long[] of, int b, int words) {
    boolean any = false;
    for (int w = 0; w < words; w++) {
      if ((sets[a + w] & ~of[b + w]) != 0) {
        return false;
      }
      any |= sets[a + w] != 0;
    }
    return any;
  }
}
