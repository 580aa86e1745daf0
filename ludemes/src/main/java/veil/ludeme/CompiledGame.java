package veil.ludeme;

import java.util.ArrayList;
import java.util.List;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * A ludeme game compiled to the GDL-II model. Players are roles 0..n-1; when the game has chance, {@code random} is
 * role n. Chance (shuffles, deals, draws) is a queue of pending random deals in the state: while it is non-empty
 * the random role deals one card per step, chosen uniformly among the source's cards, and the players noop.
 *
 * <p>After every step the game settles: pending deals first; then the end rules; then phase entry and exit. A
 * settled state with no pending deal is where players move.
 */
public final class CompiledGame implements Game {
  /** The action id of random's deals. */
  static final int DEAL = 1;

  public final String name;
  public final String description;
  public final int players;
  public final String[] roleNames;
  public final boolean hasRandom;
  public final int stepBound;
  public final Table table;
  public final CardTable.Frozen cards;
  public final PlaceTable.Frozen places;
  public final Layout layout;
  public final int[] initialVars;
  public final String[] varNames;
  public final int rows;
  public final int cols;
  public final Effect start;
  public final Phase[] phases;
  public final EndRule[] endRules;
  public final Action[] actions;
  public final String sourceName;
  /** Value maps by name (for export to GDL-II): each card's value. */
  public final java.util.Map<String, int[]> maps;
  /** The declared places in declaration order (for export to GDL-II). */
  public final List<PlaceTable.Def> placeDefs;
  /** Variables by name: {first slot relative to the var block, 1 if per player} (for export to GDL-II). */
  public final java.util.Map<String, int[]> vars;
  private Determinizer determinizer;

  public CompiledGame(Builder b) {
    name = b.name;
    description = b.description;
    players = b.players;
    hasRandom = b.hasRandom;
    roleNames = new String[players + (hasRandom ? 1 : 0)];
    for (int p = 0; p < players; p++) {
      roleNames[p] = b.playerNames.get(p);
    }
    if (hasRandom) {
      roleNames[players] = "random";
    }
    stepBound = b.stepBound;
    table = b.table;
    cards = table.cards;
    places = table.places;
    layout = table.layout;
    initialVars = b.initialVars;
    varNames = b.varNames;
    rows = b.rows;
    cols = b.cols;
    start = b.start;
    phases = b.phases.toArray(new Phase[0]);
    endRules = b.endRules.toArray(new EndRule[0]);
    actions = new Action[b.actions.size() + 2];
    for (int i = 0; i < b.actions.size(); i++) {
      Action a = b.actions.get(i);
      a.id = i + 2;
      actions[i + 2] = a;
    }
    sourceName = b.sourceName;
    initialPlaces = b.initialPlaces.clone();
    maps = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.maps));
    placeDefs = List.copyOf(b.placeDefs);
    vars = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.vars));
  }

  /** What the compiler fills in. */
  public static final class Builder {
    public String name = "Game";
    public String description = "";
    public String sourceName = "game";
    public int players;
    public List<String> playerNames = new ArrayList<>();
    public boolean hasRandom;
    public int stepBound;
    public Table table;
    public int[] initialVars = new int[0];
    public String[] varNames = new String[0];
    public int rows;
    public int cols;
    public Effect start = Effect.NONE;
    public List<Phase> phases = new ArrayList<>();
    public List<EndRule> endRules = new ArrayList<>();
    public List<Action> actions = new ArrayList<>();
    public long[] initialPlaces = new long[0];
    public java.util.Map<String, int[]> maps = new java.util.LinkedHashMap<>();
    public List<PlaceTable.Def> placeDefs = new ArrayList<>();
    public java.util.Map<String, int[]> vars = new java.util.LinkedHashMap<>();
  }

  public void setDeterminizer(Determinizer d) {
    this.determinizer = d;
  }

  @Override
  public Determinizer determinizer() {
    return determinizer;
  }

  // ---------------------------------------------------------------- the model contract

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public int roleCount() {
    return roleNames.length;
  }

  @Override
  public String roleName(int role) {
    return roleNames[role];
  }

  @Override
  public int randomRole() {
    return hasRandom ? players : -1;
  }

  @Override
  public int stepBound() {
    return stepBound;
  }

  @Override
  public LudState initialState() {
    LudState s = new LudState(places.defOf().length, layout.size);
    int[] v = s.v;
    v[Slot.LAST_MOVER] = -1;
    v[Slot.LAST_CARD] = -1;
    v[Slot.LED_SUIT] = -1;
    v[Slot.TRICK_LEADER] = -1;
    v[Slot.TRICK_WINNER] = -1;
    for (int p = 0; p < players; p++) {
      v[layout.trickCard + p] = -1;
    }
    System.arraycopy(initialVars, 0, v, layout.vars, initialVars.length);
    // Every card starts in the place of the deck that declared it (the instance recorded at compile time).
    System.arraycopy(initialPlaces, 0, s.places, 0, initialPlaces.length);
    v[Slot.ENTER] = 1;
    s.cur = 0;
    start.run(s);
    settle(s);
    return s;
  }

  /** Card bitmasks of every place instance at the start, before the start rules run. */
  private final long[] initialPlaces;

  @Override
  public boolean isTerminal(State s) {
    return ((LudState) s).v[Slot.TERMINAL] != 0;
  }

  @Override
  public void legalMoves(State state, int role, MoveList out) {
    LudState s = (LudState) state;
    out.clear();
    int[] v = s.v;
    if (v[Slot.TERMINAL] != 0) {
      return;
    }
    if (v[Slot.PENDING] > 0) {
      if (role == players) {
        long src = s.places[v[layout.pending]];
        while (src != 0) {
          int c = Long.numberOfTrailingZeros(src);
          src &= src - 1;
          out.add(DEAL << 16 | c);
        }
      } else {
        out.add(0);
      }
      return;
    }
    Phase ph = phases[v[Slot.PHASE]];
    if (role == players) {
      if (ph.resolver != null) {
        ph.resolver.randomMoves(s, out);
      }
      if (out.isEmpty()) {
        out.add(0);
      }
      return;
    }
    if (!ph.simultaneous && role != v[Slot.MOVER]) {
      out.add(0);
      return;
    }
    s.cur = role;
    ph.play.generate(s, out);
  }

  @Override
  public void apply(State state, int[] joint, Percepts percepts) {
    LudState s = (LudState) state;
    int[] v = s.v;
    if (percepts != null) {
      percepts.clear();
    }
    s.sink = percepts;
    if (v[Slot.PENDING] > 0) {
      table.dealOne(s, joint[players] & 0xFFFF);
    } else {
      Phase ph = phases[v[Slot.PHASE]];
      if (ph.simultaneous) {
        if (ph.resolver != null) {
          ph.resolver.apply(s, joint, this);
        } else {
          for (int p = 0; p < players; p++) {
            s.cur = p;
            int m = joint[p];
            if (m != 0) {
              actions[m >>> 16].apply(s, m & 0xFFFF);
            }
          }
        }
        s.cur = v[Slot.MOVER];
        ph.then.run(s);
      } else {
        int p = v[Slot.MOVER];
        int m = joint[p];
        s.cur = p;
        actions[m >>> 16].apply(s, m & 0xFFFF);
        v[Slot.LAST_MOVER] = p;
        v[Slot.TURNS]++;
        if (!ph.play.managesTurn()) {
          v[Slot.MOVER] = (v[Slot.MOVER] + 1) % players;
        }
        s.cur = v[Slot.MOVER];
        ph.then.run(s);
      }
    }
    v[Slot.STEP]++;
    settle(s);
    s.sink = null;
  }

  @Override
  public int goal(State state, int role) {
    LudState s = (LudState) state;
    if (role >= players) {
      return 0;
    }
    return (int) Math.round(100.0 * winningScore(s, role));
  }

  @Override
  public double[] scores(State state) {
    LudState s = (LudState) state;
    double[] out = new double[roleCount()];
    for (int p = 0; p < players; p++) {
      out[p] = winningScore(s, p);
    }
    return out;
  }

  private double winningScore(LudState s, int p) {
    return s.v[layout.score + p] / (2.0 * (players - 1));
  }

  // ---------------------------------------------------------------- settling

  /** Brings the state to where someone must move: deals first, then the end rules, then phase entry and exit. */
  private void settle(LudState s) {
    int[] v = s.v;
    for (int guard = 0; guard < 10_000; guard++) {
      if (v[Slot.PENDING] > 0) {
        if (table.dropFinishedDeal(s)) {
          continue;
        }
        return;
      }
      s.cur = v[Slot.MOVER];
      for (EndRule e : endRules) {
        if (e.when().eval(s)) {
          e.before().run(s);
          finish(s, e.outcome());
          return;
        }
      }
      Phase ph = phases[v[Slot.PHASE]];
      if (v[Slot.ENTER] != 0) {
        v[Slot.ENTER] = 0;
        ph.entry.run(s);
        continue;
      }
      boolean moved = false;
      for (int i = 0; i < ph.exitWhen.length; i++) {
        if (ph.exitWhen[i].eval(s)) {
          ph.exitThen[i].run(s);
          v[Slot.PHASE] = ph.exitTo[i];
          v[Slot.ENTER] = 1;
          moved = true;
          break;
        }
      }
      if (!moved) {
        return;
      }
    }
    throw new IllegalStateException("phases change forever without a move (a cycle of phase transitions)");
  }

  private void finish(LudState s, Outcome outcome) {
    int[] keys = s.scratchKeys(players);
    outcome.keys(s, keys);
    for (int p = 0; p < players; p++) {
      int better = 0;
      int equal = 0;
      for (int q = 0; q < players; q++) {
        if (keys[q] > keys[p]) {
          better++;
        } else if (keys[q] == keys[p]) {
          equal++;
        }
      }
      // Ranks better+1 .. better+equal are shared: average rank r = better + (equal + 1) / 2, stored as 2(n - r).
      s.v[layout.score + p] = 2 * players - 2 * better - (equal + 1);
    }
    s.v[Slot.TERMINAL] = 1;
  }

  // ---------------------------------------------------------------- text

  @Override
  public String moveText(int role, int move) {
    if (move == 0) {
      return "noop";
    }
    int a = move >>> 16;
    int payload = move & 0xFFFF;
    if (a == DEAL) {
      return "(deal " + cardText(payload) + ")";
    }
    if (role == players) {
      Phase ph = phases[0];
      for (Phase p : phases) {
        if (p.resolver != null) {
          ph = p;
        }
      }
      return ph.resolver == null ? "?" : ph.resolver.randomMoveText(this, move);
    }
    if (a < 2 || a >= actions.length) {
      return "(unknown " + move + ")";
    }
    return actions[a].text(this, payload);
  }

  @Override
  public String perceptText(int role, int percept) {
    return table.perceptText(percept);
  }

  public String cardText(int card) {
    return table.cardText(card);
  }

  @Override
  public java.util.List<String> summary() {
    java.util.List<String> out = new java.util.ArrayList<>();
    out.add("cards     " + cards.count() + (cards.suitNames().length > 0 ? " in suits " + String.join(" ",
        cards.suitNames()) : ""));
    StringBuilder pl = new StringBuilder("places   ");
    for (int i = 0; i < places.text().length; i++) {
      pl.append(' ').append(places.text()[i]);
    }
    out.add(pl.toString());
    if (rows > 0) {
      out.add("board     " + rows + " x " + cols);
    }
    if (varNames.length > 0) {
      out.add("vars      " + String.join(" ", varNames));
    }
    StringBuilder ph = new StringBuilder("phases   ");
    for (Phase p : phases) {
      ph.append(' ').append(p.name).append(p.simultaneous ? " (simultaneous)" : "");
    }
    out.add(ph.toString());
    return out;
  }

  @Override
  public String render(State state, int viewer) {
    LudState s = (LudState) state;
    StringBuilder sb = new StringBuilder();
    int[] v = s.v;
    sb.append("phase ").append(phases[v[Slot.PHASE]].name).append(", step ").append(v[Slot.STEP]);
    if (v[Slot.TERMINAL] == 0 && !phases[v[Slot.PHASE]].simultaneous) {
      sb.append(", ").append(roleNames[v[Slot.MOVER]]).append(" to move");
    }
    sb.append('\n');
    for (int i = 0; i < s.places.length; i++) {
      long m = s.places[i];
      boolean sees = viewer < 0 || (places.visibleMask()[i] & (1 << viewer)) != 0;
      sb.append("  ").append(places.text()[i]).append(": ");
      if (m == 0) {
        sb.append("-");
      } else if (sees) {
        String sep = "";
        while (m != 0) {
          int c = Long.numberOfTrailingZeros(m);
          m &= m - 1;
          sb.append(sep).append(cardText(c));
          sep = " ";
        }
      } else {
        sb.append(Long.bitCount(m)).append(" hidden");
      }
      sb.append('\n');
    }
    if (rows > 0) {
      for (int r = 0; r < rows; r++) {
        sb.append("  ");
        for (int c = 0; c < cols; c++) {
          int cell = v[layout.cells + r * cols + c];
          boolean sees = viewer < 0 || cell == 0 || cell == viewer + 1;
          sb.append(cell == 0 ? '.' : !sees ? '.' : (char) ('A' + cell - 1));
        }
        sb.append('\n');
      }
    }
    for (int i = 0; i < varNames.length; i++) {
      sb.append("  ").append(varNames[i]).append(" = ").append(v[layout.vars + i]).append('\n');
    }
    if (v[Slot.TERMINAL] != 0) {
      sb.append("  result:");
      for (int p = 0; p < players; p++) {
        sb.append(' ').append(roleNames[p]).append('=').append(goal(s, p));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
