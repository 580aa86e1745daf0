package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The counted assignment of SOME facts ({@link FactAssignment}) against brute force: its count is the number of
 * card-to-class maps that fill every class, respect every class's allowed cards and meet every constraint, and its
 * draws are uniform over them. Problems are random, and in Go Fish's shape: per hand, tokens in arrival order (one
 * class each, so that placing ranks merges them), a "lacks r" forbidding r on a prefix of them, single fished tokens
 * excluding one rank, "holds r" constraints on a window after the last lack, and a stock allowing everything.
 */
class FactAssignmentTest {
  /** A problem: classes (allowed cards, tokens), constraints (cards, classes), over cards 0..n-1. */
  private record Problem(int n, long[] keys, int[] caps, long[] consCards, long[] consClasses) {}

  private static Problem random(SplittableRandom rng) {
    int n = 5 + rng.nextInt(5);
    int k = 2 + rng.nextInt(4);
    int[] caps = new int[k];
    for (int i = 0; i < n; i++) {
      caps[i < k ? i : rng.nextInt(k)]++;
    }
    long all = (1L << n) - 1;
    long[] keys = new long[k];
    for (int j = 0; j < k; j++) {
      keys[j] = (rng.nextLong() | rng.nextLong()) & all;
    }
    int cons = rng.nextInt(4);
    long[] cards = new long[cons];
    long[] classes = new long[cons];
    for (int i = 0; i < cons; i++) {
      int from = rng.nextInt(n);
      int len = 1 + rng.nextInt(3);
      for (int c = from; c < Math.min(n, from + len); c++) {
        cards[i] |= 1L << c;
      }
      classes[i] = rng.nextLong() & ((1L << k) - 1);
      if (classes[i] == 0) {
        classes[i] = 1;
      }
    }
    return new Problem(n, keys, caps, cards, classes);
  }

  /** Go Fish's shape: ranks of two or three cards, two hands of single-token classes, a stock of the rest. */
  private static Problem goFish(SplittableRandom rng) {
    int ranks = 3 + rng.nextInt(2);
    int[] rankOf = new int[16];
    int n = 0;
    for (int r = 0; r < ranks; r++) {
      int size = 2 + rng.nextInt(2);
      for (int i = 0; i < size; i++) {
        rankOf[n++] = r;
      }
    }
    int hands = 2;
    int[] handSize = new int[hands];
    int tokens = 0;
    for (int h = 0; h < hands; h++) {
      handSize[h] = 2 + rng.nextInt(3);
      tokens += handSize[h];
    }
    int stock = n - tokens;
    if (stock < 1) {
      return null;
    }
    int k = tokens + 1;
    long[] keys = new long[k];
    int[] caps = new int[k];
    long[] consCards = new long[hands * ranks];
    long[] consClasses = new long[hands * ranks];
    int cons = 0;
    int first = 0;
    for (int h = 0; h < hands; h++) {
      int[] lack = new int[ranks];
      for (int r = 0; r < ranks; r++) {
        lack[r] = rng.nextInt(3) == 0 ? rng.nextInt(handSize[h] + 1) : 0;
      }
      for (int p = 0; p < handSize[h]; p++) {
        int j = first + p;
        caps[j] = 1;
        int single = rng.nextInt(4) == 0 ? rng.nextInt(ranks) : -1;
        for (int c = 0; c < n; c++) {
          int r = rankOf[c];
          if (p >= lack[r] && r != single) {
            keys[j] |= 1L << c;
          }
        }
      }
      for (int r = 0; r < ranks; r++) {
        if (lack[r] < handSize[h] && rng.nextInt(3) == 0) {
          int end = lack[r] + 1 + rng.nextInt(handSize[h] - lack[r]);
          for (int c = 0; c < n; c++) {
            if (rankOf[c] == r) {
              consCards[cons] |= 1L << c;
            }
          }
          for (int p = lack[r]; p < end; p++) {
            consClasses[cons] |= 1L << (first + p);
          }
          cons++;
        }
      }
      first += handSize[h];
    }
    keys[k - 1] = (1L << n) - 1;
    caps[k - 1] = stock;
    return new Problem(n, keys, caps, java.util.Arrays.copyOf(consCards, cons),
        java.util.Arrays.copyOf(consClasses, cons));
  }

  /** Every valid map (card -> class, as a base-k number) by brute force. */
  private static Map<Long, Integer> validMaps(Problem pb) {
    Map<Long, Integer> out = new HashMap<>();
    fill(pb, 0, new int[pb.caps.length], new int[pb.n], out);
    return out;
  }

  private static void fill(Problem pb, int card, int[] used, int[] classOf, Map<Long, Integer> out) {
    int k = pb.caps.length;
    if (card == pb.n) {
      for (int i = 0; i < pb.consCards.length; i++) {
        boolean met = false;
        for (int c = 0; c < pb.n; c++) {
          met |= (pb.consCards[i] >>> c & 1) != 0 && (pb.consClasses[i] >>> classOf[c] & 1) != 0;
        }
        if (!met) {
          return;
        }
      }
      out.put(code(classOf, pb.n, k), 0);
      return;
    }
    for (int j = 0; j < k; j++) {
      if ((pb.keys[j] >>> card & 1) != 0 && used[j] < pb.caps[j]) {
        used[j]++;
        classOf[card] = j;
        fill(pb, card + 1, used, classOf, out);
        used[j]--;
      }
    }
  }

  private static long code(int[] classOf, int n, int k) {
    long code = 0;
    for (int c = n - 1; c >= 0; c--) {
      code = code * k + classOf[c];
    }
    return code;
  }

  private static FactAssignment prepared(Problem pb, Consumer<SamplerOptions> set, int[] result) {
    SamplerOptions options = new SamplerOptions();
    set.accept(options);
    FactAssignment a = new FactAssignment(new CardSampler.Stats(), options);
    result[0] = a.prepare(pb.keys, pb.caps, pb.caps.length, new long[] {(1L << pb.n) - 1}, 1, pb.consCards,
        pb.consClasses, pb.consCards.length);
    return a;
  }

  /** Compares counts on random and Go Fish shaped problems; returns how many counts differ from brute force. */
  private static int wrongCounts(Consumer<SamplerOptions> set, int[] checked) {
    SplittableRandom rng = new SplittableRandom(2026);
    int wrong = 0;
    for (int trial = 0; trial < 600; trial++) {
      Problem pb = trial % 2 == 0 ? random(rng) : goFish(rng);
      if (pb == null) {
        continue;
      }
      Map<Long, Integer> valid = validMaps(pb);
      int[] result = new int[1];
      FactAssignment a = prepared(pb, set, result);
      assertThat(result[0]).isNotEqualTo(FactAssignment.NOT_APPLICABLE);
      // count() is the bijections over prod capacity!: the card-to-class maps.
      double counted = result[0] == FactAssignment.OK ? a.count() : 0;
      if (Math.abs(counted - valid.size()) > 1e-9 * Math.max(1, valid.size())) {
        wrong++;
      }
      checked[0] += valid.isEmpty() ? 0 : 1;
    }
    return wrong;
  }

  @Test
  void countsAreTheValidMaps() {
    int[] checked = new int[1];
    assertThat(wrongCounts(options -> {}, checked)).isZero();
    assertThat(checked[0]).as("problems with at least one valid map").isGreaterThan(300);
  }

  @Test
  void countsInCardOrderAreTheValidMapsToo() {
    int[] checked = new int[1];
    assertThat(wrongCounts(options -> options.lastFirstFree = false, checked)).isZero();
  }

  @Test
  void withTheWrongMultinomialTheCountsDiffer() {
    assertThat(wrongCounts(options -> options.brokenMultinomial = true, new int[1])).isGreaterThan(50);
  }

  @Test
  void drawsAreUniformOverTheValidMaps() {
    SplittableRandom rng = new SplittableRandom(11);
    int tested = 0;
    for (int trial = 0; trial < 2000 && tested < 10; trial++) {
      Problem pb = trial % 2 == 0 ? random(rng) : goFish(rng);
      if (pb == null || pb.consCards.length == 0) {
        continue;
      }
      Map<Long, Integer> valid = validMaps(pb);
      if (valid.size() < 6 || valid.size() > 120) {
        continue;
      }
      tested++;
      int[] result = new int[1];
      FactAssignment a = prepared(pb, options -> {}, result);
      assertThat(result[0]).isEqualTo(FactAssignment.OK);
      int n = 200 * valid.size();
      int[] classOfCard = new int[64];
      for (int i = 0; i < n; i++) {
        assertThat(a.sample(rng, classOfCard)).isTrue();
        long code = code(classOfCard, pb.n, pb.caps.length);
        assertThat(valid).containsKey(code);
        valid.merge(code, 1, Integer::sum);
      }
      double expected = (double) n / valid.size();
      double chi = 0;
      for (int count : valid.values()) {
        chi += (count - expected) * (count - expected) / expected;
      }
      int df = valid.size() - 1;
      System.out.printf("fact assignment: %d maps, %d constraints, chi-square %.1f (critical %.1f)%n", valid.size(),
          pb.consCards.length, chi, Posterior.critical(df));
      assertThat(chi).isLessThan(Posterior.critical(df));
    }
    assertThat(tested).isEqualTo(10);
  }
}
