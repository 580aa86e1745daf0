package veil.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Hostile and random input: reading and expanding either succeed or fail with a {@link DslException} whose
 * diagnostics point inside the text — never any other exception, never a stack overflow; and what the reader gives
 * prints back to text that reads to the same trees.
 */
class ReaderPropertiesTest {
  static final List<String> TOKENS = List.of("(", ")", "{", "}", "(", ")", "\"s\"", "\"a \\\" b\"", "\"open", "\"\\q\"",
      "12", "-10", "0", "99999999999999999999", "1..8", "-3..-1", "1..", "8..1", "1...2", "a:", "a:b", "to:", "to:(",
      "x:{", "n:-2", ":", ":a", "a::", "?x", "<=", "#1", "#2", "#3", "#0", "<Players>", "<Nope>", "<>", "define",
      "option", "(define", "(option", "\"Name\"", "\"D\"", "(\"D\"", "(define \"D\" (d #1 #2))", "(\"D\" 1 2)",
      "(option \"Players\" 4 {2..6})", "; comment\n", "// comment\n", "\n", " ", "\t", "\r\n", "/", "//", "\\",
      "2C", "-", "+", ">=", "\u0000", "\u00a0", "\ufeff", "é", "\ud800");

  static final List<String> SAMPLES = List.of(
      "(option \"Players\" 4 {2..6})\n"
          + "(define \"Deal\" (deal #1 from:\"Deck\" to:Each))\n"
          + "(define \"Twice\" {#1 #1})\n"
          + "// Agram, roughly\n"
          + "(game \"Agram\" (players <Players>)\n"
          + "  (equipment {(deck \"Deck\" suits:{Clubs Diamonds Hearts Spades} ranks:{3..10 Ace})\n"
          + "    (hand Each) (spot \"Table\" Each visible:All)})\n"
          + "  (rules (start {(shuffle \"Deck\") (\"Deal\" 6)})\n"
          + "    (play (trick lead:P1 follow:Suit beats:(higher rank in:LedSuit) to:\"Table\"))\n"
          + "    (end (\"Twice\" (if (empty (hand Each)) (result Mover Win))))))\n",
      "; Blind tic-tac-toe\n"
          + "(role xplayer) (role oplayer) (role random)\n"
          + "(init (cell 1 1 b))\n"
          + "(<= (legal ?r (mark ?x ?y)) (true (cell ?x ?y b)) (not (true (control ?r))))\n"
          + "(<= (sees ?r (tried ?x ?y)) (does ?r (mark ?x ?y))) ; percept\n"
          + "(<= terminal (line x))\n");

  static final List<Character> EDIT_CHARS = List.of('(', ')', '{', '}', '"', '\\', ':', ';', '/', '#', '<', '>', '.',
      '-', '0', '9', 'a', 'Z', ' ', '\n', '\t', '\u0000', '\u00e9', '\ufeff', '\ud800');

  static final List<Map<String, String>> OPTION_SETS = List.of(Map.of(), Map.of("Players", "3"),
      Map.of("Players", "9"), Map.of("Playrs", "3"));

  @Provide
  Arbitrary<String> soup() {
    Arbitrary<String> randomText = Arbitraries.strings().withChars("(){}\":;/\\#<>.-09aZ \n\u0000é").ofMaxLength(6);
    Arbitrary<String> token = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, Arbitraries.of(TOKENS)), net.jqwik.api.Tuple.of(1, randomText));
    Arbitrary<String> separator = Arbitraries.of(" ", "", "\n");
    return Combinators.combine(token, separator).as((t, s) -> t + s).list().ofMaxSize(80)
        .map(parts -> String.join("", parts));
  }

  record Edit(int kind, double where, char ch) {}

  @Provide
  Arbitrary<String> mutated() {
    Arbitrary<Edit> edit = Combinators.combine(Arbitraries.integers().between(0, 2),
        Arbitraries.doubles().between(0, 1), Arbitraries.of(EDIT_CHARS)).as(Edit::new);
    return Combinators.combine(Arbitraries.of(SAMPLES), edit.list().ofMinSize(1).ofMaxSize(10))
        .as(ReaderPropertiesTest::applyEdits);
  }

  static String applyEdits(String text, List<Edit> edits) {
    StringBuilder sb = new StringBuilder(text);
    for (Edit e : edits) {
      int at = (int) (e.where() * sb.length());
      if (e.kind() == 0 && sb.length() > 0) {
        sb.deleteCharAt(Math.min(at, sb.length() - 1));
      } else if (e.kind() == 1) {
        sb.insert(at, e.ch());
      } else if (sb.length() > 1) {
        int k = Math.min(at, sb.length() - 2);
        char c = sb.charAt(k);
        sb.setCharAt(k, sb.charAt(k + 1));
        sb.setCharAt(k + 1, c);
      }
    }
    return sb.toString();
  }

  @Property(tries = 700)
  void tokenSoupEitherReadsOrFailsCleanly(@ForAll("soup") String text) {
    readExpandAndPrint(text);
  }

  @Property(tries = 700)
  void mutatedSamplesEitherReadOrFailCleanly(@ForAll("mutated") String text) {
    readExpandAndPrint(text);
  }

  @Property(tries = 50)
  void deepAndLongSoupStaysBounded(@ForAll("soup") String text) {
    // The same soup behind a deep prefix: depth errors and other errors must mix cleanly.
    readExpandAndPrint("(".repeat(990) + text + "{".repeat(20) + text);
  }

  static void readExpandAndPrint(String text) {
    List<Node> nodes;
    try {
      nodes = Reader.read(Source.of("p.lud", text));
    } catch (DslException e) {
      checkDiagnostics(e, text);
      return;
    }
    List<Node> again;
    try {
      again = Reader.read(Source.of("printed", Printer.printAll(nodes)));
    } catch (DslException e) {
      throw new AssertionError("printed text does not read back:\n" + Printer.printAll(nodes) + "\n" + e.getMessage());
    }
    assertThat(Trees.equalIgnoringPos(nodes, again)).as("round trip of %s", text).isTrue();
    for (Map<String, String> options : OPTION_SETS) {
      try {
        List<Node> expanded = Expander.expand(nodes, options);
        Printer.printAll(expanded);
      } catch (DslException e) {
        checkDiagnostics(e, text);
      }
    }
  }

  static void checkDiagnostics(DslException e, String text) {
    assertThat(e.diagnostics()).isNotEmpty();
    assertThat(e.diagnostics().size()).isLessThanOrEqualTo(Math.max(Reader.MAX_ERRORS, Expander.MAX_ERRORS) + 1);
    for (Diagnostic d : e.diagnostics()) {
      assertThat(d.format()).isNotEmpty();
      if (d.pos() != null && d.pos().source().text().equals(text)) {
        assertThat(d.pos().line()).isBetween(1, d.pos().source().lineCount());
        assertThat(d.pos().offset()).isBetween(0, text.length());
        int lineStart = d.pos().offset() - (d.pos().col() - 1);
        assertThat(lineStart == 0 || text.charAt(lineStart - 1) == '\n').as("col of %s", d).isTrue();
      }
    }
    assertThat(e.getMessage()).isNotEmpty();
  }

  // ---- well-formed trees ------------------------------------------------------------------------------------

  static final List<String> SYMBOLS = List.of("a", "hand", "?x", "<=", "#1", "<Players>", "P1", "Ace", "-", "+",
      ">=", "2C", "card_1", ":a", "1.5", "/", "a/b", "é");

  @Provide
  Arbitrary<Node> trees() {
    Arbitrary<String> randomSymbol = Arbitraries.strings().withChars("ab:?<>=#-+./09\\é").ofMinLength(1)
        .ofMaxLength(6).filter(Reader::isPlainSymbol);
    Arbitrary<Node> sym = Arbitraries.oneOf(Arbitraries.of(SYMBOLS), randomSymbol).map(s -> new Node.Sym(null, s));
    Arbitrary<Node> str = Arbitraries.strings().ofMaxLength(8)
        .withChars("ab \"\\\n\t\r:;/(){}é\u0000").map(s -> new Node.Str(null, s));
    Arbitrary<Node> integer = Arbitraries.longs().map(v -> new Node.Int(null, v));
    Arbitrary<Node> range = Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
        .as((x, y) -> new Node.Range(null, Math.min(x, y), Math.max(x, y)));
    Arbitrary<Node> leaf = Arbitraries.oneOf(sym, str, integer, range);
    Arbitrary<String> name = Arbitraries.strings().withChars("abZ_?#<>=-09").ofMinLength(1).ofMaxLength(5);
    return Arbitraries.recursive(() -> leaf, inner -> Arbitraries.oneOf(leaf,
        inner.list().ofMaxSize(4).map(items -> new Node.Call(null, items)),
        inner.list().ofMaxSize(4).map(items -> new Node.Braces(null, items)),
        Combinators.combine(name, inner).as((n, v) -> new Node.Named(null, n, v))), 0, 6);
  }

  @Property(tries = 700)
  void wellFormedTreesRoundTrip(@ForAll("trees") Node tree) throws DslException {
    String text = Printer.print(tree);
    List<Node> read = Reader.read(Source.of("t", text));
    assertThat(read).hasSize(1);
    assertThat(Trees.equalIgnoringPos(read.get(0), tree)).as(text).isTrue();
    assertThat(Printer.print(read.get(0))).isEqualTo(text);
  }
}
