package veil.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.MoveList;
import veil.model.State;

/**
 * Random and mutated rule texts: the loader returns a game or throws GameLoadException, never anything else, and
 * never hangs (grounding is bounded; the bound here is small to keep the run short). A game that loads can be
 * played a few steps without any other exception than a reported rule failure.
 */
class LoaderFuzzProperties {
  static final List<String> SEEDS = List.of(
      "tic-tac-toe", "blind-tic-tac-toe-gdl", "monty-hall-3", "exploding-bomb", "number-guessing-4",
      "battleships-in-fog");

  static final Map<String, String> OPTIONS = Map.of("maxGroundRules", "20000", "stepBound", "50");

  @Property(tries = 300)
  void mutatedGamesLoadOrFailCleanly(@ForAll("mutated") String text) {
    check(text);
  }

  @Property(tries = 300)
  void randomRuleTextLoadsOrFailsCleanly(@ForAll("randomRules") String text) {
    check(text);
  }

  static void check(String text) {
    Game g;
    try {
      g = new KifLoader().load("fuzz.kif", text, OPTIONS);
    } catch (GameLoadException e) {
      if (e.getMessage() == null || e.getMessage().isBlank()) {
        throw new AssertionError("empty error report");
      }
      Statistics.collect("error");
      return;
    }
    Statistics.collect("loaded");
    // Play a little: only rule failures the contract allows (no legal move, no goal) may stop us.
    State s = g.initialState();
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    try {
      for (int step = 0; step < 20 && !g.isTerminal(s); step++) {
        for (int r = 0; r < g.roleCount(); r++) {
          g.legalMoves(s, r, ml);
          if (ml.isEmpty()) {
            return;
          }
          joint[r] = ml.get(step % ml.size());
          g.moveText(r, joint[r]);
        }
        g.apply(s, joint, new veil.model.Percepts(g.roleCount()));
      }
      if (g.isTerminal(s)) {
        for (int r = 0; r < g.roleCount(); r++) {
          g.goal(s, r);
        }
      }
      g.render(s, -1);
    } catch (veil.gdl.reason.GdlPlayException e) {
      // a reported rule failure
    }
  }

  @Provide
  Arbitrary<String> mutated() {
    Arbitrary<String> seed = Arbitraries.of(SEEDS).map(Kif::bundledText);
    Arbitrary<List<int[]>> edits = Arbitraries.integers().between(0, Integer.MAX_VALUE)
        .list().ofMinSize(3).ofMaxSize(3)
        .map(l -> new int[] {l.get(0), l.get(1), l.get(2)})
        .list().ofMinSize(1).ofMaxSize(8);
    return Combinators.combine(seed, edits).as(LoaderFuzzProperties::mutate);
  }

  private static final String[] PIECES = {
    "(", ")", "?x", "?y", "(not ", "(or ", "(and ", "(distinct ?x ?y)", "(true ?x)", "(does ?r ?m)", "(next ?x)",
    "(<= ", "terminal", "(goal ?r 101)", "(role ?r)", "random", " ", "\n", ";", "\"", "{", "1..3", "a:b", "0", "-5",
    "(legal ?r ?m)", "(sees ?r ?x)", "(init (f ?x))", "(f (f (f ?x)))", "((x))", "()"
  };

  static String mutate(String text, List<int[]> edits) {
    StringBuilder sb = new StringBuilder(text);
    for (int[] e : edits) {
      int at = e[0] % (sb.length() + 1);
      switch (e[1] % 4) {
        case 0: // delete a span
          sb.delete(at, Math.min(sb.length(), at + 1 + e[2] % 40));
          break;
        case 1: // insert a piece of GDL
          sb.insert(at, PIECES[e[2] % PIECES.length]);
          break;
        case 2: // duplicate a span elsewhere
          int from = e[2] % (sb.length() + 1);
          String span = sb.substring(from, Math.min(sb.length(), from + 60));
          sb.insert(at, span);
          break;
        default: // replace a character
          if (at < sb.length()) {
            String chars = "()?;x1 \n<=";
            sb.setCharAt(at, chars.charAt(e[2] % chars.length()));
          }
      }
    }
    return sb.toString();
  }

  @Provide
  Arbitrary<String> randomRules() {
    Arbitrary<String> name = Arbitraries.of("p", "q", "r", "cell", "role", "init", "true", "does", "next", "legal",
        "goal", "terminal", "sees", "distinct", "not", "or", "f", "a", "b", "random", "1", "100");
    Arbitrary<String> var = Arbitraries.of("?x", "?y", "?r", "?m");
    Arbitrary<String> term = Arbitraries.recursive(
        () -> Arbitraries.oneOf(name, var),
        t -> Combinators.combine(name, t.list().ofMinSize(1).ofMaxSize(3))
            .as((n, args) -> "(" + n + " " + String.join(" ", args) + ")"),
        3);
    Arbitrary<String> rule = Combinators.combine(term, term.list().ofMaxSize(4))
        .as((h, body) -> body.isEmpty() ? h : "(<= " + h + " " + String.join(" ", body) + ")");
    String prefix = "(role a)\n(role random)\n(init (c 1))\n(legal a (m 1))\n(legal random n)\n"
        + "(<= terminal (true (c 2)))\n(<= (next (c 2)) (true (c 1)))\n(goal a 50)\n(goal random 0)\n";
    return rule.list().ofMinSize(1).ofMaxSize(12).map(rs -> {
      List<String> all = new ArrayList<>(rs);
      return prefix + String.join("\n", all) + "\n";
    });
  }
}
