package veil.ai.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import veil.ai.Budget;
import veil.ai.games.ExplodingBomb;
import veil.ai.games.KuhnPoker;
import veil.ai.games.OddOneOut;
import veil.ai.match.Replay;

class ArenaTest {
  @TempDir Path dir;

  @Test
  void everyAgentSitsInEverySeatEquallyOften() {
    for (int n = 1; n <= 4; n++) {
      int fact = 1;
      for (int i = 2; i <= n; i++) {
        fact *= i;
      }
      // Each aligned block of n games: every agent once in every seat.
      for (int block = 0; block < 2 * fact; block++) {
        int[][] count = new int[n][n];
        for (int g = block * n; g < block * n + n; g++) {
          int[] s = SeatRotation.seating(n, g);
          for (int seat = 0; seat < n; seat++) {
            count[s[seat]][seat]++;
          }
        }
        for (int[] row : count) {
          for (int c : row) {
            assertThat(c).isEqualTo(1);
          }
        }
      }
      // Every n! games: every seating exactly once, then the cycle repeats.
      Set<String> seen = new HashSet<>();
      for (int g = 0; g < fact; g++) {
        seen.add(java.util.Arrays.toString(SeatRotation.seating(n, g)));
        assertThat(SeatRotation.seating(n, g + fact)).isEqualTo(SeatRotation.seating(n, g));
      }
      assertThat(seen).hasSize(fact);
    }
  }

  @Test
  void partnersStayPartnersAndStillSitEverywhereTheirTeamMay() {
    // Alternating partnerships (Whist, Bridge, Spades): blocks of 4 cyclic rotations, 8 seatings in all.
    int[] alternating = {0, 1, 0, 1};
    // Partners side by side: the cyclic rotation would split them, so the kept seatings are played in order.
    int[] sideBySide = {0, 0, 1, 1};
    // Three sides of unequal size: the pair keeps its two seats, the singles swap.
    int[] uneven = {0, 1, 1, 2};
    for (int[] team : List.of(alternating, sideBySide, uneven)) {
      Set<String> seatings = new HashSet<>();
      int[][] count = new int[4][4];
      int cycle = team == uneven ? 4 : 8;
      for (int g = 0; g < cycle; g++) {
        int[] s = SeatRotation.seating(4, g, team);
        seatings.add(java.util.Arrays.toString(s));
        for (int a = 0; a < 4; a++) {
          for (int b = 0; b < 4; b++) {
            int seatA = indexOf(s, a);
            int seatB = indexOf(s, b);
            assertThat(team[seatA] == team[seatB]).as("agents %d and %d in game %d", a, b, g)
                .isEqualTo(team[a] == team[b]);
          }
        }
        for (int seat = 0; seat < 4; seat++) {
          count[s[seat]][seat]++;
        }
        assertThat(SeatRotation.seating(4, g + cycle, team)).isEqualTo(s);
      }
      assertThat(seatings).hasSize(cycle);
      for (int a = 0; a < 4; a++) {
        // Every seat of a team as large as the agent's own, equally often; never another.
        java.util.Set<Integer> nonzero = new HashSet<>();
        for (int seat = 0; seat < 4; seat++) {
          boolean may = size(team, team[seat]) == size(team, team[a]);
          assertThat(count[a][seat] > 0).as("agent %d in seat %d of %s", a, seat, java.util.Arrays.toString(team))
              .isEqualTo(may);
          if (may) {
            nonzero.add(count[a][seat]);
          }
        }
        assertThat(nonzero).hasSize(1);
      }
    }
    // Alternating teams: each block of 4 games is the 4 cyclic rotations of one seating (duplicate deals).
    for (int g = 0; g < 8; g++) {
      int[] first = SeatRotation.seating(4, g - g % 4, alternating);
      int[] s = SeatRotation.seating(4, g, alternating);
      for (int seat = 0; seat < 4; seat++) {
        assertThat(s[seat]).isEqualTo(first[(seat + g % 4) % 4]);
      }
    }
    // Without partnerships the old rotation is unchanged.
    for (int g = 0; g < 30; g++) {
      assertThat(SeatRotation.seating(4, g, new int[] {0, 1, 2, 3})).isEqualTo(SeatRotation.seating(4, g));
    }
  }

  private static long size(int[] team, int t) {
    return java.util.Arrays.stream(team).filter(u -> u == t).count();
  }

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == v) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void aTournamentRotatesSeatsAndSummarises() {
    List<int[]> progress = new ArrayList<>();
    ArenaConfig c = ArenaConfig.of(new OddOneOut(), List.of("random", "so-ismcts", "pimc"))
        .withGames(12)
        .withSeed(9)
        .withBudget(Budget.iterations(200))
        .withProgress((done, total, elapsed, remaining) -> progress.add(new int[] {done, total}));
    ArenaResult r = Arena.run(c);
    assertThat(r.games()).hasSize(12);
    assertThat(r.failures()).isZero();
    int[][] seats = new int[3][3];
    for (GameResult g : r.games()) {
      for (int role = 0; role < 3; role++) {
        seats[g.agentOfRole()[role]][role]++;
      }
      assertThat(g.seed()).isEqualTo(Arena.gameSeed(9, g.index()));
    }
    for (int[] row : seats) {
      assertThat(row).containsOnly(4);
    }
    assertThat(progress).hasSize(12);
    assertThat(progress.get(11)).containsExactly(12, 12);
    // Scores of a game sum to 1 or 1.5 in Odd One Out; win credits of the three agents sum to 1 per game.
    double wins = r.table().stream().mapToDouble(a -> a.winRate() * a.games()).sum();
    assertThat(wins).isCloseTo(12, within(1e-9));
    for (AgentSummary a : r.table()) {
      assertThat(a.games()).isEqualTo(12);
      assertThat(a.ciLow()).isLessThanOrEqualTo(a.meanScore());
    }
    assertThat(r.format()).contains("so-ismcts").contains("95% CI");
  }

  @Test
  void theTableStatisticsAreRight() {
    // Exploding Bomb, one seat: uct-cheat always scores 1, so mean 1, win rate 1, and the interval the exact
    // bound for 5 successes in 5 (the bootstrap alone would say [1, 1]).
    ArenaResult r = Arena.run(ArenaConfig.of(new ExplodingBomb(), List.of("uct-cheat")).withGames(5)
        .withBudget(Budget.iterations(300)));
    AgentSummary a = r.table().get(0);
    assertThat(a.meanScore()).isEqualTo(1.0);
    assertThat(a.ciLow()).isCloseTo(Math.pow(0.025, 1 / 5.0), within(1e-12));
    assertThat(a.ciHigh()).isEqualTo(1.0);
    assertThat(a.winRate()).isEqualTo(1.0);
    assertThat(a.iterationsPerSecond()).isPositive();
    // A hand-made table: scores 1, 0, 0.5, 0.5 for agent 0 against agent 1's 0, 1, 0.5, 0.5.
    List<GameResult> games = new ArrayList<>();
    double[][] scores = {{0, 1, 0}, {0, 0, 1}, {0, 0.5, 0.5}, {0, 0.5, 0.5}};
    for (int i = 0; i < 4; i++) {
      games.add(new GameResult(i, i, new int[] {-1, 0, 1}, new String[] {null, "a", "b"}, new int[0][],
          new String[0][], scores[i], new int[] {0, 1, 1}, new double[3], new long[3], new long[] {0, 10, 10}, null,
          new int[3], new int[3]));
    }
    List<AgentSummary> t = Arena.summarize(ArenaConfig.of(new KuhnPoker(), List.of("random", "random")), games);
    assertThat(t.get(0).meanScore()).isEqualTo(0.5);
    // Bootstrap means of four values in {0, 0.5, 1}: the interval lies in [0, 1] and around the mean.
    assertThat(t.get(0).ciLow()).isBetween(0.0, 0.5);
    assertThat(t.get(0).ciHigh()).isBetween(0.5, 1.0);
    assertThat(t.get(0).ciLow()).isLessThan(t.get(0).ciHigh());
    assertThat(t.get(0).winRate()).isEqualTo((1 + 0 + 0.5 + 0.5) / 4);
  }

  @Test
  void anInterruptedRunResumesWithoutLosingOrChangingGames(@TempDir Path tmp) throws Exception {
    Path full = tmp.resolve("full.jsonl");
    Path part = tmp.resolve("part.jsonl");
    ArenaConfig base = ArenaConfig.of(new KuhnPoker(), List.of("so-ismcts", "pimc"))
        .withSeed(123)
        .withBudget(Budget.iterations(150));
    ArenaResult complete = Arena.run(base.withGames(6).withOutput(full, false));
    // Simulate a crash after 3 games, in the middle of writing the 4th line.
    Arena.run(base.withGames(3).withOutput(part, false));
    List<String> lines = Files.readAllLines(part, StandardCharsets.UTF_8);
    lines.remove(lines.size() - 1); // the summary of the short run
    String torn = Files.readAllLines(full, StandardCharsets.UTF_8).get(4).substring(0, 40);
    Files.writeString(part, String.join("\n", lines) + "\n" + torn, StandardCharsets.UTF_8);
    assertThat(ArenaFile.read(part).games()).hasSize(3);

    List<Integer> done = new ArrayList<>();
    ArenaResult resumed = Arena.run(base.withGames(6).withOutput(part, true)
        .withProgress((d, total, e, rem) -> done.add(d)));
    assertThat(done).containsExactly(4, 5, 6);
    assertThat(resumed.games()).hasSize(6);
    for (int i = 0; i < 6; i++) {
      GameResult a = complete.games().get(i);
      GameResult b = resumed.games().get(i);
      assertThat(b.moves()).isDeepEqualTo(a.moves());
      assertThat(b.scores()).isEqualTo(a.scores());
      assertThat(b.agentOfRole()).isEqualTo(a.agentOfRole());
    }
    ArenaFile.Contents back = ArenaFile.read(part);
    assertThat(back.games()).extracting(GameResult::index).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(back.games().get(4).movesText()[0][0]).startsWith("(deal");
    assertThat(Files.readString(part)).doesNotContain(torn + "{");

    // A different config is refused.
    assertThatThrownBy(() -> Arena.run(base.withGames(6).withSeed(124).withOutput(part, true)))
        .hasMessageContaining("cannot resume")
        .hasMessageContaining("masterSeed");
    assertThatThrownBy(() -> Arena.run(base.withBudget(Budget.iterations(151)).withGames(6).withOutput(part, true)))
        .hasMessageContaining("iterations");
  }

  @Test
  void anyGameCanBeReplayedFromItsRecord() {
    ArenaConfig c = ArenaConfig.of(new KuhnPoker(), List.of("mo-ismcts", "random")).withGames(4)
        .withBudget(Budget.iterations(100));
    ArenaResult r = Arena.run(c);
    GameResult third = Arena.playGame(c, 2);
    assertThat(third.moves()).isDeepEqualTo(r.games().get(2).moves());
    StringBuilder out = new StringBuilder();
    Replay.print(c.game(), third.moves(), -1, out);
    assertThat(out.toString()).contains("step 0:").contains("(deal").contains("p1 sees:").contains("terminal; goals:");
  }

  @Test
  void theAgentCountMustMatchTheSeats() {
    assertThatThrownBy(() -> Arena.run(ArenaConfig.of(new KuhnPoker(), List.of("random"))))
        .hasMessageContaining("2 seats");
    assertThatThrownBy(() -> Arena.run(ArenaConfig.of(new KuhnPoker(), List.of("random", "foo"))))
        .hasMessageContaining("unknown agent 'foo'");
  }
}
