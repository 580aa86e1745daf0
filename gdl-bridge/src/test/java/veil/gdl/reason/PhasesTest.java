package veil.gdl.reason;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.model.MoveList;

/**
 * The phase networks ({@link Phases}) answer exactly as the general network: in every state of random playouts of
 * every bundled game, the same legal moves and terminal, and for every joint move tried (a random legal one, and one
 * where a role a phase believes forced plays another of its moves) the same next state.
 */
class PhasesTest {
  static java.util.stream.Stream<String> games() throws java.io.IOException {
    return NetworkPropagationTest.games();
  }

  @Test
  void turnTakingGamesGetAPhasePerRoleToMoveWithTheWaitingRolesNoopFolded() {
    for (String name : new String[] {"tic-tac-toe", "eight-by-eight"}) {
      GroundedGame g = name.equals("eight-by-eight") ? NetworkPropagationTest.loadTest(name)
          : NetworkPropagationTest.load(name);
      Phases p = g.phases();
      assertThat(p.count()).as(name).isEqualTo(2);
      for (int k = 0; k < 2; k++) {
        assertThat(Arrays.stream(p.forced[k]).filter(f -> f >= 0).count()).as(name + " phase " + k).isEqualTo(1);
        assertThat(p.nets[k].ruleCount()).as(name + " phase " + k).isLessThan(g.network().ruleCount());
      }
      KifState s = g.initialState();
      assertThat(g.networkOf(s.bits)).as(name + ": the initial state is in a phase").isPositive();
    }
  }

  @ParameterizedTest
  @MethodSource("games")
  void phaseNetworksAnswerAsTheGeneralNetwork(String name) {
    GroundedGame g = NetworkPropagationTest.load(name);
    Network general = g.network();
    SplittableRandom rng = new SplittableRandom(name.hashCode() * 7L);
    MoveList ml = new MoveList();
    int roles = g.roleCount();
    int[] joint = new int[roles];
    int[] played = new int[roles];
    int words = (general.nBase + 63) >>> 6;
    for (int i = 0; i < 10; i++) {
      KifState s = g.initialState();
      while (!g.isTerminal(s)) {
        NetworkValues fresh = NetworkValues.evaluated(general, s.bits, new int[0]);
        NetworkValues mine = g.values(s, g.networkOf(s.bits));
        assertThat(Arrays.copyOfRange(mine.outBits, words, mine.outBits.length)).as("legal moves")
            .isEqualTo(Arrays.copyOfRange(fresh.outBits, words, fresh.outBits.length));
        for (int r = 0; r < roles; r++) {
          g.legalMoves(s, r, ml);
          joint[r] = ml.get(rng.nextInt(ml.size()));
        }
        KifState next = s.copy();
        g.apply(next, joint, null);
        assertNextAsGeneral(g, s, joint, played, next);
        // A joint move where a role the phase takes as forced plays another of its moves.
        int k = g.networkOf(s.bits);
        if (k > 0) {
          int[] other = joint.clone();
          for (int r = 0; r < roles; r++) {
            int f = g.phases().forced[k - 1][r];
            if (f >= 0 && g.moveCount(r) > 1) {
              other[r] = (f + 1) % g.moveCount(r);
            }
          }
          KifState odd = s.copy();
          g.apply(odd, other, null);
          assertNextAsGeneral(g, s, other, played, odd);
        }
        s = next;
      }
    }
  }

  private static void assertNextAsGeneral(GroundedGame g, KifState s, int[] joint, int[] played, KifState next) {
    for (int r = 0; r < joint.length; r++) {
      played[r] = g.doesSlot(r, joint[r]);
    }
    NetworkValues fresh = NetworkValues.evaluated(g.network(), s.bits, played);
    long[] want = new long[next.bits.length];
    fresh.nextState(played, played.length, want);
    assertThat(next.bits).as("next state of " + Arrays.toString(joint)).isEqualTo(want);
  }
}
