package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import veil.ludeme.CompiledGame;

/** Go Fish (go-fish.lud) against games.md: asks, go fish, catches, books of four. */
class GoFishRulesTest {
  static final String P1 = "7C 7D 2C 3C 4C";
  static final String P2 = "7H 9C 9D KC KD";
  static final String P3 = "5C 5D 6C 6D 8C";
  static final String P4 = "7S 9H 10C 10D JC";

  static Play dealt() {
    Play p = new Play("go-fish").dealHands(P1, P2, P3, P4);
    assertThat(p.chancePending()).isFalse();
    return p;
  }

  @Test
  void anAskNamesAnotherPlayerThenARankTheAskerHolds() {
    Play p = dealt();
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(ask p2)", "(ask p3)", "(ask p4)");
    p.play("(ask p2)");
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(for 2)", "(for 3)", "(for 4)", "(for 7)");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(ask p2)");
    }
  }

  @Test
  void theAskedPlayerHandsOverEveryCardOfTheRankInFullViewAndTheTurnGoesOn() {
    Play p = dealt().play("(ask p4)").play("(for 7)");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).as("role %d", r).contains("(for 7)", "(moved (card 7 spades) (hand p4) shown)",
          "(moved (card 7 spades) shown (hand p1))");
      assertThat(p.seen(r)).as("nothing else is shown").hasSize(3);
    }
    assertThat(p.in("(hand p1)")).containsExactlyInAnyOrderElementsOf(Play.cards("7C 7D 7S 2C 3C 4C"));
    assertThat(p.in("(hand p4)")).containsExactlyInAnyOrderElementsOf(Play.cards("9H 10C 10D JC"));
    assertThat(p.chancePending()).isFalse();
    assertThat(p.movers()).as("a catch: the asker goes on").containsExactly(0);
  }

  @Test
  void fourOfARankAreABookLaidDownForAllToSee() {
    Play p = dealt().play("(ask p4)").play("(for 7)").play("(ask p2)").play("(for 7)");
    assertThat(p.in("(books p1)")).containsExactlyInAnyOrderElementsOf(Play.cards("7C 7D 7H 7S"));
    assertThat(p.in("(hand p1)")).containsExactlyInAnyOrderElementsOf(Play.cards("2C 3C 4C"));
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).contains("(moved (card 7 clubs) (hand p1) (books p1))",
          "(moved (card 7 diamonds) (hand p1) (books p1))");
    }
    assertThat(p.movers()).containsExactly(0);
  }

  @Test
  void goFishDrawsInSecretAndAMissPassesTheTurn() {
    Play p = dealt().play("(ask p3)").play("(for 2)");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).as("no card changes hands").containsExactly("(for 2)");
    }
    assertThat(p.chancePending()).isTrue();
    p.deal(Play.card("QH"));
    assertThat(p.seen(0)).containsExactly("(moved (card queen hearts) deck (hand p1))");
    assertThat(p.seen(1)).containsExactly("(moved hidden deck (hand p1))");
    assertThat(p.legal(0)).containsExactly("missed");
    p.play("missed");
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.in("(hand p1)")).hasSize(6);
  }

  @Test
  void aFishOfTheRankAskedIsShownAndTheTurnGoesOn() {
    Play p = dealt().play("(ask p3)").play("(for 2)").deal(Play.card("2H"));
    assertThat(p.legal(0)).containsExactly("caught");
    p.play("caught");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).contains("(moved (card 2 hearts) (hand p1) shown)",
          "(moved (card 2 hearts) shown (hand p1))");
    }
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactlyInAnyOrder("(ask p2)", "(ask p3)", "(ask p4)");
  }

  @Test
  void randomGamesEndWithinTheBound() {
    Play.randomPlayouts("go-fish", Map.of(), 200);
  }

  /**
   * Random games against the rules written independently: the players one may ask (others with cards), the ranks
   * (those one holds), what an answer moves (every card of the rank, and only those), books of four, and the end
   * (every card in a book) with the most books winning.
   */
  @ParameterizedTest(name = "{0} players")
  @ValueSource(ints = {4, 2, 3, 5})
  void randomGamesAgreeWithAReferenceOfTheRules(int players) {
    CompiledGame game = Play.load("go-fish", players == 4 ? Map.of() : Map.of("Players", String.valueOf(players)));
    assertThat(game.players).isEqualTo(players);
    for (int seed = 0; seed < (players == 4 ? 150 : 50); seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      String asked = null;
      while (!p.over()) {
        if (p.chancePending()) {
          p.randomStep(rng);
          continue;
        }
        int m = p.mover();
        List<String> hand = p.in(hand(m));
        List<String> legal = p.legal(m);
        if (legal.get(0).startsWith("(ask")) {
          Set<String> others = new HashSet<>();
          for (int r = 0; r < players; r++) {
            if (r != m && !p.in(hand(r)).isEmpty()) {
              others.add("(ask p" + (r + 1) + ")");
            }
          }
          assertThat(new HashSet<>(legal)).isEqualTo(others);
          asked = p.randomStep(rng).get(m);
        } else if (legal.get(0).startsWith("(for")) {
          Set<String> ranks = new HashSet<>();
          for (String c : hand) {
            String r = c.substring("(card ".length(), c.lastIndexOf(' '));
            ranks.add("(for " + r + ")");
          }
          assertThat(new HashSet<>(legal)).isEqualTo(ranks);
          String target = "(hand p" + asked.charAt(asked.length() - 2) + ")";
          List<String> before = new ArrayList<>(p.in(target));
          String move = p.randomStep(rng).get(m);
          String rank = move.substring("(for ".length(), move.length() - 1);
          List<String> given = before.stream().filter(c -> c.startsWith("(card " + rank + " ")).toList();
          assertThat(p.in(target)).as("seed %d: the asked player keeps no %s", seed, rank)
              .containsExactlyInAnyOrderElementsOf(before.stream().filter(c -> !given.contains(c)).toList());
        } else {
          p.randomStep(rng);
        }
        // After every move (a drawn card waits for the next one) no hand keeps four of a rank: they are a book.
        for (int r = 0; r < players; r++) {
          Set<Integer> ranks = new HashSet<>();
          for (String c : p.in(hand(r))) {
            ranks.add(Play.rankOf(c));
          }
          for (int rank : ranks) {
            long n = p.in(hand(r)).stream().filter(c -> Play.rankOf(c) == rank).count();
            assertThat(n).as("seed %d: no four of a rank stay in a hand", seed).isLessThan(4);
          }
        }
      }
      assertThat(p.in("deck")).isEmpty();
      int[] books = new int[players];
      int total = 0;
      for (int r = 0; r < players; r++) {
        assertThat(p.in(hand(r))).isEmpty();
        List<String> b = p.in("(books p" + (r + 1) + ")");
        assertThat(b.size() % 4).isZero();
        books[r] = b.size() / 4;
        total += books[r];
      }
      assertThat(total).isEqualTo(13);
      assertThat(p.scores()).as("seed %d", seed).containsExactly(Play.rankScores(books), within(1e-9));
    }
  }

  private static String hand(int r) {
    return "(hand p" + (r + 1) + ")";
  }
}
