package veil.games;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The known names closest to a mistyped one, for "did you mean" hints: small edit distance (typos), or one name
 * containing the other or a typo of its start ("monty" and "mnoty" find "monty-hall-3").
 */
public final class NearestNames {
  private NearestNames() {}

  /** Up to {@code max} names of {@code known} close to {@code wanted}, closest first; empty when none is close. */
  public static List<String> nearest(String wanted, Collection<String> known, int max) {
    String w = wanted.toLowerCase(Locale.ROOT);
    record Scored(String name, int score) {}
    List<Scored> close = new ArrayList<>();
    for (String name : known) {
      String n = name.toLowerCase(Locale.ROOT);
      int d = distance(w, n);
      // A third of the length in edits still reads as a typo; containment is a partial name.
      boolean typo = d <= Math.max(2, Math.min(w.length(), n.length()) / 3);
      boolean partial = w.length() >= 3 && (n.contains(w) || w.contains(n) || typoOfPrefix(w, n));
      if (typo || partial) {
        close.add(new Scored(name, typo ? d : d + 100));
      }
    }
    close.sort(Comparator.comparingInt(Scored::score).thenComparing(Scored::name));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < close.size() && i < max; i++) {
      out.add(close.get(i).name());
    }
    return out;
  }

  /** Whether {@code w} is a typo of the start of {@code n} ("countr" of "counter-long"). */
  private static boolean typoOfPrefix(String w, String n) {
    int allowed = Math.max(1, w.length() / 4);
    for (int len = w.length() - 1; len <= w.length() + 1; len++) {
      if (len > 0 && len < n.length() && distance(w, n.substring(0, len)) <= allowed) {
        return true;
      }
    }
    return false;
  }

  /** Levenshtein distance with adjacent transpositions counted as one edit. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          best = Math.min(best, d[i - 2][j - 2] + 1);
        }
        d[i][j] = best;
      }
    }
    return d[a.length()][b.length()];
  }
}
