package veil.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import veil.cards.LudLoader;
import veil.gdl.KifLoader;
import veil.model.Game;
import veil.model.GameLoadException;

/** Loads the bundled games the benchmarks run, straight from the class-path resources of module games. */
public final class BenchGames {
  private BenchGames() {}

  /** The benchmark's own games (in {@code /veil/bench/lud/}): the deck-size comparison. */
  public static final java.util.List<String> OWN = java.util.List.of("deck-52", "deck-104");

  /**
   * A bundled ludeme game, e.g. {@code hearts} from {@code /veil/games/lud/hearts.lud}, or one of the benchmark's own
   * ({@link #OWN}), default options.
   */
  public static Game lud(String name) {
    String file = name + ".lud";
    try {
      String folder = OWN.contains(name) ? "/veil/bench/lud/" : "/veil/games/lud/";
      return new LudLoader().load(file, resource(folder + file), Map.of());
    } catch (GameLoadException e) {
      throw new IllegalStateException("bundled game " + file + " does not load:\n" + e.getMessage(), e);
    }
  }

  /** A bundled GDL-II game, e.g. {@code blind-tic-tac-toe-gdl} from {@code /veil/games/kif/…}. */
  public static Game kif(String name) {
    String file = name + ".kif";
    return kifText(file, resource("/veil/games/kif/" + file));
  }

  /** GDL-II rules given as text (bundled or exported), loaded by the GDL-II reasoner. */
  public static Game kifText(String sourceName, String text) {
    try {
      return new KifLoader().load(sourceName, text);
    } catch (GameLoadException e) {
      throw new IllegalStateException("GDL rules " + sourceName + " do not load:\n" + e.getMessage(), e);
    }
  }

  /**
   * Every bundled game, as the benchmarks name them: the ludeme games of {@code /veil/games/lud/index.txt} by name,
   * then the GDL-II games of {@code /veil/games/kif/index.txt} as {@code kif:NAME}, each in its index's order.
   */
  public static java.util.List<String> bundled() {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (String folder : java.util.List.of("lud", "kif")) {
      for (String line : resource("/veil/games/" + folder + "/index.txt").split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String name = line.split("\t", 2)[0].trim();
        out.add(folder.equals("kif") ? "kif:" + name : name);
      }
    }
    return out;
  }

  static String resource(String path) {
    try (InputStream in = BenchGames.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + path + " on the class path (is module games on it?)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
