package veil.export;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;

/**
 * The parts of a game's syntax the step is built from, found as {@link veil.ludeme.compile.GameCompiler} finds
 * them (the game has already compiled, so the shape is known to be right): start effects, phases with their move
 * rule, then:, entry: and transitions, and the end rules.
 */
final class Syntax {
  record Transition(Node when, String target, Node then) {}

  record PhaseSyntax(String name, boolean simultaneous, Node move, Node then, Node entry,
      List<Transition> transitions) {}

  record EndSyntax(Node when, Node outcome, Node before) {}

  final Node.Call game;
  final List<Node> start = new ArrayList<>();
  final List<PhaseSyntax> phases = new ArrayList<>();
  final List<EndSyntax> ends = new ArrayList<>();

  Syntax(List<Node> forms) {
    Node.Call g = null;
    for (Node f : forms) {
      if (f instanceof Node.Call c && "game".equals(c.headName())) {
        g = c;
      }
    }
    game = g;
    Node.Call rules = section(g, "rules");
    Node.Call play = null;
    Node phasesNode = null;
    Node.Call end = null;
    for (Node n : rules.args()) {
      String head = n instanceof Node.Call c ? c.headName() : n instanceof Node.Named nm ? nm.name() : null;
      if ("start".equals(head)) {
        start.addAll(items((Node.Call) n));
      } else if ("play".equals(head)) {
        play = (Node.Call) n;
      } else if ("phases".equals(head)) {
        phasesNode = n;
      } else if ("end".equals(head)) {
        end = (Node.Call) n;
      }
    }
    if (play != null) {
      phases.add(phase("Play", false, play, null, List.of()));
    } else {
      List<Node> list = phasesNode instanceof Node.Named nm ? listOf(nm.value()) : items((Node.Call) phasesNode);
      for (Node item : list) {
        phases.add(phaseOf((Node.Call) item));
      }
    }
    for (Node item : items(end)) {
      Node.Call call = (Node.Call) item;
      List<Node> pos = new ArrayList<>();
      Node before = null;
      for (Node n : call.args()) {
        if (n instanceof Node.Named nm && nm.name().equals("before")) {
          before = nm.value();
        } else {
          pos.add(n);
        }
      }
      ends.add(new EndSyntax(pos.get(0), pos.get(1), before));
    }
  }

  static Node.Call section(Node.Call game, String name) {
    for (Node n : game.args()) {
      if (n instanceof Node.Call c && name.equals(c.headName())) {
        return c;
      }
    }
    return null;
  }

  /** The items of a section: its arguments, with {…} lists flattened. */
  static List<Node> items(Node.Call section) {
    List<Node> out = new ArrayList<>();
    for (Node n : section.args()) {
      if (n instanceof Node.Braces b) {
        out.addAll(b.items());
      } else {
        out.add(n);
      }
    }
    return out;
  }

  private static List<Node> listOf(Node n) {
    return n instanceof Node.Braces b ? b.items() : List.of(n);
  }

  private static String text(Node n) {
    return n instanceof Node.Str s ? s.value() : n instanceof Node.Sym s ? s.name() : n.toString();
  }

  private PhaseSyntax phaseOf(Node.Call ph) {
    String name = text(ph.args().get(0));
    Node.Call play = null;
    boolean simultaneous = false;
    Node entry = null;
    List<Node.Call> transitions = new ArrayList<>();
    for (Node n : ph.args().subList(1, ph.args().size())) {
      if (n instanceof Node.Call call && "play".equals(call.headName())) {
        play = call;
      } else if (n instanceof Node.Call call && "nextPhase".equals(call.headName())) {
        transitions.add(call);
      } else if (n instanceof Node.Named nm && nm.name().equals("entry")) {
        entry = nm.value();
      } else if (n instanceof Node.Named nm && nm.name().equals("simultaneous")) {
        simultaneous = "True".equals(text(nm.value()));
      }
    }
    return phase(name, simultaneous, play, entry, transitions);
  }

  private PhaseSyntax phase(String name, boolean simultaneous, Node.Call play, Node entry,
      List<Node.Call> transitionNodes) {
    Node move = null;
    Node then = null;
    for (Node n : play.args()) {
      if (n instanceof Node.Named nm && nm.name().equals("then")) {
        then = nm.value();
      } else if (n instanceof Node.Named nm && nm.name().equals("simultaneous")) {
        simultaneous = "True".equals(text(nm.value()));
      } else if (move == null) {
        move = n;
      }
    }
    List<Transition> ts = new ArrayList<>();
    for (Node.Call t : transitionNodes) {
      List<Node> targs = new ArrayList<>();
      Node tthen = null;
      for (Node n : t.args()) {
        if (n instanceof Node.Named nm && nm.name().equals("then")) {
          tthen = nm.value();
        } else {
          targs.add(n);
        }
      }
      ts.add(new Transition(targs.get(0), text(targs.get(1)), tthen));
    }
    return new PhaseSyntax(name, simultaneous, move, then, entry, ts);
  }

  /** Every call in the game with one of these heads (e.g. to count the deals a step can queue). */
  int count(String... heads) {
    return count(game, List.of(heads));
  }

  private static int count(Node n, List<String> heads) {
    int k = 0;
    if (n instanceof Node.Call c) {
      if (c.headName() != null && heads.contains(c.headName())) {
        k++;
      }
      for (Node i : c.items()) {
        k += count(i, heads);
      }
    } else if (n instanceof Node.Braces b) {
      for (Node i : b.items()) {
        k += count(i, heads);
      }
    } else if (n instanceof Node.Named nm) {
      k += count(nm.value(), heads);
    }
    return k;
  }
}
