package veil.ludeme;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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
  private final String[] roleNames;
  public final boolean hasRandom;
  public final int stepBound;
  public final Table table;
  public final CardTable.Frozen cards;
  public final PlaceTable.Frozen places;
  public final Layout layout;
  private final int[] initialVars;
  /** The variables' names, in the order of their slots. */
  public final List<String> varNames;
  public final int rows;
  public final int cols;
  public final Effect start;
  /**
   * Start's later segments ({@link veil.ludeme.compile.GameSyntax#segments}): each runs while settling once the
   * cards queued before it are dealt; {@link Slot#ENTER} is 2 + the index of the next one while any is left.
   */
  private final Effect[] startLater;
  private final Phase[] phases;
  private final EndRule[] endRules;
  /** The payoff range when the outcomes are amounts (every end rule's, the compiler checks), else null. */
  private final veil.model.PayoffRange payoff;
  /** The score register holds winning score × this: 2·(n-1) for rankings, hi - lo for payoffs (amount - lo). */
  private final int scoreScale;
  /** Each end rule's condition when it is a comparison of a state int with a constant, else null. */
  private final Ints.ReadTest[] endTests;
  private final Action[] actions;
  public final String sourceName;
  /** Value maps by name (for export to GDL-II): each card's value. */
  public final java.util.Map<String, int[]> maps;
  /** The declared places in declaration order (for export to GDL-II). */
  public final List<PlaceTable.Def> placeDefs;
  /** Variables by name: {first slot relative to the var block, 1 if per player} (for export to GDL-II). */
  public final java.util.Map<String, int[]> vars;
  /** The rules as the compiler found them (for the GDL-II export, which reads them a second way). */
  private final veil.ludeme.compile.GameSyntax syntax;
  private final Determinizer determinizer;
  private final int[] teams;
  /** The first end rule whose outcome scores ({@link Outcome#scores}), or -1: the rule {@link #heuristic} reads. */
  private final int scoredRule;
  private final veil.model.Heuristic heuristic = this::values;

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
    initialVars = b.initialVars.clone();
    varNames = List.of(b.varNames);
    rows = b.rows;
    cols = b.cols;
    start = b.start;
    startLater = b.startLater.clone();
    phases = b.phases.toArray(new Phase[0]);
    endRules = b.endRules.toArray(new EndRule[0]);
    payoff = endRules.length == 0 ? null : endRules[0].outcome().payoffRange();
    scoreScale = payoff == null ? 2 * (players - 1) : payoff.hi() - payoff.lo();
    endTests = new Ints.ReadTest[endRules.length];
    for (int i = 0; i < endRules.length; i++) {
      endTests[i] = endRules[i].when() instanceof Ints.ReadTest r ? r : null;
    }
    actions = new Action[b.actions.size() + 2];
    for (int i = 0; i < b.actions.size(); i++) {
      Action a = b.actions.get(i);
      a.id = i + 2;
      actions[i + 2] = a;
    }
    sourceName = b.sourceName;
    initialPlaces = b.initialPlaces.clone();
    faces = cards.hasCopies() ? cards.face() : null;
    lowerCopyMasks = faces == null ? null : cards.lowerCopyMasks();
    maps = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.maps));
    placeDefs = List.copyOf(b.placeDefs);
    vars = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.vars));
    teams = b.teams == null ? null : b.teams.clone();
    syntax = b.syntax;
    dealStart = null;
    scoredRule = scoredRule(endRules);
    // Last, so that the sampler sees the finished game (it keeps a reference to it; nothing changes afterwards).
    determinizer = b.determinizer == null ? null : b.determinizer.apply(this);
  }

  /**
   * One deal of a match played from {@code dealStart} (a state as a deal begins, its cards queued to deal): a game
   * with the same rules whose initial state is that one and whose deal ends the game instead of starting the next
   * deal (nothing is added to the totals). The card sampler samples a match deal by deal in such games; its syntax
   * does not list the match ludeme. Null in a game of its own.
   */
  private final LudState dealStart;

  private CompiledGame(CompiledGame base, LudState dealStart) {
    name = base.name;
    description = base.description;
    players = base.players;
    roleNames = base.roleNames;
    hasRandom = base.hasRandom;
    stepBound = base.stepBound;
    table = base.table;
    cards = base.cards;
    places = base.places;
    layout = base.layout;
    initialVars = base.initialVars;
    varNames = base.varNames;
    rows = base.rows;
    cols = base.cols;
    start = base.start;
    startLater = base.startLater;
    phases = base.phases;
    endRules = base.endRules;
    payoff = base.payoff;
    scoreScale = base.scoreScale;
    endTests = base.endTests;
    actions = base.actions;
    sourceName = base.sourceName;
    maps = base.maps;
    placeDefs = base.placeDefs;
    vars = base.vars;
    teams = base.teams;
    scoredRule = base.scoredRule;
    faces = base.faces;
    lowerCopyMasks = base.lowerCopyMasks;
    initialPlaces = base.initialPlaces;
    dealTemplate = base.dealTemplate;
    List<veil.ludeme.compile.Ludeme> used = new ArrayList<>();
    for (veil.ludeme.compile.Ludeme l : base.syntax.used()) {
      if (!l.name().equals("match")) {
        used.add(l);
      }
    }
    syntax = new veil.ludeme.compile.GameSyntax(base.syntax.start(), base.syntax.phases(), base.syntax.ends(),
        base.syntax.dealSites(), base.syntax.language(), used);
    determinizer = null;
    this.dealStart = dealStart.copy();
  }

  /**
   * The deal that begins in state {@code s} played alone (see {@link #dealStart}); {@code s} is the game's initial
   * state or a state just after a match started a new deal.
   */
  public CompiledGame dealGame(LudState s) {
    if (syntax == null) {
      throw new IllegalStateException(name + " was not compiled from a .lud text");
    }
    return new CompiledGame(this, s);
  }

  /** Whether this game is one deal of a match played alone ({@link #dealGame}). */
  public boolean isDealGame() {
    return dealStart != null;
  }

  /** Whether the game has a match of several deals ({@code (match …)} in an end rule). */
  public boolean hasMatch() {
    for (EndRule e : endRules) {
      if (e.outcome() instanceof Outcome.Match) {
        return true;
      }
    }
    return false;
  }

  /** The roles' names: the players', then random's if the game has chance. */
  public List<String> roleNames() {
    return List.of(roleNames);
  }

  public int phaseCount() {
    return phases.length;
  }

  public Phase phase(int i) {
    return phases[i];
  }

  /** How many action ids there are (ids 0 and 1 are noop and deal; the game's actions follow). */
  public int actionCount() {
    return actions.length;
  }

  /** The action with this id (2 and up). */
  public Action action(int id) {
    return actions[id];
  }

  /** The rules as the compiler found them, or null for a game built without the compiler. */
  public veil.ludeme.compile.GameSyntax syntax() {
    return syntax;
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
    /** Start's segments after the first, each run once the deals queued before it are done. */
    public Effect[] startLater = new Effect[0];
    public List<Phase> phases = new ArrayList<>();
    public List<EndRule> endRules = new ArrayList<>();
    public List<Action> actions = new ArrayList<>();
    public long[] initialPlaces = new long[0];
    public java.util.Map<String, int[]> maps = new java.util.LinkedHashMap<>();
    public List<PlaceTable.Def> placeDefs = new ArrayList<>();
    public java.util.Map<String, int[]> vars = new java.util.LinkedHashMap<>();
    public veil.ludeme.compile.GameSyntax syntax;
    /** Each player's team (the index of its first member), from (teams …); null when every player is alone. */
    public int[] teams;
    /** The game's own sampler, made from the finished game, or null for the general one. */
    public java.util.function.Function<CompiledGame, Determinizer> determinizer;
  }


  /** The declared team of each player (numbered by its first member); a role alone when the game has no teams. */
  @Override
  public int team(int role) {
    return teams == null || role >= players ? role : teams[role];
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
    if (dealStart != null) {
      return dealStart.copy();
    }
    LudState s = new LudState(places.defOf().length, cards.words(), layout.size);
    s.faces = faces;
    s.lowerCopyMasks = lowerCopyMasks;
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
    v[Slot.ENTER] = startLater.length > 0 ? 2 : 1;
    s.cur = 0;
    if (dealTemplate == null) {
      dealTemplate = v.clone(); // the registers before the start rules, for the next deal of a match
    }
    start.run(s);
    settle(s);
    return s;
  }

  /** The int registers of a fresh state before the start rules run (a new deal of a match begins from them). */
  private volatile int[] dealTemplate;

  /**
   * A state as a new deal of a match begins, before its start rules: every card where the game began, every
   * register and variable at its start value, phase 0 entered anew (for the GDL-II export's reset).
   */
  public LudState dealTemplateState() {
    LudState s = initialState();
    System.arraycopy(dealTemplate, 0, s.v, 0, s.v.length);
    System.arraycopy(initialPlaces, 0, s.places, 0, initialPlaces.length);
    return s;
  }

  /**
   * The next deal of a match: the cards go back where the game began and every register and variable back to its
   * start value, but for the step count and the match's totals and deal count; the player after the new dealer
   * (the deal count mod the players) moves first, and the start rules run again (they queue the new deal).
   */
  private void nextDeal(LudState s, Outcome.Match m) {
    int[] v = s.v;
    int[] kept = m.keptSlots();
    int[] saved = s.scratchKeys(kept.length + 1);
    for (int i = 0; i < kept.length; i++) {
      saved[i] = v[kept[i]];
    }
    saved[kept.length] = v[Slot.STEP];
    System.arraycopy(dealTemplate, 0, v, 0, v.length);
    System.arraycopy(initialPlaces, 0, s.places, 0, initialPlaces.length);
    for (int i = 0; i < kept.length; i++) {
      v[kept[i]] = saved[i];
    }
    v[Slot.STEP] = saved[kept.length];
    v[Slot.MOVER] = Math.floorMod(v[m.dealSlot()], players);
    s.cur = v[Slot.MOVER];
    for (int p = 0; p < players; p++) {
      table.tell(s, p, m.dealWord());
    }
    start.run(s);
    // The new deal's cards are dealt before anything else is settled (the GDL-II export relies on it).
    int at = layout.pending;
    if (v[Slot.PENDING] == 0 || v[at + PendingDeal.LEFT] <= 0 || s.isEmpty(v[at + PendingDeal.SOURCE])) {
      throw new IllegalStateException("rule failure: a new deal of the match in " + name
          + " deals no card at its start: a match's start rules must deal");
    }
  }

  /** Each card's face when the game has identical copies, else null (see {@link LudState#faces}). */
  private final int[] faces;
  private final long[] lowerCopyMasks;

  /** Card sets of every place instance at the start ({@link LudState#places}' layout), before the start rules run. */
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
        int at = v[layout.pending + PendingDeal.SOURCE] * s.words;
        for (int w = 0; w < s.words; w++) {
          for (long src = s.places[at + w]; src != 0; src &= src - 1) {
            out.add(Action.encode(DEAL, w << 6 | Long.numberOfTrailingZeros(src)));
          }
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
    if (!ph.simultaneous && role != controller(s, ph)) {
      out.add(0);
      return;
    }
    s.cur = ph.simultaneous ? role : v[Slot.MOVER];
    ph.play.generate(s, out);
  }

  /**
   * The role that makes the mover's moves in a turn-based phase: the mover itself, or the player the phase's
   * {@code by:} names for it (evaluated with Mover the seat to play). A player outside the game is a rule failure.
   */
  public int controller(LudState s, Phase ph) {
    int seat = s.v[Slot.MOVER];
    if (ph.by == null) {
      return seat;
    }
    int saved = s.cur;
    s.cur = seat;
    int p = ph.by.eval(s);
    s.cur = saved;
    if (p < 0 || p >= players) {
      throw new IllegalStateException("rule failure: by: names player " + p + " to move for " + roleNames[seat]
          + ", not a player of " + name);
    }
    return p;
  }

  /** The role that moves now in a turn-based phase (the mover, or who moves for it), for a settled state. */
  public int controller(LudState s) {
    return controller(s, phases[s.v[Slot.PHASE]]);
  }

  /** Draws a deal's card from the source's bitmask and a waiting player's noop without listing anything. */
  @Override
  public int randomLegalMove(State state, int role, SplittableRandom rng, MoveList scratch) {
    LudState s = (LudState) state;
    if (waits(s, role)) {
      return 0;
    }
    int[] v = s.v;
    if (v[Slot.TERMINAL] == 0) {
      if (v[Slot.PENDING] > 0) {
        return orNoMove(randomDeal(s, rng));
      }
      if (role < players) {
        Phase ph = phases[v[Slot.PHASE]];
        s.cur = ph.simultaneous ? role : v[Slot.MOVER];
        return orNoMove(ph.play.randomMove(s, rng, scratch));
      }
    }
    return Game.super.randomLegalMove(state, role, rng, scratch);
  }

  /**
   * During a deal and in turn-based phases only one role has a choice: ask only that one and give the others their
   * noop in one pass (a quarter faster than asking each role, as the step protocol of a random playout does).
   */
  @Override
  public int randomJointMove(State state, SplittableRandom rng, int[] joint, MoveList scratch) {
    LudState s = (LudState) state;
    int[] v = s.v;
    if (v[Slot.TERMINAL] != 0 || v[Slot.PENDING] == 0 && phases[v[Slot.PHASE]].simultaneous) {
      return Game.super.randomJointMove(state, rng, joint, scratch);
    }
    int chooser = v[Slot.PENDING] > 0 ? players : controller(s, phases[v[Slot.PHASE]]);
    for (int r = 0; r < chooser; r++) {
      joint[r] = 0;
    }
    s.cur = chooser == players ? players : v[Slot.MOVER];
    int m = orNoMove(chooser == players ? randomDeal(s, rng) : phases[v[Slot.PHASE]].play.randomMove(s, rng, scratch));
    if (m == NO_MOVE) {
      return chooser;
    }
    joint[chooser] = m;
    for (int r = chooser + 1; r < joint.length; r++) {
      // The random role outside deals lists its moves (a tie-break); everyone else waits.
      int w = r == players ? randomLegalMove(state, r, rng, scratch) : 0;
      if (w == NO_MOVE) {
        return r;
      }
      joint[r] = w;
    }
    return -1;
  }

  /** Whether the random role is dealing: its moves are then {@link #dealMove} of each card of {@link #dealSource}. */
  public boolean isDealing(LudState s) {
    return s.v[Slot.TERMINAL] == 0 && s.v[Slot.PENDING] > 0;
  }

  /** The place instance the pending deal draws from (when {@link #isDealing}). */
  public int dealSource(LudState s) {
    return s.v[layout.pending + PendingDeal.SOURCE];
  }

  /**
   * Whether the pending deal still goes on after one more card (when {@link #isDealing}): then that step is the
   * card's move and nothing else, since the rules run only once a deal ends.
   */
  public boolean dealGoesOnAfterOneCard(LudState s) {
    int at = layout.pending;
    return s.v[at + PendingDeal.LEFT] >= 2 && s.count(s.v[at + PendingDeal.SOURCE]) >= 2;
  }

  /**
   * Whether the role's only legal move is its noop without asking the rules: a player while someone else moves in a
   * turn-based phase or while the random role deals, or the random role outside deals in a phase without a
   * tie-break. (False does not mean the role has a choice.)
   */
  public boolean waits(LudState s, int role) {
    int[] v = s.v;
    if (v[Slot.TERMINAL] != 0) {
      return false;
    }
    if (v[Slot.PENDING] > 0) {
      return role != players;
    }
    Phase ph = phases[v[Slot.PHASE]];
    return role == players ? ph.resolver == null : !ph.simultaneous && role != controller(s, ph);
  }

  /** The random role's move that deals this card. */
  public static int dealMove(int card) {
    return Action.encode(DEAL, card);
  }

  /** An engine move (never negative), or {@link #NO_MOVE} for -1. */
  private static int orNoMove(int move) {
    return move == -1 ? NO_MOVE : move;
  }

  /** The random role's deal: one card drawn uniformly from the source, as the i-th of its listed moves. */
  private int randomDeal(LudState s, SplittableRandom rng) {
    int at = s.v[layout.pending + PendingDeal.SOURCE] * s.words;
    if (s.words == 1) {
      long src = s.places[at];
      int n = Long.bitCount(src);
      if (n == 0) {
        return -1;
      }
      return Action.encode(DEAL, Bits.select(src, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
    }
    int n = 0;
    for (int w = 0; w < s.words; w++) {
      n += Long.bitCount(s.places[at + w]);
    }
    if (n == 0) {
      return -1;
    }
    return Action.encode(DEAL, Bits.select(s.places, at, s.words, n == 1 ? 0 : veil.model.Uniform.below(rng, n)));
  }

  @Override
  public void apply(State state, int[] joint, Percepts percepts) {
    LudState s = (LudState) state;
    int[] v = s.v;
    if (percepts != null) {
      percepts.clear();
    }
    s.sink = percepts;
    s.drawnBy = null; // a random move's hint is the playout's alone (see LudState#drawnBy)
    if (v[Slot.PENDING] > 0) {
      table.dealOne(s, Action.payloadOf(joint[players]));
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
              actions[Action.actionOf(m)].apply(s, Action.payloadOf(m));
            }
          }
        }
        s.cur = v[Slot.MOVER];
        ph.then.run(s);
      } else {
        playTurn(s, ph, joint[controller(s, ph)]);
      }
    }
    endStep(s);
    s.sink = null;
  }

  /** After the moves of a step: count it, then settle (deals, end rules, phase changes). */
  private void endStep(LudState s) {
    s.v[Slot.STEP]++;
    settle(s);
  }

  /** The mover plays move m in a turn-based phase; the turn passes on unless the move rule hands it on itself. */
  private void playTurn(LudState s, Phase ph, int m) {
    int[] v = s.v;
    int p = v[Slot.MOVER];
    s.cur = p;
    actions[Action.actionOf(m)].apply(s, Action.payloadOf(m));
    v[Slot.LAST_MOVER] = p;
    v[Slot.TURNS]++;
    if (!ph.playManagesTurn) {
      v[Slot.MOVER] = (v[Slot.MOVER] + 1) % players;
    }
    s.cur = v[Slot.MOVER];
    if (ph.then != Effect.NONE) {
      ph.then.run(s); // most phases have no then: skip the call rather than make it
    }
  }

  /**
   * The random playout without the per-step protocol: a deal step draws its card straight from the source's mask,
   * a turn-based step asks only the mover's move rule; simultaneous phases take the general path. It consumes the
   * random numbers exactly as {@link #randomJointMove} and {@link #apply} would, so it plays the same games (the
   * conformance suite checks this).
   */
  @Override
  public int playout(State state, SplittableRandom rng, int maxSteps, int[] joint, MoveList scratch) {
    LudState s = (LudState) state;
    int[] v = s.v;
    s.sink = null;
    int steps = 0;
    while (steps < maxSteps && v[Slot.TERMINAL] == 0) {
      Phase ph = phases[v[Slot.PHASE]];
      if (v[Slot.PENDING] > 0) {
        int m = randomDeal(s, rng);
        if (m == -1) {
          throw noLegalMove(players);
        }
        table.dealOne(s, Action.payloadOf(m));
        endStep(s);
      } else if (!ph.simultaneous) {
        s.cur = v[Slot.MOVER];
        s.drawnBy = null;
        int m = ph.play.randomMove(s, rng, scratch);
        if (m == -1) {
          throw noLegalMove(v[Slot.MOVER]);
        }
        playTurn(s, ph, m);
        endStep(s);
      } else {
        int failed = randomJointMove(s, rng, joint, scratch);
        if (failed >= 0) {
          throw noLegalMove(failed);
        }
        apply(s, joint, null);
      }
      steps++;
    }
    return steps;
  }

  private IllegalStateException noLegalMove(int role) {
    return new IllegalStateException(
        "rule failure: role " + roleName(role) + " has no legal move in a non-terminal state of " + name());
  }

  @Override
  public int goal(State state, int role) {
    LudState s = (LudState) state;
    if (role >= players) {
      return 0;
    }
    if (payoff != null) {
      return s.v[layout.score + role] * payoff.step();
    }
    return (int) Math.round(100.0 * winningScore(s, role));
  }

  @Override
  public veil.model.PayoffRange payoffRange() {
    return payoff;
  }

  @Override
  public void scores(State state, double[] out) {
    LudState s = (LudState) state;
    for (int p = 0; p < players; p++) {
      out[p] = winningScore(s, p);
    }
    if (players < out.length) {
      out[players] = 0; // the random role
    }
  }

  private double winningScore(LudState s, int p) {
    return s.v[layout.score + p] / (double) scoreScale;
  }

  private static int scoredRule(EndRule[] rules) {
    for (int i = 0; i < rules.length; i++) {
      if (rules[i].outcome().scores()) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The running score: the first end rule that scores (byScore, ranking, byTeam, payoff; a match's deal added to
   * the totals as a match would), applied to the state as it stands: its {@code before:} effects run on a copy
   * ({@code scratch}), then the players are ranked (or paid) as {@link #finish} would, on the 0..1 scale of {@link
   * #scores}. No value (false) where the end rule fails (a rule failure: an expression not defined yet; thrown as
   * {@link NoValue#INSTANCE} while valuing, so that this path allocates nothing either), and none where a payoff is
   * outside its declared range (possible before the end: a pot not yet settled): such a payoff has no place on the
   * 0..1 scale, and clamping it would credit a value the game never gives, so the search plays on to the end
   * instead. Null when no end rule scores.
   */
  @Override
  public veil.model.Heuristic heuristic() {
    return scoredRule < 0 ? null : heuristic;
  }

  private boolean values(State state, State scratch, double[] out) {
    LudState t = (LudState) scratch;
    t.copyFrom(state);
    t.sink = null;
    t.cur = t.v[Slot.MOVER];
    EndRule e = endRules[scoredRule];
    int[] keys = t.scratchKeys(players);
    boolean[] valuing = NoValue.flag();
    valuing[0] = true;
    try {
      e.before().run(t);
      if (e.outcome() instanceof Outcome.Match m && dealStart == null) {
        m.nextDeal(t); // this deal's scores added to the totals, as when it ends
      }
      e.outcome().keys(t, keys);
    } catch (IllegalStateException undefined) {
      // A rule failure of the end rule read too early (Euchre's maker before anyone made trump): no value here.
      // NoValue.INSTANCE where the failure is an undefined player or a division by zero (nothing allocated); any
      // other rule failure allocates its exception.
      return false;
    } finally {
      valuing[0] = false;
    }
    if (payoff != null) {
      for (int p = 0; p < players; p++) {
        if (keys[p] < payoff.lo() || keys[p] > payoff.hi()) {
          return false; // outside the declared range: no value (see above), never a clamped one
        }
      }
    }
    for (int p = 0; p < players; p++) {
      out[p] = (payoff != null ? keys[p] - payoff.lo() : rankRegister(keys, p)) / (double) scoreScale;
    }
    for (int r = players; r < out.length; r++) {
      out[r] = 0; // the random role
    }
    return true;
  }

  /** Player p's score register (winning score × {@link #scoreScale}) when the players are ranked by {@code keys}. */
  private int rankRegister(int[] keys, int p) {
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
    return 2 * players - 2 * better - (equal + 1);
  }

  // ---------------------------------------------------------------- settling

  /**
   * Brings the state to where someone must move: deals first, then the end rules, then phase entry and exit. Phases
   * may cycle (a deal, a round of play, a score, and the deal again), but one step changes phase at most as many
   * times as the game has phases: more is a rule failure (phases that would change forever without a move), and
   * the bound the GDL-II export unrolls settling to ({@code veil.ludeme.gdl.Step}).
   */
  private void settle(LudState s) {
    int[] v = s.v;
    int changes = 0;
    for (int guard = 0; guard < 10_000; guard++) {
      if (v[Slot.PENDING] > 0) {
        if (table.dropFinishedDeal(s)) {
          continue;
        }
        return;
      }
      s.cur = v[Slot.MOVER];
      for (int i = 0; i < endRules.length; i++) {
        EndRule e = endRules[i];
        // Ending conditions run after every step: the common (= counter constant) is tested here, not called.
        Ints.ReadTest r = endTests[i];
        if (r != null ? r.test(v[r.slot()]) : e.when().eval(s)) {
          e.before().run(s);
          if (e.outcome() instanceof Outcome.Match m && dealStart == null && m.nextDeal(s)) {
            nextDeal(s, m); // the new deal's cards are dealt first: nothing more settles in this step
            return;
          }
          finish(s, e.outcome());
          return;
        }
      }
      if (v[Slot.ENTER] >= 2) {
        // the next segment of start, now that the cards queued before it are dealt
        int k = v[Slot.ENTER] - 2;
        v[Slot.ENTER] = k + 1 < startLater.length ? v[Slot.ENTER] + 1 : 1;
        startLater[k].run(s);
        continue;
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
          if (++changes > phases.length) {
            throw new IllegalStateException("rule failure: the phases of " + name() + " change more than "
                + phases.length + " times in one step without a move (a cycle of phase transitions), last from \""
                + ph.name + "\" to \"" + phases[ph.exitTo[i]].name + "\"");
          }
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
    if (payoff != null) {
      for (int p = 0; p < players; p++) {
        if (keys[p] < payoff.lo() || keys[p] > payoff.hi()) {
          throw new IllegalStateException("rule failure: " + roleNames[p] + "'s payoff " + keys[p]
              + " is outside the declared range " + payoff.lo() + ".." + payoff.hi() + " of " + name());
        }
        s.v[layout.score + p] = keys[p] - payoff.lo();
      }
      s.v[Slot.TERMINAL] = 1;
      return;
    }
    for (int p = 0; p < players; p++) {
      s.v[layout.score + p] = rankRegister(keys, p);
    }
    s.v[Slot.TERMINAL] = 1;
  }

  // ---------------------------------------------------------------- text

  @Override
  public String moveText(int role, int move) {
    if (move == 0) {
      return "noop";
    }
    int a = Action.actionOf(move);
    int payload = Action.payloadOf(move);
    if (a == DEAL) {
      return "(deal " + cards.idText()[payload] + ")"; // random deals one copy: the copy is named
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
    if (teams != null) {
      java.util.Map<Integer, java.util.List<String>> sides = new java.util.LinkedHashMap<>();
      for (int p = 0; p < players; p++) {
        sides.computeIfAbsent(teams[p], k -> new java.util.ArrayList<>()).add(roleNames[p]);
      }
      StringBuilder t = new StringBuilder("teams    ");
      for (java.util.List<String> side : sides.values()) {
        t.append(" {").append(String.join(" ", side)).append('}');
      }
      out.add(t.toString());
    }
    if (!varNames.isEmpty()) {
      out.add("vars      " + String.join(" ", varNames));
    }
    if (payoff != null) {
      out.add("payoff    amounts " + payoff.lo() + ".." + payoff.hi() + "; goal = (amount " + (payoff.lo() < 0 ? "+ " + -payoff.lo() : "- " + payoff.lo()) + ") * "
          + payoff.step() + ", score = goal / 100");
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
      // A player knows whether it is to move (its legal moves say so), not always who is: in Hearts the first
      // leader is whoever holds the two of clubs.
      int who = controller(s);
      if (viewer < 0 || viewer == who) {
        sb.append(", ").append(roleNames[v[Slot.MOVER]]).append(" to move")
            .append(who == v[Slot.MOVER] ? "" : " (" + roleNames[who] + " moves for it)");
      } else {
        sb.append(", ").append(roleNames[viewer]).append(" waits");
      }
    }
    sb.append('\n');
    for (int i = 0; i < places.text().length; i++) {
      boolean sees = viewer < 0 || (places.visibleMask()[i] & (1 << viewer)) != 0;
      sb.append("  ").append(places.text()[i]).append(": ");
      if (s.isEmpty(i)) {
        sb.append("-");
      } else if (sees) {
        String sep = "";
        for (int w = 0; w < s.words; w++) {
          for (long m = s.word(i, w); m != 0; m &= m - 1) {
            sb.append(sep).append(cardText(w << 6 | Long.numberOfTrailingZeros(m)));
            sep = " ";
          }
        }
      } else {
        sb.append(s.count(i)).append(" hidden");
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
    for (int i = 0; i < varNames.size(); i++) {
      sb.append("  ").append(varNames.get(i)).append(" = ").append(v[layout.vars + i]).append('\n');
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
