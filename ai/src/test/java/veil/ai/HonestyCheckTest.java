package veil.ai;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import veil.ai.games.ExplodingBomb;
import veil.ai.games.KuhnPoker;
import veil.ai.games.MatchingPennies;
import veil.ai.games.MiniTricks;
import veil.ai.games.MontyHall;
import veil.ai.games.TestGames;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.State;

class HonestyCheckTest {
  static final List<String> HONEST =
      List.of("random", "pimc", "so-ismcts", "mo-ismcts", "hp-ismcts", "so-ismcts:reuse=4", "mo-ismcts:reuse=3",
          "so-ismcts:rollout=mast", "so-ismcts:reuse=4:rollout=mast", "mo-ismcts:rollout=mast:eps=0.2",
          "pimc:rollout=mast", "hp-ismcts:rollout=mast", "so-ismcts:rollout=nst", "smooth-ismcts", "so-ismcts:pool=16",
          "mo-ismcts:pool=5",
          "smooth-ismcts:root=start");

  @Test
  void everyHonestAgentPassesOnEveryTestGame() {
    for (Game game : TestGames.all()) {
      for (String spec : HONEST) {
        int tested = 0;
        for (long seed = 17; seed < 21; seed++) {
          HonestyCheck.Result r = HonestyCheck.check(game, spec, seed, 300);
          assertThat(r.honest()).as(game.name() + " / " + spec + ": " + r.detail()).isTrue();
          tested += r.positionsTested();
        }
        boolean hidden = !(game instanceof MatchingPennies) && !game.name().equals("Odd One Out");
        // Games with hidden information offer positions to compare; games without cannot.
        assertThat(tested > 0).as(game.name() + " / " + spec).isEqualTo(hidden);
      }
    }
  }

  @Test
  void theCheckCatchesTheClairvoyantAgent() {
    // Positive control: uct-cheat looks at the true state, so two states of one information set make it choose
    // differently somewhere (where the car is, which wire is armed, what the opponent holds).
    for (Game game : List.of(new MontyHall(3, false), new ExplodingBomb(), new KuhnPoker(), new MiniTricks())) {
      boolean caught = false;
      for (long seed = 0; seed < 10 && !caught; seed++) {
        caught = !HonestyCheck.check(game, "uct-cheat", seed, 500, 8).honest();
      }
      assertThat(caught).as(game.name()).isTrue();
    }
  }

  /** A game that hands a role a legal move that depends on a hidden card: the check must say so. */
  static final class LeakyBomb extends veil.ai.games.TestGame {
    private final ExplodingBomb inner = new ExplodingBomb();

    @Override
    public String name() {
      return "Leaky Bomb";
    }

    @Override
    public int roleCount() {
      return 2;
    }

    @Override
    public String roleName(int role) {
      return inner.roleName(role);
    }

    @Override
    public int randomRole() {
      return 0;
    }

    @Override
    public int stepBound() {
      return 3;
    }

    @Override
    public State initialState() {
      return inner.initialState();
    }

    @Override
    public boolean isTerminal(State s) {
      return inner.isTerminal(s);
    }

    @Override
    public void legalMoves(State s, int role, MoveList out) {
      inner.legalMoves(s, role, out);
      if (role == 1 && a(s)[0] == 2) {
        // Only the safe wire may be cut: legality reveals the armed colour.
        out.clear();
        out.add(a(s)[1] == 0 ? ExplodingBomb.CUT_BLUE : ExplodingBomb.CUT_RED);
        out.add(99);
      }
    }

    @Override
    public void apply(State s, int[] joint, veil.model.Percepts p) {
      inner.apply(s, joint, p);
    }

    @Override
    public int goal(State s, int role) {
      return inner.goal(s, role);
    }
  }

  @Test
  void theCheckReportsAGameThatLeaksThroughLegalMoves() {
    boolean leak = false;
    for (long seed = 0; seed < 10 && !leak; seed++) {
      HonestyCheck.Result r = HonestyCheck.check(new LeakyBomb(), "so-ismcts", seed, 100);
      leak = !r.honest() && r.detail().contains("the game leaks");
    }
    assertThat(leak).isTrue();
  }
}
