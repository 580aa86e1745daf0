package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import veil.dsl.Diagnostic;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.model.Game;
import veil.model.State;

/**
 * A GDL-II game loaded from rules, played by one of two reasoners behind the same {@link Game} contract: the
 * grounded propositional network ({@link GroundedGame}, the default) or top-down resolution with tabling ({@link
 * TopDownGame}, for games too large to ground). This class holds what both share: the settings, the lenient-mode
 * warnings, the handling of several goal values, and the lookup of roles and moves by their text.
 */
public abstract class KifGame implements Game {
  final Compiler.Settings settings;
  private final ConcurrentLinkedQueue<String> playWarnings = new ConcurrentLinkedQueue<>();
  private final AtomicIntegerArray severalGoalsWarned;
  private final LongAdder severalGoalStates = new LongAdder();

  KifGame(Compiler.Settings settings, int roleCount) {
    this.settings = settings;
    this.severalGoalsWarned = new AtomicIntegerArray(roleCount);
  }

  /** Warnings from loading (lenient-mode deviations), each once per rule. */
  public List<Diagnostic> warnings() {
    return settings.warnings();
  }

  /** Warnings found while playing (several goal values in lenient mode, with the value taken), each once per role. */
  public List<String> playWarnings() {
    return List.copyOf(playWarnings);
  }

  /**
   * The rules as read, with the comment lines found above each, e.g. for printing with {@link veil.gdl.KifWriter}.
   * (Without the move-percept rule added to plain GDL games, and without lenient mode's repairs.)
   */
  public List<Rule> rules() {
    return settings.rules();
  }

  /** Whether strict mode checked the rules (else lenient mode, whose repairs are {@link #warnings()}). */
  public boolean strict() {
    return settings.strict();
  }

  public abstract Symbols symbols();

  /** The line {@code veil check} prints after "reasoner": which reasoner plays the game, and its size or reason. */
  public abstract String reasonerSummary();

  /** Whether the game has any sees rule (a percept some role may get). */
  abstract boolean hasSees();

  /** The true base facts of a state as KIF terms, sorted. */
  public abstract List<String> trueFacts(State state);

  /**
   * For {@code veil check}: the dialect (GDL-I: every role sees every joint move; GDL-II: sees rules alone say what
   * a role perceives), the mode with its number of repairs, and the reasoner.
   */
  @Override
  public List<String> summary() {
    boolean gdl2 = veil.gdl.KifLoader.isGdl2(settings.rules(), rolesSymbols());
    List<String> out = new ArrayList<>();
    out.add("dialect " + (gdl2
        ? "GDL-II: a role perceives what its sees rules say" + (hasSees() ? "" : " (this game has none: nothing)")
        : "GDL-I (no random role, no sees rules): every role sees every joint move"));
    int n = settings.warnings().size();
    out.add("mode " + (settings.strict() ? "strict" : "lenient: " + (n == 0 ? "no repairs" : n + " repair"
        + (n == 1 ? "" : "s") + " (listed below; --mode strict refuses them)")));
    out.add("reasoner " + reasonerSummary());
    return out;
  }

  /** The role symbols in role order. */
  abstract int[] rolesSymbols();

  /**
   * The goal a role gets from the goal values that hold for it ({@code values[0..n)}): none gives -1; several are
   * refused in strict mode and give the largest in lenient mode, with a warning once per role, the state counted once
   * ({@code firstTimeForState} says whether this state was not counted yet).
   */
  final int goalOf(int role, int[] values, int n, boolean firstTimeForState, State s) {
    int best = -1;
    for (int i = 0; i < n; i++) {
      best = Math.max(best, values[i]);
    }
    if (n > 1) {
      boolean allSame = true;
      for (int i = 1; i < n; i++) {
        allSame &= values[i] == values[0];
      }
      if (!allSame) {
        severalGoals(role, values, n, best, firstTimeForState, s);
      }
    }
    return best;
  }

  private void severalGoals(int role, int[] values, int n, int took, boolean firstTimeForState, State s) {
    List<Integer> vs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!vs.contains(values[i])) {
        vs.add(values[i]);
      }
    }
    Collections.sort(vs);
    String msg = "role " + roleName(role) + " has several goal values ("
        + vs.toString().replace("[", "").replace("]", "") + ") in state " + factsText(s);
    if (settings.strict()) {
      throw new GdlPlayException(msg + " (strict mode refuses a state with several goal values for a role)");
    }
    if (firstTimeForState) {
      severalGoalStates.increment();
    }
    if (severalGoalsWarned.compareAndSet(role, 0, 1)) {
      playWarnings.add(msg + "; lenient mode took " + took + ", the largest (this warning is given once per role)");
    }
  }

  /** No goal value for a role: 0 for random without goal rules or a non-terminal state, else a play error. */
  final int noGoal(int role, boolean terminal, State s) {
    if (role == randomRole() && settings.randomHasNoGoal()) {
      return 0;
    }
    if (!terminal) {
      return 0; // goals of non-terminal states are only a hint; none is no failure
    }
    throw new GdlPlayException("role " + roleName(role) + " has no goal value in the terminal state "
        + factsText(s));
  }

  /**
   * How many states, each counted once until it changes, gave some role several goal values when its goals were
   * asked (lenient mode; strict mode throws instead).
   */
  public long severalGoalStates() {
    return severalGoalStates.sum();
  }

  final String factsText(State s) {
    return "{" + String.join(" ", trueFacts(s)) + "}";
  }

  @Override
  public String name() {
    return settings.name();
  }

  @Override
  public String description() {
    return settings.description();
  }

  @Override
  public int stepBound() {
    return settings.stepBound();
  }

  /**
   * The move of {@code role} written as {@code kif} (case and spacing do not matter), or -1 when the role has no
   * such move.
   */
  public abstract int move(int role, String kif);

  /**
   * The percept of {@code role} written as {@code kif} (case and spacing do not matter), or -1 when the role can have
   * no such percept.
   */
  public abstract int percept(int role, String kif);

  /** The role named {@code name}, or -1. */
  public int role(String name) {
    for (int r = 0; r < roleCount(); r++) {
      if (roleName(r).equalsIgnoreCase(name)) {
        return r;
      }
    }
    return -1;
  }

  static String normalize(String kif) {
    return kif.trim().toLowerCase(java.util.Locale.ROOT).replaceAll("\\s+", " ").replace("( ", "(")
        .replace(" )", ")");
  }

  @Override
  public String render(State state, int viewer) {
    if (viewer >= 0) {
      return "(the state is hidden: " + roleName(viewer) + " knows only its own moves and percepts)\n";
    }
    StringBuilder sb = new StringBuilder();
    for (String f : trueFacts(state)) {
      sb.append(f).append('\n');
    }
    return sb.toString();
  }
}
