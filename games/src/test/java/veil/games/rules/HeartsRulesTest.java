package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static veil.games.rules.Play.card;
import static veil.games.rules.Play.cards;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import veil.ludeme.CompiledGame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Hearts (hearts.lud) against games.md: passing, the 2♣ lead, follow suit, hearts broken, first trick, scoring. */
class HeartsRulesTest {
  static final String CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC";
  static final String DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD";
  static final String HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH";
  static final String SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS";

  /** Deals p1..p3 the given 13 cards each and p4 the rest of the deck. */
  static Play hearts(String pass, String p1, String p2, String p3) {
    return new Play("hearts", Map.of("Pass", pass)).dealHands(p1, p2, p3, Play.restOf(Play.DECK52, p1, p2, p3));
  }

  static List<String> plays(String shortNames) {
    List<String> out = new ArrayList<>();
    for (String c : cards(shortNames)) {
      out.add("(play " + c + ")");
    }
    return out;
  }

  /** Everyone passes one card at once (simultaneous step). */
  static void passStep(Play p, String c1, String c2, String c3, String c4) {
    p.step(Map.of(0, "(pass " + card(c1) + ")", 1, "(pass " + card(c2) + ")", 2, "(pass " + card(c3) + ")",
        3, "(pass " + card(c4) + ")"));
  }

  // ------------------------------------------------------------------ passing

  @Test
  void passingIsSimultaneousAndOnlyThePasserSeesTheChosenCard() {
    Play p = hearts("Left", CLUBS, DIAMONDS, HEARTS);
    assertThat(p.phase()).isEqualTo("Pass");
    assertThat(p.movers()).containsExactly(0, 1, 2, 3);
    assertThat(p.legal(0)).hasSize(13).allMatch(m -> m.startsWith("(pass "));
    assertThat(p.legal(4)).containsExactly("noop");

    passStep(p, "AC", "AD", "AH", "AS");
    assertThat(p.seen(0)).contains("(moved (card ace clubs) (hand p1) (passing p1))")
        .contains("(moved hidden (hand p2) (passing p2))");
    assertThat(p.seen(1)).contains("(moved hidden (hand p1) (passing p1))")
        .contains("(moved (card ace diamonds) (hand p2) (passing p2))");
    assertThat(p.seen(2)).contains("(moved hidden (hand p1) (passing p1))");
    assertThat(p.phase()).isEqualTo("Pass");
    assertThat(p.legal(0)).hasSize(12).doesNotContain("(pass (card ace clubs))");
  }

  @ParameterizedTest
  @CsvSource({"Left, 1", "Right, 3", "Across, 2"})
  void passedCardsGoToTheReceiverWhoSeesThem(String direction, int offset) {
    Play p = hearts(direction, CLUBS, DIAMONDS, HEARTS);
    passStep(p, "AC", "AD", "AH", "AS");
    passStep(p, "KC", "KD", "KH", "KS");
    passStep(p, "QC", "QD", "QH", "QS");
    assertThat(p.phase()).isEqualTo("Play");
    String[] suits = {"clubs", "diamonds", "hearts", "spades"};
    for (int passer = 0; passer < 4; passer++) {
      int receiver = (passer + offset) % 4;
      String hand = "(hand p" + (receiver + 1) + ")";
      for (String rank : List.of("ace", "king", "queen")) {
        String c = "(card " + rank + " " + suits[passer] + ")";
        assertThat(p.in(hand)).as("%s passed by p%d", c, passer + 1).contains(c);
        String moved = "(moved " + c + " (passing p" + (passer + 1) + ") " + hand + ")";
        String hidden = "(moved hidden (passing p" + (passer + 1) + ") " + hand + ")";
        for (int r = 0; r < 4; r++) {
          if (r == passer || r == receiver) {
            assertThat(p.seen(r)).as("p%d sees %s", r + 1, c).contains(moved);
          } else {
            assertThat(p.seen(r)).as("p%d must not see %s", r + 1, c).doesNotContain(moved).contains(hidden);
          }
        }
      }
      assertThat(p.in("(hand p" + (passer + 1) + ")")).hasSize(13);
      assertThat(p.in("(passing p" + (passer + 1) + ")")).isEmpty();
    }
    // p1 kept the 2♣: it leads it.
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactly("(play (card 2 clubs))");
  }

  @Test
  void theTwoOfClubsMayBePassedAndItsNewHolderLeads() {
    Play p = hearts("Left", CLUBS, DIAMONDS, HEARTS);
    passStep(p, "2C", "AD", "AH", "AS");
    passStep(p, "3C", "KD", "KH", "KS");
    passStep(p, "4C", "QD", "QH", "QS");
    assertThat(p.in("(hand p2)")).contains(card("2C"));
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.legal(1)).containsExactly("(play (card 2 clubs))");
  }

  @Test
  void passNoneSkipsThePassingPhase() {
    Play p = hearts("None", CLUBS, DIAMONDS, HEARTS);
    assertThat(p.phase()).isEqualTo("Play");
    assertThat(p.movers()).containsExactly(0);
    assertThat(p.legal(0)).containsExactly("(play (card 2 clubs))");
    for (int r = 1; r < 4; r++) {
      assertThat(p.legal(r)).containsExactly("noop");
    }
  }

  // ------------------------------------------------------------------ the first trick

  @Test
  void theTwoOfClubsHolderLeadsIt() {
    // p3 holds the 2♣.
    Play p = hearts("None", DIAMONDS, HEARTS, CLUBS);
    assertThat(p.movers()).containsExactly(2);
    assertThat(p.legal(2)).containsExactly("(play (card 2 clubs))");
    p.play("(play (card 2 clubs))");
    assertThat(p.seen(0)).contains("(moved (card 2 clubs) (hand p3) (table p3))");
    assertThat(p.seen(1)).contains("(moved (card 2 clubs) (hand p3) (table p3))");
    assertThat(p.movers()).containsExactly(3);
  }

  /** p2 is void in clubs; p3 holds only hearts and the Q♠; p4 holds clubs. */
  static Play firstTrickDeal() {
    return hearts("None",
        "2C KD AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        "2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KS",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS");
  }

  @Test
  void noPointsOnTheFirstTrickUnlessNothingElse() {
    Play p = firstTrickDeal();
    p.playAll("play", "2C");
    // Void in clubs: any diamond or spade, but not the 2♥.
    assertThat(p.legal(1)).containsExactlyInAnyOrderElementsOf(plays("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KS"));
    p.playAll("play", "KS");
    // Only hearts and the Q♠: all may be played.
    assertThat(p.legal(2)).hasSize(13).contains("(play (card queen spades))", "(play (card 3 hearts))");
    p.playAll("play", "QS");
    // Follows suit: clubs only, not the A♠.
    assertThat(p.legal(3)).containsExactlyInAnyOrderElementsOf(plays("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"));
    p.playAll("play", "AC");
    assertThat(p.in("(won p4)")).containsExactlyInAnyOrderElementsOf(cards("2C KS QS AC"));
    // The winner leads the next trick; after the first trick points are allowed.
    assertThat(p.movers()).containsExactly(3);
    p.playAll("play", "3C");
    assertThat(p.legal(0)).containsExactlyInAnyOrderElementsOf(plays("KD AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"));
    p.playAll("play", "JS");
    assertThat(p.legal(1)).hasSize(12).contains("(play (card 2 hearts))");
  }

  // ------------------------------------------------------------------ hearts broken

  @Test
  void heartsCannotBeLedUntilBroken() {
    Play p = hearts("None",
        "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D 10D",
        "AC 2H 3H 4H 5H 6H JD QD KD AD 2S 3S 4S",
        "6C 7C 8C 9C 10C JC QC KC 7H 8H 9H 10H JH");
    p.playAll("play", "2C");
    assertThat(p.legal(1)).containsExactly("(play (card ace clubs))");
    p.playAll("play", "AC 6C");
    // p4 (QH KH AH and spades) is void in clubs: no hearts, no Q♠ on the first trick.
    assertThat(p.legal(3)).containsExactlyInAnyOrderElementsOf(plays("5S 6S 7S 8S 9S 10S JS KS AS"));
    p.playAll("play", "AS");
    assertThat(p.var("Broken")).isZero();
    // p2 won; holding hearts and other suits, it may not lead a heart.
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.legal(1)).containsExactlyInAnyOrderElementsOf(plays("JD QD KD AD 2S 3S 4S"));
    p.playAll("play", "2S");
    p.playAll("play", "7H"); // p3, void in spades, discards a heart: hearts are broken
    assertThat(p.var("Broken")).isEqualTo(1);
    p.playAll("play", "KS 2D");
    assertThat(p.in("(won p2)")).containsExactlyInAnyOrderElementsOf(cards("2C AC 6C AS"));
    assertThat(p.in("(won p4)")).containsExactlyInAnyOrderElementsOf(cards("2S 7H KS 2D"));
    assertThat(p.movers()).containsExactly(3);
    assertThat(p.legal(3)).contains("(play (card queen hearts))", "(play (card king hearts))",
        "(play (card ace hearts))", "(play (card queen spades))");
  }

  @Test
  void aLeaderHoldingOnlyHeartsMayLeadThemBeforeTheyAreBroken() {
    Play p = hearts("None",
        "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "8C 9C 10C JC QC KC AH 9D 10D JD QD KD AD");
    p.playAll("play", "2C AC 8C");
    assertThat(p.legal(3)).hasSize(12).doesNotContain("(play (card queen spades))");
    p.playAll("play", "2S");
    assertThat(p.var("Broken")).isZero();
    assertThat(p.movers()).containsExactly(1);
    assertThat(p.legal(1)).containsExactlyInAnyOrderElementsOf(plays("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"));
    p.playAll("play", "KH");
    // Follow suit: p3 must play its A♥.
    assertThat(p.legal(2)).containsExactly("(play (card ace hearts))");
  }

  @Test
  void followSuitWhenYouCan() {
    Play p = firstTrickDeal();
    p.playAll("play", "2C KS QS AC");
    p.playAll("play", "KC"); // p4 leads a club; p1 has none left: anything
    assertThat(p.legal(0)).hasSize(12);
    p.playAll("play", "KD");
    // p2 (no clubs) anything; p3 only hearts
    p.playAll("play", "2H 3H");
    assertThat(p.movers()).containsExactly(3);
    p.playAll("play", "AS"); // p4 won with K♣ and leads spades
    assertThat(p.legal(0)).containsExactlyInAnyOrderElementsOf(plays("2S 3S 4S 5S 6S 7S 8S 9S 10S JS"));
  }

  // ------------------------------------------------------------------ scoring

  /**
   * p1 holds the 2♣ and twelve spades (no Q♠); p2 the other clubs and the Q♠; p3 all hearts; p4 all diamonds. p2
   * wins every club trick (collecting a heart each time); the last trick is led with the Q♠.
   */
  static Play scoringDeal() {
    Play p = hearts("None", "2C 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS", "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC QS",
        HEARTS);
    p.playAll("play", "2C 3C 2H 2D");
    assertThat(p.movers()).containsExactly(1);
    // Trick 2, up to p1's card: p2 leads the 4♣, p3 and p4 discard.
    return p.playAll("play", "4C 3H 3D");
  }

  static void playClubTricks(Play p, String p1Spades) {
    String[] clubs = "5C 6C 7C 8C 9C 10C JC QC KC AC".split(" ");
    String[] hearts = "4H 5H 6H 7H 8H 9H 10H JH QH KH".split(" ");
    String[] diamonds = "4D 5D 6D 7D 8D 9D 10D JD QD KD".split(" ");
    String[] spades = p1Spades.split(" ");
    for (int i = 0; i < 10; i++) {
      p.playAll("play", clubs[i] + " " + hearts[i] + " " + diamonds[i] + " " + spades[i]);
    }
  }

  @Test
  void eachHeartCostsOneAndTheQueenOfSpadesThirteen() {
    Play p = scoringDeal();
    p.playAll("play", "2S"); // p1 finishes trick 2 (led by p2 with the 4♣)
    playClubTricks(p, "3S 4S 5S 6S 7S 8S 9S 10S JS KS");
    assertThat(p.over()).isFalse();
    // The last trick: p2 leads the Q♠, p1 takes it with the A♠ (and the A♥).
    assertThat(p.legal(1)).containsExactly("(play (card queen spades))");
    p.playAll("play", "QS AH AD AS");
    assertThat(p.over()).isTrue();
    assertThat(p.var("Points[p1]")).isEqualTo(14);
    assertThat(p.var("Points[p2]")).isEqualTo(12);
    assertThat(p.var("Points[p3]")).isZero();
    assertThat(p.var("Points[p4]")).isZero();
    // p3 and p4 share ranks 1-2, then p2, then p1.
    assertThat(p.scores()).containsExactly(new double[] {0, 1 / 3.0, 5 / 6.0, 5 / 6.0}, within(1e-9));
    assertThat(p.game.goal(p.state, 0)).isZero();
    assertThat(p.game.goal(p.state, 2)).isEqualTo(83);
  }

  @Test
  void shootingTheMoonGivesTheOthersTwentySix() {
    Play p = scoringDeal();
    p.playAll("play", "3S");
    playClubTricks(p, "4S 5S 6S 7S 8S 9S 10S JS KS AS");
    p.playAll("play", "QS AH AD 2S"); // p2 takes the Q♠ too: all 26 points
    assertThat(p.over()).isTrue();
    assertThat(p.in("(won p2)")).hasSize(52);
    assertThat(p.var("Points[p2]")).isZero();
    assertThat(p.var("Points[p1]")).isEqualTo(26);
    assertThat(p.var("Points[p3]")).isEqualTo(26);
    assertThat(p.var("Points[p4]")).isEqualTo(26);
    assertThat(p.scores()).containsExactly(new double[] {1 / 3.0, 1, 1 / 3.0, 1 / 3.0}, within(1e-9));
  }

  @Test
  void aPlayedCardIsSeenByAllAndWonCardsStayVisible() {
    Play p = firstTrickDeal();
    p.playAll("play", "2C KS");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).containsExactly("(moved (card king spades) (hand p2) (table p2))");
    }
    p.playAll("play", "QS AC");
    for (int r = 0; r < 4; r++) {
      assertThat(p.seen(r)).contains("(moved (card queen spades) (table p3) (won p4))");
      assertThat(p.game.render(p.state, r)).contains("(won p4): (card 2 clubs)");
    }
  }

  // ------------------------------------------------------------------ random games

  @ParameterizedTest
  @ValueSource(strings = {"Left", "Right", "Across", "None"})
  void randomGamesEndWithinTheBound(String pass) {
    int longest = Play.randomPlayouts("hearts", Map.of("Pass", pass), 150);
    assertThat(longest).isLessThanOrEqualTo(new Play("hearts", Map.of("Pass", pass)).game.stepBound());
  }

  /**
   * Random games checked against a reference implementation of the rules written here: before every card, the
   * legal moves; after every trick, its winner, who leads next; after passing, where the cards went; at the end,
   * the points and the scores.
   */
  @ParameterizedTest
  @CsvSource({"Left, 1", "Right, 3", "Across, 2", "None, 0"})
  void randomGamesAgreeWithAReferenceImplementation(String pass, int offset) {
    CompiledGame game = Play.load("hearts", Map.of("Pass", pass));
    for (int seed = 0; seed < 60; seed++) {
      Play p = new Play(game);
      SplittableRandom rng = new SplittableRandom(seed);
      p.dealRest(seed);
      List<List<String>> before = new ArrayList<>();
      for (int r = 0; r < 4; r++) {
        before.add(p.in(hand(r)));
        assertThat(before.get(r)).hasSize(13);
      }
      while (p.phase().equals("Pass")) {
        p.randomStep(rng);
      }
      for (int r = 0; r < 4; r++) {
        List<String> gone = new ArrayList<>(before.get(r));
        gone.removeAll(p.in(hand(r)));
        assertThat(gone).hasSize(offset == 0 ? 0 : 3);
        assertThat(p.in(hand((r + offset) % 4))).containsAll(gone).hasSize(13);
      }
      int[] points = new int[4];
      boolean broken = false;
      int tricks = 0;
      int leader = -1;
      List<String> trick = new ArrayList<>();
      while (!p.over()) {
        int m = p.mover();
        if (tricks == 0 && trick.isEmpty()) {
          assertThat(p.in(hand(m))).contains("(card 2 clubs)");
        }
        Set<String> expected = new HashSet<>();
        for (String c : legalCards(p.in(hand(m)), trick, tricks, broken)) {
          expected.add("(play " + c + ")");
        }
        assertThat(new HashSet<>(p.legal(m))).as("seed %d, p%d, trick %s", seed, m + 1, trick).isEqualTo(expected);
        String c = Play.cardOf(p.randomStep(rng).get(m));
        if (trick.isEmpty()) {
          leader = m;
        }
        trick.add(c);
        if (trick.size() == 4) {
          int best = 0;
          for (int i = 1; i < 4; i++) {
            if (Play.suitOf(trick.get(i)).equals(Play.suitOf(trick.get(0)))
                && Play.rankOf(trick.get(i)) > Play.rankOf(trick.get(best))) {
              best = i;
            }
          }
          int winner = (leader + best) % 4;
          assertThat(p.in("(won p" + (winner + 1) + ")")).containsAll(trick);
          for (String t : trick) {
            points[winner] += Play.suitOf(t).equals("hearts") ? 1 : t.equals("(card queen spades)") ? 13 : 0;
            broken |= Play.suitOf(t).equals("hearts");
          }
          if (!p.over()) {
            assertThat(p.mover()).as("the winner leads").isEqualTo(winner);
          }
          trick.clear();
          tricks++;
        }
      }
      assertThat(tricks).isEqualTo(13);
      for (int r = 0; r < 4; r++) {
        if (points[r] == 26) {
          for (int q = 0; q < 4; q++) {
            points[q] = 26 - points[q];
          }
          break;
        }
      }
      int[] keys = new int[4];
      for (int r = 0; r < 4; r++) {
        assertThat(p.var("Points[p" + (r + 1) + "]")).isEqualTo(points[r]);
        keys[r] = -points[r];
      }
      assertThat(p.scores()).containsExactly(Play.rankScores(keys), within(1e-9));
    }
  }

  static String hand(int r) {
    return "(hand p" + (r + 1) + ")";
  }

  /** The rules of games.md for which cards may be played. */
  static List<String> legalCards(List<String> hand, List<String> trick, int tricksDone, boolean broken) {
    if (trick.isEmpty()) {
      if (tricksDone == 0) {
        return List.of("(card 2 clubs)");
      }
      List<String> nonHearts = hand.stream().filter(c -> !Play.suitOf(c).equals("hearts")).toList();
      return !broken && !nonHearts.isEmpty() ? nonHearts : hand;
    }
    String led = Play.suitOf(trick.get(0));
    List<String> inSuit = hand.stream().filter(c -> Play.suitOf(c).equals(led)).toList();
    if (!inSuit.isEmpty()) {
      return inSuit;
    }
    if (tricksDone == 0) {
      List<String> noPoints = hand.stream()
          .filter(c -> !Play.suitOf(c).equals("hearts") && !c.equals("(card queen spades)")).toList();
      if (!noPoints.isEmpty()) {
        return noPoints;
      }
    }
    return hand;
  }
}
