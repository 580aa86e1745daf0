package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import veil.gdl.ground.Grounder;
import veil.gdl.reason.GroundedGame;
import veil.gdl.reason.KifGame;
import veil.gdl.reason.TopDownGame;
import veil.model.State;

/**
 * {@code --reasoner auto} recognises a grounding far over its limit from an estimate before grounding (see {@link
 * veil.gdl.ground.SizeEstimate}), and plays such a game top-down at once; games that ground are still grounded.
 */
class GroundingEstimateTest {
  /**
   * Eight by Eight with chess's king safety, written the way ggp-base's Chess writes it: a king may not step onto a
   * square a rook, bishop or queen could reach along a ray, where the ray treats the square the king leaves as
   * empty and the piece captured on the target square as gone. The ray relation has nine arguments (direction,
   * start, end, the square left, the square captured on), as Chess's threatened_with_capture has seven: millions of
   * atoms that all depend on the state.
   */
  static String eightByEightWithKingSafety() {
    String base = Kif.testResource("eight-by-eight.kif");
    String kingRule = "(<= (canmove ?p ?x ?y ?x2 ?y2) (true (cell ?x ?y ?p king)) (anydir ?d) (nb ?d ?x ?y ?x2 ?y2)\n"
        + "    (not (own ?p ?x2 ?y2)))";
    assertThat(base).contains(kingRule);
    String safe = """
        (<= (canmove ?p ?x ?y ?x2 ?y2) (true (cell ?x ?y ?p king)) (anydir ?d) (nb ?d ?x ?y ?x2 ?y2)
            (not (own ?p ?x2 ?y2)) (opponent ?p ?q) (not (attacked ?q ?x2 ?y2 ?x ?y)))
        (<= (attacked ?q ?tx ?ty ?ix ?iy) (true (cell ?x ?y ?q ?k)) (slides ?k ?kind) (dirof ?kind ?d)
            (openray ?d ?x ?y ?tx ?ty ?ix ?iy ?tx ?ty))
        (<= (openray ?d ?x ?y ?x2 ?y2 ?ix ?iy ?cx ?cy) (nb ?d ?x ?y ?x2 ?y2) (coord ?ix) (coord ?iy) (coord ?cx)
            (coord ?cy))
        (<= (openray ?d ?x ?y ?x3 ?y3 ?ix ?iy ?cx ?cy) (openray ?d ?x ?y ?x2 ?y2 ?ix ?iy ?cx ?cy)
            (passable ?x2 ?y2 ?ix ?iy ?cx ?cy) (nb ?d ?x2 ?y2 ?x3 ?y3))
        (<= (passable ?x ?y ?ix ?iy ?cx ?cy) (coord ?x) (coord ?y) (coord ?ix) (coord ?iy) (coord ?cx) (coord ?cy)
            (not (occupied ?x ?y)))
        (<= (passable ?x ?y ?x ?y ?cx ?cy) (coord ?x) (coord ?y) (coord ?cx) (coord ?cy))
        (<= (passable ?x ?y ?ix ?iy ?x ?y) (coord ?x) (coord ?y) (coord ?ix) (coord ?iy))
        """;
    return base.replace(kingRule, safe);
  }

  @Test
  void aChessSizedGroundingIsPlayedTopDownWithoutAnAttempt() {
    KifGame g = Kif.strict(eightByEightWithKingSafety());
    assertThat(g).isInstanceOf(TopDownGame.class);
    assertThat(((TopDownGame) g).why()).contains("estimated grounding is far over its limit", "openray/9",
        "no grounding was tried");
    assertThat(g.summary()).anyMatch(line -> line.contains("estimated grounding is far over its limit"));
    // Played by its rules: the opening is that of Eight by Eight, where no king can move.
    State s = g.initialState();
    assertThat(Kif.legalTexts(g, s, g.role("white"))).hasSize(12).contains("(move 2 1 3 3)");
  }

  @Test
  void gamesThatGroundAreStillGrounded() throws IOException {
    List<String> texts = new ArrayList<>();
    texts.add(Kif.testResource("eight-by-eight.kif"));
    texts.add(Kif.testResource("deck-builder.kif"));
    for (String line : Files.readAllLines(Kif.KIF_DIR.resolve("index.txt"))) {
      if (!line.isBlank()) {
        texts.add(Kif.bundledText(line.split("\t")[0]));
      }
    }
    for (String text : texts) {
      assertThat(estimateSaysFarOver(text)).as(text.lines().findFirst().orElse("")).isNull();
    }
    assertThat(Kif.strict(Kif.testResource("eight-by-eight.kif"))).isInstanceOf(GroundedGame.class);
  }

  @Test
  void theChoiceFollowsTheLimitNotTheGame() {
    String text = eightByEightWithKingSafety();
    assertThat(estimateSaysFarOver(text)).isNotNull();
    // With limits a thousand times larger, the same estimate is no longer far over them.
    assertThat(KifLoader.farOverTheLimit(rules(text), symbols, Grounder.Limits.forRules(2_000_000_000)))
        .isNull();
  }

  private static veil.gdl.term.Symbols symbols;

  /** The checked rules of a game text, as the loader grounds them. */
  private static List<veil.gdl.term.Rule> rules(String text) {
    symbols = new veil.gdl.term.Symbols();
    List<veil.dsl.Node> nodes;
    try {
      nodes = veil.gdl.read.Syntax.parse(null, text).read(veil.dsl.Source.of("t.kif", text));
    } catch (veil.dsl.DslException e) {
      throw new AssertionError(e);
    }
    veil.gdl.check.Report report = new veil.gdl.check.Report(veil.gdl.check.Mode.LENIENT);
    List<veil.gdl.term.Rule> read = new veil.gdl.read.RuleTranslator(symbols, report)
        .translate(nodes);
    veil.gdl.check.RuleChecker.Result checked = veil.gdl.check.RuleChecker.check(read, symbols, report);
    assertThat(report.hasErrors()).isFalse();
    return KifLoader.withMovePercepts(checked.rules(), checked.roles(), symbols);
  }

  private static String estimateSaysFarOver(String text) {
    return KifLoader.farOverTheLimit(rules(text), symbols, Grounder.Limits.DEFAULT);
  }
}
