package veil.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReaderTest {
  static List<Node> read(String text) throws DslException {
    return Reader.read(Source.of("t.lud", text));
  }

  static Node one(String text) throws DslException {
    List<Node> nodes = read(text);
    assertThat(nodes).hasSize(1);
    return nodes.get(0);
  }

  static DslException error(String text) {
    return catchThrowableOfType(() -> read(text), DslException.class);
  }

  static void assertPos(Node n, int line, int col, int offset) {
    assertThat(n.pos().line()).as("line of %s", n).isEqualTo(line);
    assertThat(n.pos().col()).as("col of %s", n).isEqualTo(col);
    assertThat(n.pos().offset()).as("offset of %s", n).isEqualTo(offset);
  }

  @Test
  void readsEveryTokenKindWithPositions() throws DslException {
    String text = "(deck \"My \\\"Deck\\\" \\\\x\" 42 -10 1..8 -3..-1\n"
        + "  suits:{A B} to:(hand Mover) seen:All n:-2 r:1..3 s:\"x\" ?x <= #1 <Players> P1 - + >= 2C card_1 1.5)";
    Node.Call call = (Node.Call) one(text);
    assertPos(call, 1, 1, 0);
    List<Node> it = call.items();
    assertThat(it.get(0)).isEqualTo(new Node.Sym(it.get(0).pos(), "deck"));
    assertPos(it.get(0), 1, 2, 1);
    assertThat(((Node.Str) it.get(1)).value()).isEqualTo("My \"Deck\" \\x");
    assertPos(it.get(1), 1, 7, 6);
    assertThat(((Node.Int) it.get(2)).value()).isEqualTo(42);
    assertThat(((Node.Int) it.get(3)).value()).isEqualTo(-10);
    assertPos(it.get(3), 1, 28, 27);
    Node.Range r = (Node.Range) it.get(4);
    assertThat(r.from()).isEqualTo(1);
    assertThat(r.to()).isEqualTo(8);
    Node.Range neg = (Node.Range) it.get(5);
    assertThat(neg.from()).isEqualTo(-3);
    assertThat(neg.to()).isEqualTo(-1);

    Node.Named suits = (Node.Named) it.get(6);
    assertThat(suits.name()).isEqualTo("suits");
    assertPos(suits, 2, 3, 45);
    Node.Braces list = (Node.Braces) suits.value();
    assertPos(list, 2, 9, 51);
    assertThat(list.items()).extracting(Node::toString).containsExactly("A", "B");
    assertPos(list.items().get(1), 2, 12, 54);
    Node.Named to = (Node.Named) it.get(7);
    assertThat(to.value()).isInstanceOf(Node.Call.class);
    assertThat(((Node.Call) to.value()).headName()).isEqualTo("hand");
    assertPos(to.value(), 2, 18, 60);
    assertThat(((Node.Named) it.get(8)).value()).isInstanceOf(Node.Sym.class);
    assertThat(((Node.Int) ((Node.Named) it.get(9)).value()).value()).isEqualTo(-2);
    assertThat(((Node.Named) it.get(10)).value()).isInstanceOf(Node.Range.class);
    assertThat(((Node.Str) ((Node.Named) it.get(11)).value()).value()).isEqualTo("x");

    List<Node> syms = it.subList(12, it.size());
    assertThat(syms).allMatch(n -> n instanceof Node.Sym);
    assertThat(syms).extracting(Node::toString)
        .containsExactly("?x", "<=", "#1", "<Players>", "P1", "-", "+", ">=", "2C", "card_1", "1.5");
  }

  @Test
  void moreEscapesAndEmptyInput() throws DslException {
    assertThat(((Node.Str) one("\"a\\nb\\tc\\rd\"")).value()).isEqualTo("a\nb\tc\rd");
    assertThat(((Node.Str) one("\"\"")).value()).isEmpty();
    assertThat(read("")).isEmpty();
    assertThat(read("  \n\t // only a comment\n ; and another")).isEmpty();
    assertThat(((Node.Int) one(Long.toString(Long.MIN_VALUE))).value()).isEqualTo(Long.MIN_VALUE);
    assertThat(((Node.Int) one(Long.toString(Long.MAX_VALUE))).value()).isEqualTo(Long.MAX_VALUE);
    assertThat(one(":a")).isInstanceOf(Node.Sym.class).hasToString(":a");
    assertThat(one("a::b")).isInstanceOf(Node.Named.class);
  }

  @Test
  void commentsOfBothKinds() throws DslException {
    List<Node> nodes = read("// header\n(a ; KIF comment ) still comment\n b// trailing\n) ; end\n(c)");
    assertThat(nodes).hasSize(2);
    Node.Call a = (Node.Call) nodes.get(0);
    assertThat(a.items()).extracting(Node::toString).containsExactly("a", "b");
    assertPos(a.items().get(1), 3, 2, 44);
    assertPos(nodes.get(1), 5, 1, 65);
    // A single slash is an ordinary symbol character.
    assertThat(one("a/b").toString()).isEqualTo("a/b");
  }

  @Test
  void crlfLinesAndTabs() throws DslException {
    Node.Call c = (Node.Call) one("(a\r\n\tb)");
    assertPos(c.items().get(1), 2, 2, 5);
  }

  @Test
  void kifSampleReadsAsCallsAndSymbols() throws DslException {
    String kif = "; Blind tic-tac-toe, a fragment\n"
        + "(role xplayer) ; the first player\n"
        + "(<= (legal ?r (mark ?x ?y))\n"
        + "    (true (cell ?x ?y b))   ; an empty cell\n"
        + "    (not (true (control ?r))))\n"
        + "(<= (sees ?r (tried ?x ?y)) (does ?r (mark ?x ?y)))\n";
    List<Node> nodes = read(kif);
    assertThat(nodes).hasSize(3);
    Node.Call rule = (Node.Call) nodes.get(1);
    assertThat(rule.headName()).isEqualTo("<=");
    assertPos(rule, 3, 1, 66);
    assertThat(rule.args()).hasSize(3).allMatch(n -> n instanceof Node.Call);
    assertThat(rule.toString()).isEqualTo("(<= (legal ?r (mark ?x ?y)) (true (cell ?x ?y b)) (not (true (control ?r))))");
    assertThat(Trees.size(rule)).isEqualTo(23);
    java.util.ArrayDeque<Node> work = new java.util.ArrayDeque<>(nodes);
    while (!work.isEmpty()) {
      Node n = work.pop();
      assertThat(n).isInstanceOfAny(Node.Call.class, Node.Sym.class);
      if (n instanceof Node.Call c) {
        c.items().forEach(work::push);
      }
    }
  }

  @Test
  void unexpectedCloserIsReportedWithCaret() {
    DslException e = error("(a b))\n(c)");
    assertThat(e.getMessage()).isEqualTo(
        "t.lud:1:6: unexpected ')': nothing is open here\n"
            + "  (a b))\n"
            + "       ^\n"
            + "  expected: a new form or the end of the input\n");
  }

  @Test
  void unclosedOpenerPointsAtTheOpener() {
    DslException e = error("(game \"X\"\n  (players 4)\n  (rules {(a) (b)}\n");
    assertThat(e.getMessage()).isEqualTo(
        "t.lud:1:1: '(' is never closed\n"
            + "  (game \"X\"\n"
            + "  ^\n"
            + "  expected: ')' before the end of the input\n"
            + "t.lud:3:3: '(' is never closed\n"
            + "    (rules {(a) (b)}\n"
            + "    ^\n"
            + "  expected: ')' before the end of the input\n");
  }

  @Test
  void mismatchedCloserNamesTheOpenerAndRecovers() {
    DslException e = error("(a {b c) d)\n(x y}");
    assertThat(e.diagnostics()).hasSize(2);
    Diagnostic first = e.diagnostics().get(0);
    assertThat(first.pos().toString()).isEqualTo("t.lud:1:8");
    assertThat(first.message()).isEqualTo("unexpected ')': the '{' at line 1, col 4 is still open");
    assertThat(first.expected()).isEqualTo("'}'");
    assertThat(e.diagnostics().get(1).pos().toString()).isEqualTo("t.lud:2:5");
  }

  @Test
  void unterminatedStringPointsAtItsQuoteAndReadingGoesOn() {
    DslException e = error("(a \"open\n(b 1..)");
    assertThat(e.diagnostics()).hasSize(3);
    assertThat(e.diagnostics().get(0).pos().toString()).isEqualTo("t.lud:1:4");
    assertThat(e.diagnostics().get(0).message()).isEqualTo("string is not closed on its line");
    assertThat(e.diagnostics().get(1).message()).isEqualTo("bad range '1..'");
    assertThat(e.diagnostics().get(1).pos().toString()).isEqualTo("t.lud:2:4");
    assertThat(e.diagnostics().get(2).message()).isEqualTo("'(' is never closed");
    assertThat(error("\"abc").diagnostics().get(0).pos().col()).isEqualTo(1);
    assertThat(error("\"abc\\").diagnostics()).hasSize(1);
  }

  @Test
  void badNumbersAndRanges() {
    for (String bad : List.of("1..", "1..x", "1...8", "1..8..9", "1..-", "-1..--2")) {
      assertThat(error(bad).diagnostics().get(0).message()).as(bad).isEqualTo("bad range '" + bad + "'");
    }
    assertThat(error("8..1").diagnostics().get(0).message()).contains("range 8..1 is empty");
    assertThat(error("9223372036854775808").diagnostics().get(0).message()).contains("too large");
    assertThat(error("1..99999999999999999999").diagnostics().get(0).message()).contains("too large");
    assertThat(error("(a \"x\\q\")").diagnostics().get(0).message()).isEqualTo("unknown escape '\\q' in a string");
    assertThat(error("(a \"x\\q\")").diagnostics().get(0).pos().col()).isEqualTo(6);
    assertThat(error("a\u0007").diagnostics().get(0).message()).isEqualTo("unexpected control character U+0007");
  }

  @Test
  void colonWithNothingAfterIsAnError() {
    for (String text : List.of("(a to:)", "(a to: b)", "to:", "(x to:; c\n)", "(x to:// c\n)", "x:}")) {
      DslException e = error(text);
      assertThat(e).as(text).isNotNull();
      assertThat(e.diagnostics().get(0).message()).as(text).isEqualTo("'to:' has nothing after the colon".replace(
          "to", text.startsWith("x") ? "x" : "to"));
    }
  }

  @Test
  void aNameWhoseValueIsABadNameIsStillClosedCleanly() {
    DslException e = error("(x a:a: ) (y b:c:)");
    assertThat(e.diagnostics()).extracting(Diagnostic::message)
        .containsExactly("'a:' has nothing after the colon", "'c:' has nothing after the colon");
  }

  @Test
  void collectsSeveralErrorsButCapsThem() {
    String many = ")".repeat(100);
    DslException e = error(many);
    assertThat(e.diagnostics()).hasSize(Reader.MAX_ERRORS + 1);
    assertThat(e.diagnostics().get(Reader.MAX_ERRORS).message()).contains("too many errors");
    assertThat(e.getMessage()).startsWith("t.lud:1:1: unexpected ')'");
  }

  @Test
  void deepNestingIsAnErrorNotAStackOverflow() {
    for (String open : List.of("(", "{", "a:")) {
      String text = open.repeat(10_000) + "x" + (open.equals("a:") ? "" : (open.equals("(") ? ")" : "}").repeat(10_000));
      DslException e = error(text);
      assertThat(e.diagnostics()).hasSize(1);
      Diagnostic d = e.diagnostics().get(0);
      assertThat(d.message()).isEqualTo("nesting deeper than 1000 levels");
      assertThat(d.pos().col()).isEqualTo(1000 * open.length() + 1);
    }
  }

  @Test
  void exactlyTheMaximumDepthIsAccepted() throws DslException {
    Node n = one("(".repeat(Reader.MAX_DEPTH) + ")".repeat(Reader.MAX_DEPTH));
    assertThat(Trees.depth(n)).isEqualTo(Reader.MAX_DEPTH);
    assertThat(Reader.read(Source.of("t", Printer.print(n)))).hasSize(1);
  }

  @Test
  void fiftyMegabytesAreReadAndCounted() throws DslException {
    String form = "(a b 1 \"s\")\n";
    int forms = 50_000_000 / form.length();
    StringBuilder sb = new StringBuilder(forms * form.length() + 16);
    for (int k = 0; k < forms; k++) {
      sb.append(form);
    }
    Source src = Source.of("big.lud", sb.toString());
    long[] counts = new long[2];
    Reader.read(src, n -> {
      counts[0]++;
      counts[1] += Trees.size(n);
    });
    assertThat(counts[0]).isEqualTo(forms);
    assertThat(counts[1]).isEqualTo(5L * forms);
  }

  @Test
  void errorAtTheEndOfAHugeLineShowsAShortExcerpt() {
    String text = "(a " + "x ".repeat(1_000_000) + "1..)";
    DslException e = error(text);
    Diagnostic d = e.diagnostics().get(0);
    assertThat(d.pos().col()).isEqualTo(2_000_004);
    String[] lines = e.getMessage().split("\n");
    assertThat(lines[1].length()).isLessThanOrEqualTo(162);
    assertThat(lines[1].substring(lines[2].indexOf('^'))).startsWith("1..)");
  }

  @Test
  void plainSymbolCheckAgreesWithTheReader() throws DslException {
    for (String name : List.of("a", "?x", "<=", "#1", "-", "2C", ":a", "1.5", "card_1", "<Players>")) {
      assertThat(Reader.isPlainSymbol(name)).as(name).isTrue();
      assertThat(one(name)).as(name).isInstanceOf(Node.Sym.class);
    }
    for (String name : List.of("", "1", "-1", "1..2", "a:b", "a b", "a;b", "a//b", "(", "\"", "1..")) {
      assertThat(Reader.isPlainSymbol(name)).as(name).isFalse();
    }
  }

  @Test
  void printerRoundTrips() throws DslException {
    String text = "(game \"A \\\"quoted\\\" \\\\ name\" (players 4) (equipment {(deck suits:{A B} ranks:1..8 x:\"s\")"
        + " (hand Each seen:(owner)) n:-3 m:a:b}) (<= (legal ?r) (true ?r)) {} () #1 <Opt> 2C)";
    List<Node> first = read(text);
    String printed = Printer.printAll(first);
    List<Node> second = read(printed);
    assertThat(Trees.equalIgnoringPos(first, second)).isTrue();
    assertThat(Printer.printAll(second)).isEqualTo(printed);
    assertThat(Printer.print(new Node.Str(null, "a\nb\t\"\\"))).isEqualTo("\"a\\nb\\t\\\"\\\\\"");
  }

  @Test
  void printerAndTreesHandleHandBuiltTreesOfAnyDepth() {
    Node n = new Node.Sym(null, "x");
    for (int k = 0; k < 200_000; k++) {
      n = k % 2 == 0 ? new Node.Call(null, List.of(n)) : new Node.Named(null, "a", n);
    }
    assertThat(Printer.print(n)).hasSize(200_000 / 2 * 2 + 200_000 / 2 * 2 + 1);
    assertThat(Trees.depth(n)).isEqualTo(200_001);
    assertThat(Trees.size(n)).isEqualTo(200_001);
    assertThat(Trees.equalIgnoringPos(n, n)).isTrue();
    String printed = Printer.print(n);
    assertThatThrownBy(() -> Reader.read(Source.of("t", printed))).isInstanceOf(DslException.class);
  }

  @Test
  void streamingStopsHandingOverFormsAfterAnError() {
    List<Node> got = new java.util.ArrayList<>();
    assertThatThrownBy(() -> Reader.read(Source.of("t", "(a) ) (b)"), got::add)).isInstanceOf(DslException.class);
    assertThat(got).hasSize(1);
  }
}
