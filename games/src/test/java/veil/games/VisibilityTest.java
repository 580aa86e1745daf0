package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Table;
import veil.model.MoveList;
import veil.model.Percepts;

/**
 * On every bundled ludeme game: a percept shows a card's face to a role only when the role may see the place the
 * card left or the place it entered, and every percept of a card move describes a move that really happened.
 */
class VisibilityTest {
  static java.util.List<String> ludGames() {
    return GameRegistry.standard().bundled().stream().filter(b -> b.resource().endsWith(".lud"))
        .map(BundledGame::name).toList();
  }

  /** Whether some role saw the card arrive in the place during this step (a move before the one checked). */
  private static boolean movedInto(CompiledGame g, Percepts percepts, int card, int place) {
    for (int r = 0; r < g.players; r++) {
      for (int i = 0; i < percepts.size(r); i++) {
        int q = percepts.get(r, i);
        if (Table.perceptCard(q) == card && Table.perceptTo(q) == place) {
          return true;
        }
      }
    }
    return false;
  }

  /** A copy of the card with face {@code face} in place {@code place} of the card sets {@code at}, or -1. */
  private static int copyIn(CompiledGame g, long[] at, int words, int place, int face) {
    int[] faces = g.cards.face();
    for (int c = 0; c < faces.length; c++) {
      if (faces[c] == face && (at[place * words + (c >>> 6)] >>> c & 1) == 1) {
        return c;
      }
    }
    return -1;
  }

  @ParameterizedTest
  @MethodSource("ludGames")
  void percepsRespectVisibility(String name) throws Exception {
    CompiledGame g = (CompiledGame) GameRegistry.standard().load(name, java.util.Map.of());
    int[] visible = g.places.visibleMask();
    MoveList moves = new MoveList();
    Percepts percepts = new Percepts(g.roleCount());
    int facesSeen = 0;
    int hiddenSeen = 0;
    for (int seed = 0; seed < 50; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      LudState s = g.initialState();
      int[] joint = new int[g.roleCount()];
      while (!g.isTerminal(s)) {
        for (int r = 0; r < joint.length; r++) {
          g.legalMoves(s, r, moves);
          joint[r] = moves.get(rng.nextInt(moves.size()));
        }
        LudState before = s.copy();
        g.apply(s, joint, percepts);
        for (int role = 0; role < g.players; role++) {
          // Follow the cards this role sees through the step, in the order the moves happened.
          long[] at = before.places.clone();
          // Cards in each place as the step's moves happen (a hidden card may leave a place it entered this step).
          int words = before.words; // a deck over 64 cards keeps each place in several words
          int[] held = new int[before.places.length / words];
          for (int x = 0; x < held.length; x++) {
            for (int w = 0; w < words; w++) {
              held[x] += Long.bitCount(before.places[x * words + w]);
            }
          }
          for (int i = 0; i < percepts.size(role); i++) {
            int p = percepts.get(role, i);
            int card = Table.perceptCard(p);
            if (card == -2) {
              continue; // a told word, not a card move
            }
            int from = Table.perceptFrom(p);
            int to = Table.perceptTo(p);
            boolean may = ((visible[from] | visible[to]) & (1 << role)) != 0;
            if (card >= 0) {
              facesSeen++;
              assertThat(may).as("%s: %s saw %s", name, g.roleName(role), g.perceptText(role, p)).isTrue();
              // A percept names the face (the first copy): some copy of it must have been in the source.
              int copy = copyIn(g, at, words, from, card);
              assertThat(copy >= 0 || movedInto(g, percepts, card, from))
                  .as("card was in the source: %s %s", g.roleName(role), g.perceptText(role, p)).isTrue();
              int c = copy >= 0 ? copy : card;
              at[from * words + (c >>> 6)] &= ~(1L << c);
              at[to * words + (c >>> 6)] |= 1L << c;
              held[from]--;
              held[to]++;
            } else {
              hiddenSeen++;
              assertThat(held[from]).as("%s: a hidden card left a place that had one", name).isPositive();
              held[from]--;
              held[to]++;
              assertThat(may).as("%s: %s was not shown %s", name, g.roleName(role), g.perceptText(role, p)).isFalse();
            }
          }
        }
      }
    }
    if (g.cards.count() > 0) {
      assertThat(facesSeen).isPositive();
      assertThat(hiddenSeen).isPositive();
    }
  }
}
