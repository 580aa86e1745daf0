package veil.gdl.check;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** Did-you-mean: the known names closest to an unknown one by edit distance. */
final class Suggest {
  private Suggest() {}

  static List<String> nearest(String name, Collection<String> known, int max) {
    int limit = Math.max(1, name.length() / 3);
    List<String> out = new ArrayList<>();
    for (String k : known) {
      if (!k.equals(name) && distance(name, k) <= limit) {
        out.add(k);
      }
    }
    out.sort(Comparator.comparingInt((String k) -> distance(name, k)).thenComparing(k -> k));
    return out.size() > max ? out.subList(0, max) : out;
  }

  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
