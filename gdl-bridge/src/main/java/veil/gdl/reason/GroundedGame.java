package veil.gdl.reason;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import veil.gdl.ground.GroundTerms;
import veil.gdl.term.Symbols;
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
public final class GroundedGame extends KifGame {
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
      Phases phases,
      Segment goals,
      Segment percepts,
      int groundRules,
      int atoms) {}

  private final Tables t;
  private final int words;

  GroundedGame(Tables tables, Compiler.Settings settings) {
    super(settings, tables.roles().length);
    this.t = tables;
    this.words = Math.max(1, (t.nBase() + 63) >>> 6);
  }

  @Override
  public String reasonerSummary() {
    return "grounded propositional network: " + t.groundRules() + " ground rules, " + t.atoms()
        + " atoms, " + t.nBase() + " base propositions";
  }

  @Override
  int[] rolesSymbols() {
    return t.roles();
  }

  @Override
  boolean hasSees() {
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

  /** The phases of the game, each with its specialized network (for tests). */
  Phases phases() {
    return t.phases();
  }

  /** Network k: 0 the general one, k > 0 that of phase k - 1. */
  Network network(int k) {
    return k == 0 ? t.network() : t.phases().nets[k - 1];
  }

  /** The network a state's questions are answered by: its phase's, else the general one. */
  int networkOf(long[] bits) {
    return t.phases().of(bits) + 1;
  }

  /** The value slot of each move of a role, as {@code (does role move)} (for tests). */
  int doesSlot(int role, int move) {
    return t.doesSlot()[role][move];
  }

  @Override
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
  public KifState initialState() {
    KifState s = new KifState(words, t.roles().length, t.phases().count() + 1);
    System.arraycopy(t.init(), 0, s.bits, 0, words);
    int k = networkOf(s.bits);
    s.values[k] = NetworkValues.initial(network(k));
    return s;
  }

  /** The values of the state in its network, brought up to date with its bits (no move on). */
  private NetworkValues values(KifState s) {
    return values(s, networkOf(s.bits));
  }

  /** The values of the state in network k, brought up to date with its bits (no move on). */
  NetworkValues values(KifState s, int k) {
    NetworkValues v = s.values[k];
    if (v == null) {
      v = NetworkValues.initial(network(k));
      s.values[k] = v;
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

  /**
   * A random playout without the per-step protocol: one update of the state's network per step, moves drawn straight
   * from the legal-move bits (the same draws, in the same order, as {@link #randomJointMove}).
   */
  @Override
  public int playout(State state, java.util.SplittableRandom rng, int maxSteps, int[] joint, MoveList scratch) {
    KifState s = (KifState) state;
    int roles = t.roles().length;
    int[] legalWord = t.network().legalWord;
    int terminal = t.terminalSlot();
    int steps = 0;
    while (steps < maxSteps) {
      int k = networkOf(s.bits);
      NetworkValues v = values(s, k);
      if (v.vals[terminal]) {
        break;
      }
      long[] bits = v.outBits;
      for (int r = 0; r < roles; r++) {
        int from = legalWord[r];
        int to = from + ((t.moveTerm()[r].length + 63) >>> 6);
        int n = 0;
        for (int w = from; w < to; w++) {
          n += Long.bitCount(bits[w]);
        }
        if (n == 0) {
          throw new IllegalStateException("rule failure: role " + roleName(r)
              + " has no legal move in a non-terminal state of " + name());
        }
        int i = n == 1 ? 0 : veil.model.Uniform.below(rng, n);
        int w = from;
        for (int c; (c = Long.bitCount(bits[w])) <= i; w++) {
          i -= c;
        }
        long x = bits[w];
        for (; i > 0; i--) {
          x &= x - 1;
        }
        joint[r] = (w - from) << 6 | Long.numberOfTrailingZeros(x);
      }
      apply(s, k, joint, null);
      steps++;
    }
    return steps;
  }

  @Override
  public void apply(State state, int[] joint, Percepts percepts) {
    apply((KifState) state, -1, joint, percepts);
  }

  /**
   * Applies a joint move; {@code k} is the network of the state when the caller knows it (its values synced), else
   * -1.
   */
  private void apply(KifState s, int k, int[] joint, Percepts percepts) {
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
    // Only now that every move is known to exist: a bad move index must leave the values untouched. The state's
    // phase network folds in its forced moves: a joint move that does not play them is applied by the general one.
    boolean synced = k >= 0;
    if (!synced) {
      k = networkOf(s.bits);
    }
    NetworkValues v;
    if (k > 0 && !t.phases().playsForced(k - 1, joint)) {
      v = values(s, 0);
    } else {
      v = synced ? s.values[k] : values(s, k);
    }
    for (int r = 0; r < roles; r++) {
      v.set(moves[r], true);
    }
    v.settle();
    boolean[] vals = v.vals;
    if (percepts != null) {
      t.percepts().eval(vals, moves, roles);
    }
    v.nextState(moves, roles, s.bits);
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
      // Rare: the base class refuses (strict) or warns and counts (lenient).
      int[] held = new int[slots.length];
      int n = 0;
      for (int i = 0; i < slots.length; i++) {
        if (vals[slots[i]]) {
          held[n++] = values[i];
        }
      }
      boolean first = !s.severalGoalsCounted;
      s.severalGoalsCounted = true;
      return goalOf(role, held, n, first, s);
    }
    if (best < 0) {
      return noGoal(role, vals[t.terminalSlot()], s);
    }
    return best;
  }

  @Override
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

  @Override
  public int move(int role, String kif) {
    String want = normalize(kif);
    for (int m = 0; m < t.moveTerm()[role].length; m++) {
      if (moveText(role, m).equals(want)) {
        return m;
      }
    }
    return -1;
  }

  @Override
  public int percept(int role, String kif) {
    String want = normalize(kif);
    for (int q = 0; q < t.perceptTerm()[role].length; q++) {
      if (perceptText(role, q).equals(want)) {
        return q;
      }
    }
    return -1;
  }
}
