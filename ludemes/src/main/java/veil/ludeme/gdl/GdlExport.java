package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.compile.GameSyntax;
import veil.model.State;

/**
 * Exports a ludeme game as GDL-II rules (KIF). The compiled closures cannot be printed, so the rules are translated
 * from the game's syntax (after defines and options are expanded), ludeme by ludeme ({@link GdlEmitter}), with the
 * compiled game for its tables: cards, places and who sees them, maps, variables, phases. The initial state is the
 * engine's own, written as init facts.
 *
 * <p>One GDL transition is one engine step, effects and settling included: the effects of a step become a chain
 * of versions of the state ({@link Store}, {@link Flow}); numbers take their values from finite tables sized by an
 * analysis that repeats the translation until the values a step can produce are known ({@link Analysis}).
 */
public final class GdlExport {
  private GdlExport() {}

  /**
   * The exported rules.
   *
   * @param game the compiled game the rules were exported from
   * @param kif the rules
   * @param ruleCount how many rules and facts were written
   * @param families the fluents of the exported state (e.g. at, control)
   * @param encoder a native state as the facts of those fluents
   */
  public record Exported(CompiledGame game, String kif, int ruleCount, List<String> families,
      java.util.function.Function<LudState, List<String>> encoder) {
    /** The facts of the exported state that a native state corresponds to, sorted (for state comparison). */
    public List<String> facts(State s) {
      List<String> out = new ArrayList<>(encoder.apply((LudState) s));
      Collections.sort(out);
      return out;
    }
  }

  /**
   * Exports a compiled game, reading the rules as its compiler found them ({@link CompiledGame#syntax()}) and
   * asking each ludeme of its language for its translation ({@link veil.ludeme.compile.Ludeme#gdl()}).
   */
  public static Exported export(CompiledGame game) throws ExportException {
    if (game.syntax() == null) {
      throw new ExportException("export-gdl: " + game.name + " was not compiled from a .lud text");
    }
    return export(game, new Emitters(game.syntax().language()));
  }

  /** With a given set of ludeme translations (tests take one away). */
  public static Exported export(CompiledGame game, Emitters em) throws ExportException {
    GameSyntax syn = game.syntax();
    Analysis an = new Analysis();
    LudState start = game.initialState();
    boolean deals = syn.dealSites() > 0;
    // Deals queued at once: those of the start, and every deal a step can queue (sites, loops unrolled), up to
    // the engine's capacity (beyond which it fails). Found by the passes like the numbers.
    int[] queue = {Math.min(game.layout.pendingCapacity,
        Math.max(1, start.v[veil.ludeme.Slot.PENDING] + syn.dealSites()))};
    Program out = null;
    // A move named like a constant word, reported once the translation went through (a ludeme without a
    // translation is the more basic reason and is reported first).
    String[] lastClash = {null};
    Families fam = null;
    int reads = -1;
    int passes = Math.max(2, game.stepBound + 2);
    for (int pass = 0; pass < passes; pass++) {
      out = new Program();
      Model m = new Model(game, out);
      fam = new Families(an, m, start);
      an.noteDealCounts(fam.pendingCounts(start));
      an.beginPass();
      Pass done = translate(game, syn, m, out, fam, an, deals, queue[0], start, em, pass == 0);
      lastClash[0] = done.verbClash();
      int unwritten = done.unwrittenReads();
      // Every deal site can queue one deal in a step (loops are unrolled), besides those of the start.
      int needed = Math.min(game.layout.pendingCapacity, Math.max(queue[0],
          start.v[veil.ludeme.Slot.PENDING] + done.enqueues()));
      if (needed != queue[0]) {
        queue[0] = needed;
        unwritten++;
      }
      int nowRead = readCount(an);
      an.widenCounters(game.stepBound);
      boolean changed = an.changedSinceLastAsked();
      if (pass > 0 && !changed && nowRead == reads && unwritten == 0) {
        break;
      }
      reads = nowRead;
      if (pass == passes - 1 && nowRead != reads) {
        throw new ExportException("export-gdl: the translation did not settle (internal error)");
      }
    }
    List<String> fluents = new ArrayList<>();
    for (Family f : an.families()) {
      if (f.read) {
        fluents.add(f.fluent);
      }
    }
    if (lastClash[0] != null) {
      throw new ExportException(lastClash[0]);
    }
    checkNames(new Model(game, new Program()), out, fluents);
    List<String> exported = new ArrayList<>();
    List<Family> fams = new ArrayList<>();
    for (Family f : an.families()) {
      if (f.persistent && f.read) {
        exported.add(f.fluent);
        fams.add(f);
      }
    }
    return new Exported(game, out.text(), out.ruleCount(), exported, s -> {
      List<String> facts = new ArrayList<>();
      for (Family f : fams) {
        facts.addAll(f.encode.apply(s));
      }
      return facts;
    });
  }

  private static int readCount(Analysis an) {
    int k = 0;
    for (Family f : an.families()) {
      k += f.read ? 1 : 0;
    }
    return k;
  }

  private static Pass translate(CompiledGame game, GameSyntax syn, Model m, Program out, Families fam, Analysis an,
      boolean deals, int queue, LudState start, Emitters em, boolean firstPass) throws ExportException {
    out.header("GDL-II rules of " + game.name + ", exported by veil export-gdl from " + game.sourceName + ".");
    if (!game.description.isEmpty()) {
      out.header(game.description);
    }
    out.header("");
    out.header("One transition is one step of Veil's engine: a chance deal while one is pending, else the players'");
    out.header("moves and their effects, then settling (finished deals dropped, the end checked, phases entered");
    out.header("or left). Players are roles, cards are (card RANK SUIT) terms, places are their instances;");
    out.header("numbers are numerals with finite tables (plus, lt, …) covering the values a game can reach.");
    int top = out.mark();
    Flow flow = new Flow(m, out, fam, an, em);
    List<MoveGdl> moves = new ArrayList<>();
    for (GameSyntax.PhaseSyntax ps : syn.phases()) {
      moves.add(MoveRuleGdl.move(ps.move(), flow.x));
    }
    checkVerbs(moves);
    String clash = verbClash(moves, m.constantWords());
    try {
      Legal.write(new Exprs(m, out, fam, em, new Store(an)), syn, moves, deals);
    } catch (ExportException e) {
      // The legal moves may compare a variable with a player ((play … by:(var "Declarer")), a bid's if:) before the
      // step that sets it has told the first pass what the variable holds; the next passes know, and say it again
      // if the error is real (there are always at least two).
      if (!firstPass) {
        throw e;
      }
    }
    new Step(flow, syn, moves, deals, queue).run();
    // Numbers written by the step may be read at the start of the next one.
    for (Family f : an.families()) {
      if (f.persistent && f.valued && f.valueKind == Kind.NUM && flow.store.version(f) > 0) {
        an.add(f, flow.store.nums(f));
      }
    }
    for (int k = 1; !an.dealCounts().isEmpty() && k <= an.dealCounts().last(); k++) {
      out.table("dealleft", "(dealleft " + k + " " + (k - 1) + ")",
          "(dealleft n m): after one more card of a deal, m of its n cards are left to deal");
    }
    if (deals) {
      new Step(flow, syn, moves, deals, queue).queueNext();
    }
    out.section("The next state: each family as the step left it.");
    for (Family f : an.families()) {
      if (!f.persistent || !f.read) {
        continue;
      }
      List<String> key = new ArrayList<>();
      for (int i = 0; i < f.keys; i++) {
        key.add(out.var());
      }
      String v = f.valued ? out.var() : null;
      int ver = flow.store.version(f);
      String now = ver == 0 ? "(true " + f.term(key, v) + ")" : f.stage(ver, key, v);
      out.rule("(next " + f.term(key, v) + ")", List.of(now));
    }
    out.section("The end: goals are written into the state when the game ends.");
    out.rule("terminal", List.of("(true terminated)"));
    String p = out.var();
    String goal = out.var();
    out.rule(Program.atom("goal", p, goal), List.of("(true " + Program.atom("goalvalue", p, goal) + ")"));
    if (game.hasRandom) {
      out.fact("(goal random 0)");
    }
    fam.score().read = true;
    fam.terminated().read = true;
    // Roles and the initial state go first.
    List<String> roles = new ArrayList<>();
    for (String r : game.roleNames()) {
      roles.add("(role " + r + ")");
    }
    List<String> init = new ArrayList<>();
    for (Family f : an.families()) {
      if (f.persistent && f.read) {
        for (String fact : f.encode.apply(start)) {
          init.add("(init " + fact + ")");
        }
      }
    }
    out.insert(top, "The initial state (the engine's, after the start rules).", init);
    out.insert(top, "Roles.", roles);
    return new Pass(flow.store.unwrittenReads, flow.enqueues, clash);
  }

  /** What a pass found: reads of registers not yet written, and deal sites. */
  private record Pass(int unwrittenReads, int enqueues, String verbClash) {}

  /**
   * Whether the phases of a game can return to one they left (a deal, play and a score, then the deal again). The
   * engine then bounds the phase changes of one step by the number of phases ({@link CompiledGame}'s settling), and
   * the export unrolls settling that far ({@link Step}).
   */
  static boolean phasesCycle(CompiledGame game) {
    int n = game.phaseCount();
    boolean[][] edge = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int to : game.phase(i).exitTargets()) {
        edge[i][to] = true;
      }
    }
    for (int k = 0; k < n; k++) {
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          edge[i][j] |= edge[i][k] && edge[k][j];
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (edge[i][i]) {
        return true;
      }
    }
    return false;
  }

  /** Two actions with one GDL name could not be told apart. */
  private static void checkVerbs(List<MoveGdl> moves) throws ExportException {
    for (MoveGdl mg : moves) {
      List<ActionGdl> actions = new ArrayList<>();
      mg.actions(actions);
      Map<String, ActionGdl> seen = new HashMap<>();
      for (ActionGdl a : actions) {
        ActionGdl other = seen.putIfAbsent(a.verb(), a);
        if (other != null) {
          throw new ExportException("export-gdl: " + where(a) + ": two moves of one phase are both named " + a.verb()
              + " (the other at " + where(other) + "); give them different name: arguments");
        }
      }
    }
  }

  /** Where a move was written, file:line:col ("?" when it has no source). */
  private static String where(ActionGdl a) {
    return a.source() == null ? "?" : ExportException.where(a.source().pos());
  }

  /**
   * A move that names a card, (attack CARD), must not share its name with a word the rules write as a constant (a
   * shared place "Attack" is the constant attack): one symbol with two arities, which GDL-II does not allow. A place
   * per player, (show p1), has one argument as the move has, and may share its name.
   */
  private static String verbClash(List<MoveGdl> moves, Set<String> words) {
    for (MoveGdl mg : moves) {
      List<ActionGdl> actions = new ArrayList<>();
      mg.actions(actions);
      for (ActionGdl a : actions) {
        if (a.hasCard() && words.contains(a.verb())) {
          return "export-gdl: " + where(a) + ": the move name " + a.verb() + " is also the GDL-II name of a shared "
              + "place, suit, rank, player, phase or told word of the game; give the move another name: argument";
        }
      }
    }
    return null;
  }

  /** The relations written must not be words of the game (places, suits, …): they would read as one symbol. */
  private static void checkNames(Model m, Program out, List<String> fluents) throws ExportException {
    Set<String> words = m.gameWords();
    Set<String> clash = new TreeSet<>();
    Set<String> keywords = new HashSet<>(List.of("role", "init", "true", "next", "legal", "does", "goal",
        "terminal", "sees", "distinct", "not", "or", "and", "base", "input", "percept"));
    Map<String, Boolean> seen = new HashMap<>();
    List<String> ours = new ArrayList<>(out.relations());
    ours.addAll(fluents);
    for (String r : ours) {
      if (words.contains(r) && !keywords.contains(r)) {
        clash.add(r);
      }
      seen.put(r, true);
    }
    for (String w : words) {
      if (keywords.contains(w)) {
        clash.add(w);
      }
    }
    if (!clash.isEmpty()) {
      throw new ExportException("export-gdl: the game uses " + String.join(", ", clash)
          + " as a name, which the exported rules need for themselves; rename it");
    }
  }
}
