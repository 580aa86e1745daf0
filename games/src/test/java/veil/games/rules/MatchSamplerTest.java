package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ai.match.Replay;
import veil.ai.sample.PosteriorCheck;
import veil.cards.match.MatchSampler;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.Observation;

/**
 * The match sampler (the card sampler deal by deal) draws from the exact posterior: on a match of two-card deals
 * from six cards (mini-match.lud, Hand=2), in the second and third deals, its states are compared with the exact
 * posterior over the information set (forward filtering) by a chi-square test.
 */
class MatchSamplerTest {
  @Test
  void laterDealsAreDrawnFromTheExactPosterior() {
    CompiledGame game = MatchRulesTest.mini(Map.of("Target", "10", "Deals", "3", "Hand", "2"));
    assertThat(game.determinizer()).isInstanceOf(MatchSampler.class);
    int checked = 0;
    for (int seed = 0; seed < 3; seed++) {
      int[][] joints = play(game, seed);
      // The first settled step of deal 2 and of deal 3 (all dealt), and one after the first lead of deal 3.
      for (int t : points(game, joints)) {
        for (int role = 0; role < 2; role++) {
          Observation obs = Replay.observation(game, joints, role, t);
          PosteriorCheck.Result r = PosteriorCheck.check(game, obs, game.determinizer(), 3000, seed * 10 + role);
          assertThat(r.informationSetSize()).as("seed %d step %d role %d", seed, t, role).isGreaterThan(1);
          assertThat(r.passes(0.001)).as("seed %d step %d role %d: %s", seed, t, role, r).isTrue();
          checked++;
        }
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(3 * 3 * 2);
    assertThat(game.determinizer().approximate(new Observation(0))).isFalse();
  }

  /** A random match to its end: each step's joint move. */
  private static int[][] play(CompiledGame game, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    LudState s = game.initialState();
    MoveList moves = new MoveList();
    List<int[]> out = new ArrayList<>();
    while (!game.isTerminal(s)) {
      int[] joint = new int[game.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(s, r, moves);
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      game.apply(s, joint, null);
      out.add(joint);
    }
    return out.toArray(new int[0][]);
  }

  /** Steps after which deals 2 and 3 are dealt, and after the first move of deal 3. */
  private static List<Integer> points(CompiledGame game, int[][] joints) {
    List<Integer> out = new ArrayList<>();
    LudState s = game.initialState();
    int deal = 0;
    for (int t = 0; t < joints.length; t++) {
      game.apply(s, joints[t], null);
      int now = s.v[game.layout.vars + game.vars.get("Deal")[0]];
      if (now > deal && !game.isDealing(s) && !game.isTerminal(s)) {
        out.add(t + 1);
        if (now == 2) {
          out.add(t + 2);
        }
        deal = now;
      }
    }
    return out;
  }
}
