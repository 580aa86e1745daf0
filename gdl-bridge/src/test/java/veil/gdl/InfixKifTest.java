package veil.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Source;
import veil.gdl.read.InfixParser;
import veil.gdl.read.Syntax;
import veil.gdl.reason.KifGame;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/** The infix form and KIF of one game play identically; KifWriter output reads back to the same game. */
class InfixKifTest {
  static String resource(String name) throws IOException {
    try (InputStream in = InfixKifTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void syntaxIsDetected() {
    assertThat(Syntax.detect("; comment\n(role a)")).isEqualTo(Syntax.KIF);
    assertThat(Syntax.detect("% comment\nrole(a)")).isEqualTo(Syntax.INFIX);
    assertThat(Syntax.detect("  role(a)")).isEqualTo(Syntax.INFIX);
    assertThat(Syntax.detect("// c\n(role a)")).isEqualTo(Syntax.KIF);
  }

  @Test
  void infixBecomesKifShapedNodes() throws DslException {
    List<Node> nodes = InfixParser.read(Source.of("t", String.join("\n",
        "role(white)   % a comment",
        "p(X) :- q(X, f(Y)) & ~r(Y) & distinct(X, 3)",
        "s :- a | b & c.",
        "t :- (a | b) & not(c) & or(d, ~e)",
        "terminal")));
    assertThat(nodes.stream().map(Node::toString)).containsExactly(
        "(role white)",
        "(<= (p ?X) (q ?X (f ?Y)) (not (r ?Y)) (distinct ?X 3))",
        "(<= s (or a (and b c)))",
        "(<= t (or a b) (not c) (or d (not e)))",
        "terminal");
  }

  @Test
  void infixErrorsHavePositions() {
    assertThat(parseError("p(X) :- q(X) &\n  & r")).startsWith("t:2:3: '&' where a term was expected");
    assertThat(parseError("p(a,b")).startsWith("t:1:6: end of text where ',' or ')' was expected");
    assertThat(parseError("p :- q $")).startsWith("t:1:8: unexpected character '$'");
    assertThat(parseError("X :- q")).startsWith("t:1:1: a sentence cannot be a variable");
  }

  static String parseError(String text) {
    try {
      InfixParser.read(Source.of("t", text));
    } catch (DslException e) {
      return e.getMessage();
    }
    throw new AssertionError("parsed");
  }

  @Test
  void bookInfixAndBundledKifOfBlindTicTacToePlayTheSame() throws IOException {
    KifGame infix = Kif.load("blind.pl", resource("blind-tic-tac-toe.pl"), "strict");
    KifGame kif = Kif.bundled("blind-tic-tac-toe-gdl");
    assertThat(infix.warnings()).isEmpty();
    assertSamePlay(infix, kif, 300);
  }

  @Test
  void kifWriterOutputReadsBackToTheSameGame() throws IOException {
    KifGame infix = Kif.load("ttt.pl", resource("tictactoe.pl"), "strict");
    String written = KifWriter.write("Tic-tac-toe, written back\nfrom the infix form", infix.rules(), infix.symbols());
    assertThat(written).startsWith("; Tic-tac-toe, written back\n; from the infix form\n\n"
        + "; Tic-tac-toe in the infix form of GDL (the GGP book, chapter 2)\n(role xplayer)\n(role oplayer)\n");
    assertThat(Syntax.detect(written)).isEqualTo(Syntax.KIF);
    KifGame again = Kif.load("ttt.kif", written, "strict");
    assertThat(((veil.gdl.reason.GroundedGame) again).groundRuleCount()).isEqualTo(((veil.gdl.reason.GroundedGame) infix).groundRuleCount());
    assertSamePlay(infix, again, 300);
    // And the written rules print the same once more.
    assertThat(KifWriter.write("Tic-tac-toe, written back\nfrom the infix form", again.rules(), again.symbols()))
        .isEqualTo(written);
  }

  @Test
  void kifWriterKeepsTheCommentsAboveRules() {
    KifGame g = Kif.bundled("blind-tic-tac-toe-gdl");
    String written = KifWriter.write(g.rules(), g.symbols());
    assertThat(written).contains("\n\n; any new attempt to mark a cell is recorded\n(<= (next (tried ?w ?m ?n)) (does ?w (mark ?m ?n)))\n");
    // The header comment is separated from the first rule by a blank line: it is not a rule's comment.
    assertThat(written).startsWith("(role white)\n");
    KifGame again = Kif.load("again.kif", written, "strict");
    assertSamePlay(g, again, 50);
  }

  /** Same roles, and on random playouts the same legal moves, next states and percepts, as text. */
  static void assertSamePlay(KifGame a, KifGame b, int playouts) {
    assertThat(a.roleCount()).isEqualTo(b.roleCount());
    for (int r = 0; r < a.roleCount(); r++) {
      assertThat(a.roleName(r)).isEqualTo(b.roleName(r));
    }
    SplittableRandom rng = new SplittableRandom(7);
    MoveList ml = new MoveList();
    Percepts pa = new Percepts(a.roleCount());
    Percepts pb = new Percepts(b.roleCount());
    for (int i = 0; i < playouts; i++) {
      State sa = a.initialState();
      State sb = b.initialState();
      while (true) {
        assertThat(a.trueFacts(sa)).isEqualTo(b.trueFacts(sb));
        assertThat(a.isTerminal(sa)).isEqualTo(b.isTerminal(sb));
        if (a.isTerminal(sa)) {
          for (int r = 0; r < a.roleCount(); r++) {
            assertThat(a.goal(sa, r)).isEqualTo(b.goal(sb, r));
          }
          break;
        }
        int[] ja = new int[a.roleCount()];
        int[] jb = new int[b.roleCount()];
        for (int r = 0; r < a.roleCount(); r++) {
          List<String> la = Kif.legalTexts(a, sa, r);
          assertThat(la).containsExactlyInAnyOrderElementsOf(Kif.legalTexts(b, sb, r));
          a.legalMoves(sa, r, ml);
          ja[r] = ml.get(rng.nextInt(ml.size()));
          jb[r] = b.move(r, a.moveText(r, ja[r]));
        }
        a.apply(sa, ja, pa);
        b.apply(sb, jb, pb);
        for (int r = 0; r < a.roleCount(); r++) {
          assertThat(texts(a, pa, r)).isEqualTo(texts(b, pb, r));
        }
      }
    }
  }

  static List<String> texts(KifGame g, Percepts p, int role) {
    List<String> out = new ArrayList<>();
    for (int x : p.sorted(role)) {
      out.add(g.perceptText(role, x));
    }
    out.sort(null);
    return out;
  }
}
