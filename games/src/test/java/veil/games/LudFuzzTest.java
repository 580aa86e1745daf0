package veil.games;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import veil.cards.LudLoader;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.State;

/**
 * Random and mutated game texts: the loader returns a game or a report, never another exception; a game that
 * loads plays within its step bound or fails with a reported rule failure — never a hang or a stack overflow.
 */
class LudFuzzTest {
  private static final List<String> GAMES = List.of("agram", "hearts", "hearts-simple", "ninety-eight", "golf",
      "bottle-imp", "blind-tic-tac-toe");
  private static final List<String> WORDS = List.of("(", ")", "{", "}", "Mover", "Each", "Player", "Card", "P1",
      "(hand Mover)", "\"Deck\"", "(move to:\"Won\")", "(trick)", "(deal 3 to:(hand Each))", "0", "-1", "99999999999",
      "1..3", "x:", "(if", "(var \"Total\")", "(card Ace Spades)", "#1", "<Pass>", "(define \"A\" (\"A\"))", "\"");

  @Property(tries = 400)
  void mutatedGamesLoadOrReport(@ForAll("mutants") String text) {
    Game g;
    try {
      g = new LudLoader().load("fuzz.lud", text, Map.of());
    } catch (GameLoadException e) {
      if (e.getMessage().isBlank()) {
        throw new AssertionError("empty report");
      }
      return;
    }
    playBriefly(g);
  }

  /** A few random steps; runtime exceptions are rule failures the simulator reports, so they are allowed here. */
  private static void playBriefly(Game g) {
    MoveList moves = new MoveList();
    SplittableRandom rng = new SplittableRandom(1);
    try {
      State s = g.initialState();
      int[] joint = new int[g.roleCount()];
      for (int step = 0; step < Math.min(g.stepBound(), 300) && !g.isTerminal(s); step++) {
        for (int r = 0; r < joint.length; r++) {
          g.legalMoves(s, r, moves);
          if (moves.isEmpty()) {
            return;
          }
          joint[r] = moves.get(rng.nextInt(moves.size()));
        }
        g.apply(s, joint, null);
      }
    } catch (RuntimeException e) {
      // reported by the simulator as a rule failure with its seed
    }
  }

  @Provide
  Arbitrary<String> mutants() {
    return Arbitraries.integers().between(0, GAMES.size() - 1).flatMap(gi ->
        Arbitraries.longs().map(seed -> mutate(source(GAMES.get(gi)), new SplittableRandom(seed))));
  }

  static String mutate(String text, SplittableRandom rng) {
    StringBuilder sb = new StringBuilder(text);
    int edits = 1 + rng.nextInt(4);
    for (int e = 0; e < edits && sb.length() > 0; e++) {
      int at = rng.nextInt(sb.length());
      switch (rng.nextInt(5)) {
        case 0 -> sb.deleteCharAt(at);
        case 1 -> sb.insert(at, WORDS.get(rng.nextInt(WORDS.size())) + " ");
        case 2 -> {
          int len = Math.min(sb.length() - at, 1 + rng.nextInt(20));
          sb.delete(at, at + len);
        }
        case 3 -> sb.setCharAt(at, (char) (32 + rng.nextInt(95)));
        default -> {
          int other = rng.nextInt(sb.length());
          char c = sb.charAt(at);
          sb.setCharAt(at, sb.charAt(other));
          sb.setCharAt(other, c);
        }
      }
    }
    return sb.toString();
  }

  static String source(String name) {
    try (InputStream in = LudFuzzTest.class.getResourceAsStream("/veil/games/lud/" + name + ".lud")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Property(tries = 200)
  void randomTokenSoupLoadsOrReports(@ForAll("soup") String text) {
    try {
      playBriefly(new LudLoader().load("soup.lud", text, Map.of()));
    } catch (GameLoadException e) {
      // expected for nearly all
    }
  }

  @Provide
  Arbitrary<String> soup() {
    return Arbitraries.longs().map(seed -> {
      SplittableRandom rng = new SplittableRandom(seed);
      List<String> parts = new ArrayList<>(List.of("(game \"S\" (players 2) "));
      int n = rng.nextInt(60);
      for (int i = 0; i < n; i++) {
        parts.add(WORDS.get(rng.nextInt(WORDS.size())));
      }
      return String.join(" ", parts);
    });
  }
}
