package veil.gdl.reason;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.model.MoveList;

/**
 * Next-state atoms of the frame shape are computed from the moves played ({@link Network#direct}), not propagated:
 * on Pawn Race (a test game with Breakthrough's frame rule, "a pawn stays unless the move starts or ends on its
 * square") every pawn proposition of a phase network is direct, and on it, the other test games and every bundled
 * game the next state so computed equals the one the same network computes by propagating every rule, for legal
 * joint moves and for arbitrary ones.
 */
class DirectNextTest {
  static Stream<String> games() throws java.io.IOException {
    return Stream.concat(NetworkPropagationTest.games(), Stream.of("pawn-race", "eight-by-eight", "arrows"));
  }

  private static GroundedGame load(String name) {
    return name.equals("pawn-race") || name.equals("eight-by-eight") || name.equals("arrows")
        ? NetworkPropagationTest.loadTest(name) : NetworkPropagationTest.load(name);
  }

  @Test
  void everyPawnOfPawnRaceIsComputedFromTheMovesInBothPhases() {
    GroundedGame g = load("pawn-race");
    assertThat(g.phases().count()).isEqualTo(2);
    int pawns = 0;
    for (String f : g.trueFacts(g.initialState())) {
      pawns += f.startsWith("(at ") ? 1 : 0;
    }
    assertThat(pawns).as("pawns at the start").isEqualTo(24);
    int atPropositions = 6 * 6 * 2;
    for (int k = 1; k <= 2; k++) {
      Network net = g.network(k);
      assertThat(net.directCount()).as("phase " + k).isGreaterThanOrEqualTo(atPropositions);
      assertThat(net.ruleCount()).as("phase " + k + " rules propagated")
          .isLessThan(net.propagatingEveryRule().ruleCount());
    }
  }

  @ParameterizedTest
  @MethodSource("games")
  void directNextStateEqualsPropagatingEveryRule(String name) {
    GroundedGame g = load(name);
    int roles = g.roleCount();
    Network[] nets = new Network[g.phases().count() + 1];
    Network[] full = new Network[nets.length];
    for (int k = 0; k < nets.length; k++) {
      nets[k] = g.network(k);
      full[k] = nets[k].propagatingEveryRule();
    }
    SplittableRandom rng = new SplittableRandom(name.hashCode() * 31L);
    MoveList ml = new MoveList();
    int[] joint = new int[roles];
    int[] played = new int[roles];
    int words = (g.network().nBase + 63) >>> 6;
    long[] direct = new long[words];
    int checked = 0;
    for (int i = 0; i < 5; i++) {
      KifState s = g.initialState();
      for (int step = 0; step < 200 && !g.isTerminal(s); step++) {
        for (int r = 0; r < roles; r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
        }
        for (int trial = 0; trial < 3; trial++) {
          // Trial 0 the legal joint move, then arbitrary ones (each role any of its moves).
          int[] tried = joint.clone();
          if (trial > 0) {
            for (int r = 0; r < roles; r++) {
              tried[r] = rng.nextInt(g.moveCount(r));
            }
          }
          int k = g.networkOf(s.bits);
          for (int net : k > 0 && g.phases().playsForced(k - 1, tried) ? new int[] {0, k} : new int[] {0}) {
            for (int r = 0; r < roles; r++) {
              played[r] = g.doesSlot(r, tried[r]);
            }
            NetworkValues.evaluated(nets[net], s.bits, played).nextState(played, roles, direct);
            long[] want = Arrays.copyOf(NetworkValues.evaluated(full[net], s.bits, played).outBits, words);
            assertThat(direct).as(name + ": network " + net + ", moves " + Arrays.toString(tried)).isEqualTo(want);
            checked++;
          }
        }
        g.apply(s, joint, null);
      }
    }
    assertThat(checked).isGreaterThan(10);
  }
}
