package veil.games;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;

/** The test games of src/test/resources/veil/testgames: a registry of them, and paths to the broken ones. */
public final class TestGames {
  public static final String INDEX = "veil/testgames/index.txt";

  private TestGames() {}

  /** A registry of the test games only (not the bundled ones), so tests do not change when games are added. */
  public static GameRegistry registry() {
    return registry(INDEX);
  }

  public static GameRegistry registry(String index) {
    return GameRegistry.of(TestGames.class.getClassLoader(), List.of(index));
  }

  /** The path of a test resource, e.g. {@code broken/stuck.fake}. */
  public static Path file(String relative) {
    URL url = TestGames.class.getClassLoader().getResource("veil/testgames/" + relative);
    if (url == null) {
      throw new IllegalArgumentException("no test resource veil/testgames/" + relative);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String broken(String name) {
    return file("broken/" + name + ".fake").toString();
  }
}
