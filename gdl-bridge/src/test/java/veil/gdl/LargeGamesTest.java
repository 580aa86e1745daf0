package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.gdl.reason.KifGame;
import veil.model.Percepts;
import veil.model.State;

/**
 * Games in the size class of the public ones, written for the project: an 8x8 game with chess pieces that move,
 * slide and capture (eight-by-eight.kif), and a deck-building card game with random and hidden draws
 * (deck-builder.kif). Both load with the default settings in strict mode, within the 60 s the issue asks for, and
 * play by their rules.
 */
class LargeGamesTest {
  private static KifGame deckBuilder;

  /** Loaded once for both tests (its 250,000 ground rules take seconds); the first caller times the load. */
  private static synchronized KifGame deckBuilder() {
    if (deckBuilder == null) {
      deckBuilder = Kif.strict(Kif.testResource("deck-builder.kif"));
    }
    return deckBuilder;
  }

  @Test
  void eightByEightLoadsWithTheDefaultsAndPlaysChessMoves() {
    long t0 = System.nanoTime();
    KifGame g = Kif.strict(Kif.testResource("eight-by-eight.kif"));
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf("eight-by-eight: %d ground rules, %d atoms, loaded in %.2f s%n", ((veil.gdl.reason.GroundedGame) g).groundRuleCount(),
        ((veil.gdl.reason.GroundedGame) g).groundAtomCount(), seconds);
    assertThat(seconds).isLessThan(60);
    assertThat(((veil.gdl.reason.GroundedGame) g).groundRuleCount()).isGreaterThan(10_000);
    State s = g.initialState();
    // Eight pawn steps and four knight jumps; rooks, bishops, queen and king are blocked.
    assertThat(Kif.legalTexts(g, s, g.role("white"))).hasSize(12).contains("(move 2 1 3 3)", "(move 5 2 5 3)");
    assertThat(Kif.legalTexts(g, s, g.role("black"))).containsExactly("noop");
    Kif.step(g, s, "white (move 2 1 3 3)");
    Kif.step(g, s, "black (move 1 7 1 6)");
    Kif.step(g, s, "white (move 3 3 4 5)");
    Kif.step(g, s, "black (move 1 6 1 5)");
    Kif.step(g, s, "white (move 4 5 5 7)"); // the knight takes the pawn on e7
    assertThat(g.trueFacts(s)).contains("(cell 5 7 white knight)").doesNotContain("(cell 5 7 black pawn)");
    // The rook on a8 now slides down the open a-file to a6, not through the pawn on a5.
    assertThat(Kif.legalTexts(g, s, g.role("black"))).contains("(move 1 8 1 7)", "(move 1 8 1 6)")
        .doesNotContain("(move 1 8 1 5)", "(move 1 8 1 4)")
        .contains("(move 6 8 5 7)", "(move 4 8 5 7)"); // both the bishop and the queen may take the knight back
  }

  @Test
  void eightByEightRandomGamesEndByCaptureOrTheMoveLimit() {
    KifGame g = Kif.strict(Kif.testResource("eight-by-eight.kif"));
    SplittableRandom rng = new SplittableRandom(5);
    Percepts p = new Percepts(g.roleCount());
    int decisive = 0;
    for (int i = 0; i < 30; i++) {
      State s = g.initialState();
      int steps = Kif.randomPlayout(g, s, rng, p);
      assertThat(steps).isBetween(1, 80);
      int w = g.goal(s, g.role("white"));
      int b = g.goal(s, g.role("black"));
      assertThat(w + b).isEqualTo(100);
      if (w != 50) {
        decisive++;
        assertThat(g.trueFacts(s).stream().filter(f -> f.endsWith(" king)")).count()).isEqualTo(1);
      } else {
        assertThat(steps).isEqualTo(80);
      }
    }
    assertThat(decisive).isGreaterThan(0);
  }

  @Test
  void deckBuilderWithRandomLoadsWithTheDefaultsAndHidesTheDraws() {
    long t0 = System.nanoTime();
    KifGame g = deckBuilder();
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf("deck-builder: %d ground rules, %d atoms, loaded in %.2f s%n", ((veil.gdl.reason.GroundedGame) g).groundRuleCount(),
        ((veil.gdl.reason.GroundedGame) g).groundAtomCount(), seconds);
    assertThat(seconds).isLessThan(60);
    assertThat(g.randomRole()).isGreaterThanOrEqualTo(0);
    State s = g.initialState();
    assertThat(Kif.legalTexts(g, s, g.randomRole())).containsExactlyInAnyOrder("(draw copper)", "(draw estate)");
    for (int i = 0; i < 5; i++) {
      java.util.Map<String, java.util.List<String>> seen = Kif.step(g, s, "random (draw copper)");
      assertThat(seen.get("p1")).containsExactly("(drew copper)");
      assertThat(seen.get("p2")).as("p2 does not see p1's draws").isEmpty();
    }
    // Five coppers: five coins buy a duchy or a silver, not a gold.
    assertThat(Kif.legalTexts(g, s, g.role("p1"))).contains("(buy duchy)", "(buy silver)", "pass")
        .doesNotContain("(buy gold)", "(buy province)");
    java.util.Map<String, java.util.List<String>> seen = Kif.step(g, s, "p1 (buy silver)");
    assertThat(seen.get("p2")).containsExactly("(bought p1 silver)");
    assertThat(g.trueFacts(s)).contains("(pile p1 discard copper 5)", "(pile p1 discard silver 1)",
        "(pile p1 hand copper 0)", "(pile p1 deck copper 2)", "(supply silver 7)", "(control p2)");
  }

  @Test
  void deckBuilderRandomGamesEnd() {
    KifGame g = deckBuilder();
    SplittableRandom rng = new SplittableRandom(3);
    Percepts p = new Percepts(g.roleCount());
    for (int i = 0; i < 10; i++) {
      State s = g.initialState();
      assertThat(Kif.randomPlayout(g, s, rng, p)).isPositive();
      assertThat(g.goal(s, g.role("p1")) + g.goal(s, g.role("p2"))).isEqualTo(100);
    }
  }
}
