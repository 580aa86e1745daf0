package veil.dsl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** "Did you mean" suggestions for an unknown name. */
public final class Names {
  private Names() {}

  /**
   * At most {@code max} names from {@code known} close to {@code name}, ignoring case: within an edit distance of
   * max(2, length/3) (Levenshtein), or equal but for case, or one a prefix of the other. Nearest first; equally near
   * names alphabetically. The name itself (exactly as written) is never suggested.
   */
  public static List<String> nearest(String name, Collection<String> known, int max) {
    if (max <= 0 || name == null) {
      return List.of();
    }
    String lower = name.toLowerCase(Locale.ROOT);
    int threshold = Math.max(2, name.length() / 3);
    List<Candidate> found = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String k : known) {
      if (k == null || k.equals(name) || !seen.add(k)) {
        continue;
      }
      String kl = k.toLowerCase(Locale.ROOT);
      boolean prefix = !lower.isEmpty() && !kl.isEmpty() && (kl.startsWith(lower) || lower.startsWith(kl));
      int lengthGap = Math.abs(kl.length() - lower.length());
      if (prefix) {
        found.add(new Candidate(k, lengthGap)); // a prefix is exactly its length gap away
      } else if (lengthGap <= threshold) {
        int d = distance(lower, kl, threshold);
        if (d <= threshold) {
          found.add(new Candidate(k, d));
        }
      }
    }
    found.sort(Comparator.comparingInt(Candidate::distance)
        .thenComparing(Candidate::name, String.CASE_INSENSITIVE_ORDER)
        .thenComparing(Candidate::name));
    List<String> out = new ArrayList<>();
    for (int k = 0; k < found.size() && k < max; k++) {
      out.add(found.get(k).name());
    }
    return out;
  }

  private record Candidate(String name, int distance) {}

  /** Levenshtein distance, or some value above {@code bound} as soon as it is sure to exceed it. */
  static int distance(String a, String b, int bound) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      int rowMin = current[0];
      char ca = a.charAt(i - 1);
      for (int j = 1; j <= b.length(); j++) {
        int cost = ca == b.charAt(j - 1) ? 0 : 1;
        current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
        rowMin = Math.min(rowMin, current[j]);
      }
      if (rowMin > bound) {
        return bound + 1;
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }
}
