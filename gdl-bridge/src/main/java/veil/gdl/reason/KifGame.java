package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import veil.dsl.Diagnostic;
import veil.gdl.ground.GroundTerms;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * A GDL-II game played by the compiled ground program (see {@link Compiler}). Moves of a role are the indices of
 * its ground {@code legal} atoms' moves, percepts the indices of its ground {@code sees} atoms' percepts; a state is
 * the bitset of true base propositions. Legal moves, terminal and the next state come from a {@link Network} whose
 * values each state carries and updates by what changed; goals and percepts are evaluated when asked. Immutable and
 * thread-safe apart from the warnings it collects while playing.
 */
public final class KifGame implements Game {
  /** The compiled tables (see {@link Compiler}). */
  record Tables(
      Symbols symbols,
      GroundTerms terms,
      int[] roles,
      int randomRole,
      int nBase,
      int[] baseTerm,
      long[] init,
      int[][] moveTerm,
      int[][] doesSlot,
      int[][] perceptTerm,
      int[][] seesSlot,
      int[][] goalValue,
      int[][] goalSlot,
      int terminalSlot,
      Network network,
      Segment goals,
      Segment percepts,
      int groundRules,
      int atoms) {}

  private final Tables t;
  private final Compiler.Settings settings;
  private final int words;
  private final ConcurrentLinkedQueue<String> playWarnings = new ConcurrentLinkedQueue<>();
  private final AtomicIntegerArray severalGoalsWarned;
  private final java.util.concurrent.atomic.LongAdder severalGoalStates = new java.util.concurrent.atomic.LongAdder();

  KifGame(Tables tables, Compiler.Settings settings) {
    this.t = tables;
    this.settings = settings;
    this.words = Math.max(1, (t.nBase() + 63) >>> 6);
    this.severalGoalsWarned = new AtomicIntegerArray(t.roles().length);
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

  /**
   * For {@code veil check}: the dialect (GDL-I: every role sees every joint move; GDL-II: sees rules alone say what
   * a role perceives), the mode with its number of repairs, and the reasoner.
   */
  @Override
  public List<String> summary() {
    boolean gdl2 = veil.gdl.KifLoader.isGdl2(settings.rules(), t.roles());
    List<String> out = new ArrayList<>();
    out.add("dialect " + (gdl2
        ? "GDL-II: a role perceives what its sees rules say" + (hasSees() ? "" : " (this game has none: nothing)")
        : "GDL-I (no random role, no sees rules): every role sees every joint move"));
    int n = settings.warnings().size();
    out.add("mode " + (settings.strict() ? "strict" : "lenient: " + (n == 0 ? "no repairs" : n + " repair"
        + (n == 1 ? "" : "s") + " (listed below; --mode strict refuses them)")));
    out.add("reasoner grounded propositional network: " + t.groundRules() + " ground rules, " + t.atoms()
        + " atoms, " + t.nBase() + " base propositions");
    return out;
  }

  private boolean hasSees() {
    for (int[] p : t.perceptTerm()) {
      if (p.length > 0) {
        return true;
      }
    }
    return false;
  }

  /** The network of legal moves, terminal and next state (for tests). */
  Network network() {
    return t.network();
  }

  /** The value slot of each move of a role, as {@code (does role move)} (for tests). */
  int doesSlot(int role, int move) {
    return t.doesSlot()[role][move];
  }

  public Symbols symbols() {
    return t.symbols();
  }

  public int groundRuleCount() {
    return t.groundRules();
  }

  public int groundAtomCount() {
    return t.atoms();
  }

  public int basePropositionCount() {
    return t.nBase();
  }

  /** Number of moves a role can ever have (the size of its move index space). */
  public int moveCount(int role) {
    return t.moveTerm()[role].length;
  }

  public int perceptCount(int role) {
    return t.perceptTerm()[role].length;
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
  public int roleCount() {
    return t.roles().length;
  }

  @Override
  public String roleName(int role) {
    return t.symbols().name(t.roles()[role]);
  }

  @Override
  public int randomRole() {
    return t.randomRole();
  }

  @Override
  public int stepBound() {
    return settings.stepBound();
  }

  @Override
  public KifState initialState() {
    KifState s = new KifState(words, t.roles().length);
    System.arraycopy(t.init(), 0, s.bits, 0, words);
    s.values = NetworkValues.initial(t.network());
    return s;
  }

  /** The values of the state, brought up to date with its bits (no move on). */
  private NetworkValues values(KifState s) {
    NetworkValues v = s.values;
    if (v == null) {
      v = NetworkValues.initial(t.network());
      s.values = v;
    }
    v.syncTo(s.bits);
    return v;
  }

  @Override
  public boolean isTerminal(State state) {
    return values((KifState) state).vals[t.terminalSlot()];
  }

  @Override
  public void legalMoves(State state, int role, MoveList out) {
    long[] legal = values((KifState) state).outBits;
    out.clear();
    int from = t.network().legalWord[role];
    int words = (t.moveTerm()[role].length + 63) >>> 6;
    for (int w = 0; w < words; w++) {
      for (long x = legal[from + w]; x != 0; x &= x - 1) {
        out.add(w << 6 | Long.numberOfTrailingZeros(x));
      }
    }
  }

  @Override
  public void apply(State state, int[] joint, Percepts percepts) {
    KifState s = (KifState) state;
    NetworkValues v = values(s);
    int roles = t.roles().length;
    int[] moves = s.moves;
    for (int r = 0; r < roles; r++) {
      int d = t.doesSlot()[r][joint[r]];
      // Insertion sort: the percept segment looks the played moves up in order.
      int j = r;
      while (j > 0 && moves[j - 1] > d) {
        moves[j] = moves[j - 1];
        j--;
      }
      moves[j] = d;
    }
    // Only now that every move is known to exist: a bad move index must leave the values untouched.
    for (int r = 0; r < roles; r++) {
      v.set(moves[r], true);
    }
    v.settle();
    boolean[] vals = v.vals;
    if (percepts != null) {
      t.percepts().eval(vals, moves, roles);
    }
    System.arraycopy(v.outBits, 0, s.bits, 0, (t.nBase() + 63) >>> 6);
    if (percepts != null) {
      percepts.clear();
      for (int r = 0; r < roles; r++) {
        int[] sees = t.seesSlot()[r];
        for (int p = 0; p < sees.length; p++) {
          if (vals[sees[p]]) {
            percepts.add(r, p);
          }
        }
      }
    }
    // The moves go off again; the atoms they changed are settled with the new state's changes, on the next query.
    for (int r = 0; r < roles; r++) {
      v.set(moves[r], false);
    }
    s.goalsValid = false;
  }

  @Override
  public int goal(State state, int role) {
    KifState s = (KifState) state;
    boolean[] vals = values(s).vals;
    if (!s.goalsValid) {
      t.goals().eval(vals, s.moves, 0);
      s.goalsValid = true;
      s.severalGoalsCounted = false;
    }
    int[] slots = t.goalSlot()[role];
    int[] values = t.goalValue()[role];
    int best = -1;
    boolean several = false;
    for (int i = 0; i < slots.length; i++) {
      if (vals[slots[i]]) {
        several |= best >= 0;
        best = Math.max(best, values[i]);
      }
    }
    if (several) {
      severalGoals(s, role, best);
    }
    if (best < 0) {
      if (role == t.randomRole() && settings.randomHasNoGoal()) {
        return 0;
      }
      if (!vals[t.terminalSlot()]) {
        return 0; // goals of non-terminal states are only a hint; none is no failure
      }
      throw new GdlPlayException("role " + roleName(role) + " has no goal value in the terminal state "
          + factsText(s));
    }
    return best;
  }

  /** Strict mode refuses a state that gives a role several goal values; lenient mode takes the largest, and says so. */
  private void severalGoals(KifState s, int role, int took) {
    String msg = "role " + roleName(role) + " has several goal values (" + goalsText(s, role) + ") in state "
        + factsText(s);
    if (settings.strict()) {
      throw new GdlPlayException(msg + " (strict mode refuses a state with several goal values for a role)");
    }
    if (!s.severalGoalsCounted) {
      s.severalGoalsCounted = true;
      severalGoalStates.increment();
    }
    if (severalGoalsWarned.compareAndSet(role, 0, 1)) {
      playWarnings.add(msg + "; lenient mode took " + took + ", the largest (this warning is given once per role)");
    }
  }

  /**
   * How many states, each counted once until it changes, gave some role several goal values when its goals were
   * asked (lenient mode; strict mode throws instead).
   */
  public long severalGoalStates() {
    return severalGoalStates.sum();
  }

  private String goalsText(KifState s, int role) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < t.goalSlot()[role].length; i++) {
      if (s.values.vals[t.goalSlot()[role][i]]) {
        out.add(t.goalValue()[role][i]);
      }
    }
    Collections.sort(out);
    return out.toString().replace("[", "").replace("]", "");
  }

  private String factsText(KifState s) {
    return "{" + String.join(" ", trueFacts(s)) + "}";
  }

  /** The true base facts of a state as KIF terms, sorted. */
  public List<String> trueFacts(State state) {
    KifState s = (KifState) state;
    List<String> out = new ArrayList<>();
    for (int i = 0; i < t.nBase(); i++) {
      if (s.holds(i)) {
        out.add(t.terms().toKif(t.baseTerm()[i], t.symbols()));
      }
    }
    Collections.sort(out);
    return out;
  }

  @Override
  public String moveText(int role, int move) {
    return t.terms().toKif(t.moveTerm()[role][move], t.symbols());
  }

  @Override
  public String perceptText(int role, int percept) {
    return t.terms().toKif(t.perceptTerm()[role][percept], t.symbols());
  }

  /**
   * The move of {@code role} written as {@code kif} (case and spacing do not matter), or -1 when the role has no
   * such move.
   */
  public int move(int role, String kif) {
    String want = normalize(kif);
    for (int m = 0; m < t.moveTerm()[role].length; m++) {
      if (moveText(role, m).equals(want)) {
        return m;
      }
    }
    return -1;
  }

  /** The role named {@code name}, or -1. */
  public int role(String name) {
    for (int r = 0; r < roleCount(); r++) {
      if (roleName(r).equalsIgnoreCase(name)) {
        return r;
      }
    }
    return -1;
  }

  private static String normalize(String kif) {
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
