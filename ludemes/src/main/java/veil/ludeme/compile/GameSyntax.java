package veil.ludeme.compile;

import java.util.List;
import veil.dsl.Node;

/**
 * The rules of a game as {@link GameCompiler} found them: the syntax of each part it compiled, kept so that what
 * reads a game a second way (the GDL-II export) walks the compiler's structure instead of parsing the game again.
 *
 * @param start the start effects, in order
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
