package veil.gdl.reason;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.gdl.KifLoader;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.Percepts;

/**
 * The network's values, updated step by step by forward propagation, equal a fresh evaluation of every rule: along
 * random playouts of every bundled game and of a test game with recursive atoms, with and without the moves on,
 * and after jumping between states with {@code copyFrom} and {@code copy}.
 */
class NetworkPropagationTest {
  private static final Path KIF_DIR = Path.of("..", "games", "src", "main", "resources", "veil", "games", "kif");
  private static final String RECURSIVE = "recursive-reach";

  static Stream<String> games() throws IOException {
    List<String> names = new ArrayList<>();
    for (String line : Files.readAllLines(KIF_DIR.resolve("index.txt"))) {
      if (!line.isBlank()) {
        names.add(line.split("\t")[0]);
      }
    }
    names.add(RECURSIVE);
    return names.stream();
  }

  static GroundedGame load(String name) {
    if (name.equals(RECURSIVE)) {
      return loadTest(name);
    }
    try {
      String text = Files.readString(KIF_DIR.resolve(name + ".kif"));
      return (GroundedGame) new KifLoader().load(name + ".kif", text, Map.of("mode", "strict"));
    } catch (IOException | GameLoadException e) {
      throw new AssertionError(e);
    }
  }

  /** A test game of gdl-bridge's test resources (/veil/gdl/NAME.kif). */
  static GroundedGame loadTest(String name) {
    try (InputStream in = NetworkPropagationTest.class.getResourceAsStream("/veil/gdl/" + name + ".kif")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return (GroundedGame) new KifLoader().load(name + ".kif", text, Map.of("mode", "strict"));
    } catch (IOException | GameLoadException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void theRecursiveTestGameHasRecursiveAtomsInTheNetwork() {
    assertThat(load(RECURSIVE).network().largestGroup).isGreaterThan(1);
  }

  @ParameterizedTest
  @MethodSource("games")
  void updatedValuesEqualAFreshEvaluationAlongRandomPlayouts(String name) {
    GroundedGame g = load(name);
    SplittableRandom rng = new SplittableRandom(name.hashCode());
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    int[] played = new int[g.roleCount()];
    Percepts percepts = new Percepts(g.roleCount());
    KifState initial = g.initialState();
    KifState s = initial.copy();
    // Another state that jumps to states seen before: copyFrom either copies the values or updates its own.
    KifState jumper = initial.copy();
    List<KifState> seen = new ArrayList<>();
    int playouts = name.startsWith("krieg") || name.startsWith("battleships") ? 3 : 10;
    for (int i = 0; i < playouts; i++) {
      s.copyFrom(initial);
      while (!g.isTerminal(s)) {
        assertMatchesFreshEvaluation(g, s);
        for (int r = 0; r < g.roleCount(); r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
          played[r] = g.doesSlot(r, joint[r]);
        }
        // The network apply uses: the state's phase network when the joint move plays its forced moves.
        int k = g.networkOf(s.bits);
        if (k > 0 && !g.phases().playsForced(k - 1, joint)) {
          k = 0;
        }
        NetworkValues withMoves = NetworkValues.initial(g.network(k));
        withMoves.copyFrom(g.values(s, k));
        for (int d : played) {
          withMoves.set(d, true);
        }
        withMoves.settle();
        assertMatchesFreshEvaluation(g.network(k), withMoves, s.bits, played);
        g.apply(s, joint, rng.nextBoolean() ? percepts : null);
        seen.add(s.copy());
        KifState target = seen.get(rng.nextInt(seen.size()));
        jumper.copyFrom(target);
        g.isTerminal(jumper);
        assertMatchesFreshEvaluation(g, jumper);
        if (target.values[g.networkOf(target.bits)] == null) {
          g.isTerminal(target); // so that later jumps to it can copy its values
        }
      }
      assertMatchesFreshEvaluation(g, s);
    }
  }

  /** The playout loop plays exactly what the step protocol plays for the same random numbers. */
  @ParameterizedTest
  @MethodSource("games")
  void playoutPlaysWhatTheStepProtocolPlays(String name) {
    GroundedGame g = load(name);
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    KifState initial = g.initialState();
    for (int i = 0; i < 20; i++) {
      SplittableRandom a = new SplittableRandom(i);
      SplittableRandom b = new SplittableRandom(i);
      KifState fast = initial.copy();
      int steps = g.playout(fast, a, g.stepBound(), joint, ml);
      KifState slow = initial.copy();
      int slowSteps = 0;
      while (slowSteps < g.stepBound() && !g.isTerminal(slow)) {
        assertThat(g.randomJointMove(slow, b, joint, ml)).isEqualTo(-1);
        g.apply(slow, joint, null);
        slowSteps++;
      }
      assertThat(steps).as("steps").isEqualTo(slowSteps);
      assertThat(fast.sameAs(slow)).as("final state").isTrue();
      assertThat(a.nextLong()).as("random numbers used").isEqualTo(b.nextLong());
    }
  }

  /** States carry all mutable values: two threads playing one game get what one thread gets. */
  @Test
  void oneGamePlayedOnTwoThreadsAgreesWithOneThread() throws Exception {
    GroundedGame g = load("blind-tic-tac-toe-gdl");
    long[] sequential = {transcriptHash(g, 1), transcriptHash(g, 2)};
    long[] parallel = new long[2];
    Thread[] threads = new Thread[2];
    for (int i = 0; i < 2; i++) {
      int seed = i + 1;
      threads[i] = new Thread(() -> parallel[seed - 1] = transcriptHash(g, seed));
      threads[i].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertThat(parallel).isEqualTo(sequential);
  }

  /** A hash of the states, moves and goals of many random playouts from one seed. */
  private static long transcriptHash(GroundedGame g, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    KifState initial = g.initialState();
    KifState s = initial.copy();
    long h = 0;
    for (int i = 0; i < 20_000; i++) {
      s.copyFrom(initial);
      while (!g.isTerminal(s)) {
        for (int r = 0; r < g.roleCount(); r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
        }
        g.apply(s, joint, null);
        h = h * 31 + s.contentHash();
      }
      h = h * 31 + g.goal(s, 0);
    }
    return h;
  }

  /** The values of a state in the network that answers for it (after a query, so synced). */
  private static void assertMatchesFreshEvaluation(GroundedGame g, KifState s) {
    int k = g.networkOf(s.bits);
    assertMatchesFreshEvaluation(g.network(k), s.values[k], s.bits, new int[0]);
  }

  private static void assertMatchesFreshEvaluation(Network net, NetworkValues v, long[] bits, int[] played) {
    NetworkValues fresh = NetworkValues.evaluated(net, bits, played);
    assertThat(v.settledAt(bits)).as("settled").isTrue();
    assertThat(v.sameNetworkValues(fresh)).as("values equal a fresh evaluation").isTrue();
  }
}
