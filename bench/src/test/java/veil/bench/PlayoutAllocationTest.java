package veil.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import java.util.stream.Stream;
import veil.games.GameRegistry;
import veil.model.Game;

/**
 * The playout path allocates nothing, on every bundled ludeme game and every way of playing (rollout, step protocol,
 * with percepts). Allocation is counted by the JVM per thread (no timing involved); the count is taken after a
 * warm-up long enough for the JIT to compile the path, as a search's rollouts run it. A closure that builds a
 * message string on each call (found this way once) makes it fail.
 */
class PlayoutAllocationTest {
  private static final int WARM_UP = 20_000;
  private static final int MEASURED = 2_000;

  @TestFactory
  Stream<DynamicTest> everyBundledLudemeGameAllocatesNothingPerPlayout() {
    GameRegistry registry = GameRegistry.standard();
    return registry.bundled().stream().filter(b -> b.extension().equals("lud")).flatMap(b ->
        Stream.of(RandomPlayout.Way.values()).map(way -> DynamicTest.dynamicTest(b.name() + " " + way, () -> {
          Game game = registry.load(b.name(), java.util.Map.of());
          long perGame = bytesPerPlayout(new RandomPlayout(game, 7, way), WARM_UP);
          assertThat(perGame).as("bytes allocated per %s playout of %s (%d bytes in %d playouts)", way, b.name(),
              perGame * MEASURED, MEASURED).isZero();
        })));
  }

  /** The benchmark's own deck-52 and deck-104 (two decks: card sets of two words, identical copies). */
  @TestFactory
  Stream<DynamicTest> theDeckSizeGamesAllocateNothingPerPlayout() {
    return BenchGames.OWN.stream().flatMap(name -> Stream.of(RandomPlayout.Way.values()).map(way ->
        DynamicTest.dynamicTest(name + " " + way, () -> {
          long perGame = bytesPerPlayout(new RandomPlayout(BenchGames.lud(name), 7, way), WARM_UP / 2);
          assertThat(perGame).as("bytes allocated per %s playout of %s", way, name).isZero();
        })));
  }

  /**
   * The test games that count subsets (the games module's test resources): Fifteens and Claim Fifteen (fifteens of
   * hands, with most:) and Subset Sums (captures by sums, with:).
   */
  @TestFactory
  Stream<DynamicTest> theSubsetSumGamesAllocateNothingPerPlayout() {
    java.nio.file.Path dir = java.nio.file.Path.of("../games/src/test/resources/veil");
    return Stream.of("testgames/fifteens.lud", "testgames/claim-fifteen.lud", "testgames/subset-sums.lud")
        .flatMap(file -> Stream.of(RandomPlayout.Way.values()).map(way ->
            DynamicTest.dynamicTest(file + " " + way, () -> {
              Game game = new veil.cards.LudLoader().load(file, java.nio.file.Files.readString(dir.resolve(file)),
                  java.util.Map.of());
              long perGame = bytesPerPlayout(new RandomPlayout(game, 7, way), WARM_UP);
              assertThat(perGame).as("bytes allocated per %s playout of %s", way, file).isZero();
            })));
  }

  /** Bytes this thread allocates per playout, measured after {@code warmUp} playouts (the JIT's warm-up). */
  private static long bytesPerPlayout(RandomPlayout playout, int warmUp) {
    for (int i = 0; i < warmUp; i++) {
      playout.play();
    }
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long before = mx.getThreadAllocatedBytes(id);
    for (int i = 0; i < MEASURED; i++) {
      playout.play();
    }
    return (mx.getThreadAllocatedBytes(id) - before) / MEASURED;
  }
}
