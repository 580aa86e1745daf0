package veil.ludeme.compile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.BoolExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.EndRule;
import veil.ludeme.IntExpr;
import veil.ludeme.Layout;
import veil.ludeme.MoveRule;
import veil.ludeme.Phase;
import veil.ludeme.PlaceTable;
import veil.ludeme.Table;

/**
 * Compiles the structure of a game — {@code (game "Name" (players …) (equipment {…}) (vars {…}) (rules …))} — in
 * the order its parts depend on each other: players, equipment, variables, then rules. The ludemes inside are
 * compiled by {@link Compiler}.
 */
public final class GameCompiler {
  /** The game's default step bound when it declares none with (bound N). */
  public static final int DEFAULT_BOUND = 1000;

  /** The structure the compiler reads, for the generated language reference. */
  public static final String[][] STRUCTURE = {
    {"(game \"Name\" (players …) [(description \"…\")] [(bound N)] (equipment {…}) [(vars {…})] (rules …))",
        "a whole game; one per file"},
    {"(players N) or (players {White Black})", "the players (2..16; a game's outcome ranks them against each other); the random role is added when the game has chance"},
    {"(teams {{P1 P3} {P2 P4}})", "partnerships: every player in exactly one team; members win and lose together "
        + "(see byTeam); without it every player is its own side"},
    {"(bound N)", "an upper bound on the number of steps; a longer game is a rule failure (default "
        + DEFAULT_BOUND + ")"},
    {"(equipment {…})", "decks, hands, piles, spots, value maps, a board"},
    {"(vars {(var \"Name\" [Each] [initial]) …})", "game variables, global or one per player"},
    {"(rules (start {effect …}) (play …) (end …))", "a game with one phase; start's effects run in order, and a "
        + "deal or draw written in start's list deals its cards (one a step) before the effects after it run, so "
        + "they see the dealt cards; shuffles and further deals of a literal count join the deal before them; the "
        + "first phase's entry: runs after all of start (before, every start effect ran before any card was dealt)"},
    {"(rules (start …) (phases {(phase …) …}) (end …))", "a game with phases; the first phase starts"},
    {"(play move [then:effect] [simultaneous:True] [by:player])", "the move rule: the mover picks one move (or every "
        + "player at once); then: runs after the turn has passed to the next player (Mover is that player, LastMover the "
        + "one who moved), whereas a move's own then: ((move … then:…), (pass … then:…)) runs before it passes (Mover is "
        + "still the one who moved); by: names the player who makes "
        + "the mover's moves for it (Mover is the seat to play: a declarer playing dummy's cards), the mover's own "
        + "role then only waits"},
    {"(phase \"Name\" (play …) [entry:effect] (nextPhase cond \"Other\" [then:effect]) …)",
        "a phase; its transitions are checked after every step and on entry"},
    {"(end (if cond outcome [before:effect]) …)", "checked after every step once chance has settled; the first "
        + "that holds ends the game (before: runs first)"},
    {"(define \"Name\" body)", "a macro, used as (\"Name\" a b) with #1 #2 in the body"},
    {"(option \"Name\" default {choices})", "a game option, set with --option Name=value and used as <Name>"},
    {"// and ;", "comments to the end of the line"},
  };

  private final Compiler c;
  private final List<Ludeme> library;
  /** What the rules were compiled from, recorded as they are ({@link GameSyntax}). */
  private final List<Node> startSyntax = new ArrayList<>();
  private final List<GameSyntax.PhaseSyntax> phaseSyntax = new ArrayList<>();
  private final List<GameSyntax.EndSyntax> endSyntax = new ArrayList<>();

  private GameCompiler(List<Ludeme> library) {
    this.c = new Compiler(library);
    this.library = library;
  }

  public static CompiledGame compile(List<Node> forms, String sourceName, List<Ludeme> library)
      throws DslException {
    return compile(forms, sourceName, library, null);
  }

  /**
   * @param determinizer makes the game's own information-set sampler from the compiled game (it may return null
   *     for none: the agents then use the general sampler); null for none
   */
  public static CompiledGame compile(List<Node> forms, String sourceName, List<Ludeme> library,
      java.util.function.Function<CompiledGame, veil.model.Determinizer> determinizer) throws DslException {
    GameCompiler gc = new GameCompiler(library);
    gc.c.game.determinizer = determinizer;
    return gc.run(forms, sourceName);
  }

  private CompiledGame run(List<Node> forms, String sourceName) throws DslException {
    c.game.sourceName = sourceName;
    Node.Call game = findGame(forms, sourceName);
    List<Node> args = game.args();
    if (args.isEmpty() || !(args.get(0) instanceof Node.Str name)) {
      throw new DslException(Diagnostic.at(game.pos(), "a game starts with its name", "(game \"Name\" (players N) …)"));
    }
    c.game.name = name.value();
    Map<String, Node.Call> sections = sections(args.subList(1, args.size()));
    players(sections.get("players"), game);
    teams(sections.get("teams"));
    if (sections.containsKey("description")) {
      c.game.description = Compiler.text(sections.get("description").args().get(0));
    }
    c.game.stepBound = DEFAULT_BOUND;
    if (sections.containsKey("bound")) {
      Node b = sections.get("bound").args().isEmpty() ? null : sections.get("bound").args().get(0);
      if (!(b instanceof Node.Int i) || i.value() < 1 || i.value() > 1_000_000) {
        throw new DslException(Diagnostic.at(sections.get("bound").pos(), "(bound N) needs N in 1..1000000"));
      }
      c.game.stepBound = (int) i.value();
    }
    c.places = new PlaceTable(c.players());
    if (sections.containsKey("equipment")) {
      for (Node item : list(sections.get("equipment"))) {
        try {
          c.call(item, Type.EQUIPMENT);
        } catch (DslException e) {
          c.error(e);
        }
      }
    }
    if (!c.errors.isEmpty()) {
      throw new DslException(c.errors);
    }
    if (sections.containsKey("vars")) {
      for (Node item : list(sections.get("vars"))) {
        try {
          c.call(item, Type.VAR);
        } catch (DslException e) {
          c.error(e);
        }
      }
    }
    declareMatchVars(sections.get("rules"));
    if (c.places.instanceCount() > 127) {
      throw new DslException(Diagnostic.at(game.pos(), "more than 127 places (counting one per player)"));
    }
    // The pending chance queue holds every deal and draw the rules can queue before random deals them: one per
    // (deal …) or (draw …) in the rules, one per player inside a forEach (16 single-card deals to 16 sites queue 16).
    c.layout = new Layout(c.players(), c.varInit.size(), c.boardRows * c.boardCols, c.cardTable.count(),
        sections.containsKey("rules") ? dealSitesIn(sections.get("rules"), c.players()) : 0);
    c.table = new Table(c.players(), c.cardTable.freeze(), c.places.freeze(), c.layout);
    c.game.table = c.table;
    c.game.rows = c.boardRows;
    c.game.cols = c.boardCols;
    c.game.initialVars = c.varInit.stream().mapToInt(Integer::intValue).toArray();
    c.game.varNames = c.varNames.toArray(new String[0]);
    int words = c.table.cards.words();
    long[] initial = new long[c.places.instanceCount() * words];
    for (int card = 0; card < c.cardHome.size(); card++) {
      initial[c.cardHome.get(card) * words + (card >>> 6)] |= 1L << card;
    }
    c.game.initialPlaces = initial;
    Node.Call rules = sections.get("rules");
    if (rules == null) {
      throw new DslException(Diagnostic.at(game.pos(), "the game has no (rules …)", "(rules (start …) (play …) (end …))"));
    }
    rules(rules);
    SuitVariables.check(rules, sections.get("vars"), c.table.cards.suitNames(), c.errors);
    if (!c.errors.isEmpty()) {
      throw new DslException(c.errors);
    }
    c.game.maps = c.cardTable.maps();
    c.game.placeDefs = c.places.defs();
    c.game.vars = c.vars;
    c.game.syntax = new GameSyntax(startSyntax, phaseSyntax, endSyntax, c.dealSites(), library, c.used());
    return new CompiledGame(c.game);
  }

  /**
   * A game whose end has a match of several deals ({@code (match … to:N …)} with N > 0) keeps the totals and the
   * deal count in variables of its own, {@code "Total"} (one per player) and {@code "Deal"}, declared here so that
   * they have slots before the rules are compiled.
   */
  private void declareMatchVars(Node.Call rules) throws DslException {
    Node.Call match = rules == null ? null : findMatch(rules);
    if (match == null) {
      return;
    }
    List<Node.Call> all = new ArrayList<>();
    allMatches(rules, all);
    if (all.size() > 1) {
      throw new DslException(Diagnostic.at(all.get(1).pos(), "a game plays one match: its deals end in one (match …)",
          "one end rule with (match …)"));
    }
    try {
      c.declareVar(MATCH_TOTAL, true, 0, match.pos());
      c.declareVar(MATCH_DEAL, false, 0, match.pos());
    } catch (DslException e) {
      c.error(new DslException(Diagnostic.at(match.pos(), "a match keeps its totals in the variables \""
          + MATCH_TOTAL + "\" and \"" + MATCH_DEAL + "\"; the game declares one of them itself: rename it")));
    }
  }

  /** The variables a match declares. */
  public static final String MATCH_TOTAL = "Total";
  public static final String MATCH_DEAL = "Deal";

  /** The first (match …) of several deals in the end section of the rules, or null. */
  private static Node.Call findMatch(Node n) {
    if (n instanceof Node.Call call) {
      if ("match".equals(call.headName()) && !isSingleDeal(call)) {
        return call;
      }
      for (Node a : call.args()) {
        Node.Call m = findMatch(a);
        if (m != null) {
          return m;
        }
      }
    } else if (n instanceof Node.Braces b) {
      for (Node a : b.items()) {
        Node.Call m = findMatch(a);
        if (m != null) {
          return m;
        }
      }
    } else if (n instanceof Node.Named nm) {
      return findMatch(nm.value());
    }
    return null;
  }

  private static void allMatches(Node n, List<Node.Call> out) {
    if (n instanceof Node.Call call) {
      if ("match".equals(call.headName()) && !isSingleDeal(call)) {
        out.add(call);
      }
      for (Node a : call.args()) {
        allMatches(a, out);
      }
    } else if (n instanceof Node.Braces b) {
      for (Node a : b.items()) {
        allMatches(a, out);
      }
    } else if (n instanceof Node.Named nm) {
      allMatches(nm.value(), out);
    }
  }

  /** {@code (match OUTCOME to:0 …)}: a single deal, the game as it is (the match compiles to its outcome alone). */
  public static boolean isSingleDeal(Node.Call match) {
    for (Node a : match.args()) {
      if (a instanceof Node.Named nm && nm.name().equals("to") && nm.value() instanceof Node.Int i
          && i.value() == 0) {
        return true;
      }
    }
    return false;
  }

  private static Node.Call findGame(List<Node> forms, String sourceName) throws DslException {
    Node.Call game = null;
    for (Node f : forms) {
      if (f instanceof Node.Call call && "game".equals(call.headName())) {
        if (game != null) {
          throw new DslException(Diagnostic.at(f.pos(), "a file holds one (game …)"));
        }
        game = call;
      } else {
        throw new DslException(Diagnostic.at(f.pos(), "expected (game …), (define …) or (option …) at top level, found "
            + f.kind(), "(game \"Name\" …)"));
      }
    }
    if (game == null) {
      throw new DslException(Diagnostic.at(new veil.dsl.Pos(veil.dsl.Source.of(sourceName, ""), 1, 1, 0),
          "no (game …) in this file", "(game \"Name\" (players N) (equipment {…}) (rules …))"));
    }
    return game;
  }

  private static final List<String> GAME_SECTIONS =
      List.of("players", "teams", "description", "bound", "equipment", "vars", "rules");

  private Map<String, Node.Call> sections(List<Node> parts) throws DslException {
    Map<String, Node.Call> out = new LinkedHashMap<>();
    for (Node n : parts) {
      String head = n instanceof Node.Call call ? call.headName() : null;
      if (head == null || !GAME_SECTIONS.contains(head)) {
        throw new DslException(new Diagnostic(n.pos(), "unexpected " + n.kind() + " in (game …)",
            "(players …) (description …) (bound …) (equipment {…}) (vars {…}) (rules …)",
            head == null ? List.of() : veil.dsl.Names.nearest(head, GAME_SECTIONS, 2)));
      }
      if (out.put(head, (Node.Call) n) != null) {
        throw new DslException(Diagnostic.at(n.pos(), "(" + head + " …) appears twice"));
      }
    }
    return out;
  }

  /** {@code (teams {{P1 P3} {P2 P4}})}: each player in exactly one team; a team is numbered by its first member. */
  private void teams(Node.Call t) throws DslException {
    if (t == null) {
      return;
    }
    String hint = "(teams {{P1 P3} {P2 P4}})";
    if (t.args().size() != 1 || !(t.args().get(0) instanceof Node.Braces all) || all.items().size() < 2) {
      throw new DslException(Diagnostic.at(t.pos(), "(teams …) needs a list of two or more teams", hint));
    }
    int n = c.game.players;
    int[] team = new int[n];
    java.util.Arrays.fill(team, -1);
    for (Node item : all.items()) {
      if (!(item instanceof Node.Braces members) || members.items().isEmpty()) {
        throw new DslException(Diagnostic.at(item.pos(), "a team is a list of players", hint));
      }
      int first = -1;
      for (Node m : members.items()) {
        int p = -1;
        if (m instanceof Node.Sym sym) {
          for (int k = 0; k < n; k++) {
            if (c.game.playerNames.get(k).equalsIgnoreCase(sym.name())) {
              p = k;
            }
          }
        }
        if (p < 0) {
          throw new DslException(Diagnostic.at(m.pos(), "expected a player in a team, found " + m.kind(), String.join(" ", c.game.playerNames)));
        }
        if (team[p] >= 0) {
          throw new DslException(Diagnostic.at(m.pos(), "player " + c.game.playerNames.get(p)
              + " is in two teams: a player plays for one side"));
        }
        first = first < 0 ? p : first;
        team[p] = first;
      }
    }
    for (int p = 0; p < n; p++) {
      if (team[p] < 0) {
        throw new DslException(Diagnostic.at(t.pos(), "player " + c.game.playerNames.get(p)
            + " is in no team: every player plays for one side", hint));
      }
    }
    c.game.teams = team;
  }

  private void players(Node.Call p, Node.Call game) throws DslException {
    if (p == null || p.args().size() != 1) {
      throw new DslException(Diagnostic.at(p == null ? game.pos() : p.pos(), "the game must say its players",
          "(players N) with N in 2..16, or (players {Name Name …})"));
    }
    Node arg = p.args().get(0);
    if (arg instanceof Node.Int m && m.value() == 1 || arg instanceof Node.Braces one && one.items().size() == 1) {
      // An outcome ranks the players against each other; alone, a player would have no rank to score.
      throw new DslException(Diagnostic.at(arg.pos(), "a ludeme game has 2 to 16 players: its outcome (result,"
          + " byScore, ranking) ranks them against each other, and one player alone has no score",
          "(players 2) or more; a one-player puzzle can be written in GDL-II (.kif) with its own goal values"));
    }
    if (arg instanceof Node.Int n && n.value() >= 2 && n.value() <= 16) {
      for (int k = 1; k <= n.value(); k++) {
        c.game.playerNames.add("p" + k);
      }
    } else if (arg instanceof Node.Braces b && b.items().size() >= 2 && b.items().size() <= 16) {
      for (Node x : b.items()) {
        String name = veil.ludeme.Names.gdl(Compiler.text(x));
        if (name.equals("random") || c.game.playerNames.contains(name)) {
          throw new DslException(Diagnostic.at(x.pos(), "player name " + name + " is taken"));
        }
        c.game.playerNames.add(name);
      }
    } else {
      throw new DslException(Diagnostic.at(arg.pos(), "expected the number of players (2..16) or a list of 2 to 16 names",
          "(players 4) or (players {White Black})"));
    }
    c.game.players = c.game.playerNames.size();
  }

  private static List<Node> list(Node.Call section) {
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

  // ------------------------------------------------------------------ rules

  private static final List<String> RULE_SECTIONS = List.of("start", "play", "phases", "end");

  /** The deals and draws a rules tree can queue at once: its (deal …) and (draw …) calls, times players in a forEach. */
  static int dealSitesIn(Node n, int players) {
    if (n instanceof Node.Call c) {
      String head = c.headName();
      if ("deal".equals(head) || "draw".equals(head)) {
        return 1;
      }
      int sum = 0;
      for (Node item : c.items()) {
        sum += dealSitesIn(item, players);
      }
      return "forEach".equals(head) ? sum * players : sum;
    }
    if (n instanceof Node.Braces b) {
      int sum = 0;
      for (Node item : b.items()) {
        sum += dealSitesIn(item, players);
      }
      return sum;
    }
    return 0;
  }

  private void rules(Node.Call rules) throws DslException {
    Map<String, Node> parts = new LinkedHashMap<>();
    for (Node n : rules.args()) {
      String head = n instanceof Node.Call call ? call.headName() : n instanceof Node.Named nm ? nm.name() : null;
      if (head == null || !RULE_SECTIONS.contains(head)) {
        throw new DslException(new Diagnostic(n.pos(), "unexpected " + n.kind() + " in (rules …)",
            "(start …) (play …) (phases {…}) (end …)",
            head == null ? List.of() : veil.dsl.Names.nearest(head, RULE_SECTIONS, 2)));
      }
      if (parts.put(head, n) != null) {
        throw new DslException(Diagnostic.at(n.pos(), "(" + head + " …) appears twice in (rules …)"));
      }
    }
    if (parts.containsKey("play") == parts.containsKey("phases")) {
      throw new DslException(Diagnostic.at(rules.pos(), "(rules …) needs either one (play …) or (phases {…})",
          "(play …) or (phases {(phase \"Name\" (play …) (nextPhase cond \"Other\")) …})"));
    }
    if (!parts.containsKey("end")) {
      throw new DslException(Diagnostic.at(rules.pos(), "(rules …) needs an (end …)", "(end (if cond outcome))"));
    }
    List<Node.Call> phaseNodes = new ArrayList<>();
    if (parts.containsKey("phases")) {
      Node ph = parts.get("phases");
      List<Node> items = ph instanceof Node.Named nm ? listOf(nm.value()) : list((Node.Call) ph);
      for (Node item : items) {
        if (!(item instanceof Node.Call call) || !"phase".equals(call.headName()) || call.args().isEmpty()) {
          throw new DslException(Diagnostic.at(item.pos(), "expected (phase \"Name\" (play …) …)"));
        }
        String name = Compiler.text(call.args().get(0));
        if (c.phaseIndex.put(name, c.phaseIndex.size()) != null) {
          throw new DslException(Diagnostic.at(item.pos(), "phase \"" + name + "\" is declared twice"));
        }
        phaseNodes.add(call);
      }
      if (phaseNodes.isEmpty()) {
        throw new DslException(Diagnostic.at(ph.pos(), "(phases {…}) is empty"));
      }
    }
    if (parts.containsKey("start")) {
      try {
        List<Node> items = list((Node.Call) parts.get("start"));
        startSyntax.addAll(items);
        List<List<Node>> segments = GameSyntax.segments(items);
        Effect[] runs = new Effect[segments.size()];
        for (int k = 0; k < runs.length; k++) {
          List<Node> seg = segments.get(k);
          Effect[] effects = new Effect[seg.size()];
          for (int i = 0; i < effects.length; i++) {
            c.startItem = seg.get(i);
            effects[i] = c.effect(seg.get(i));
          }
          runs[k] = s -> {
            for (Effect e : effects) {
              e.run(s);
            }
          };
        }
        c.startItem = null;
        c.game.start = runs[0];
        c.game.startLater = java.util.Arrays.copyOfRange(runs, 1, runs.length);
      } catch (DslException e) {
        c.error(e);
      }
    }
    if (parts.containsKey("play")) {
      try {
        c.game.phases.add(phase("Play", false, (Node.Call) parts.get("play"), null, List.of()));
      } catch (DslException e) {
        c.error(e);
      }
    } else {
      for (Node.Call ph : phaseNodes) {
        try {
          c.game.phases.add(phaseOf(ph));
        } catch (DslException e) {
          c.error(e);
        }
      }
    }
    try {
      end(parts.get("end"));
    } catch (DslException e) {
      c.error(e);
    }
  }

  private static List<Node> listOf(Node n) {
    return n instanceof Node.Braces b ? b.items() : List.of(n);
  }

  /** {@code (phase "Name" [simultaneous:True] (play …) [entry:effect] (nextPhase cond "Other" [then:effect]) …)}. */
  private Phase phaseOf(Node.Call ph) throws DslException {
    String name = Compiler.text(ph.args().get(0));
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
        simultaneous = "True".equals(Compiler.text(nm.value()));
      } else {
        throw new DslException(Diagnostic.at(n.pos(), "unexpected " + n.kind() + " in (phase …)",
            "(play …) (nextPhase cond \"Phase\") entry:effect simultaneous:True"));
      }
    }
    if (play == null) {
      throw new DslException(Diagnostic.at(ph.pos(), "phase \"" + name + "\" has no (play …)"));
    }
    return phase(name, simultaneous, play, entry, transitions);
  }

  /** {@code (play move [then:effect] [simultaneous:True])}. */
  private Phase phase(String name, boolean simultaneous, Node.Call play, Node entryNode,
      List<Node.Call> transitions) throws DslException {
    Effect entry = entryNode == null ? Effect.NONE : c.effect(entryNode);
    MoveRule rule = null;
    Node moveNode = null;
    Effect then = Effect.NONE;
    Node thenNode = null;
    IntExpr by = null;
    Node byNode = null;
    for (Node n : play.args()) {
      if (n instanceof Node.Named nm && nm.name().equals("then")) {
        thenNode = nm.value();
        then = c.effect(thenNode);
      } else if (n instanceof Node.Named nm && nm.name().equals("by")) {
        byNode = nm.value();
        by = c.intExpr(byNode);
      } else if (n instanceof Node.Named nm && nm.name().equals("simultaneous")) {
        simultaneous = "True".equals(Compiler.text(nm.value()));
      } else if (rule == null && !(n instanceof Node.Named)) {
        moveNode = n;
        rule = c.move(n);
      } else {
        throw new DslException(Diagnostic.at(n.pos(), "unexpected " + n.kind() + " in (play …)",
            "(play move then:effect simultaneous:True by:player)"));
      }
    }
    if (rule == null) {
      throw new DslException(Diagnostic.at(play.pos(), "(play …) needs a move rule", c.expectedNames(Type.MOVE)));
    }
    if (by != null && simultaneous) {
      throw new DslException(Diagnostic.at(byNode.pos(), "by: names who moves for the mover; in a simultaneous "
          + "phase every player moves for itself", "(play move by:player) in a turn-based phase"));
    }
    if (rule.managesTurn() && simultaneous) {
      throw new DslException(Diagnostic.at(play.pos(), "a trick cannot be played simultaneously"));
    }
    Effect ruleEntry = rule.entry();
    Effect phaseEntry = entry;
    Effect fullEntry = ruleEntry == null ? entry : s -> {
      ruleEntry.run(s);
      phaseEntry.run(s);
    };
    BoolExpr[] when = new BoolExpr[transitions.size()];
    int[] to = new int[transitions.size()];
    Effect[] thens = new Effect[transitions.size()];
    List<GameSyntax.Transition> transitionSyntax = new ArrayList<>();
    for (int i = 0; i < when.length; i++) {
      Node.Call t = transitions.get(i);
      List<Node> targs = new ArrayList<>();
      Effect tthen = Effect.NONE;
      Node tthenNode = null;
      for (Node n : t.args()) {
        if (n instanceof Node.Named nm && nm.name().equals("then")) {
          tthenNode = nm.value();
          tthen = c.effect(tthenNode);
        } else {
          targs.add(n);
        }
      }
      if (targs.size() != 2) {
        throw new DslException(Diagnostic.at(t.pos(), "expected (nextPhase cond \"Phase\" [then:effect])"));
      }
      when[i] = c.bool(targs.get(0));
      String target = Compiler.text(targs.get(1));
      Integer idx = c.phaseIndex.get(target);
      if (idx == null) {
        throw new DslException(new Diagnostic(targs.get(1).pos(), "no phase named \"" + target + "\"",
            String.join(" ", c.phaseIndex.keySet()), veil.dsl.Names.nearest(target, c.phaseIndex.keySet(), 3)));
      }
      to[i] = idx;
      thens[i] = tthen;
      transitionSyntax.add(new GameSyntax.Transition(targs.get(0), target, tthenNode));
    }
    Phase.JointResolver resolver = rule instanceof Phase.JointResolver r ? r : null;
    if (resolver != null && !simultaneous) {
      throw new DslException(Diagnostic.at(play.pos(), "(claim …) is played simultaneously",
          "(play (claim) simultaneous:True)"));
    }
    phaseSyntax.add(new GameSyntax.PhaseSyntax(name, simultaneous, moveNode, thenNode, entryNode, transitionSyntax,
        byNode));
    return new Phase(name, simultaneous, rule, then, fullEntry, when, to, thens, resolver, by);
  }

  /** {@code (end rule)} or {@code (end {rule …})}, each rule {@code (if cond outcome [before:effect])}. */
  private void end(Node end) throws DslException {
    for (Node item : list((Node.Call) end)) {
      if (!(item instanceof Node.Call call) || !"if".equals(call.headName())) {
        throw new DslException(Diagnostic.at(item.pos(), "expected (if cond outcome) in (end …)",
            "(if cond (result Who Win|Loss|Draw)) or (if cond (byScore …))"));
      }
      List<Node> pos = new ArrayList<>();
      Effect before = Effect.NONE;
      Node beforeNode = null;
      for (Node n : call.args()) {
        if (n instanceof Node.Named nm && nm.name().equals("before")) {
          beforeNode = nm.value();
          before = c.effect(beforeNode);
        } else {
          pos.add(n);
        }
      }
      if (pos.size() != 2) {
        throw new DslException(Diagnostic.at(call.pos(), "expected (if cond outcome [before:effect]) in (end …)"));
      }
      Node outcomeNode = pos.get(1);
      if (outcomeNode instanceof Node.Call mc && "match".equals(mc.headName()) && isSingleDeal(mc)
          && !mc.args().isEmpty() && !(mc.args().get(0) instanceof Node.Named)) {
        c.checkOnly(outcomeNode, Type.OUTCOME); // checks the match's arguments
        outcomeNode = mc.args().get(0); // to:0: one deal, the game as it is
        pos.set(1, outcomeNode);
      }
      veil.ludeme.Outcome outcome = c.outcome(outcomeNode);
      if (!c.game.endRules.isEmpty()) {
        veil.model.PayoffRange first = c.game.endRules.get(0).outcome().payoffRange();
        if (!java.util.Objects.equals(first, outcome.payoffRange())) {
          throw new DslException(Diagnostic.at(pos.get(1).pos(), first == null
              ? "a payoff after an end rule that ranks: every end rule of a game pays amounts, or none does"
              : "every end rule of a game that pays amounts pays them with the same range " + first.lo() + ".."
                  + first.hi(), first == null ? "(result …), (byScore …) or (ranking …)"
                  : "(payoff amount range:" + first.lo() + ".." + first.hi() + ")"));
        }
      }
      c.game.endRules.add(new EndRule(c.bool(pos.get(0)), before, outcome));
      endSyntax.add(new GameSyntax.EndSyntax(pos.get(0), pos.get(1), beforeNode));
    }
  }
}
