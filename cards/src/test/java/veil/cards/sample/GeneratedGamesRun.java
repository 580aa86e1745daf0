package veil.cards.sample;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Not a test of the build (its name ends in neither Test nor Tests, so surefire runs it only when named): two
 * harnesses over {@link RandomCardGamesTest}'s generator, for reproducing and measuring its games.
 *
 * <ul>
 *   <li>{@link #replayKnown}: walks the CI property's 500 games (property seed 20261123, the same generator and
 *       tries, hence the same games) and plays only those whose key ({@code seed/text hash}) is in {@code
 *       -Dgen.keys=k1,k2,...} (or every {@link RandomCardGamesTest#KNOWN_FAILURES} key with {@code -Dgen.keys=known}),
 *       printing each game's {@code Spec}, text and outcome instead of failing;
 *   <li>{@link #longRun}: with {@code -Dgen.long=true}, 2,000 games of another property seed (20261125), every game
 *       played and its outcome counted by construct instead of failing at the first, printed at the end ({@link
 *       #longRunSession9}: session 9's seed, 20261124).
 * </ul>
 *
 * <p>{@code mvn -B -ntp -o -q -pl cards -am test -Dtest=GeneratedGamesRun#replayKnown -Dgen.keys=known
 * -Dsurefire.failIfNoSpecifiedTests=false}
 */
class GeneratedGamesRun {
  private static final Map<String, Integer> TOTAL = new ConcurrentHashMap<>();
  private static final Map<String, Integer> FAILED = new ConcurrentHashMap<>();
  private static final Set<String> FAILED_KEYS = ConcurrentHashMap.newKeySet();
  private static final Set<String> SEEN_KEYS = ConcurrentHashMap.newKeySet();
  private static int tries;
  private static int failures;

  @Provide
  Arbitrary<RandomCardGamesTest.Spec> games() {
    return new RandomCardGamesTest().games();
  }

  @Property(tries = 500, seed = "20261123")
  void replayKnown(@ForAll("games") RandomCardGamesTest.Spec spec) {
    String keys = System.getProperty("gen.keys", "");
    if (keys.isEmpty()) {
      return;
    }
    Set<String> wanted = keys.equals("known") ? RandomCardGamesTest.KNOWN_FAILURES.keySet()
        : new HashSet<>(Arrays.asList(keys.split(",")));
    String key = key(spec);
    if (!wanted.contains(key) || !SEEN_KEYS.add(key)) {
      return;
    }
    System.out.printf("=== %s: %s%n%s%n%s", key, spec.constructs(), spec, spec.text());
    long t0 = System.nanoTime();
    String outcome = outcome(spec);
    System.out.printf("=== %s: %s (%.1f s)%n", key, outcome, (System.nanoTime() - t0) / 1e9);
  }

  @Property(tries = 2000, seed = "20261125")
  void longRun(@ForAll("games") RandomCardGamesTest.Spec spec) {
    count(spec);
  }

  /** The long run of session 9 (property seed 20261124): the same 2,000 games, for a comparison game by game. */
  @Property(tries = 2000, seed = "20261124")
  void longRunSession9(@ForAll("games") RandomCardGamesTest.Spec spec) {
    count(spec);
  }

  private static void count(RandomCardGamesTest.Spec spec) {
    if (!Boolean.getBoolean("gen.long")) {
      return;
    }
    String key = key(spec);
    boolean first = SEEN_KEYS.add(key);
    long t0 = System.nanoTime();
    String outcome = outcome(spec);
    boolean failed = !outcome.equals("pass");
    synchronized (GeneratedGamesRun.class) {
      tries++;
      for (String c : spec.constructs().split(", ")) {
        TOTAL.merge(c, 1, Integer::sum);
        if (failed) {
          FAILED.merge(c, 1, Integer::sum);
        }
      }
      if (failed) {
        failures++;
        FAILED_KEYS.add(key);
        System.out.printf("GEN FAIL %s%s (%.1f s): %s%n  %s%n  %s%n  %s%n", key, first ? "" : " (again)",
            (System.nanoTime() - t0) / 1e9, spec.constructs(), spec, outcome.lines().findFirst().orElse(""),
            outcome.lines().filter(l -> l.startsWith("samples=")).findFirst().orElse(""));
      }
    }
  }

  @AfterContainer
  static void summary() {
    if (tries == 0) {
      return;
    }
    System.out.printf("GEN SUMMARY: %d games, %d fail (%d distinct)%n", tries, failures, FAILED_KEYS.size());
    for (Map.Entry<String, Integer> e : new TreeMap<>(TOTAL).entrySet()) {
      System.out.printf("GEN   %-24s %d/%d%n", e.getKey(), FAILED.getOrDefault(e.getKey(), 0), e.getValue());
    }
  }

  static String key(RandomCardGamesTest.Spec spec) {
    return spec.seed() + "/" + Integer.toHexString(spec.text().hashCode());
  }

  /** "pass", or the failure's message (the game is not stopped by it). */
  static String outcome(RandomCardGamesTest.Spec spec) {
    try {
      RandomCardGamesTest.playAndCheck(spec.text(), spec.seed(), spec.deck() <= RandomCardGamesTest.MAX_ENUMERATED_DECK);
      return "pass";
    } catch (AssertionError | RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
