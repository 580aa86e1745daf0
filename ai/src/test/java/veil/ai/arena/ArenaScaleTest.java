package veil.ai.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.ai.Budget;
import veil.ai.games.HighCard;
import veil.ai.games.KuhnPoker;
import veil.ai.games.OddOneOut;

/** Parallel games, locked and validated files, shards and their merge, sound intervals, duplicate deals, teams. */
class ArenaScaleTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static ArenaConfig kuhn() {
    return ArenaConfig.of(new KuhnPoker(), List.of("so-ismcts", "pimc")).withSeed(77)
        .withBudget(Budget.iterations(120));
  }

  /** A file's lines with the measured times (the only fields that differ between equal runs) removed. */
  static List<String> withoutTimes(Path file) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      JsonNode n = JSON.readTree(line);
      strip(n);
      out.add(n.toString());
    }
    return out;
  }

  private static void strip(JsonNode n) {
    if (n instanceof ObjectNode o) {
      o.remove(List.of("msPerMove", "decisionNanos", "iterationsPerSecond"));
    }
    n.forEach(ArenaScaleTest::strip);
  }

  @Test
  void gamesAreTheSameWhateverTheNumberPlayedAtOnce() throws Exception {
    Path one = dir.resolve("one.jsonl");
    Path two = dir.resolve("two.jsonl");
    Path three = dir.resolve("three.jsonl");
    ArenaConfig c = ArenaConfig.of(new OddOneOut(), List.of("so-ismcts", "pimc", "random")).withSeed(5)
        .withBudget(Budget.iterations(150)).withGames(9);
    List<Integer> progress = new ArrayList<>();
    ArenaResult a = Arena.run(c.withOutput(one, false));
    ArenaResult b = Arena.run(c.withParallel(2).withOutput(two, false)
        .withProgress((d, t, e, r) -> progress.add(d)));
    Arena.run(c.withParallel(3).withOutput(three, false));
    assertThat(progress).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertThat(withoutTimes(two)).isEqualTo(withoutTimes(one));
    assertThat(withoutTimes(three)).isEqualTo(withoutTimes(one));
    assertThat(withoutTimes(one)).hasSize(11);
    for (int i = 0; i < 9; i++) {
      assertThat(b.games().get(i).index()).isEqualTo(i);
      assertThat(b.games().get(i).moves()).isDeepEqualTo(a.games().get(i).moves());
    }
    // The parallel file resumes like any other.
    ArenaResult more = Arena.run(c.withParallel(2).withGames(12).withOutput(two, true));
    assertThat(more.readBack()).isEqualTo(9);
    assertThat(ArenaFile.read(two).games()).extracting(GameResult::index)
        .containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
  }

  @Test
  void aSecondWriterIsRefusedWhileARunWrites() throws Exception {
    Path file = dir.resolve("busy.jsonl");
    CountDownLatch firstGame = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ArenaConfig c = kuhn().withGames(3).withOutput(file, false).withProgress((d, t, e, r) -> {
      if (d == 1) {
        firstGame.countDown();
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException ex) {
          Thread.currentThread().interrupt();
        }
      }
    });
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread first = new Thread(() -> {
      try {
        Arena.run(c);
      } catch (Throwable t) {
        failed.set(t);
      }
    });
    first.start();
    assertThat(firstGame.await(30, TimeUnit.SECONDS)).isTrue();
    // A second run on the same file, starting over or resuming, refuses and leaves the file alone.
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(3).withOutput(file, false)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("another run is writing");
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(3).withOutput(file, true)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("another run is writing");
    release.countDown();
    first.join(60_000);
    assertThat(failed.get()).isNull();
    ArenaFile.Contents back = ArenaFile.read(file);
    assertThat(back.games()).extracting(GameResult::index).containsExactly(0, 1, 2);
    assertThat(back.finished()).isTrue();
    // Once it is done, the lock is gone.
    assertThat(Arena.run(kuhn().withGames(4).withOutput(file, true)).games()).hasSize(4);
  }

  private Path tenGames() throws Exception {
    Path file = dir.resolve("ten.jsonl");
    if (!Files.exists(file)) {
      Arena.run(kuhn().withGames(10).withOutput(file, false));
    }
    return file;
  }

  /** A copy of the ten-game file with its lines edited. */
  private Path edited(String name, java.util.function.Consumer<List<String>> edit) throws Exception {
    List<String> lines = new ArrayList<>(Files.readAllLines(tenGames(), StandardCharsets.UTF_8));
    edit.accept(lines);
    Path p = dir.resolve(name);
    Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void resumeRefusesAFileWithGamesMissingDuplicatedOrOutOfOrder() throws Exception {
    // Lines: 0 config, 1..10 games 0..9, 11 summary.
    Path missing = edited("missing.jsonl", l -> {
      l.remove(11);
      l.remove(4); // game 3
    });
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(10).withOutput(missing, true)))
        .hasMessageContaining("missing.jsonl:5:").hasMessageContaining("game 4 where game 3 was expected");
    Path twice = edited("twice.jsonl", l -> {
      l.remove(11);
      l.add(3, l.get(2));
    });
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(12).withOutput(twice, true)))
        .hasMessageContaining("twice.jsonl:4:").hasMessageContaining("game 1 where game 2 was expected");
    Path bogus = edited("bogus.jsonl", l -> {
      l.remove(11);
      l.set(5, l.get(5).replace("\"index\":4", "\"index\":400"));
    });
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(10).withOutput(bogus, true)))
        .hasMessageContaining("bogus.jsonl:6:").hasMessageContaining("game 400");
    Path afterSummary = edited("after.jsonl", l -> l.add(l.get(3)));
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(10).withOutput(afterSummary, true)))
        .hasMessageContaining("after.jsonl:13:").hasMessageContaining("after the summary");
    Path garbage = edited("garbage.jsonl", l -> l.set(2, "{\"type\":\"game\",\"index\":1,\"moves\":null}"));
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(10).withOutput(garbage, true)))
        .hasMessageContaining("garbage.jsonl:3:").hasMessageContaining("bad game line");
    Path seed = edited("seed.jsonl", l -> {
      l.remove(11);
      l.set(2, l.get(2).replaceFirst("\"seed\":-?[0-9]+", "\"seed\":42"));
    });
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(10).withOutput(seed, true)))
        .hasMessageContaining("seed.jsonl:3:").hasMessageContaining("seed 42");
  }

  @Test
  void resumingAFinishedFileChangesNothingAndFewerGamesAreRefused() throws Exception {
    Path file = tenGames();
    byte[] before = Files.readAllBytes(file);
    ArenaResult again = Arena.run(kuhn().withGames(10).withOutput(file, true));
    assertThat(again.games()).hasSize(10);
    assertThat(again.readBack()).isEqualTo(10);
    assertThat(again.notes()).anyMatch(n -> n.contains("nothing to play"));
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThatThrownBy(() -> Arena.run(kuhn().withGames(5).withOutput(file, true)))
        .hasMessageContaining("10-game run").hasMessageContaining("--games 5");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    // Growing a finished run replaces its summary: one summary, at the end.
    Path grown = edited("grown.jsonl", l -> { });
    ArenaResult more = Arena.run(kuhn().withGames(12).withOutput(grown, true));
    assertThat(more.notes()).anyMatch(n -> n.contains("summary of the earlier 10-game run is replaced"));
    List<String> lines = Files.readAllLines(grown);
    assertThat(lines.stream().filter(x -> x.contains("\"type\":\"summary\""))).hasSize(1);
    assertThat(lines.get(lines.size() - 1)).contains("\"type\":\"summary\"");
    assertThat(ArenaFile.read(grown).games()).hasSize(12);
  }

  @Test
  void aTornLastLineIsDroppedWithANote() throws Exception {
    Path torn = edited("torn.jsonl", l -> {
      l.remove(11);
      l.set(10, l.get(10).substring(0, 30));
    });
    Files.writeString(torn, Files.readString(torn).stripTrailing());
    ArenaResult r = Arena.run(kuhn().withGames(10).withOutput(torn, true));
    assertThat(r.notes()).anyMatch(n -> n.contains("torn.jsonl:11: dropped a torn last line"));
    assertThat(r.readBack()).isEqualTo(9);
    assertThat(withoutTimes(torn)).isEqualTo(withoutTimes(tenGames()));
  }

  @Test
  void shardsMergeIntoTheFileOfTheWholeRun() throws Exception {
    ArenaConfig c = ArenaConfig.of(new OddOneOut(), List.of("so-ismcts", "pimc", "random")).withSeed(3)
        .withBudget(Budget.iterations(100)).withGames(10);
    Path whole = dir.resolve("whole.jsonl");
    Arena.run(c.withOutput(whole, false));
    List<Path> shards = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      Path p = dir.resolve("shard" + k + ".jsonl");
      ArenaResult r = Arena.run(c.withShard(k, 3).withOutput(p, false));
      assertThat(r.games()).allMatch(g -> g.index() % 3 == 0 + r.config().shardIndex());
      shards.add(p);
    }
    assertThat(ArenaFile.read(shards.get(0)).games()).extracting(GameResult::index).containsExactly(0, 3, 6, 9);
    Path merged = dir.resolve("merged.jsonl");
    Files.write(merged, ArenaFile.merge(List.of(shards.get(2), shards.get(0), shards.get(1)), c.game()));
    // Equal to the unsharded run in every field but the measured times...
    assertThat(withoutTimes(merged)).isEqualTo(withoutTimes(whole));
    // ...and byte for byte when the shards are cut from the whole run's own lines.
    List<String> lines = Files.readAllLines(whole);
    List<Path> cut = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      List<String> part = new ArrayList<>();
      part.add(ArenaFile.text(ArenaFile.configJson(c.withShard(k, 2))));
      for (int i = 1; i < lines.size() - 1; i++) {
        if ((i - 1) % 2 == k) {
          part.add(lines.get(i));
        }
      }
      Path p = dir.resolve("cut" + k + ".jsonl");
      Files.write(p, part);
      cut.add(p);
    }
    assertThat(ArenaFile.merge(cut, c.game())).isEqualTo(lines);
    // Not the shards of one run: refused with the reason.
    assertThatThrownBy(() -> ArenaFile.merge(List.of(shards.get(0), shards.get(1)), c.game()))
        .hasMessageContaining("shard 2/3 is missing");
    assertThatThrownBy(() -> ArenaFile.merge(List.of(shards.get(0), shards.get(0), shards.get(1)), c.game()))
        .hasMessageContaining("given twice");
    assertThatThrownBy(() -> ArenaFile.merge(List.of(shards.get(0), cut.get(1)), c.game()))
        .hasMessageContaining("one of 3 shards");
    Path other = dir.resolve("other.jsonl");
    Arena.run(c.withSeed(4).withShard(1, 3).withOutput(other, false));
    assertThatThrownBy(() -> ArenaFile.merge(List.of(shards.get(0), other, shards.get(2)), c.game()))
        .hasMessageContaining("masterSeed");
    Path unfinished = dir.resolve("unfinished.jsonl");
    List<String> s1 = Files.readAllLines(shards.get(1));
    Files.write(unfinished, s1.subList(0, s1.size() - 2));
    assertThatThrownBy(() -> ArenaFile.merge(List.of(shards.get(0), unfinished, shards.get(2)), c.game()))
        .hasMessageContaining("game 7 is in none of the files");
  }

  @Test
  void intervalsStayInsideZeroOneAndNarrowWithMoreGames() {
    // 19 wins of 20 for agent 0: the normal approximation would reach above 1.
    List<GameResult> games = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      double s = i == 0 ? 0 : 1;
      games.add(game(i, new int[] {0, 1}, new double[] {s, 1 - s}));
    }
    ArenaConfig c = ArenaConfig.of(new KuhnPoker(), List.of("a", "b"));
    ArenaStats st = ArenaStats.of(c, games);
    AgentSummary a = st.agents().get(0);
    assertThat(a.meanScore()).isEqualTo(0.95);
    assertThat(a.ciHigh()).isLessThanOrEqualTo(1.0).isGreaterThanOrEqualTo(0.95);
    assertThat(a.ciLow()).isGreaterThanOrEqualTo(0.0).isLessThan(0.95);
    AgentSummary b = st.agents().get(1);
    assertThat(b.ciLow()).isGreaterThanOrEqualTo(0.0);
    // The paired difference: +0.9 per game, interval inside [-1, 1] and away from 0.
    ArenaStats.Pair p = st.pairs().get(0);
    assertThat(p.mean()).isCloseTo(0.9, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(p.significant()).isTrue();
    assertThat(p.ciHigh()).isLessThanOrEqualTo(1.0);
    // Fair coin over 400 games: the bootstrap agrees with the normal interval (±0.049) within 0.01.
    List<GameResult> coin = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      double w = i % 4 < 2 ? 1 : 0; // agent 0 wins half the games, in both seats
      boolean first = i % 2 == 0;
      coin.add(game(i, new int[] {first ? 0 : 1, first ? 1 : 0}, first ? new double[] {w, 1 - w}
          : new double[] {1 - w, w}));
    }
    AgentSummary fair = ArenaStats.of(c, coin).agents().get(0);
    assertThat(fair.ciHigh() - fair.meanScore()).isBetween(0.039, 0.059);
    assertThat(fair.meanScore() - fair.ciLow()).isBetween(0.039, 0.059);
    // The same games give the same interval (fixed seed).
    assertThat(ArenaStats.of(c, coin).agents().get(0)).isEqualTo(fair);
  }

  private static GameResult game(int index, int[] agentOfRole, double[] scores) {
    int roles = agentOfRole.length + 1; // KuhnPoker: random is role 0
    int[] who = new int[roles];
    who[0] = -1;
    double[] sc = new double[roles];
    for (int i = 0; i < agentOfRole.length; i++) {
      who[i + 1] = agentOfRole[i];
      sc[i + 1] = scores[i];
    }
    return new GameResult(index, index, who, new String[roles], new int[0][], new String[0][], sc, new int[roles],
        new double[roles], new long[roles], new long[roles], null, new int[roles], new int[roles]);
  }

  @Test
  void duplicateDealsCancelTheLuckOfAGameWithoutDecisions() {
    HighCard war = new HighCard(2, false);
    ArenaConfig c = ArenaConfig.of(war, List.of("so-ismcts", "random")).withBudget(Budget.iterations(50));
    // Without duplicate deals some seeds show a "significant" difference between agents that never decide.
    int luckySeeds = 0;
    for (int seed = 1; seed <= 20; seed++) {
      ArenaResult r = Arena.run(c.withSeed(seed).withGames(20));
      luckySeeds += r.stats().pairs().get(0).significant() ? 1 : 0;
      ArenaResult d = Arena.run(c.withSeed(seed).withGames(20).withDuplicate(true));
      ArenaStats.Pair p = d.stats().pairs().get(0);
      assertThat(p.units()).isEqualTo(10);
      assertThat(p.mean()).isZero();
      assertThat(p.significant()).isFalse();
      for (GameResult g : d.games()) {
        GameResult twin = d.games().get(g.index() ^ 1);
        assertThat(g.moves()).isDeepEqualTo(twin.moves()); // the same deal, the seats swapped
        assertThat(g.agentOfRole()[0]).isEqualTo(twin.agentOfRole()[1]);
      }
      for (AgentSummary a : d.table()) {
        assertThat(a.ciLow()).isBetween(0.0, 1.0);
        assertThat(a.ciHigh()).isBetween(0.0, 1.0);
      }
    }
    assertThat(luckySeeds).isPositive();
    assertThatThrownBy(() -> Arena.run(c.withGames(5).withDuplicate(true))).hasMessageContaining("multiple of the 2");
  }

  @Test
  void partnersWinTogether() {
    HighCard pairs = new HighCard(4, true);
    ArenaResult r = Arena.run(ArenaConfig.of(pairs, List.of("random", "random", "random", "random")).withGames(40));
    assertThat(r.stats().teams()).extracting(AgentSummary::spec).containsExactly("p1+p3", "p2+p4");
    for (GameResult g : r.games()) {
      double[] credit = ArenaStats.winCredit(pairs, g.scores());
      // Both partners of the winning side get a whole win (unless both sides tie at the top).
      assertThat(credit[0]).isEqualTo(credit[2]);
      assertThat(credit[1]).isEqualTo(credit[3]);
      assertThat(credit[0] + credit[1]).isEqualTo(1.0);
      assertThat(credit[0]).isIn(0.0, 0.5, 1.0);
    }
    double teamWins = r.stats().teams().stream().mapToDouble(t -> t.winRate() * t.games()).sum();
    assertThat(teamWins).isEqualTo(40.0);
    double agentWins = r.table().stream().mapToDouble(a -> a.winRate() * a.games()).sum();
    assertThat(agentWins).isEqualTo(80.0); // two winners per game
    assertThat(r.format()).contains("team").contains("p1+p3");
  }
}
