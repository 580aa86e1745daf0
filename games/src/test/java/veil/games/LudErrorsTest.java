package veil.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.model.GameLoadException;

/** Every kind of mistake in a .lud file gets its own clear report: file:line:col, the line, a caret, what fits. */
class LudErrorsTest {
  private static final String HEAD = "(game \"X\" (players 2)\n"
      + "  (equipment {(deck \"Deck\") (hand Each) (pile \"Won\" Each)})\n";

  private static String report(String text) {
    try {
      new LudLoader().load("t.lud", text, Map.of());
    } catch (GameLoadException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected an error for:\n" + text);
  }

  @Test
  void unknownLudemeNamesTheNearestAndWhatFits() {
    String r = report(HEAD + "  (rules (play (mvoe to:\"Won\")) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).startsWith("t.lud:3:17: unknown ludeme mvoe\n")
        .contains("  (rules (play (mvoe to:\"Won\"))", "                ^\n")
        .contains("expected: a move: ", "(move …)", "(trick …)")
        .contains("did you mean: move");
  }

  @Test
  void unknownPlaceAndUnknownResultAreBothReported() {
    String r = report(HEAD + "  (rules (play (move to:(pile \"Wno\" Mover)))\n"
        + "    (end (if (= 1 1) (result Mover Winn)))))");
    assertThat(r).contains("t.lud:3:31: no place named \"Wno\"", "did you mean: \"Won\"")
        .contains("t.lud:4:36: unknown result Winn", "expected: Win Loss Draw");
  }

  @Test
  void wrongTypeSaysWhatWasExpected() {
    String r = report(HEAD + "  (rules (play (move to:(hand Next) cards:(count (hand Mover))))\n"
        + "    (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:43: (count …) is an integer expression, but a set of cards is expected here")
        .contains("expected: a set of cards: (cards …)");
  }

  @Test
  void aPayoffRangeWhoseGoalsWouldNotBeExactIsAnError() {
    String r = report(HEAD + "  (rules (play (choose bet)) (end (if (= 1 1) (payoff 0 range:-13..13)))))");
    assertThat(r).contains("t.lud:3:63: the payoff range -13..13 is 26 wide, which does not divide 100")
        .contains("expected: a range whose width divides 100, e.g. -25..25");
    assertThat(report(HEAD + "  (rules (play (choose bet)) (end (if (= 1 1) (payoff 0 range:{2 -2})))))"))
        .contains("t.lud:3:63: a payoff range lo..hi needs lo < hi");
  }

  @Test
  void payoffsAndRankingsDoNotMix() {
    String r = report(HEAD + "  (rules (play (choose bet)) (end {(if (= 1 1) (payoff 0 range:-1..1))\n"
        + "    (if (= 1 2) (result Mover Win))})))");
    assertThat(r).contains("t.lud:4:17: every end rule of a game that pays amounts pays them with the same range -1..1");
  }

  @Test
  void teamsNameEachPlayerOnce() {
    String tail = "  (equipment {(deck \"Deck\") (hand Each)})\n"
        + "  (rules (play (choose bet)) (end (if (= 1 1) (byTeam 0)))))";
    assertThat(report("(game \"X\" (players 4)\n  (teams {{P1 P3} {P2 P3}})\n" + tail))
        .contains("t.lud:2:23: player p3 is in two teams: a player plays for one side");
    assertThat(report("(game \"X\" (players 4)\n  (teams {{P1 P3} {P2}})\n" + tail))
        .contains("t.lud:2:3: player p4 is in no team: every player plays for one side")
        .contains("expected: (teams {{P1 P3} {P2 P4}})");
    assertThat(report("(game \"X\" (players 4)\n  (teams {{P1 P3} {P2 P5}})\n" + tail))
        .contains("t.lud:2:23: expected a player in a team, found the name P5").contains("expected: p1 p2 p3 p4");
    assertThat(report("(game \"X\" (players 4)\n  (teams {P1 P2 P3 P4})\n" + tail))
        .contains("t.lud:2:11: a team is a list of players");
    assertThat(report("(game \"X\" (players 4)\n  (teams {{P1 P2 P3 P4}})\n" + tail))
        .contains("t.lud:2:3: (teams …) needs a list of two or more teams");
  }

  @Test
  void aChoiceAmongWhatCannotBeChosenIsAnError() {
    String r = report(HEAD + "  (rules (play (choose bid {1 Hearts})) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:31: the values of a choice are all numbers, all suits or all players");
    r = report(HEAD + "  (rules (play (choose bid {1 Wombat})) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:31: expected numbers (lo..hi), suit or rank names or players to choose from");
    // Choice read where no choice binds it: a choice without values, or an end rule.
    r = report("(game \"X\" (players 2) (equipment {(deck \"Deck\") (hand Each)}) (vars {(var \"V\")})\n"
        + "  (rules (play (choose bet then:(set \"V\" Choice))) (end (if (= Choice 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:2:42: Choice is only bound in the then: of a (choose name values …)")
        .contains("t.lud:2:64: Choice is only bound");
  }

  @Test
  void unbalancedParenthesesPointAtTheOpener() {
    String r = report("(game \"X\" (players 2)\n  (equipment {(deck \"Deck\")\n");
    assertThat(r).contains("t.lud:1:1: '(' is never closed").contains("t.lud:2:3: '(' is never closed");
  }

  @Test
  void undefinedMacroIsAnError() {
    String r = report(HEAD + "  (rules (play (\"Lead\" 3)) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:17: no define or ludeme named \"Lead\"");
  }

  @Test
  void missingArgumentShowsUsage() {
    String r = report(HEAD + "  (rules (play (move)) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:16: (move …) needs its argument to: (place)").contains("expected: (move ");
  }

  @Test
  void unknownNamedArgumentSuggests() {
    String r = report(HEAD + "  (rules (play (move too:\"Won\")) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("(move …) has no argument too:").contains("did you mean: to");
  }

  @Test
  void unknownSymbolSuggests() {
    String r = report(HEAD + "  (rules (play (move to:(pile \"Won\" Movr))) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("unknown name Movr").contains("did you mean: Mover");
  }

  @Test
  void aVariableWrittenBareIsExplained() {
    // A newcomer's Briscola compared a suit with its variable Trump written bare.
    String game = "(game \"X\" (players 2)\n"
        + "  (equipment {(deck \"Deck\") (hand Each) (pile \"Won\" Each)})\n"
        + "  (vars {(var \"Trump\") (var \"Score\" Each)})\n"
        + "  (rules (play (move to:(pile \"Won\" Mover))) (end (if (= %s 1) (result All Draw)))))";
    assertThat(report(String.format(game, "Trump"))).contains("t.lud:4:58: unknown name Trump where an integer "
        + "expression is expected (a variable is read with var: (var \"Trump\"))");
    assertThat(report(String.format(game, "Score"))).contains("unknown name Score where an integer expression is "
        + "expected (a variable is read with var: (var \"Score\"), or (var \"Score\" P1) for one player's)");
    // A word that is neither a variable nor a ludeme gets no hint.
    assertThat(report(String.format(game, "Trumpf"))).contains("unknown name Trumpf where an integer expression is "
        + "expected\n");
  }

  @Test
  void aLudemeWrittenWithoutParenthesesIsExplained() {
    String r = report(HEAD + "  (rules (play (move to:(pile \"Won\" Mover))) (end (if (= tricks 3) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:58: unknown name tricks where an integer expression is expected (a ludeme is "
        + "called in parentheses even without arguments: (tricks))");
    String full = report(HEAD + "  (rules (play (move to:(pile \"Won\" Mover))) (end (if full (result All Draw)))))");
    assertThat(full).contains("unknown name full where a condition is expected (a ludeme is called in parentheses "
        + "even without arguments: (full))");
    // One with arguments says so.
    String count = report(HEAD + "  (rules (play (move to:(pile \"Won\" Mover))) (end (if (= count 3) (result All Draw)))))");
    assertThat(count).contains("unknown name count where an integer expression is expected (a ludeme is called "
        + "in parentheses: (count …))");
  }

  @Test
  void perPlayerPlaceWithoutOwner() {
    String r = report(HEAD + "  (rules (play (move to:\"Won\")) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("t.lud:3:25: \"Won\" is one place per player: say whose");
  }

  @Test
  void missingRulesAndPlayers() {
    assertThat(report("(game \"X\" (equipment {}))")).contains("t.lud:1:1: the game must say its players");
    assertThat(report("(game \"X\" (players 2))")).contains("the game has no (rules …)");
    assertThat(report("")).contains("no (game …) in this file");
  }

  @Test
  void tooManyCards() {
    // Five standard decks: 260 cards, more than the 256 a game may have.
    String r = report("(game \"X\" (players 2) (equipment {(deck \"A\") (deck \"B\") (deck \"C\") (deck \"D\")"
        + " (deck \"E\") (hand Each)})\n  (rules (play (pass)) (end (if (= 1 1) (result All Draw)))))");
    assertThat(r).contains("at most " + veil.ludeme.CardTable.MAX_CARDS + " cards");
  }

  @Test
  void deepNestingIsAnErrorNotACrash() {
    String deep = "(game \"X\" (players 2) (rules (play " + "(or ".repeat(10_000) + ")".repeat(10_000) + ")))";
    assertThat(report(deep)).contains("nesting deeper than 1000 levels");
  }

  @Test
  void optionValuesAreChecked() {
    assertThatThrownBy(() -> new Play0().load("hearts", Map.of("Pass", "Sideways")))
        .isInstanceOf(GameLoadException.class).hasMessageContaining("Sideways");
  }

  /** Loads a bundled game through the registry. */
  static final class Play0 {
    veil.model.Game load(String name, Map<String, String> options) throws GameLoadException {
      return GameRegistry.standard().load(name, options);
    }
  }

  @Test
  void aVariableReadAsASuitIsRefusedAnotherNoSuitValue() throws Exception {
    // The newcomer's 5-handed Sheepshead marked "alone" with (set "Called" -2) and read (card Ace (var "Called")):
    // it played, but the export has one "none" for -1 and -2.
    String game = "(game \"X\" (players 2) (bound 10)\n"
        + "  (equipment {(deck \"Deck\" suits:{Red Blue} ranks:{1 2}) (hand Each) (pile \"Out\" visible:All)})\n"
        + "  (vars {(var \"S\" %s)})\n"
        + "  (rules (start {(shuffle \"Deck\") (deal 2 to:(hand Each))})\n"
        + "    (play (move to:\"Out\" then:(if (= (var \"S\") -1) (set \"S\" %s) (set \"S\" (suit (lastCard))))))\n"
        + "    (end (if (empty (hand P2)) (byScore (count (cards (hand Player) suit:(var \"S\"))))))))";
    assertThat(report(String.format(game, "-1", "-2"))).contains("t.lud:5:61: the variable \"S\" is read as a suit "
        + "(at 6:74) and is given -2 here, which is no suit: a suit is its position in the deck's suits, 0 to 1 "
        + "(Red Blue), or -1 for none");
    assertThat(report(String.format(game, "2", "1"))).contains("t.lud:3:19: the variable \"S\" is read as a suit");
    // Suits and -1 compile.
    new LudLoader().load("t.lud", String.format(game, "-1", "1"), Map.of());
    new LudLoader().load("t.lud", String.format(game, "0", "-1"), Map.of());
    // The same -2 in a variable never read as a suit is an ordinary number.
    new LudLoader().load("t.lud", String.format(game, "-1", "-2").replace("suit:(var \"S\")", "suit:Red"), Map.of());
  }
}
