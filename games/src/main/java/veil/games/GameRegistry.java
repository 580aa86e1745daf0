package veil.games;

import veil.dsl.Names;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Pattern;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.GameLoader;

/**
 * The games Veil knows: the bundled ones, listed by index files on the class path, and the loaders (found with
 * {@link ServiceLoader}) that turn a {@code .lud} or {@code .kif} file into a {@link Game}.
 *
 * <p>An index file has one game a line, {@code name<TAB>file<TAB>description}, the file relative to the index's
 * folder; blank lines and lines starting with {@code #} are skipped. Mistakes in an index do not stop the
 * registry: the line is skipped and described in {@link #problems()}.
 *
 * <p>A GAME argument is a bundled name ({@code hearts}) or a file path ({@code rules/my-game.lud}); a bare name is
 * looked up among the bundled games first, so a file named like a bundled game is written {@code ./hearts}.
 */
public final class GameRegistry {
  /** The index files of the games shipped in the {@code games} module. */
  public static final List<String> STANDARD_INDEXES = List.of("veil/games/lud/index.txt", "veil/games/kif/index.txt");

  private static final String LOADER_PROBLEM = "a game loader cannot be created: ";

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");

  private final Map<String, BundledGame> bundled = new LinkedHashMap<>();
  private final Map<String, GameLoader> loaders = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();

  private GameRegistry(ClassLoader classLoader, List<String> indexResources) {
    for (GameLoader loader : loaders(classLoader, problems)) {
      for (String ext : loader.extensions()) {
        // The first loader on the class path wins an extension; a second one is a packaging mistake.
        GameLoader previous = loaders.putIfAbsent(ext.toLowerCase(Locale.ROOT), loader);
        if (previous != null && previous.getClass() != loader.getClass()) {
          problems.add("two loaders read ." + ext + ": " + previous.getClass().getName() + " and "
              + loader.getClass().getName() + "; using the first");
        }
      }
    }
    for (String index : indexResources) {
      Set<String> seen = new LinkedHashSet<>();
      try {
        Enumeration<URL> urls = classLoader.getResources(index);
        for (URL url : Collections.list(urls)) {
          if (seen.add(url.toString())) {
            readIndex(index, url);
          }
        }
      } catch (IOException e) {
        problems.add(index + ": cannot read: " + e.getMessage());
      }
    }
  }

  /** The loaders registered on the class path; one that cannot be created is a problem, not the end. */
  private static List<GameLoader> loaders(ClassLoader classLoader, List<String> problems) {
    List<GameLoader> found = new ArrayList<>();
    Iterator<GameLoader> it = ServiceLoader.load(GameLoader.class, classLoader).iterator();
    // The iterator goes on past a provider that fails; the bound only guards against one that fails forever.
    for (int attempts = 0; attempts < 1000; attempts++) {
      try {
        if (!it.hasNext()) {
          break;
        }
        found.add(it.next());
      } catch (ServiceConfigurationError e) {
        problems.add(LOADER_PROBLEM + e.getMessage());
      }
    }
    return found;
  }

  /** The bundled games of the standard indexes and the loaders on Veil's own class path. */
  public static GameRegistry standard() {
    return of(GameRegistry.class.getClassLoader(), STANDARD_INDEXES);
  }

  /** The bundled games listed by the given index resources (all copies on the class path) and its loaders. */
  public static GameRegistry of(ClassLoader classLoader, List<String> indexResources) {
    return new GameRegistry(classLoader, indexResources);
  }

  /** The bundled games in index order. */
  public List<BundledGame> bundled() {
    return List.copyOf(bundled.values());
  }

  public List<String> bundledNames() {
    return List.copyOf(bundled.keySet());
  }

  public Optional<BundledGame> bundled(String name) {
    return Optional.ofNullable(bundled.get(name));
  }

  /** Mistakes found in the index files and loader registrations, one line each; empty when all is well. */
  public List<String> problems() {
    return List.copyOf(problems);
  }

  /** The file extensions some loader reads, without the dot. */
  public Set<String> extensions() {
    return Collections.unmodifiableSet(loaders.keySet());
  }

  /** The loader for an extension (without the dot); {@code gdl} falls back to the {@code kif} loader. */
  public Optional<GameLoader> loaderFor(String extension) {
    String ext = extension.toLowerCase(Locale.ROOT);
    GameLoader loader = loaders.get(ext);
    if (loader == null && ext.equals("gdl")) {
      loader = loaders.get("kif");
    }
    return Optional.ofNullable(loader);
  }

  /** Up to {@code max} bundled names close to a mistyped one. */
  public List<String> nearestNames(String name, int max) {
    return Names.nearest(name, bundled.keySet(), max);
  }

  /**
   * Says what a GAME argument points to.
   *
   * @throws GameLoadException when it is neither a bundled name nor a readable file (the message says why, with
   *     the nearest bundled names for an unknown one)
   */
  public GameSource resolve(String argument) throws GameLoadException {
    if (argument == null || argument.isBlank()) {
      throw new GameLoadException("error: no game given (a bundled game name or a .lud/.kif file)\n");
    }
    BundledGame game = bundled.get(argument);
    if (game == null && !looksLikePath(argument)) {
      game = bundled.get(argument.toLowerCase(Locale.ROOT));
    }
    if (game != null) {
      return new GameSource(argument, game, null, game.extension());
    }
    Path file;
    try {
      file = Path.of(argument);
    } catch (RuntimeException e) {
      throw new GameLoadException("error: '" + argument + "' is not a valid file path\n");
    }
    if (Files.isRegularFile(file)) {
      String ext = extensionOf(file.getFileName().toString());
      if (ext.isEmpty()) {
        throw new GameLoadException("error: cannot tell the language of " + argument
            + ": name the file with a " + knownExtensions() + " extension\n");
      }
      return new GameSource(argument, null, file, ext);
    }
    if (Files.isDirectory(file)) {
      throw new GameLoadException("error: " + argument + " is a folder, not a game file\n");
    }
    if (Files.exists(file)) {
      throw new GameLoadException("error: " + argument + " is not a regular file (a device, a pipe or a socket);"
          + " a game is a .lud or .kif file\n");
    }
    if (looksLikePath(argument)) {
      StringBuilder sb = new StringBuilder("error: no such file: " + argument + "\n");
      String stem = stem(file.getFileName() == null ? argument : file.getFileName().toString());
      if (bundled.containsKey(stem)) {
        sb.append("  the bundled game '").append(stem).append("' is loaded by its name alone: ").append(stem)
            .append('\n');
      }
      throw new GameLoadException(sb.toString());
    }
    StringBuilder sb = new StringBuilder("error: unknown game '" + argument + "': not a bundled game, and no such file\n");
    List<String> near = nearestNames(argument, 5);
    if (!near.isEmpty()) {
      sb.append("  did you mean: ").append(String.join(", ", near)).append('\n');
    }
    sb.append(bundled.isEmpty() ? "  (no bundled games are installed)\n" : "  `veil list` shows the bundled games\n");
    throw new GameLoadException(sb.toString());
  }

  /** Resolves and loads a GAME argument with option values (name → value text). */
  public Game load(String argument, Map<String, String> options) throws GameLoadException {
    return load(resolve(argument), options);
  }

  /** Loads a resolved source with option values (name → value text). */
  public Game load(GameSource source, Map<String, String> options) throws GameLoadException {
    GameLoader loader = loaderFor(source.extension()).orElse(null);
    if (loader == null) {
      StringBuilder sb = new StringBuilder("error: no loader reads ." + source.extension() + " files ("
          + source.sourceName() + "); "
          + (loaders.isEmpty() ? "no game loaders are installed" : "loaders read " + knownExtensions()) + "\n");
      for (String problem : problems) {
        if (problem.startsWith(LOADER_PROBLEM)) {
          sb.append("  ").append(problem).append('\n');
        }
      }
      throw new GameLoadException(sb.toString());
    }
    Map<String, String> opts = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
    if (source.isBundled()) {
      return loader.load(source.sourceName(), readResource(source.bundled()), opts);
    }
    return loader.load(source.sourceName(), GameText.read(source.file()), opts);
  }

  private String knownExtensions() {
    if (loaders.isEmpty()) {
      return ".lud or .kif";
    }
    List<String> exts = new ArrayList<>();
    for (String e : loaders.keySet()) {
      exts.add("." + e);
    }
    return String.join(" or ", exts);
  }

  private static String readResource(BundledGame game) throws GameLoadException {
    try (InputStream in = game.url().openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GameLoadException(game.resource() + ": cannot read the bundled game: " + e.getMessage() + "\n");
    }
  }

  private void readIndex(String index, URL url) {
    String text;
    try (InputStream in = url.openStream()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      problems.add(index + ": cannot read: " + e.getMessage());
      return;
    }
    String folder = index.contains("/") ? index.substring(0, index.lastIndexOf('/') + 1) : "";
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      String where = index + ":" + (i + 1) + ": ";
      if (line.isBlank() || line.stripLeading().startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t", 3);
      if (fields.length < 3 || fields[0].isBlank() || fields[1].isBlank()) {
        problems.add(where + "expected name<TAB>file<TAB>description, got: " + line);
        continue;
      }
      String name = fields[0].strip();
      String file = fields[1].strip();
      if (!NAME.matcher(name).matches()) {
        problems.add(where + "game name '" + name + "' must be lower-case letters, digits, '-' or '_'");
        continue;
      }
      if (bundled.containsKey(name)) {
        problems.add(where + "game name '" + name + "' is already listed by " + bundled.get(name).resource());
        continue;
      }
      URL rules;
      try {
        rules = new URL(url, file);
      } catch (MalformedURLException e) {
        problems.add(where + "bad file name '" + file + "'");
        continue;
      }
      if (!exists(rules)) {
        problems.add(where + "no such file: " + folder + file);
        continue;
      }
      bundled.put(name, new BundledGame(name, folder + file, fields[2].strip(), rules));
    }
  }

  private static boolean exists(URL url) {
    try (InputStream in = url.openStream()) {
      return in != null;
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  private static boolean looksLikePath(String argument) {
    return argument.indexOf('/') >= 0 || argument.indexOf('\\') >= 0 || !extensionOf(argument).isEmpty();
  }

  private static String stem(String fileName) {
    int dot = fileName.lastIndexOf('.');
    return dot > 0 ? fileName.substring(0, dot) : fileName;
  }

  /** The extension of a file name without the dot, lower-cased; "" when there is none. */
  static String extensionOf(String fileName) {
    int slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
    int dot = fileName.lastIndexOf('.');
    return dot > slash + 1 && dot < fileName.length() - 1
        ? fileName.substring(dot + 1).toLowerCase(Locale.ROOT)
        : "";
  }
}
