package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.cli.Cli.Run;

/**
 * Issue 13: what a user can type gives exit 0, 1 or 2 with a message that says what and where, never an internal
 * error, a hang or a lost file. One test (or a few) per numbered item of the issue.
 */
class ReliabilityTest {
  @TempDir Path dir;

  private static String bundled(String name) {
    try (InputStream in = ReliabilityTest.class.getResourceAsStream("/veil/games/lud/" + name + ".lud")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  private Path file(String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  private static void assertClean(Run r, int code) {
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(code);
    assertThat(r.out() + r.err()).doesNotContain("internal error:", "Exception:", "\tat ");
  }

  // ------------------------------------------------------------------------------------------- 1. data loss

  @Test
  void item1_simulateNeverOverwritesTheGameItReads() throws IOException {
    Path game = file("g.lud", bundled("blind-tic-tac-toe"));
    String before = Files.readString(game);
    Run r = Cli.run("simulate", game.toString(), "--games", "3", "--json", game.toString(), "--no-progress");
    assertClean(r, 2);
    assertThat(r.err()).contains("is a file this command reads");
    assertThat(Files.readString(game)).isEqualTo(before);
    // Not with --force either, and not through another spelling of the same path.
    Run forced = Cli.run("simulate", game.toString(), "--games", "3", "--json",
        dir.resolve(".").resolve("g.lud").toString(), "--force", "--no-progress");
    assertClean(forced, 2);
    assertThat(Files.readString(game)).isEqualTo(before);
  }

  @Test
  void item1_existingOutputFilesNeedForce() throws IOException {
    Path json = file("out.json", "keep me");
    Path kif = file("out.kif", "keep me too");
    Path md = file("out.md", "and me");
    Run sim = Cli.run("simulate", "blind-tic-tac-toe", "--games", "2", "--json", json.toString(), "--no-progress");
    Run exp = Cli.run("export-gdl", "blind-tic-tac-toe", "-o", kif.toString());
    Run ref = Cli.run("reference", "-o", md.toString());
    for (Run r : List.of(sim, exp, ref)) {
      assertClean(r, 2);
      assertThat(r.err()).contains("exists; add --force to overwrite it");
    }
    assertThat(Files.readString(json)).isEqualTo("keep me");
    assertThat(Files.readString(kif)).isEqualTo("keep me too");
    assertThat(Files.readString(md)).isEqualTo("and me");

    assertClean(Cli.run("simulate", "blind-tic-tac-toe", "--games", "2", "--json", json.toString(), "--force",
        "--no-progress"), 0);
    assertClean(Cli.run("export-gdl", "blind-tic-tac-toe", "-o", kif.toString(), "--force"), 0);
    assertClean(Cli.run("reference", "-o", md.toString(), "--force"), 0);
    assertThat(Files.readString(json)).contains("\"games\"");
    assertThat(Files.readString(kif)).contains("(role white)");
    assertThat(Files.readString(md)).contains("# ");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).as("no temporary file left behind")
          .containsExactlyInAnyOrder("out.json", "out.kif", "out.md");
    }
  }

  // ------------------------------------------------------------------------------- 3. a hang, unbounded memory

  @Test
  void item3_boardSizesThatOverflowAreRefusedWithTheirPosition() throws IOException {
    String ttt = bundled("blind-tic-tac-toe");
    for (String shape : List.of("(square 2147483647)", "(rectangle 3 1431655766)", "(rectangle 65536 65536)",
        "(square 99999999999)")) {
      Path g = file("board.lud", ttt.replace("(square 3)", shape));
      long start = System.nanoTime();
      Run r = Cli.run("check", g.toString());
      assertClean(r, 1);
      assertThat(r.err()).startsWith(g + ":6:").contains("a board has 1 to 400 sites");
      assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(10));
    }
  }

  // ---------------------------------------------------------------------------------- 4. internal errors

  @Test
  void item4_negativeLineLengthIsAnErrorWithItsPosition() throws IOException {
    Path g = file("line.lud", bundled("blind-tic-tac-toe").replace("(line 3 White) (line 3 Black)",
        "(line -1 White) (line 3 Black)"));
    Run r = Cli.run("check", g.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith(g + ":10:26: the length of a line on a 3 x 3 board must be in 1..3, found -1");
  }

  @Test
  void item4_replayOfAGameLineWithoutMovesOrWithShortRowsIsAnError() throws IOException {
    Path json = dir.resolve("a.jsonl");
    assertClean(Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "2", "--json",
        json.toString(), "--no-progress"), 0);
    List<String> lines = Files.readAllLines(json);
    String game0 = lines.get(1);
    assertThat(game0).contains("\"moves\":[[");

    List<String> noMoves = new ArrayList<>(lines);
    noMoves.set(1, game0.replaceFirst("\"moves\":\\[\\[.*?\\]\\]", "\"moves\":null"));
    Path a = file("nomoves.jsonl", String.join("\n", noMoves) + "\n");
    Run r = Cli.run("replay", a.toString(), "--game", "0");
    assertClean(r, 1);
    assertThat(r.err()).contains("nomoves.jsonl:2: bad game line: field \"moves\" is missing or not a list");
    // The whole file is checked before anything is listed: the list refuses it with the same line.
    Run list = Cli.run("replay", a.toString());
    assertClean(list, 1);
    assertThat(list.err()).contains("nomoves.jsonl:2:");

    List<String> shortRow = new ArrayList<>(lines);
    shortRow.set(1, game0.replaceFirst("\"moves\":\\[\\[([-0-9]+),([-0-9]+),([-0-9]+)\\]",
        "\"moves\":[[$1,$2]"));
    Path b = file("short.jsonl", String.join("\n", shortRow) + "\n");
    Run s = Cli.run("replay", b.toString(), "--game", "0");
    assertClean(s, 1);
    assertThat(s.err()).contains("short.jsonl:2: bad game line: move 0 does not have one entry per role (3)");

    List<String> noSeats = new ArrayList<>(lines);
    noSeats.set(1, game0.replaceFirst("\"seats\":", "\"chairs\":"));
    Path c = file("noseats.jsonl", String.join("\n", noSeats) + "\n");
    assertClean(Cli.run("replay", c.toString(), "--game", "0"), 1);
  }

  @Test
  void item4_referenceToAFolderThatDoesNotExistSaysSo() {
    Path out = dir.resolve("no-such-folder").resolve("x.md");
    Run r = Cli.run("reference", "-o", out.toString());
    assertClean(r, 2);
    assertThat(r.err()).isEqualTo("error: cannot write " + out + ": the folder " + out.getParent()
        + " does not exist\n");
  }

  @Test
  void item4_tooLargeAFileForTheHeapIsRefusedBeforeReading() throws IOException {
    // The limit scales with the heap: the file is made one byte larger than this JVM's limit, without content.
    long limit = veil.games.GameText.maxBytes();
    Path big = dir.resolve("big.lud");
    try (var ch = java.nio.channels.FileChannel.open(big, java.nio.file.StandardOpenOption.CREATE_NEW,
        java.nio.file.StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(new byte[] {' '}), limit);
    }
    Run r = Cli.run("check", big.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith("error: " + big + " is ").contains("a game file may be at most",
        "-Xmx");
  }

  @Test
  void item4_aTextWithAnErrorPerTokenStopsAfterTheFirstHundred() {
    StringBuilder sb = new StringBuilder("(game \"X\" (players 2) (equipment {");
    sb.append("a ".repeat(200_000)).append("}))");
    Run r = Cli.run("check", writeUnchecked("dense.lud", sb.toString()).toString());
    assertClean(r, 1);
    assertThat(r.err()).contains("too many errors (100); the compilation stops here");
    assertThat(r.err().lines().filter(l -> l.contains("expected an item of equipment")).count()).isEqualTo(99);
  }

  private Path writeUnchecked(String name, String text) {
    try {
      return file(name, text);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  // ------------------------------------------------------------------------------ 6. errors found at run time

  @Test
  void item6_seatNumbersOutsideThePlayersAreCompileErrors() throws IOException {
    Path mover = file("mover.lud", "(game \"T\" (players 2) (equipment {(board (square 3))})\n"
        + "  (rules (play (claim name:mark) then:(setMover 99)) (end (if (full) (result All Draw)))))\n");
    Run r = Cli.run("check", mover.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith(mover + ":2:49: player 99 is not a player of this game");

    Path leader = file("leader.lud", bundled("agram").replace("leader:P1", "leader:7"));
    Run l = Cli.run("check", leader.toString());
    assertClean(l, 1);
    assertThat(l.err()).startsWith(leader + ":15:").contains("player 7 is not a player of this game");
  }

  @Test
  void item6_aSeatComputedAtRunTimeIsARuleFailureWithItsPosition() throws IOException {
    Path leader = file("leader.lud", bundled("agram").replace("leader:P1", "leader:(+ Winner 9)"));
    Run r = Cli.run("simulate", leader.toString(), "--games", "2", "--no-progress");
    assertClean(r, 1);
    assertThat(r.err()).contains("rule failure", "the trick's leader: is player ", leader + ":15:");
  }

  @Test
  void item6_placeOwnersVariablesAndSumsAreCheckedToo() throws IOException {
    Path owner = file("owner.lud", bundled("agram").replace("(spot \"Table\" Mover)", "(spot \"Table\" 7)"));
    Run o = Cli.run("check", owner.toString());
    assertClean(o, 1);
    assertThat(o.err()).startsWith(owner + ":15:35: player 7 is not a player of this game");

    Path var = file("var.lud", bundled("agram").replace("(players <Players>)", "(players 3)")
        .replace("(rank (trickCard Player))", "(var \"V\" (+ Player 5))")
        .replace("(bound 100)", "(bound 100) (vars {(var \"V\" Each 0)})"));
    Run v = Cli.run("simulate", var.toString(), "--games", "1", "--no-progress");
    assertClean(v, 1);
    assertThat(v.err()).contains("rule failure: whose \"V\" is player 5, not a player of the game (0..2) at " + var
        + ":21:29");

    // An owner computed from a variable at run time: a rule failure with the place reference's position, not an
    // ArrayIndexOutOfBoundsException.
    Path computed = file("computed.lud", bundled("agram").replace("(players <Players>)", "(players 3)")
        .replace("(bound 100)", "(bound 100) (vars {(var \"W\" 7)})")
        .replace("(spot \"Table\" Mover)", "(spot \"Table\" (var \"W\"))"));
    Run w = Cli.run("simulate", computed.toString(), "--games", "1", "--no-progress");
    assertClean(w, 1);
    assertThat(w.err()).contains("rule failure: the owner of \"Table\" is player 7, not a player of the game (0..2)"
        + " at " + computed + ":").doesNotContain("IndexOutOfBounds");

    Path add = file("add.lud", bundled("blind-tic-tac-toe")
        .replace("(equipment {(board (square 3))})", "(equipment {(board (square 3))}) (vars {(var \"X\" 2147483647)})")
        .replace("(play (claim name:mark tell:ok) simultaneous:True)",
            "(play (claim name:mark tell:ok) then:(add \"X\" 1) simultaneous:True)"));
    Run a = Cli.run("simulate", add.toString(), "--games", "1", "--no-progress");
    assertClean(a, 1);
    assertThat(a.err()).contains("rule failure: integer overflow in (add …) at " + add + ":9:42 (2147483647 + 1)");
  }

  @Test
  void item6_aOnePlayerLudemeGameIsACompileErrorNotNaN() throws IOException {
    Path one = file("one.lud", bundled("agram").replace("(players <Players>)", "(players 1)"));
    Run r = Cli.run("check", one.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith(one + ":4:12: a ludeme game has 2 to 16 players");
    Path named = file("named.lud", bundled("blind-tic-tac-toe").replace("(players {White Black})",
        "(players {White})").replace("(line 3 Black)", "(line 3 White)"));
    Run n = Cli.run("check", named.toString());
    assertClean(n, 1);
    assertThat(n.err()).contains("a ludeme game has 2 to 16 players").doesNotContain("NaN");
  }

  @Test
  void item6_dealAndDrawCountsAreCheckedAgainstTheCards() throws IOException {
    String agram = bundled("agram");
    for (String deal : List.of("(deal 14 to:(hand Each))", "(deal -1 to:(hand Each))", "(deal 0 to:(hand Each))")) {
      Path g = file("deal.lud", agram.replace("(deal 6 to:(hand Each))", deal));
      Run r = Cli.run("check", g.toString());
      assertClean(r, 1);
      assertThat(r.err()).startsWith(g + ":14:").contains("cards per player (35 cards in the game, 4 players)"
          + " must be in 1..8");
    }
    Path draw = file("draw.lud", agram.replace("(deal 6 to:(hand Each))",
        "(deal 6 to:(hand Each)) (draw -3 to:(hand P1))"));
    Run d = Cli.run("check", draw.toString());
    assertClean(d, 1);
    assertThat(d.err()).startsWith(draw + ":14:").contains("the number of cards to draw must be in 1..35");
  }

  @Test
  void item6_arithmeticIsExactOrAnError() throws IOException {
    String agram = bundled("agram");
    Path div0 = file("div0.lud", agram.replace("(rank (trickCard Player))", "(/ (rank (trickCard Player)) 0)"));
    Run a = Cli.run("check", div0.toString());
    assertClean(a, 1);
    assertThat(a.err()).startsWith(div0 + ":21:").contains("division by zero");

    Path mul = file("mul.lud", agram.replace("(rank (trickCard Player))", "(* 2147483647 2)"));
    Run b = Cli.run("check", mul.toString());
    assertClean(b, 1);
    assertThat(b.err()).startsWith(mul + ":21:29: (* …): the result is outside the integers");

    Path big = file("big.lud", agram.replace("(rank (trickCard Player))", "99999999999"));
    Run c = Cli.run("check", big.toString());
    assertClean(c, 1);
    assertThat(c.err()).startsWith(big + ":21:").contains("integer 99999999999 is out of range");

    Path runDiv = file("rundiv.lud", agram.replace("(rank (trickCard Player))",
        "(/ 100 (- (rank (trickCard Player)) (rank (trickCard Player))))"));
    Run d = Cli.run("simulate", runDiv.toString(), "--games", "1", "--no-progress");
    assertClean(d, 1);
    assertThat(d.err()).contains("rule failure: division by zero in (/ …) at " + runDiv + ":21:");

    Path runMul = file("runmul.lud", agram.replace("(rank (trickCard Player))",
        "(* 2147483 (rank (trickCard Player)) 1000)"));
    Run e = Cli.run("simulate", runMul.toString(), "--games", "1", "--no-progress");
    assertClean(e, 1);
    assertThat(e.err()).contains("rule failure: integer overflow in (* …) at " + runMul + ":21:");
  }

  @Test
  void item6_duplicateSuitsRanksAndNumbersAreErrors() throws IOException {
    String agram = bundled("agram");
    Path suits = file("suits.lud", agram.replace("suits:{Clubs Diamonds Hearts Spades}",
        "suits:{Clubs Diamonds Hearts clubs}"));
    Run s = Cli.run("check", suits.toString());
    assertClean(s, 1);
    assertThat(s.err()).startsWith(suits + ":7:").contains("the suit clubs is listed twice");
    Path ranks = file("ranks.lud", agram.replace("ranks:{3 4 5 6 7 8 9 10 Ace}", "ranks:{3 4 5 6 7 8 9 3 Ace}"));
    Run r = Cli.run("check", ranks.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith(ranks + ":7:").contains("the rank 3 is listed twice");
    Path imp = file("imp.lud", bundled("bottle-imp").replace("numbers:{1..37}", "numbers:{1..9223372036854775807}"));
    Run n = Cli.run("check", imp.toString());
    assertClean(n, 1);
    assertThat(n.err()).startsWith(imp + ":8:").contains("numbers: 1..9223372036854775807 is not a range of at"
        + " most " + veil.ludeme.CardTable.MAX_CARDS + " more cards").doesNotContain("suits for");
  }

  @Test
  void item6_aLineLongerThanTheBoardIsAnError() throws IOException {
    Path g = file("line99.lud", bundled("blind-tic-tac-toe").replace("(line 3 White) (line 3 Black)",
        "(line 99 White) (line 3 Black)"));
    Run r = Cli.run("check", g.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith(g + ":10:26: the length of a line on a 3 x 3 board must be in 1..3, found 99");
  }

  // ----------------------------------------------------------------------------------- 7. option bounds

  @Test
  void item7_budgetsAndAgentParametersAreBounded() {
    String[][] bad = {
      {"--threads", "100000"}, {"--threads", "0"}, {"--iterations", "99999999999"}, {"--iterations", "0"},
      {"--time-ms", "9223372036854775"},
    };
    for (String[] b : bad) {
      Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", "random,random", "--games", "1", b[0], b[1],
          "--no-progress");
      assertClean(r, 2);
      assertThat(r.err()).startsWith(b[0] + " must be in 1..");
    }
    for (String spec : List.of("pimc:c=NaN", "so-ismcts:c=-1", "so-ismcts:c=Infinity", "so-ismcts:c=1:c=2",
        "pimc:worlds=2.5", "pimc:worlds=0", "pimc:worlds=99999999999")) {
      Run r = Cli.run("arena", "blind-tic-tac-toe", "--agents", spec + ",random", "--games", "1", "--no-progress");
      assertClean(r, 2);
      assertThat(r.err()).startsWith("--agents: agent '");
    }
  }

  @Test
  void item7_unknownOptionNamesAreUsageErrorsForKifGamesToo() {
    Run kif = Cli.run("check", "monty-hall-3", "--option", "foo=1");
    assertClean(kif, 2);
    assertThat(kif.err()).contains("unknown option \"foo\"", "mode, syntax, stepBound");
    for (String command : List.of("simulate", "arena", "analyze")) {
      Run r = command.equals("arena") ? Cli.run(command, "monty-hall-3", "--agents", "random,random", "--option",
          "foo=1") : Cli.run(command, "monty-hall-3", "--option", "foo=1");
      assertClean(r, 2);
      assertThat(r.err()).as(command).contains("unknown option \"foo\"");
    }
    Run lud = Cli.run("check", "agram", "--option", "foo=1");
    assertClean(lud, 2);
    assertThat(lud.err()).contains("unknown option \"foo\"");
    // A bad value for an option the game does take is about the game's options: still a game error.
    assertClean(Cli.run("check", "monty-hall-3", "--option", "stepBound=0"), 1);
    assertClean(Cli.run("check", "monty-hall-3", "--option", "mode=strict"), 0);
  }

  // ------------------------------------------------------------------- 8. unwritable output found after the work

  @Test
  void item8_anUnwritableOutputIsRefusedBeforeAnyGameIsPlayed() {
    Path out = dir.resolve("missing").resolve("r.json");
    Run r = Cli.run("simulate", "hearts", "--games", "1000000", "--json", out.toString(), "--no-progress");
    assertClean(r, 2);
    assertThat(r.out()).as("no game was played").isEmpty();
    assertThat(r.err()).isEqualTo("error: cannot write " + out + ": the folder " + out.getParent()
        + " does not exist\n");
    Run folder = Cli.run("simulate", "hearts", "--games", "1000000", "--json", dir.toString(), "--no-progress");
    assertClean(folder, 2);
    assertThat(folder.err()).contains("is a folder");
    Run export = Cli.run("export-gdl", "agram", "-o", out.toString());
    assertClean(export, 2);
  }

  @Test
  void item8_theOperatingSystemsReasonIsNamed() {
    assertThat(OutputFiles.reason(new java.nio.file.AccessDeniedException("/x/y"))).isEqualTo("permission denied");
    assertThat(OutputFiles.reason(new java.nio.file.NoSuchFileException("/x/y"))).isEqualTo("no such file or folder");
    assertThat(OutputFiles.reason(new java.nio.file.FileSystemException("/x/y", null, "No space left on device")))
        .isEqualTo("No space left on device");
  }

  // ------------------------------------------------------------------------------ 9. play with stdin closed

  @Test
  void item9_descriptorZeroOpenedByTheJvmIsNotInput() {
    String home = System.getProperty("java.home");
    assertThat(StandardInput.closedBeforeStart(Path.of(home, "lib", "modules"))).isTrue();
    assertThat(StandardInput.closedBeforeStart(Path.of("/work/games/target/lib/picocli-4.7.6.jar"))).isTrue();
    assertThat(StandardInput.closedBeforeStart(Path.of("/dev/pts/0"))).isFalse();
    assertThat(StandardInput.closedBeforeStart(Path.of("/tmp/moves.txt"))).isFalse();
    assertThat(StandardInput.closedBeforeStart(null)).isFalse();
  }

  @Test
  void item9_playWithStandardInputClosedStopsAtOnce() throws Exception {
    // A real process: only a real descriptor 0 can be closed. bash's <&- closes it before Java starts.
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", "exec \"$0\" -cp \"$1\" veil.cli.Main play"
        + " blind-tic-tac-toe --seed 1 --agents random <&-", java, System.getProperty("java.class.path"));
    pb.redirectErrorStream(true);
    Process p = pb.start();
    byte[] out = p.getInputStream().readNBytes(1 << 20);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String text = new String(out, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(text).isZero();
    assertThat(text).contains("game stopped at step 0 (end of input)");
    assertThat(text.split("move> ", -1).length - 1).as("prompts").isEqualTo(1);
  }

  @Test
  void item9_aPersonNeverTypesAHundredNonMovesInARow() {
    Run r = Cli.runWithInput("garbage\n".repeat(1000), "play", "blind-tic-tac-toe", "--seed", "1", "--agents",
        "random");
    assertClean(r, 0);
    assertThat(r.out()).contains("100 lines in a row were not moves");
    assertThat(r.out().split("move> ", -1).length - 1).isEqualTo(HumanPlayer.MAX_WRONG_LINES);
  }

  // --------------------------------------------------------------------------------- 10. messages with facts

  @Test
  void item10_invalidUtf8AndUtf16AreNamedWithTheirPosition() throws IOException {
    byte[] head = "(game \"X\"\n  (players 2) ".getBytes(StandardCharsets.UTF_8);
    byte[] bad = new byte[head.length + 3];
    System.arraycopy(head, 0, bad, 0, head.length);
    bad[head.length] = (byte) 0xE2;
    bad[head.length + 1] = (byte) 0x28;
    bad[head.length + 2] = (byte) 0xA1;
    Path lud = file("bad.lud", bad);
    Run r = Cli.run("check", lud.toString());
    assertClean(r, 1);
    assertThat(r.err()).startsWith(lud + ":2:15: this is not valid UTF-8 text (byte 0xE2 at offset 24)");

    Path kif = file("u16.kif", "(role a)\n".getBytes(StandardCharsets.UTF_16LE));
    Run k = Cli.run("check", kif.toString());
    assertClean(k, 1);
    assertThat(k.err()).startsWith(kif + ":1:2: the file looks like UTF-16 text, not UTF-8");
    Path bom = file("bom16.kif", "(role a)\n".getBytes(StandardCharsets.UTF_16));
    assertThat(Cli.run("check", bom.toString()).err()).startsWith(bom + ":1:1: the file is UTF-16");
  }

  @Test
  void item10_crOnlyLineEndsEndComments() throws IOException {
    String ttt = bundled("blind-tic-tac-toe");
    Path cr = file("cr.lud", ttt.replace("\n", "\r"));
    Run r = Cli.run("check", cr.toString());
    assertClean(r, 0);
    assertThat(r.out()).contains("Blind Tic-Tac-Toe");
  }

  @Test
  void item10_aUtf8ByteOrderMarkIsAcceptedInBothLanguages() throws IOException {
    Path lud = file("bom.lud", "\uFEFF" + bundled("blind-tic-tac-toe"));
    assertClean(Cli.run("check", lud.toString()), 0);
    String kifText;
    try (InputStream in = ReliabilityTest.class.getResourceAsStream("/veil/games/kif/monty-hall-3.kif")) {
      kifText = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Path kif = file("bom.kif", "\uFEFF" + kifText);
    assertClean(Cli.run("check", kif.toString()), 0);
  }

  @Test
  void item10_devicesPipesAndFoldersAreNamedAsSuch() {
    Run dev = Cli.run("check", "/dev/null");
    assertClean(dev, 1);
    assertThat(dev.err()).isEqualTo("error: /dev/null is not a regular file (a device, a pipe or a socket); a game"
        + " is a .lud or .kif file\n");
    Run folder = Cli.run("check", dir.toString());
    assertClean(folder, 1);
    assertThat(folder.err()).contains("is a folder, not a game file");
  }

  @Test
  void item10_aHugeLeadingCommentIsCutInTheDescription() throws IOException {
    String kifText;
    try (InputStream in = ReliabilityTest.class.getResourceAsStream("/veil/games/kif/monty-hall-3.kif")) {
      kifText = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Path kif = file("long.kif", "; " + "x".repeat(100_000) + "\n" + kifText);
    Run r = Cli.run("check", kif.toString());
    assertClean(r, 0);
    assertThat(r.out().length()).isLessThan(2_000);
  }

  @Test
  void item10_arenaSaysWhereFailedGamesAre() throws Exception {
    veil.ai.arena.ArenaConfig none = veil.ai.arena.ArenaConfig.of(Cli.standard().load("blind-tic-tac-toe",
        java.util.Map.of()), List.of("random", "random"));
    veil.ai.arena.ArenaResult r = new veil.ai.arena.ArenaResult(none, List.of(),
        veil.ai.arena.ArenaStats.of(none, List.of()), 2, List.of(), 0);
    assertThat(r.format()).contains("2 game(s) failed and are not counted\n").doesNotContain("output file");
  }

  // ----------------------------------------------------------------------------------------------- 11. KIF

  private static final String KIF_HEAD = "(role a)\n(init (p 1))\n(<= (legal a x) (true (p 1)))\n"
      + "(<= (next (q 1)) (does a x))\n(<= terminal (true (q 1)))\n";

  @Test
  void item11_twoGoalValuesThatAlwaysHoldAreAnErrorInStrictModeAndAWarningOtherwise() throws IOException {
    Path kif = file("goals.kif", KIF_HEAD + "(goal a 100)\n(<= (goal ?r 0) (role ?r))\n");
    Run strict = Cli.run("check", kif.toString(), "--option", "mode=strict");
    assertClean(strict, 1);
    assertThat(strict.err()).startsWith(kif + ":7:1: role 'a' has goal values 100 and 0 in every state");
    Run lenient = Cli.run("check", kif.toString());
    assertClean(lenient, 0);
    assertThat(lenient.err()).startsWith("warning: " + kif + ":7:1: role 'a' has goal values 100 and 0")
        .contains("the highest is used");
  }

  @Test
  void item11_seesForAnUnknownRoleAndTwoAritiesAreNeverSilent() throws IOException {
    Path sees = file("sees.kif", KIF_HEAD + "(<= (sees nobody x) (does a x))\n(goal a 100)\n");
    assertThat(Cli.run("check", sees.toString(), "--option", "mode=strict").err())
        .startsWith(sees + ":6:11: 'nobody' is not a role");
    Run lenient = Cli.run("check", sees.toString());
    assertClean(lenient, 0);
    assertThat(lenient.err()).startsWith("warning: " + sees + ":6:11: 'nobody' is not a role");
    Run simulate = Cli.run("simulate", sees.toString(), "--games", "2", "--no-progress");
    assertClean(simulate, 0);
    assertThat(simulate.err()).contains("warning: 1 deviation from GDL-II accepted in lenient mode");

    Path arity = file("arity.kif", KIF_HEAD.replace("(next (q 1))", "(next (q 1 2))") + "(goal a 100)\n");
    assertThat(Cli.run("check", arity.toString(), "--option", "mode=strict").err()).contains("'q' is used with");
    assertThat(Cli.run("check", arity.toString()).err()).startsWith("warning: " + arity + ":5:20: 'q' is used"
        + " with 1 argument(s) here and with 2 elsewhere");
  }
}
