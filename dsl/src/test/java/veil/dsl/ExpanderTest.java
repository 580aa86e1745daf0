package veil.dsl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpanderTest {
  static List<Node> expand(String text, Map<String, String> options) throws DslException {
    return Expander.expand(Reader.read(Source.of("g.lud", text)), options);
  }

  static String printed(String text, Map<String, String> options) throws DslException {
    return Printer.printAll(expand(text, options)).trim();
  }

  static String printed(String text) throws DslException {
    return printed(text, Map.of());
  }

  static DslException failure(String text, Map<String, String> options) {
    DslException e = catchThrowableOfType(() -> expand(text, options), DslException.class);
    assertThat(e).as("expected an error for %s", text).isNotNull();
    return e;
  }

  static DslException failure(String text) {
    return failure(text, Map.of());
  }

  @Test
  void macroWithArgumentsIsSubstitutedEverywhere() throws DslException {
    String text = "(define \"Deal\" (deal #1 from:#2 to:{Each #1}))\n"
        + "(game (start (\"Deal\" 6 \"Deck\")))";
    assertThat(printed(text)).isEqualTo("(game (start (deal 6 from:\"Deck\" to:{Each 6})))");
  }

  @Test
  void definesMayComeAfterTheirUseAndNestedMacrosExpand() throws DslException {
    String text = "(game (\"Outer\" (card Ace Spades)))\n"
        + "(define \"Outer\" (if (\"Held\" #1 Mover) (\"Held\" #1 Next)))\n"
        + "(define \"Held\" (in #1 (hand #2)))\n"
        + "(define \"NoArgs\" (players 4))\n"
        + "(x (\"NoArgs\"))";
    assertThat(printed(text)).isEqualTo(
        "(game (if (in (card Ace Spades) (hand Mover)) (in (card Ace Spades) (hand Next))))\n(x (players 4))");
  }

  @Test
  void positionsPointWhereTheTextWasWritten() throws DslException {
    String text = "(define \"D\" (deal #1))\n(game (\"D\" 6))";
    Node.Call game = (Node.Call) expand(text, Map.of()).get(0);
    Node.Call deal = (Node.Call) game.items().get(1);
    assertThat(deal.pos().toString()).isEqualTo("g.lud:1:13"); // inside the define's body
    assertThat(deal.items().get(1).pos().toString()).isEqualTo("g.lud:2:12"); // the argument where it was given
  }

  /** A node of a define's body knows the use it came through, nested uses innermost first; the arguments do not. */
  @Test
  void bodyNodesNameTheUseOfTheirMacro() throws DslException {
    String text = "(define \"Held\" (in #1 (hand #2)))\n"
        + "(define \"Outer\" (if (\"Held\" #1 Mover) 1 2))\n"
        + "(game (\"Outer\" (card Ace Spades)))";
    Node.Call game = (Node.Call) expand(text, Map.of()).get(0);
    Node.Call ifCall = (Node.Call) game.items().get(1);
    assertThat(ifCall.pos().toString()).isEqualTo("g.lud:2:17");
    assertThat(ifCall.pos().uses()).containsExactly("in \"Outer\", used at g.lud:3:7");
    Node.Call in = (Node.Call) ifCall.items().get(1);
    assertThat(in.pos().toString()).isEqualTo("g.lud:1:16");
    assertThat(in.pos().uses()).containsExactly("in \"Held\", used at g.lud:2:21", "in \"Outer\", used at g.lud:3:7");
    Node card = in.items().get(1);
    assertThat(card.pos().toString()).isEqualTo("g.lud:3:16");
    assertThat(card.pos().uses()).isEmpty();
    // Written in place: no use.
    assertThat(game.pos().uses()).isEmpty();
    // The error report shows the uses under the caret.
    String report = Diagnostic.at(in.pos(), "something is wrong").format();
    assertThat(report).contains("g.lud:1:16: something is wrong\n")
        .contains("  in \"Held\", used at g.lud:2:21\n  in \"Outer\", used at g.lud:3:7\n");
  }

  @Test
  void bareStringsAndUnknownStringHeadsAreLeftAlone() throws DslException {
    String text = "(define \"Table\" (spot))\n(game (move \"Table\") (\"Hand\" 1))";
    assertThat(printed(text)).isEqualTo("(game (move \"Table\") (\"Hand\" 1))");
  }

  @Test
  void recursiveDefineIsAnError() {
    DslException e = failure("(define \"A\" (x (\"B\")))\n(define \"B\" (y (\"A\")))\n(game (\"A\"))");
    assertThat(e.diagnostics()).hasSize(1);
    Diagnostic d = e.diagnostics().get(0);
    assertThat(d.message()).startsWith("macro expansion deeper than 100 levels (recursive define?)");
    assertThat(d.message()).contains("\"A\" -> \"B\" -> \"A\"");
    assertThat(d.pos().line()).isIn(1, 2); // a call written inside a define body
  }

  @Test
  void explosiveDefineHitsTheSizeBound() {
    StringBuilder sb = new StringBuilder("(define \"Dup\" {#1 #1})\n(game ");
    for (int k = 0; k < 40; k++) {
      sb.append("(\"Dup\" ");
    }
    sb.append("x").append(")".repeat(41));
    DslException e = failure(sb.toString());
    assertThat(e.diagnostics().get(0).message()).startsWith("macro expansion produces more than 5000000 nodes");
  }

  @Test
  void expansionDeeperThanTheLimitIsAnError() {
    String body = "(a ".repeat(900) + "#1" + ")".repeat(900);
    String use = "(b ".repeat(200) + "(\"Deep\" y)" + ")".repeat(200);
    DslException e = failure("(define \"Deep\" " + body + ")\n" + use);
    assertThat(e.diagnostics().get(0).message()).startsWith("nesting deeper than 1000 levels after expanding \"Deep\"");
  }

  @Test
  void missingArgumentIsAnErrorAtTheCall() {
    DslException e = failure("(define \"Three\" (x #1 #2 #3))\n(game\n  (\"Three\" a b))");
    assertThat(e.getMessage()).isEqualTo(
        "g.lud:3:3: \"Three\" uses #3 but is given 2 arguments\n"
            + "    (\"Three\" a b))\n"
            + "    ^\n"
            + "  expected: 3 arguments\n");
    assertThat(failure("(define \"One\" (x #1))\n(\"One\" a b)").diagnostics().get(0).message())
        .isEqualTo("\"One\" takes 1 argument but is given 2");
  }

  @Test
  void duplicateDefinePointsToBoth() {
    DslException e = failure("(define \"D\" 1)\n(x)\n(define \"D\" 2)");
    assertThat(e.diagnostics()).hasSize(2);
    assertThat(e.diagnostics().get(0).message()).isEqualTo("\"D\" is defined twice: it is already defined at line 1");
    assertThat(e.diagnostics().get(0).pos().line()).isEqualTo(3);
    assertThat(e.diagnostics().get(1).pos().line()).isEqualTo(1);
  }

  @Test
  void malformedDeclarations() {
    assertThat(failure("(define Name (x))").diagnostics().get(0).message()).isEqualTo("a define needs a quoted name");
    assertThat(failure("(define \"N\")").diagnostics().get(0).message()).isEqualTo("define \"N\" has no body");
    assertThat(failure("(define \"N\" a b)").diagnostics().get(0).message())
        .isEqualTo("define \"N\" has more than one body");
    assertThat(failure("(define \"N\" (x #0))").diagnostics().get(0).message())
        .isEqualTo("parameters are numbered from #1");
    assertThat(failure("(game (define \"N\" x))").diagnostics().get(0).message())
        .isEqualTo("'define' is only allowed at the top level of a file");
    assertThat(failure("(option \"P\" 4)").diagnostics().get(0).message())
        .isEqualTo("option \"P\" needs a default and a list of choices, nothing else");
    assertThat(failure("(option \"P\" 4 {})").diagnostics().get(0).message())
        .isEqualTo("the choices of option \"P\" must be a non-empty list {…}");
    assertThat(failure("(option \"P\" 7 {2..6})").diagnostics().get(0).message())
        .isEqualTo("the default 7 of option \"P\" is not one of its choices");
    assertThat(failure("(option \"P\" (x) {2..6})").diagnostics().get(0).message())
        .isEqualTo("the default of option \"P\" must be a single value");
  }

  static final String GAME = "(option \"Players\" 4 {2..6})\n"
      + "(option \"Scoring\" Classic {Classic Fast \"Very Slow\"})\n"
      + "(define \"Score\" (score <Scoring> #1))\n"
      + "(game (players <Players>) (end (\"Score\" Mover)))";

  @Test
  void optionsTakeTheirDefault() throws DslException {
    assertThat(printed(GAME)).isEqualTo("(game (players 4) (end (score Classic Mover)))");
    Node.Call game = (Node.Call) expand(GAME, Map.of()).get(0);
    Node four = ((Node.Call) game.items().get(1)).items().get(1);
    assertThat(four).isInstanceOf(Node.Int.class);
    assertThat(four.pos().toString()).isEqualTo("g.lud:4:16"); // where <Players> is written
  }

  @Test
  void optionsCanBeOverridden() throws DslException {
    assertThat(printed(GAME, Map.of("Players", "6", "Scoring", "Fast")))
        .isEqualTo("(game (players 6) (end (score Fast Mover)))");
    assertThat(printed(GAME, Map.of("Scoring", "Very Slow")))
        .isEqualTo("(game (players 4) (end (score \"Very Slow\" Mover)))");
  }

  @Test
  void invalidOptionValueNamesOptionValueAndChoices() {
    DslException e = failure(GAME, Map.of("Players", "9"));
    Diagnostic d = e.diagnostics().get(0);
    assertThat(d.message()).isEqualTo("option \"Players\" cannot be 9: it is not one of its choices");
    assertThat(d.expected()).isEqualTo("one of {2..6}");
    assertThat(d.pos().toString()).isEqualTo("g.lud:1:21");
    Diagnostic s = failure(GAME, Map.of("Scoring", "fast")).diagnostics().get(0);
    assertThat(s.expected()).isEqualTo("one of {Classic Fast \"Very Slow\"}");
    assertThat(s.suggestions()).containsExactly("Fast");
  }

  @Test
  void unknownOptionsAreErrorsWithNearestNames() {
    DslException e = failure(GAME, Map.of("Player", "3"));
    Diagnostic d = e.diagnostics().get(0);
    assertThat(d.pos()).isNull();
    assertThat(d.message()).isEqualTo("unknown option \"Player\"");
    assertThat(d.suggestions()).containsExactly("Players");
    assertThat(e.getMessage()).startsWith("error: unknown option \"Player\"\n");

    DslException use = failure(GAME.replace("(players <Players>)", "(players <Playrs>)"));
    Diagnostic u = use.diagnostics().get(0);
    assertThat(u.message()).isEqualTo("unknown option <Playrs>");
    assertThat(u.suggestions()).containsExactly("<Players>");
    assertThat(u.pos().toString()).isEqualTo("g.lud:4:16");

    assertThat(failure("(game)", Map.of("X", "1")).diagnostics().get(0).expected())
        .isEqualTo("none: this game declares no options");
  }

  @Test
  void kifComparisonsAreNotOptionReferences() throws DslException {
    assertThat(printed("(<= (a ?x) (b ?x)) (<> x) (<=> y)")).isEqualTo("(<= (a ?x) (b ?x))\n(<> x)\n(<=> y)");
  }

  @Test
  void listsDeclaredOptions() throws DslException {
    List<Expander.OptionDecl> decls = Expander.options(Reader.read(Source.of("g.lud", GAME)));
    assertThat(decls).extracting(Expander.OptionDecl::name).containsExactly("Players", "Scoring");
    assertThat(decls.get(0).defaultText()).isEqualTo("4");
    assertThat(decls.get(0).choicesText()).isEqualTo("{2..6}");
    assertThat(decls.get(1).choicesText()).isEqualTo("{Classic Fast \"Very Slow\"}");
  }

  /** Runs the reader and the expander on a thread with the JVM's default stack size (1 MB on 64-bit Linux). */
  static Object expandOnDefaultStack(String text) throws InterruptedException {
    Object[] result = new Object[1];
    Thread t = new Thread(null, () -> {
      try {
        result[0] = Expander.expand(Reader.read(Source.of("g", text)), Map.of());
      } catch (Throwable e) {
        result[0] = e;
      }
    }, "default-stack", 1024 * 1024);
    t.start();
    t.join();
    return result[0];
  }

  @Test
  void deepestTreesExpandOnADefaultThreadStack() throws Exception {
    // The walks recurse once per level; the reader's depth bound (1,000) is what keeps them safe.
    String text = "(define \"M\" (m #1))\n" + "(a ".repeat(Reader.MAX_DEPTH - 2) + "(\"M\" x)" + ")".repeat(998);
    Object result = expandOnDefaultStack(text);
    assertThat(result).isInstanceOf(List.class);
    assertThat(Trees.depth((Node) ((List<?>) result).get(0))).isEqualTo(Reader.MAX_DEPTH);

    // 99 macros each calling the next, used 850 levels deep: the longest chain allowed, nearly the deepest tree.
    StringBuilder chain = new StringBuilder("(define \"L0\" (z #1))\n");
    for (int k = 1; k < 100; k++) {
      chain.append("(define \"L").append(k).append("\" (l (\"L").append(k - 1).append("\" #1)))\n");
    }
    chain.append("(a ".repeat(850)).append("(\"L99\" x)").append(")".repeat(850));
    Object chained = expandOnDefaultStack(chain.toString());
    assertThat(chained).isInstanceOf(List.class);
    assertThat(Trees.depth((Node) ((List<?>) chained).get(0))).isEqualTo(850 + 100 + 1);
    Object tooLong = expandOnDefaultStack(chain.toString().replace("(\"L99\" x)", "(\"L99\" (\"L99\" x))"));
    assertThat(tooLong).isInstanceOf(DslException.class);
    assertThat(((DslException) tooLong).diagnostics().get(0).message()).startsWith("nesting deeper than 1000 levels");
  }
}
