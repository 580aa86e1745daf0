package veil.ludeme.gdl;

import veil.gdl.Lockstep;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.State;

/** Lockstep along recorded joint moves, as a conformance suite replays its playouts. */
class LockstepTest {
  private static List<int[]> randomGame(Game g, long seed) {
    Random rng = new Random(seed);
    State s = g.initialState();
    MoveList ml = new MoveList();
    List<int[]> joints = new ArrayList<>();
    while (!g.isTerminal(s)) {
      int[] joint = new int[g.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(s, r, ml);
        joint[r] = ml.get(rng.nextInt(ml.size()));
      }
      g.apply(s, joint, null);
      joints.add(joint);
    }
    return joints;
  }

  @Test
  void followsRecordedPlayouts() throws Exception {
    GdlExport.Exported e = ExportFixtures.export("agram", Map.of("Players", "3"));
    KifGame gdl = ExportFixtures.load(e, "strict");
    for (long seed = 0; seed < 5; seed++) {
      List<int[]> joints = randomGame(e.game(), seed);
      assertThat(Lockstep.follow(e.game(), gdl, joints)).isNull();
    }
  }

  @Test
  void followFindsRulesThatDisagree() throws Exception {
    GdlExport.Exported e = ExportFixtures.export("agram", Map.of("Players", "3"));
    // A deal whose last card leaves one more to deal: the rules keep dealing when the engine has moved on.
    String broken = e.kif().replace("(dealleft 1 0)", "(dealleft 1 1)");
    assertThat(broken).isNotEqualTo(e.kif());
    KifGame gdl = new KifLoader().load("broken.kif", broken, Map.of("mode", "strict"));
    Lockstep.Mismatch m = Lockstep.follow(e.game(), gdl, randomGame(e.game(), 1));
    assertThat(m).isNotNull();
    assertThat(m.step()).isGreaterThan(0);
  }
}
