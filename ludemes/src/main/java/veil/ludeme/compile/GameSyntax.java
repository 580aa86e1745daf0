package veil.ludeme.compile;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;

/**
 * The rules of a game as {@link GameCompiler} found them: the syntax of each part it compiled, kept so that what
 * reads a game a second way (the GDL-II export) walks the compiler's structure instead of parsing the game again.
 *
 * @param start the start effects, in order (run in the segments of {@link #startSegments})
 * @param phases the phases, in order (a game with one {@code (play …)} has one phase, "Play")
 * @param ends the end rules, in order
 * @param dealSites how many deal or draw effects the game has (each can queue one deal in a step)
 * @param language the ludemes the game was compiled with (the export asks each for its GDL-II translation)
 * @param used the ludemes the game calls (the card sampler asks each what it is to it)
 */
public record GameSyntax(List<Node> start, List<PhaseSyntax> phases, List<EndSyntax> ends, int dealSites,
    List<Ludeme> language, List<Ludeme> used) {
  public GameSyntax {
    start = List.copyOf(start);
    phases = List.copyOf(phases);
    ends = List.copyOf(ends);
    language = List.copyOf(language);
    used = List.copyOf(used);
  }

  /** Start's items in the segments they run in (see {@link #segments}); one segment for most games. */
  public List<List<Node>> startSegments() {
    return segments(start);
  }

  /**
   * Start's items cut where an item must wait for cards dealt before it: start runs in order, and a deal or draw
   * written directly in its list deals its cards (random's moves, one a step) before the items after it run. Items
   * that cannot tell the difference stay in the deal's segment: {@code (shuffle …)} and further deals or draws
   * with a literal count (a queue of deals deals in order). The first segment runs when the game begins; each
   * later one once every card queued before it is dealt; the first phase's entry: after the last.
   */
  public static List<List<Node>> segments(List<Node> items) {
    List<List<Node>> out = new ArrayList<>();
    List<Node> cur = new ArrayList<>();
    boolean dealt = false;
    for (Node n : items) {
      if (dealt && !queuesWithDeals(n)) {
        out.add(List.copyOf(cur));
        cur = new ArrayList<>();
        dealt = false;
      }
      cur.add(n);
      dealt |= isDeal(n);
    }
    out.add(List.copyOf(cur));
    return List.copyOf(out);
  }

  private static boolean isDeal(Node n) {
    return n instanceof Node.Call c && ("deal".equals(c.headName()) || "draw".equals(c.headName()));
  }

  /** A shuffle, or a deal or draw whose count is a literal (read nothing that the deals before it change). */
  private static boolean queuesWithDeals(Node n) {
    if (!(n instanceof Node.Call c)) {
      return false;
    }
    if ("shuffle".equals(c.headName())) {
      return true;
    }
    if (!isDeal(n)) {
      return false;
    }
    for (Node a : c.args()) {
      if (!(a instanceof Node.Named)) {
        return a instanceof Node.Int; // the count, the only positional parameter of deal and draw
      }
    }
    return true; // (draw from:… to:…): one card
  }

  /** {@code (nextPhase when "target" [then:effect])}; {@code then} is null when absent. */
  public record Transition(Node when, String target, Node then) {}

  /**
   * A phase: its move rule, its then: and entry: effects (null when absent), its transitions, and the player whose
   * role makes the moves of Mover's turn ({@code by:}, null when Mover's own role does).
   */
  public record PhaseSyntax(String name, boolean simultaneous, Node move, Node then, Node entry,
      List<Transition> transitions, Node by) {
    public PhaseSyntax {
      transitions = List.copyOf(transitions);
    }

    public PhaseSyntax(String name, boolean simultaneous, Node move, Node then, Node entry,
        List<Transition> transitions) {
      this(name, simultaneous, move, then, entry, transitions, null);
    }
  }

  /** {@code (if when outcome [before:effect])}; {@code before} is null when absent. */
  public record EndSyntax(Node when, Node outcome, Node before) {}
}
