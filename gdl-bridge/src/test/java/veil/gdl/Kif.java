package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import veil.gdl.reason.KifGame;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/** Test helpers: loading bundled and inline games, scripted steps, random playouts. */
final class Kif {
  /** The bundled games live in the games module; tests run with the gdl-bridge module as working directory. */
  static final Path KIF_DIR = Path.of("..", "games", "src", "main", "resources", "veil", "games", "kif");

  private Kif() {}

  static String bundledText(String name) {
    try {
      return Files.readString(KIF_DIR.resolve(name + ".kif"));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** A test game from this module's test resources, e.g. {@code recursive-reach.kif}. */
  static String testResource(String file) {
    try (java.io.InputStream in = Kif.class.getResourceAsStream("/veil/gdl/" + file)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  static KifGame bundled(String name) {
    return load(name + ".kif", bundledText(name), "strict");
  }

  static KifGame load(String name, String text, String mode) {
    try {
      return new KifLoader().load(name, text, Map.of("mode", mode));
    } catch (GameLoadException e) {
      throw new AssertionError("did not load:\n" + e.getMessage(), e);
    }
  }

  static KifGame strict(String text) {
    return load("test.kif", text, "strict");
  }

  static KifGame lenient(String text) {
    return load("test.kif", text, "lenient");
  }

  /** The formatted error report for text that must not load. */
  static String error(String text, String mode) {
    try {
      new KifLoader().load("test.kif", text, Map.of("mode", mode));
    } catch (GameLoadException e) {
      return e.getMessage();
    }
    throw new AssertionError("loaded, but an error was expected");
  }

  /**
   * Plays one joint move given as "role move" strings; roles not named must have exactly one legal move, which
   * they play. Returns each role's percepts as text.
   */
  static Map<String, List<String>> step(KifGame g, State s, String... roleMoves) {
    Map<String, String> wanted = new HashMap<>();
    for (String rm : roleMoves) {
      int sp = rm.indexOf(' ');
      wanted.put(rm.substring(0, sp), rm.substring(sp + 1));
    }
    int[] joint = new int[g.roleCount()];
    MoveList legal = new MoveList();
    for (int r = 0; r < g.roleCount(); r++) {
      g.legalMoves(s, r, legal);
      String w = wanted.remove(g.roleName(r));
      if (w == null) {
        assertThat(legal.size()).as("moves of %s", g.roleName(r)).isEqualTo(1);
        joint[r] = legal.get(0);
      } else {
        int m = g.move(r, w);
        assertThat(m).as("%s has a move %s", g.roleName(r), w).isGreaterThanOrEqualTo(0);
        assertThat(legal.contains(m)).as("%s may play %s now", g.roleName(r), w).isTrue();
        joint[r] = m;
      }
    }
    assertThat(wanted).as("roles named in the step").isEmpty();
    Percepts p = new Percepts(g.roleCount());
    g.apply(s, joint, p);
    Map<String, List<String>> seen = new HashMap<>();
    for (int r = 0; r < g.roleCount(); r++) {
      List<String> texts = new ArrayList<>();
      for (int x : p.sorted(r)) {
        texts.add(g.perceptText(r, x));
      }
      seen.put(g.roleName(r), texts);
    }
    return seen;
  }

  static List<String> legalTexts(Game g, State s, int role) {
    MoveList ml = new MoveList();
    g.legalMoves(s, role, ml);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ml.size(); i++) {
      out.add(g.moveText(role, ml.get(i)));
    }
    return out;
  }

  /** Plays uniformly random moves to the end; returns the number of steps, or -1 past the step bound. */
  static int randomPlayout(Game g, State s, SplittableRandom rng, Percepts percepts) {
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    int steps = 0;
    while (!g.isTerminal(s)) {
      if (steps++ >= g.stepBound()) {
        return -1;
      }
      for (int r = 0; r < g.roleCount(); r++) {
        g.legalMoves(s, r, ml);
        assertThat(ml.isEmpty()).as("%s has a legal move", g.roleName(r)).isFalse();
        joint[r] = ml.get(rng.nextInt(ml.size()));
      }
      g.apply(s, joint, percepts);
    }
    return steps;
  }
}
