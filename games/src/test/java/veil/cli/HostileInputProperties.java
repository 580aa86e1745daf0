package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import veil.cli.Cli.Run;

/**
 * Issue 13's hostile-input generator, kept as property tests: mutated {@code .lud} and {@code .kif} files and random
 * command lines go through the command line's entry point in-process. Whatever comes in, the exit code is 0, 1 or 2
 * (3 is a bug in Veil), nothing prints a stack trace or an exception, an error in a game text names its
 * {@code file:line:col}, and every run ends in bounded time.
 */
class HostileInputProperties {
  /** A single command of these runs may take this long (they take well under a second; a hang takes forever). */
  private static final long MAX_SECONDS = 20;

  private static final Path DIR;
  private static final Path ARENA_FILE;

  static {
    try {
      DIR = Files.createTempDirectory("veil-hostile");
      DIR.toFile().deleteOnExit();
      Files.writeString(DIR.resolve("ttt.lud"), resource("/veil/games/lud/blind-tic-tac-toe.lud"));
      ARENA_FILE = DIR.resolve("arena.jsonl");
      Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "2", "--json",
          ARENA_FILE.toString(), "--no-progress");
      if (r.code() != 0) {
        throw new IllegalStateException(r.err());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final List<String> LUD_GAMES = List.of("agram", "hearts-simple", "ninety-eight", "golf",
      "bottle-imp", "blind-tic-tac-toe");
  private static final List<String> KIF_GAMES = List.of("monty-hall-3", "exploding-bomb", "spy-vs-spy",
      "number-guessing-4", "banker-and-thief", "blind-tic-tac-toe-gdl");

  /** What a hostile user pastes into a game text: huge and negative numbers, odd bytes, stray structure. */
  private static final List<String> HOSTILE = List.of("(", ")", "{", "}", "-1", "0", "99", "2147483647",
      "-2147483648", "9223372036854775807", "99999999999999999999", "1..9223372036854775807", "(square 2147483647)",
      "(rectangle 3 1431655766)", "(line -1 Mover)", "(line 99 Mover)", "(setMover 99)", "leader:7", "(deal 14)",
      "(deal -1 to:(hand Each))", "(draw -3)", "(/ 1 0)", "(* 2147483647 2)", "(players 1)", "(players 99)",
      "suits:{A A}", "ranks:{1 1}", "numbers:{1..1000}", "Mover", "P9", "\r", "\r\n", "\uFEFF", "\u0000", "\uFFFD",
      "é", "\"", "\\", ";", "//", "#1", "<Players>", "(define \"A\" (\"A\"))", "(goal ?r 0)", "(goal random 50)",
      "(sees nobody x)", "(role random)", "(<= (p ?x) (p ?x ?y))", "(not (true ?x))", "(distinct ?x ?x)",
      "(or)", "(init)", "(<=)", "?x", "terminal", "(legal ?r ?m)", "(next (control ?r))", "(goal a 200)");

  // ------------------------------------------------------------------------------------------- game texts

  @Property(tries = 120)
  void mutatedLudFilesAreCheckedOrReportedWithALocation(@ForAll("ludSeeds") long seed) throws IOException {
    SplittableRandom rng = new SplittableRandom(seed);
    String text = mutate(resource("/veil/games/lud/" + LUD_GAMES.get(rng.nextInt(LUD_GAMES.size())) + ".lud"),
        rng);
    Path file = DIR.resolve("m" + Long.toHexString(seed) + ".lud");
    Files.write(file, bytes(text, rng));
    try {
      checkGameText(file);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Property(tries = 80)
  void mutatedKifFilesAreCheckedOrReportedWithALocation(@ForAll("kifSeeds") long seed) throws IOException {
    SplittableRandom rng = new SplittableRandom(seed);
    String text = mutate(resource("/veil/games/kif/" + KIF_GAMES.get(rng.nextInt(KIF_GAMES.size())) + ".kif"),
        rng);
    Path file = DIR.resolve("m" + Long.toHexString(seed) + ".kif");
    Files.write(file, bytes(text, rng));
    try {
      checkGameText(file);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Provide
  Arbitrary<Long> ludSeeds() {
    return Arbitraries.longs();
  }

  @Provide
  Arbitrary<Long> kifSeeds() {
    return Arbitraries.longs();
  }

  /** check, then (if it loads) a short simulate: the exit-code contract, a location for load errors, no hang. */
  private static void checkGameText(Path file) {
    Run check = timed("check", file.toString());
    assertContract(check);
    if (check.code() == 1) {
      String first = check.err().lines().findFirst().orElse("");
      Pattern located = Pattern.compile("^" + Pattern.quote(file.toString()) + "(:\\d+:\\d+)?: .+");
      assertThat(first).as("a game-text error names its file (and line:col where there is one)\n" + check.err())
          .matches(located);
      if (!first.startsWith(file + ": unknown option")) {
        assertThat(first).as("and its position").matches("^" + Pattern.quote(file.toString()) + ":\\d+:\\d+: .+");
      }
      return;
    }
    if (check.code() == 0) {
      Run sim = timed("simulate", file.toString(), "--games", "3", "--no-progress");
      assertContract(sim);
      assertThat(sim.code()).as(sim.err()).isIn(0, 1);
    }
  }

  private static String mutate(String text, SplittableRandom rng) {
    StringBuilder sb = new StringBuilder(text);
    int edits = 1 + rng.nextInt(4);
    for (int e = 0; e < edits && sb.length() > 0; e++) {
      int at = rng.nextInt(sb.length());
      switch (rng.nextInt(6)) {
        case 0 -> sb.deleteCharAt(at);
        case 1, 2 -> sb.insert(at, " " + HOSTILE.get(rng.nextInt(HOSTILE.size())) + " ");
        case 3 -> sb.delete(at, Math.min(sb.length(), at + 1 + rng.nextInt(30)));
        case 4 -> {
          // A number of the text replaced by a hostile one.
          java.util.regex.Matcher m = Pattern.compile("-?\\d+").matcher(sb);
          if (m.find(at) || m.find(0)) {
            String[] nums = {"0", "-1", "99", "2147483647", "-2147483648", "99999999999", "1000000"};
            sb.replace(m.start(), m.end(), nums[rng.nextInt(nums.length)]);
          }
        }
        default -> sb.setCharAt(at, (char) (32 + rng.nextInt(95)));
      }
    }
    return sb.toString();
  }

  /** The text as bytes: mostly UTF-8; sometimes CR-only line ends, a byte-order mark, a bad byte or UTF-16. */
  private static byte[] bytes(String text, SplittableRandom rng) {
    switch (rng.nextInt(12)) {
      case 0:
        return text.replace("\n", "\r").getBytes(StandardCharsets.UTF_8);
      case 1:
        return ("\uFEFF" + text).getBytes(StandardCharsets.UTF_8);
      case 2: {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        b[rng.nextInt(b.length)] = (byte) (0x80 + rng.nextInt(0x80));
        return b;
      }
      case 3:
        return text.getBytes(rng.nextBoolean() ? StandardCharsets.UTF_16 : StandardCharsets.UTF_16LE);
      default:
        return text.getBytes(StandardCharsets.UTF_8);
    }
  }

  // ------------------------------------------------------------------------------------------- command lines

  private static final List<String> COMMANDS = List.of("list", "check", "simulate", "arena", "replay", "play",
      "export-gdl", "verify-gdl", "reference", "help", "bogus", "");

  @Property(tries = 150)
  void randomCommandLinesKeepTheExitCodeContract(@ForAll("commandLines") List<String> args) {
    Run r = timed(args.toArray(new String[0]));
    assertContract(r);
  }

  @Provide
  Arbitrary<List<String>> commandLines() {
    return Arbitraries.longs().map(HostileInputProperties::commandLine);
  }

  static List<String> commandLine(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    String game = DIR.resolve("ttt.lud").toString();
    String[] games = {"blind-tic-tac-toe", "agram", "monty-hall-3", "hearts-simple", game, "no-such-game",
        DIR.resolve("none.lud").toString(), "", "/dev/null", DIR.toString(), "krieg-tic-tac-toe"};
    String[][] valued = {
      {"--option", "Players=3", "Players=99", "foo=1", "mode=strict", "mode=loose", "=", "Players", "stepBound=0"},
      {"--games", "0", "-1", "1", "2", "x", "99999999999"},
      {"--seed", "1", "-9223372036854775808", "x", "99999999999999999999"},
      {"--json", DIR.resolve("out.json").toString(), DIR.toString(), DIR.resolve("no/x.json").toString(), game,
          "/dev/null", ""},
      {"-o", DIR.resolve("out.kif").toString(), DIR.toString(), DIR.resolve("no/x.kif").toString(), game, ""},
      {"--agents", "random,random", "random", "so-ismcts", "pimc:c=NaN", "x,,y", "", "uct-cheat:c=1:c=2",
          "pimc:worlds=0", "so-ismcts:c=-1,random"},
      {"--iterations", "5", "0", "-5", "99999999999", "x"},
      {"--threads", "1", "2", "0", "100000"},
      {"--time-ms", "1", "0", "9223372036854775807"},
      {"--seat", "1", "2", "0", "9", "x"},
      {"--game", "0", "1", "-1", "99", "x"},
      {"--viewer", "white", "nobody", "random", ""},
      {"--rules", "blind-tic-tac-toe", "agram", "none.lud"},
      {"--mode", "strict", "lenient", "loose"},
      {"--playouts", "1", "0", "-1"},
      {"--first-game", "0", "-1", "2147483646"},
    };
    String[] flags = {"--force", "--no-progress", "--help", "--debug", "--states", "--version", "--",
        "-", "--xyz", "-Z", ARENA_FILE.toString(), "extra"};
    List<String> args = new ArrayList<>();
    String command = COMMANDS.get(rng.nextInt(COMMANDS.size()));
    if (!command.isEmpty()) {
      args.add(command);
    }
    if (command.equals("replay")) {
      args.add(rng.nextInt(4) == 0 ? game : ARENA_FILE.toString());
    } else if (rng.nextInt(6) != 0) {
      args.add(games[rng.nextInt(games.length)]);
    }
    int n = rng.nextInt(6);
    for (int i = 0; i < n; i++) {
      if (rng.nextInt(3) == 0) {
        args.add(flags[rng.nextInt(flags.length)]);
      } else {
        String[] o = valued[rng.nextInt(valued.length)];
        args.add(o[0]);
        if (rng.nextInt(10) != 0) {
          args.add(o[1 + rng.nextInt(o.length - 1)]);
        }
      }
    }
    // Keep every run short: commands that play get small budgets unless the random part set them.
    if (List.of("simulate", "arena").contains(command) && !args.contains("--games")) {
      args.addAll(List.of("--games", "2"));
    }
    if (List.of("arena", "play").contains(command) && !args.contains("--iterations") && !args.contains("--time-ms")) {
      args.addAll(List.of("--iterations", "5"));
    }
    if (command.equals("verify-gdl") && !args.contains("--playouts")) {
      args.addAll(List.of("--playouts", "2"));
    }
    if (List.of("simulate", "arena").contains(command) && !args.contains("--no-progress")) {
      args.add("--no-progress");
    }
    return args;
  }

  // ------------------------------------------------------------------------------------------- shared

  private static void assertContract(Run r) {
    String all = r.out() + r.err();
    assertThat(r.code()).as("exit code (3 is a bug in Veil)\n" + r.err()).isIn(0, 1, 2);
    assertThat(all).as("no stack trace or exception").doesNotContain("\tat ", "internal error:", "Exception:",
        "Error:");
  }

  private static Run timed(String... args) {
    long start = System.nanoTime();
    Run r = Cli.run(args);
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    assertThat(seconds).as("seconds for veil " + String.join(" ", args)).isLessThan(MAX_SECONDS);
    return r;
  }

  private static String resource(String name) {
    try (InputStream in = HostileInputProperties.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
