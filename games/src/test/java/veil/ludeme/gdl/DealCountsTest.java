package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.gdl.Lockstep;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.GameLoadException;
import veil.model.MoveList;

/**
 * Deal counts as expressions ((deal (var "Size") to:(hand Each)), read when the deal is made), and deals that ask
 * for more cards than their source holds: an error at check with the position when the start list's deals are
 * known, a rule failure with the position otherwise.
 */
class DealCountsTest {
  private static String resource(String name) throws Exception {
    return new String(DealCountsTest.class.getClassLoader().getResourceAsStream("veil/export/" + name)
        .readAllBytes(), StandardCharsets.UTF_8);
  }

  @Test
  void aCountReadFromAVariableDealsThatManyToEachAndExportsExactly() throws Exception {
    String text = resource("deal-counts.lud");
    CompiledGame g = ExportFixtures.compile("deal-counts.lud", text, Map.of());
    LudState s = g.initialState();
    int[] joint = new int[g.roleCount()];
    MoveList moves = new MoveList();
    SplittableRandom rng = new SplittableRandom(3);
    int hand1 = java.util.Arrays.asList(g.places.text()).indexOf("(hand p1)");
    int hand2 = java.util.Arrays.asList(g.places.text()).indexOf("(hand p2)");
    int deck = java.util.Arrays.asList(g.places.text()).indexOf("deck");
    boolean sawFirst = false;
    boolean sawSecond = false;
    while (!g.isTerminal(s)) {
      if (!g.isDealing(s)) {
        int tricks = s.v[veil.ludeme.Slot.TRICKS];
        int cards = Long.bitCount(s.places[hand1]) + Long.bitCount(s.places[hand2]);
        if (tricks == 0 && s.v[veil.ludeme.Slot.TRICK_PLAYED] == 0) {
          assertThat(cards).isEqualTo(6);
          assertThat(Long.bitCount(s.places[deck])).isEqualTo(6);
          sawFirst = true;
        }
        if (tricks == 3 && s.v[veil.ludeme.Slot.TRICK_PLAYED] == 0) {
          assertThat(cards).isEqualTo(4);
          assertThat(Long.bitCount(s.places[deck])).isEqualTo(2);
          sawSecond = true;
        }
      }
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(s, r, moves);
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      g.apply(s, joint, null);
    }
    assertThat(sawFirst && sawSecond).isTrue();
    GdlExport.Exported e = ExportFixtures.exportText("deal-counts.lud", text, Map.of());
    veil.gdl.reason.KifGame gdl = ExportFixtures.load(e, "strict");
    Lockstep.Result r = Lockstep.run(e.game(), gdl, 60, 13, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
  }

  private static final String GAME = String.join("\n",
      "(game \"T\" (players 4) (bound 200)",
      "  (equipment {(deck \"Deck\") (hand Each) (spot \"Table\" Each) (spot \"Up\") (pile \"Won\" Each visible:All)})",
      "  (vars {(var \"N\" %s)})",
      "  (rules (start {(shuffle \"Deck\") %s})",
      "    (play (trick to:(spot \"Table\" Mover) won:(pile \"Won\" Winner) leader:P1))",
      "    (end (if (= (tricks) 12) (byScore (count (pile \"Won\" Player)))))))");

  private static String report(String var, String deals) {
    try {
      new LudLoader().load("t.lud", String.format(GAME, var, deals), Map.of());
    } catch (GameLoadException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected an error for " + deals);
  }

  @Test
  void dealsOfTheStartListThatDoNotFitTheDeckAreAnErrorAtTheirCount() {
    assertThat(report("0", "(deal 13 to:(hand Each)) (deal 1 to:(spot \"Up\"))"))
        .contains("t.lud:4:66: this deal needs 1 card but \"Deck\" holds 52 and the deals before it in start "
            + "take 52 of them");
    assertThat(report("0", "(deal 12 to:(hand Each)) (deal 5 to:(spot \"Up\"))"))
        .contains("t.lud:4:66: this deal needs 5 cards but \"Deck\" holds 52 and the deals before it in start "
            + "take 48 of them").contains("expected: at most 4 cards in all");
    assertThat(report("0", "(deal 14 to:(hand Each))")).contains("t.lud:4:41: cards per player (52 cards in the "
        + "game, 4 players) must be in 1..13, found 14");
  }

  @Test
  void aComputedCountThatDoesNotFitIsARuleFailureWithItsPosition() throws Exception {
    CompiledGame ok = LudLoader.compile("t.lud", String.format(GAME, "12", "(deal (var \"N\") to:(hand Each)) "
        + "(deal (- (var \"N\") 8) to:(spot \"Up\"))"), Map.of());
    assertThat(Long.bitCount(ok.initialState().places[0])).isEqualTo(52); // queued, not yet dealt
    assertThat(dealAll(ok)).isEqualTo(52);
    CompiledGame g = LudLoader.compile("t.lud", String.format(GAME, "12", "(deal (var \"N\") to:(hand Each)) "
        + "(deal (- (var \"N\") 7) to:(spot \"Up\"))"), Map.of());
    // the second deal's count is computed, so it is read (and checked) once the first deal's 48 cards are dealt
    assertThatThrownBy(() -> dealAll(g)).hasMessage("rule failure: (deal …) needs 5 cards but its source holds 4 "
        + "cards to deal, at t.lud:4:67");
    CompiledGame each = LudLoader.compile("t.lud", String.format(GAME, "14", "(deal (var \"N\") to:(hand Each))"),
        Map.of());
    assertThatThrownBy(each::initialState).hasMessage("rule failure: (deal …) needs 56 cards but its source holds "
        + "52 cards to deal, at t.lud:4:35");
    CompiledGame negative = LudLoader.compile("t.lud", String.format(GAME, "-1", "(deal (var \"N\") to:(hand Each))"),
        Map.of());
    assertThatThrownBy(negative::initialState).hasMessageContaining("rule failure").hasMessageContaining("-1");
  }

  /**
   * The documented order of start: its items run in order, and the items after a deal run once its cards are dealt
   * (one a step), so they see them; the first phase's entry: runs after all of start. (Before, every start effect
   * ran before any card was dealt, and InStart was 0.)
   */
  @Test
  void startEffectsAfterADealSeeItsCardsAndThePhaseEntryRunsLast() throws Exception {
    String text = String.join("\n",
        "(game \"T\" (players 2) (bound 20)",
        "  (equipment {(deck \"Deck\" suits:{Red} ranks:{1 2 3 4 5 6}) (hand Each) (pile \"Out\" visible:All)})",
        "  (vars {(var \"Before\" -1) (var \"InStart\" -1) (var \"Later\" -1) (var \"InEntry\" -1)})",
        "  (rules (start {(set \"Before\" (count (hand P1))) (shuffle \"Deck\") (deal 2 to:(hand Each))",
        "                 (set \"InStart\" (count (hand P1))) (deal 1 to:(hand P1)) (set \"Later\" (count (hand P1)))})",
        "    (phases {(phase \"Play\" (play (move to:\"Out\")) entry:(set \"InEntry\" (+ (var \"Later\") 10)))})",
        "    (end (if (empty (hand P2)) (result P2 Win)))))");
    CompiledGame g = LudLoader.compile("t.lud", text, Map.of());
    assertThat(g.syntax().startSegments()).hasSize(3);
    LudState s = g.initialState();
    int vars = g.layout.vars;
    assertThat(s.v[vars + 1]).as("InStart before the deal is done").isEqualTo(-1);
    int[] joint = new int[g.roleCount()];
    MoveList moves = new MoveList();
    int steps = 0;
    while (g.isDealing(s)) {
      g.legalMoves(s, g.randomRole(), moves);
      joint[g.randomRole()] = moves.get(0);
      g.apply(s, joint, null);
      steps++;
    }
    assertThat(steps).as("one card a step").isEqualTo(5);
    assertThat(s.v[vars]).as("Before").isEqualTo(0);
    assertThat(s.v[vars + 1]).as("InStart").isEqualTo(2);
    assertThat(s.v[vars + 2]).as("Later").isEqualTo(3);
    assertThat(s.v[vars + 3]).as("InEntry").isEqualTo(13);
  }

  /** Shuffles and deals of a literal count join the deal before them; anything else waits for its cards. */
  @Test
  void startIsCutWhereAnItemMustWaitForTheCardsBeforeIt() throws Exception {
    java.util.function.Function<String, Integer> segments = items -> {
      try {
        return veil.ludeme.compile.GameSyntax.segments(veil.dsl.Reader.read(veil.dsl.Source.of("t", items)))
            .size();
      } catch (veil.dsl.DslException e) {
        throw new AssertionError(e);
      }
    };
    assertThat(segments.apply("(shuffle \"D\") (deal 5 to:(hand Each)) (deal 1 to:\"Up\") (draw from:\"D\" to:\"S\")"))
        .isEqualTo(1);
    assertThat(segments.apply("(set \"X\" 1) (shuffle \"D\") (deal 5 to:(hand Each)) (shuffle \"D\")")).isEqualTo(1);
    assertThat(segments.apply("(deal 5 to:(hand Each)) (set \"X\" 1)")).isEqualTo(2);
    assertThat(segments.apply("(deal 5 to:(hand Each)) (deal (var \"N\") to:\"Up\")")).isEqualTo(2);
    assertThat(segments.apply("(deal 5 to:(hand Each)) (set \"X\" 1) (deal 1 to:\"Up\") (set \"Y\" 1)"))
        .isEqualTo(3);
  }

  /** Plays random's deals from the start until no deal is pending; returns how many cards it dealt. */
  private static int dealAll(CompiledGame g) {
    LudState s = g.initialState();
    int[] joint = new int[g.roleCount()];
    MoveList moves = new MoveList();
    int steps = 0;
    while (g.isDealing(s)) {
      g.legalMoves(s, g.randomRole(), moves);
      joint[g.randomRole()] = moves.get(0);
      g.apply(s, joint, null);
      steps++;
    }
    return steps;
  }

  /** Decks of more than 64 cards hold their card sets in several words: the check counts them all. */
  @Test
  void theCheckCountsEveryCardOfALargeDeck() throws Exception {
    String text = String.join("\n",
        "(game \"T\" (players 4) (bound 200)",
        "  (equipment {(deck \"Deck\" suits:{A B C D E} ranks:{1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16})",
        "    (hand Each) (spot \"Table\" Each) (pile \"Won\" Each visible:All)})",
        "  (vars {(var \"N\" %d)})",
        "  (rules (start {(shuffle \"Deck\") (deal (var \"N\") to:(hand Each))})",
        "    (play (trick to:(spot \"Table\" Mover) won:(pile \"Won\" Winner) leader:P1))",
        "    (end (if (= (tricks) 1) (byScore (count (pile \"Won\" Player)))))))");
    CompiledGame all = LudLoader.compile("t.lud", String.format(text, 20), Map.of());
    assertThat(all.initialState()).isNotNull(); // 80 cards of 80
    CompiledGame more = LudLoader.compile("t.lud", String.format(text, 21), Map.of());
    assertThatThrownBy(more::initialState).hasMessageContaining("needs 84 cards but its source holds 80 cards");
  }
}
