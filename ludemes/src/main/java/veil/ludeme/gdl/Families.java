package veil.ludeme.gdl;

import veil.ludeme.PendingDeal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import veil.ludeme.CompiledGame;
import veil.ludeme.Layout;
import veil.ludeme.LudState;
import veil.ludeme.Names;
import veil.ludeme.Slot;

/**
 * The families of facts an exported state is made of, each with how to read it off a native state. Made on first
 * use and kept across the analysis passes, so that a family read in one pass is exported in the next.
 */
public final class Families {
  private final Analysis analysis;
  private final Model m;
  private final CompiledGame g;
  private final Layout lay;

  private final LudState start;

  public Families(Analysis analysis, Model m, LudState start) {
    this.analysis = analysis;
    this.start = start;
    this.m = m;
    this.g = m.game;
    this.lay = g.layout;
  }

  private Family make(String id, String fluent, List<String> fixed, int keys, boolean valued, Kind kind,
      boolean persistent, Function<LudState, List<String>> encode) {
    Family f = analysis.get(id);
    if (f == null) {
      f = analysis.family(new Family(id, fluent, fixed, keys, valued, kind, persistent, encode));
      if (persistent && valued && kind == Kind.NUM) {
        // The values it holds at the start.
        List<Integer> values = new ArrayList<>();
        for (String fact : encode.apply(start)) {
          String inner = fact.substring(0, fact.length() - 1);
          values.add(Integer.parseInt(inner.substring(inner.lastIndexOf(' ') + 1)));
        }
        try {
          analysis.seed(f, values);
        } catch (ExportException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return f;
  }

  private Family scalar(String name, Kind kind, Function<LudState, String> value) {
    return make(name, name, List.of(), 0, true, kind, true, s -> List.of("(" + name + " " + value.apply(s) + ")"));
  }

  public String playerOrNone(int p) {
    return p < 0 ? "none" : m.player[p];
  }

  public String cardOrNone(int c) {
    return c < 0 ? "none" : m.cardTerm[c];
  }

  /** (at CARD PLACE). */
  public Family at() {
    return make("at", "at", List.of(), 1, true, Kind.PLACE, true, s -> {
      List<String> out = new ArrayList<>();
      for (int c = 0; c < m.cards(); c++) {
        int i = g.table.whereIs(s, c);
        out.add("(at " + m.cardTerm[c] + " " + m.inst[i] + ")");
      }
      return out;
    });
  }

  /**
   * (above A B): cards A and B lie in one place, A above B (a later stamp, or the same and a higher index). Kept
   * only when an expression reads the order of a place ({@code top}, {@code bottom}).
   */
  public Family above() {
    return make("above", "above", List.of(), 2, false, null, true, s -> {
      List<String> out = new ArrayList<>();
      for (int ca = 0; ca < m.cards(); ca++) {
        int x = g.table.whereIs(s, ca);
        for (int cb = 0; cb < m.cards(); cb++) {
          if (ca != cb && x >= 0 && g.table.whereIs(s, cb) == x && g.table.above(s, ca, cb)) {
            out.add("(above " + m.cardTerm[ca] + " " + m.cardTerm[cb] + ")");
          }
        }
      }
      return out;
    });
  }

  /** (control PLAYER): who moves in a turn-based phase. */
  public Family control() {
    return scalar("control", Kind.PLAYER, s -> m.player[s.v[Slot.MOVER]]);
  }

  public Family phase() {
    return scalar("phase", Kind.OTHER, s -> m.phaseTerm(s.v[Slot.PHASE]));
  }

  /** entering: the phase's entry effects are still to run (once chance has settled). */
  public Family entering() {
    return make("entering", "entering", List.of(), 0, false, null, true,
        s -> s.v[Slot.ENTER] != 0 ? List.of("entering") : List.of());
  }

  /**
   * (starting K): start's segment K (from 1) is still to run, once the deals queued before it are dealt (the
   * engine's {@link Slot#ENTER} is then K + 1).
   */
  public Family starting(int k) {
    String key = Integer.toString(k);
    return make("starting" + k, "starting", List.of(key), 0, false, null, true,
        s -> s.v[Slot.ENTER] == k + 1 ? List.of("(starting " + key + ")") : List.of());
  }

  public Family terminated() {
    return make("terminated", "terminated", List.of(), 0, false, null, true,
        s -> s.v[Slot.TERMINAL] != 0 ? List.of("terminated") : List.of());
  }

  /** (goalvalue PLAYER GOAL), written when the game ends. */
  public Family score() {
    return make("goalvalue", "goalvalue", List.of(), 1, true, Kind.NUM, true, s -> {
      List<String> out = new ArrayList<>();
      if (s.v[Slot.TERMINAL] != 0) {
        for (int p = 0; p < m.n; p++) {
          out.add("(goalvalue " + m.player[p] + " " + g.goal(s, p) + ")");
        }
      }
      return out;
    });
  }

  public Family lastMover() {
    return scalar("lastmover", Kind.PLAYER, s -> playerOrNone(s.v[Slot.LAST_MOVER]));
  }

  public Family lastCard() {
    return scalar("lastcard", Kind.CARD, s -> cardOrNone(s.v[Slot.LAST_CARD]));
  }

  public Family led() {
    return scalar("led", Kind.SUIT, s -> s.v[Slot.LED_SUIT] < 0 ? "none" : m.suitTerm[s.v[Slot.LED_SUIT]]);
  }

  public Family leader() {
    return scalar("leader", Kind.PLAYER, s -> playerOrNone(s.v[Slot.TRICK_LEADER]));
  }

  public Family winner() {
    return scalar("winner", Kind.PLAYER, s -> playerOrNone(s.v[Slot.TRICK_WINNER]));
  }

  public Family played() {
    return scalar("played", Kind.NUM, s -> Integer.toString(s.v[Slot.TRICK_PLAYED]));
  }

  public Family tricks() {
    return scalar("tricks", Kind.NUM, s -> Integer.toString(s.v[Slot.TRICKS]));
  }

  public Family turns() {
    return scalar("turns", Kind.NUM, s -> Integer.toString(s.v[Slot.TURNS]));
  }

  public Family step() {
    return scalar("step", Kind.NUM, s -> Integer.toString(s.v[Slot.STEP]));
  }

  /** (trickcard PLAYER CARD): the card each played to the current (or last) trick. */
  public Family trickCard() {
    return make("trickcard", "trickcard", List.of(), 1, true, Kind.CARD, true, s -> {
      List<String> out = new ArrayList<>();
      for (int p = 0; p < m.n; p++) {
        out.add("(trickcard " + m.player[p] + " " + cardOrNone(s.v[lay.trickCard + p]) + ")");
      }
      return out;
    });
  }

  public Kind varKind(String name) {
    return analysis.varKind(name);
  }

  public void noteVarKind(String name, Kind kind, veil.dsl.Node at) throws ExportException {
    boolean first = kind != Kind.NUM && analysis.varKind(name) == Kind.NUM;
    analysis.noteVarKind(name, kind, at);
    if (first) {
      // A pass that read the variable before this set showed its kind made it a number family: drop that one.
      analysis.forget("var_" + Names.gdl(name).replace('-', '_'));
    }
  }

  /** A game variable: (var_NAME N), or (var_NAME PLAYER N) for one per player. */
  /** The fluent of variable {@code name}'s family, of any kind. */
  public String varWord(String name) {
    return "var_" + Names.gdl(name).replace('-', '_');
  }

  /** How variable {@code name} is written digit by digit ({@link DigitNum}), or null when one constant a value. */
  public DigitNum digitNum(String name) {
    return analysis.digitNum(name);
  }

  public Family var(String name, Kind kind) {
    int[] v = g.vars.get(name);
    String word = varWord(name);
    DigitNum dn = analysis.digitNum(name);
    if (dn != null) {
      // (var_NAME [PLAYER] I D): digit I of the value (plus the offset), most significant first.
      return make(word + "_digits", word, List.of(), v[1] == 0 ? 1 : 2, true, Kind.OTHER, true, s -> {
        List<String> out = new ArrayList<>();
        for (int p = 0; p < (v[1] == 0 ? 1 : m.n); p++) {
          int[] d = dn.digits(s.v[lay.vars + v[0] + p]);
          for (int i = 0; i < d.length; i++) {
            out.add("(" + word + (v[1] == 0 ? "" : " " + m.player[p]) + " " + i + " " + d[i] + ")");
          }
        }
        return out;
      });
    }
    String id = word + (kind == Kind.NUM ? "" : "_" + kind.word());
    if (kind == Kind.NUM && v.length >= 4) {
      // A declared range (var "Name" range:lo..hi): the engine fails a run that leaves it, so it bounds the values.
      analysis.declareRange(id, v[2], v[3]);
    }
    if (v[1] == 0) {
      return make(id, word, List.of(), 0, true, kind, true,
          s -> List.of("(" + word + " " + encodeValue(kind, s.v[lay.vars + v[0]]) + ")"));
    }
    return make(id, word, List.of(), 1, true, kind, true, s -> {
      List<String> out = new ArrayList<>();
      for (int p = 0; p < m.n; p++) {
        out.add("(" + word + " " + m.player[p] + " " + encodeValue(kind, s.v[lay.vars + v[0] + p]) + ")");
      }
      return out;
    });
  }

  public String encodeValue(Kind kind, int x) {
    switch (kind) {
      case PLAYER:
        return playerOrNone(x);
      case CARD:
        return cardOrNone(x);
      case SUIT:
        return x < 0 ? "none" : m.suitTerm[x];
      default:
        return Integer.toString(x);
    }
  }

  /** (cell ROW COL MARK): a board site, MARK a player or none. */
  public Family cell() {
    return make("cell", "cell", List.of(), 2, true, Kind.PLAYER, true, s -> {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < lay.cellCount; i++) {
        int x = s.v[lay.cells + i];
        out.add("(cell " + (i / g.cols + 1) + " " + (i % g.cols + 1) + " " + playerOrNone(x - 1) + ")");
      }
      return out;
    });
  }

  /** (tried PLAYER ROW COL): the player has tried that site. */
  public Family tried() {
    return make("tried", "tried", List.of(), 3, false, null, true, s -> {
      List<String> out = new ArrayList<>();
      for (int p = 0; p < m.n; p++) {
        for (int i = 0; i < lay.cellCount; i++) {
          if (s.v[lay.tried + p * lay.cellCount + i] != 0) {
            out.add("(tried " + m.player[p] + " " + (i / g.cols + 1) + " " + (i % g.cols + 1) + ")");
          }
        }
      }
      return out;
    });
  }

  /**
   * (pending I (todeal SOURCE DEST ROTATE LEFT)): the chance deals still to do, the first at 0. DEST is where the
   * next card goes; with ROTATE yes it passes to the next player's place after each card.
   */
  public Family pending() {
    return make("pending", "pending", List.of(), 1, true, Kind.OTHER, true, s -> {
      List<String> out = new ArrayList<>();
      for (int k = 0; k < s.v[Slot.PENDING]; k++) {
        int at = lay.pending + k * PendingDeal.SIZE;
        out.add("(pending " + k + " " + dealTerm(s.v[at + PendingDeal.SOURCE], s.v[at + PendingDeal.DEST], s.v[at + PendingDeal.OWNER], s.v[at + PendingDeal.LEFT], s.v[at + PendingDeal.DEALT]) + ")");
      }
      return out;
    });
  }

  public String dealTerm(int src, int dstBase, int owner, int left, int dealt) {
    int dst = dstBase + (owner == veil.ludeme.PendingDeal.SHARED ? 0 : owner >= 0 ? owner : dealt % m.n);
    return "(todeal " + m.inst[src] + " " + m.inst[dst] + " " + (owner == -1 ? "yes" : "no") + " " + left + ")";
  }

  /** The remaining counts of pending deals, for the analysis. */
  public List<Integer> pendingCounts(LudState s) {
    List<Integer> out = new ArrayList<>();
    for (int k = 0; k < s.v[Slot.PENDING]; k++) {
      out.add(s.v[lay.pending + k * PendingDeal.SIZE + 3]);
    }
    return out;
  }

  // ---------------------------------------------------------------- registers (within one step)

  /** The player effects run for ("Mover"). */
  public Family cur() {
    return make("cur", "cur", List.of(), 0, true, Kind.PLAYER, false, s -> List.of());
  }

  /** Set once the step has settled (a move is awaited or the game is over). */
  public Family settled() {
    return make("settled", "settled", List.of(), 0, false, null, false, s -> List.of());
  }
}
