package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.CompiledGame;
import veil.ludeme.compile.GameSyntax;
import veil.ludeme.compile.Type;

/**
 * One step of the game as GDL rules, in the engine's order ({@link CompiledGame#apply}): a chance deal while one is
 * pending, else the players' moves of the current phase (then the turn passes and then: runs); the step counter;
 * then the game settles — finished deals are dropped, the end rules are checked, and the phase is entered or left —
 * unrolled a bounded number of times.
 */
public final class Step {
  private final Flow f;
  private final Model m;
  private final GameSyntax syn;
  private final List<MoveGdl> moves;
  private final boolean deals;
  private final int queue;

  public Step(Flow f, GameSyntax syn, List<MoveGdl> moves, boolean deals, int queue) {
    this.f = f;
    this.m = f.m;
    this.syn = syn;
    this.moves = moves;
    this.deals = deals;
    this.queue = queue;
  }

  public void run() throws ExportException {
    f.out.section("The step: a chance deal while one is pending, else the players' moves; then the game settles.\n"
        + "Relations with a number suffix are the state as it is after each effect of the step.");
    String dealing = null;
    if (deals) {
      dealing = f.sub(List.of(f.store.read(f.fam.pending(), List.of("0"), f.out.var())));
      f.under(dealing, this::dealOne);
    }
    String playing = dealing == null ? null : f.sub(List.of(Program.not(dealing)));
    f.under(playing, this::playerMoves);
    f.increment(f.fam.step());
    settle();
  }

  // ---------------------------------------------------------------- chance

  /** Random's (deal CARD): the card goes from the first pending deal's source to its destination. */
  private void dealOne() throws ExportException {
    Family pend = f.fam.pending();
    String c = f.out.var();
    String s = f.out.var();
    String d = f.out.var();
    String r = f.out.var();
    String n = f.out.var();
    String head = f.store.read(pend, List.of("0"), Program.atom("todeal", s, d, r, n));
    String route = f.out.rel("dealroute");
    f.out.rule(Program.atom(route, s, d), List.of(head));
    List<String> body = List.of(Program.atom("does", "random", Program.atom("deal", c)), Program.atom(route, s, d));
    f.moveCard(c, s, d, body);
    String n2 = f.out.var();
    String d2 = f.out.var();
    String head2 = f.store.read(pend, List.of("0"), Program.atom("todeal", s, d, r, n));
    f.write(pend, List.of(new Flow.W(List.of("0"), Program.atom("todeal", s, d2, r, n2),
        List.of(head2, Program.atom("dealleft", n, n2), Program.atom(dealNext(), r, d, d2)), null)));
  }

  /** (dealnext ROTATE D D2): where the next card of a deal goes. */
  private String dealNext() {
    if (f.out.once("dealnext")) {
      String comment = "(dealnext rotate d d2): a deal to each player in turn passes to the next player's place";
      for (String i : m.inst) {
        f.out.table("dealnext", "(dealnext no " + i + " " + i + ")", comment);
      }
      for (veil.ludeme.PlaceTable.Def def : m.game.placeDefs) {
        if (def.perPlayer()) {
          for (int p = 0; p < m.n; p++) {
            f.out.table("dealnext", "(dealnext yes " + m.instance(def, p) + " " + m.instance(def, (p + 1) % m.n)
                + ")", comment);
          }
        }
      }
    }
    return "dealnext";
  }

  /** Drops the first pending deal when it has no card left to deal or its source is empty. */
  private void dropFinished() {
    Family pend = f.fam.pending();
    Family at = f.fam.at();
    String s = f.out.var();
    String d = f.out.var();
    String r = f.out.var();
    String n = f.out.var();
    String c = f.out.var();
    String full = f.out.rel("sourceleft");
    String source = f.out.rel("dealsource");
    String head = f.store.read(pend, List.of("0"), Program.atom("todeal", s, d, r, n));
    f.out.rule(Program.atom(source, s), List.of(head));
    f.out.rule(Program.atom(full, s), List.of(Program.atom(source, s), f.store.read(at, List.of(c), s)));
    String done = f.out.rel("dealdone");
    f.out.rule(done, List.of(f.store.read(pend, List.of("0"), Program.atom("todeal", s, d, r, "0"))));
    f.out.rule(done, List.of(head, Program.not(Program.atom(full, s))));
    String drop = f.sub(List.of(done));
    // Shift the queue down by one.
    String i = f.out.var();
    String j = f.out.var();
    String v = f.out.var();
    String prev = f.store.read(pend, List.of(j), v);
    String prevSame = f.store.read(pend, List.of(i), v);
    int ver = f.store.bump(pend, null);
    f.out.rule(pend.stage(ver, List.of(i), v), List.of(drop, prev, Program.atom(queueNext(), i, j)));
    f.out.rule(pend.stage(ver, List.of(i), v), List.of(prevSame, Program.not(drop)));
  }

  /** (qnext I J): J = I + 1 for positions of the deal queue. */
  public String queueNext() {
    if (f.out.once("qnext")) {
      for (int k = 0; k + 1 < queue; k++) {
        f.out.table("qnext", "(qnext " + k + " " + (k + 1) + ")", "(qnext i j): positions of the deal queue");
      }
      if (queue < 2) {
        f.out.table("qnext", "(qnext 0 1)", "(qnext i j): positions of the deal queue");
      }
    }
    return "qnext";
  }

  // ---------------------------------------------------------------- moves

  private String phaseLit(int i) {
    return f.store.read(f.fam.phase(), List.of(), m.phaseTerm(i));
  }

  private void playerMoves() throws ExportException {
    CompiledGame g = m.game;
    f.an.beginAlternatives(); // a step plays the moves of one phase: counters move by one phase's adds at most
    for (int i = 0; i < g.phaseCount(); i++) {
      int ph = i;
      String guard = g.phaseCount() > 1 ? f.sub(List.of(phaseLit(i))) : f.guard();
      f.under(guard, () -> phaseMoves(ph));
      f.an.endAlternative();
    }
    f.an.endAlternatives();
  }

  private void phaseMoves(int i) throws ExportException {
    GameSyntax.PhaseSyntax ps = syn.phases().get(i);
    MoveGdl mg = moves.get(i);
    List<ActionGdl> actions = new ArrayList<>();
    mg.actions(actions);
    if (ps.simultaneous()) {
      if (actions.size() == 1 && actions.get(0) instanceof JointActionGdl joint) {
        joint.applyJoint(f);
      } else {
        for (ActionGdl a : actions) {
          if (a instanceof JointActionGdl) {
            throw new ExportException("export-gdl: (" + a.verb() + ") is resolved jointly and must be its phase's "
                + "only move rule");
          }
        }
        for (int p = 0; p < m.n; p++) {
          Val me = Val.of(m.player[p], Kind.PLAYER);
          f.setCur(me, List.of());
          act(actions, me.term());
        }
      }
      curFromControl();
      f.effect(ps.then(), Ctx.EMPTY);
      return;
    }
    String p = f.out.var();
    String mover = f.store.read(f.fam.control(), List.of(), p);
    f.setCur(Val.of(p, Kind.PLAYER), List.of(mover));
    act(actions, f.out.var());
    f.set(f.fam.lastMover(), List.of(), Val.of(p, Kind.PLAYER), List.of(mover));
    f.increment(f.fam.turns());
    boolean manages = false;
    for (ActionGdl a : actions) {
      manages |= a.managesTurn();
    }
    if (!manages) {
      List<String> body = new ArrayList<>();
      Val now = f.x.read(f.fam.control(), List.of(), body);
      f.set(f.fam.control(), List.of(), f.x.seat(now, 1, body), body);
    }
    curFromControl();
    f.effect(ps.then(), Ctx.EMPTY);
  }

  /** Each action, under the guard that the role (a constant, or a variable for the mover) played it. */
  private void act(List<ActionGdl> actions, String role) throws ExportException {
    for (ActionGdl a : actions) {
      String card = a.hasCard() ? f.out.var() : null;
      String does = Program.atom("does", role, a.hasCard() ? Program.atom(a.verb(), card) : a.verb());
      if (a.namesCard() && m.copies) {
        // The move names a face; the card that moves is the lowest copy the rules allowed.
        String rel = f.out.rel("playedcopy");
        String r = f.out.var();
        String c = f.out.var();
        String face = f.out.var();
        f.out.rule(Program.atom(rel, r, c), List.of(Program.atom("does", r, Program.atom(a.verb(), face)),
            Program.atom(m.faceOf(), c, face), Program.atom(Model.ID_LEGAL, r, Program.atom(a.verb(), c)),
            Program.not(Program.atom(Model.LOWER_LEGAL, r, Program.atom(a.verb(), c)))));
        does = Program.atom(rel, role, card);
      }
      String lit = does;
      String played = f.sub(List.of(lit));
      f.under(played, () -> a.apply(f, card, lit));
    }
  }

  /** s.cur = MOVER: the mover register follows control (only written when someone reads it). */
  private void curFromControl() {
    if (!f.fam.cur().read) {
      return;
    }
    List<String> body = new ArrayList<>();
    Val c = f.x.read(f.fam.control(), List.of(), body);
    f.setCur(c, body);
  }

  // ---------------------------------------------------------------- settling

  private void settle() throws ExportException {
    f.out.section("Settling: drop finished deals, check the end, enter or leave phases (unrolled).");
    CompiledGame g = m.game;
    int n = g.phaseCount();
    boolean anyEntry = hasAnyEntry();
    // Which (phase, entering) a round can start in: any at first; then what an entry or an exit leads to.
    boolean[][] possible = new boolean[n][2];
    for (boolean[] p : possible) {
      p[0] = true;
      p[1] = anyEntry;
    }
    String going = f.guard();
    int enqueuedBefore = -1;
    int later = syn.startSegments().size() - 1;
    for (int round = 0; round <= 2 * n + 1 + 2 * later && (round == 0 || going != null); round++) {
      String now = going;
      List<String> next = new ArrayList<>();
      String[] after = new String[1];
      boolean drops = deals && f.enqueues != enqueuedBefore;
      enqueuedBefore = f.enqueues;
      boolean[][] could = possible;
      int r = round;
      f.under(now, () -> {
        String g2 = f.guard();
        if (drops) {
          for (int k = 0; k < queue; k++) {
            dropFinished();
          }
          String stillDealing = f.sub(List.of(f.store.read(f.fam.pending(), List.of("0"), f.out.var())));
          g2 = f.sub(List.of(Program.not(stillDealing)));
        }
        f.under(g2, () -> {
          curFromControl();
          after[0] = endRules();
        });
        f.under(after[0], () -> phaseChanges(next, could, r));
      });
      boolean[][] then = new boolean[n][2];
      for (int ph = 0; ph < n && round < later; ph++) {
        then[ph] = possible[ph].clone(); // a segment of start leaves the phase as it was
      }
      for (int ph = 0; ph < n; ph++) {
        if (possible[ph][1]) {
          then[ph][0] = true;
        }
        if (possible[ph][0]) {
          for (int to : g.phase(ph).exitTargets()) {
            then[to][anyEntry ? 1 : 0] = true;
          }
        }
      }
      possible = then;
      going = null;
      if (!next.isEmpty()) {
        going = f.out.rel("g");
        for (String x : next) {
          f.out.rule(going, List.of(x));
        }
      }
    }
    // Settling still going on after the last round has changed phase more often than the game has phases: a round
    // beyond start's segments enters a phase only after a change (or first), so those 2n + 2 rounds hold n + 1
    // changes, where the engine fails the step (a rule failure). Phases that never cycle cannot get there.
    if (going != null && !GdlExport.phasesCycle(g)) {
      throw new ExportException("export-gdl: settling " + g.name + " takes more rounds than its phases allow");
    }
  }

  /** The end rules at this point; returns the guard under which none held. */
  private String endRules() throws ExportException {
    List<String> conds = new ArrayList<>();
    for (GameSyntax.EndSyntax e : syn.ends()) {
      conds.add(f.condition(e.when(), Ctx.EMPTY));
    }
    List<String> noneYet = new ArrayList<>();
    for (int i = 0; i < conds.size(); i++) {
      List<String> lits = new ArrayList<>(noneYet);
      lits.add(conds.get(i));
      String fires = f.sub(lits);
      GameSyntax.EndSyntax e = syn.ends().get(i);
      f.under(fires, () -> {
        f.effect(e.before(), Ctx.EMPTY);
        Bound b = f.x.em.bind(e.outcome(), Type.OUTCOME);
        GdlEmitter em = f.x.em.emitter(b, Type.OUTCOME, GdlEmitter.class);
        if (em instanceof GdlEmitter.Match match) {
          match(match.emit(b));
        } else {
          finish(e.outcome());
        }
      });
      noneYet.add(Program.not(conds.get(i)));
    }
    return f.sub(noneYet);
  }

  /**
   * Phase entry (once chance has settled) or the first transition that holds, for the (phase, entering) pairs
   * possible in this round; the guards under which settling goes on are added to {@code continued}.
   */
  private void phaseChanges(List<String> continued, boolean[][] possible, int round) throws ExportException {
    List<List<Node>> segments = syn.startSegments();
    int later = segments.size() - 1;
    if (round >= later) {
      entryOrExit(continued, possible);
      return;
    }
    // Start's later segments first (the engine's ENTER >= 2): (starting K) runs segment K and passes to K + 1. Every
    // flag is read before any is written, so one round runs one segment: in round r only segments r + 1 and up can
    // still be waiting (a round's segment sets the next flag only).
    String[] on = new String[later + 1];
    List<String> none = new ArrayList<>();
    for (int k = round + 1; k <= later; k++) {
      on[k] = f.sub(List.of(f.store.read(f.fam.starting(k), List.of(), null)));
      none.add(Program.not(on[k]));
    }
    for (int k = round + 1; k <= later; k++) {
      int seg = k;
      f.under(on[k], () -> {
        f.write(f.fam.starting(seg), List.of(new Flow.W(List.of(), Flow.CLEAR, List.of(), null)));
        if (seg < later) {
          f.write(f.fam.starting(seg + 1), List.of(new Flow.W(List.of(), null, List.of(), null)));
        }
        for (Node item : segments.get(seg)) {
          f.effect(item, Ctx.EMPTY);
        }
      });
      continued.add(on[k]);
    }
    String noneLeft = f.sub(none);
    f.under(noneLeft, () -> entryOrExit(continued, possible));
  }

  /** Phase entry or exit (start's segments all run). */
  private void entryOrExit(List<String> continued, boolean[][] possible) throws ExportException {
    CompiledGame g = m.game;
    Family entering = f.fam.entering();
    boolean anyEntry = hasAnyEntry();
    boolean enterNow = false;
    for (boolean[] p : possible) {
      enterNow |= p[1];
    }
    String noEntry = f.guard();
    if (anyEntry) {
      String enter = f.sub(List.of(f.store.read(entering, List.of(), null)));
      noEntry = f.sub(List.of(Program.not(enter)));
      if (enterNow) {
        f.under(enter, () -> {
          f.write(entering, List.of(new Flow.W(List.of(), Flow.CLEAR, List.of(), null)));
          for (int i = 0; i < g.phaseCount(); i++) {
            if (!hasEntry(i) || !possible[i][1]) {
              continue;
            }
            int ph = i;
            String in = g.phaseCount() > 1 ? f.sub(List.of(phaseLit(i))) : f.guard();
            f.under(in, () -> {
              List<ActionGdl> actions = new ArrayList<>();
              moves.get(ph).actions(actions);
              for (ActionGdl a : actions) {
                a.entry(f);
              }
              f.effect(syn.phases().get(ph).entry(), Ctx.EMPTY);
            });
          }
        });
        continued.add(enter);
      }
    }
    f.under(noEntry, () -> {
      // The phase as the round found it: a change made here must not let the new phase's exits fire in the same
      // round (the engine enters the new phase and checks the end first).
      String[] ins = new String[g.phaseCount()];
      for (int i = 0; i < g.phaseCount(); i++) {
        if (!syn.phases().get(i).transitions().isEmpty() && possible[i][0]) {
          ins[i] = g.phaseCount() > 1 ? f.sub(List.of(phaseLit(i))) : f.guard();
        }
      }
      for (int i = 0; i < g.phaseCount(); i++) {
        List<GameSyntax.Transition> ts = syn.phases().get(i).transitions();
        if (ts.isEmpty() || !possible[i][0]) {
          continue;
        }
        String in = ins[i];
        f.under(in, () -> {
          List<String> conds = new ArrayList<>();
          for (GameSyntax.Transition t : ts) {
            conds.add(f.condition(t.when(), Ctx.EMPTY));
          }
          List<String> noneYet = new ArrayList<>();
          for (int k = 0; k < ts.size(); k++) {
            List<String> lits = new ArrayList<>(noneYet);
            lits.add(conds.get(k));
            String fires = f.sub(lits);
            GameSyntax.Transition t = ts.get(k);
            int to = phaseIndex(t.target());
            f.under(fires, () -> {
              f.effect(t.then(), Ctx.EMPTY);
              f.set(f.fam.phase(), List.of(), Val.of(m.phaseTerm(to), Kind.OTHER), List.of());
              if (hasAnyEntry()) {
                f.write(f.fam.entering(), List.of(new Flow.W(List.of(), null, List.of(), null)));
              }
            });
            continued.add(fires);
            noneYet.add(Program.not(conds.get(k)));
          }
        });
      }
    });
  }

  private boolean hasAnyEntry() {
    for (int i = 0; i < m.game.phaseCount(); i++) {
      if (hasEntry(i)) {
        return true;
      }
    }
    return false;
  }

  private boolean hasEntry(int i) {
    List<ActionGdl> actions = new ArrayList<>();
    moves.get(i).actions(actions);
    for (ActionGdl a : actions) {
      if (a.hasEntry()) {
        return true;
      }
    }
    return syn.phases().get(i).entry() != null;
  }

  private int phaseIndex(String name) {
    for (int i = 0; i < m.game.phaseCount(); i++) {
      if (m.game.phase(i).name.equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("no phase " + name);
  }

  // ---------------------------------------------------------------- a match of several deals

  /**
   * The end of a deal of a match ({@link CompiledGame}'s nextDeal): the deal's scores are added to the totals and
   * the deal counted; then either the match ends, ranked by the totals, or the next deal begins.
   */
  private void match(OutcomeGdl.MatchParts parts) throws ExportException {
    String totalName = veil.ludeme.compile.GameCompiler.MATCH_TOTAL;
    Family deal = f.fam.var(veil.ludeme.compile.GameCompiler.MATCH_DEAL, Kind.NUM);
    // The values the totals reach: sums of deals' scores, each partial sum short of the target, at most the bound.
    String p = f.out.var();
    String player = Program.atom(m.players(), p);
    List<String> scratch = new ArrayList<>(List.of(player));
    Val score = f.x.num(parts.score(), Kind.NUM, Ctx.EMPTY.bind("Player", Val.of(p, Kind.PLAYER), player), scratch);
    java.util.NavigableSet<Integer> scores = score.nums() == null ? new java.util.TreeSet<>() : score.nums();
    java.util.NavigableSet<Integer> totals = new java.util.TreeSet<>(List.of(0));
    java.util.NavigableSet<Integer> last = totals;
    boolean digitwise = f.fam.digitNum(totalName) != null;
    for (int d = 1; d <= parts.deals() && !last.isEmpty() && !digitwise; d++) {
      java.util.NavigableSet<Integer> next = new java.util.TreeSet<>();
      for (int t : last) {
        if (parts.target() == 0 || t < parts.target()) {
          for (int sc : scores) {
            if (!totals.contains(t + sc)) {
              next.add(t + sc);
            }
          }
        }
      }
      totals.addAll(next);
      digitwise = totals.size() > Analysis.MAX_VALUES;
      last = next;
    }
    if (digitwise && !scores.isEmpty()) {
      // Too many values for one constant each: the totals are written digit by digit (DigitNum), covering every
      // total within the bound on the deals (before the last deal each total is short of the target).
      long most = Math.max(0, scores.last());
      long least = Math.min(0, scores.first());
      long lo = Math.min(0, parts.deals() * least);
      long hi = parts.target() > 0 ? Math.max(0, parts.target() - 1 + most) : parts.deals() * most;
      f.an.writeDigitwise(totalName, DigitNum.covering(lo, hi), f.fam.varWord(totalName));
    }
    Family total = f.fam.var(totalName, Kind.NUM);
    if (f.fam.digitNum(totalName) == null) {
      f.an.limit(total, totals);
    }
    java.util.NavigableSet<Integer> deals = new java.util.TreeSet<>();
    for (int d = 0; d <= parts.deals(); d++) {
      deals.add(d);
    }
    f.an.limit(deal, deals);
    f.effect(parts.handEffect(), Ctx.EMPTY);
    String over = f.condition(parts.over(), Ctx.EMPTY);
    String ends = f.sub(List.of(over));
    String goesOn = f.sub(List.of(Program.not(over)));
    f.under(ends, () -> finish(parts.outcome()));
    f.under(goesOn, () -> nextDeal(total, deal, parts.deals(), parts.keep()));
  }

  /**
   * The next deal: every persistent family but the step count, the totals, the deal count and the variables of
   * keep: back to its facts in
   * a fresh state before the start rules; the player after the new dealer (the deal count mod the players) in
   * control; then the start rules, which queue the new deal (settling stops: its cards are dealt first).
   */
  /** What every player is told when a new deal of a match begins (as the match ludeme tells it). */
  public static final String NEW_DEAL = "newdeal";

  private void nextDeal(Family total, Family deal, int deals, List<String> keep) throws ExportException {
    veil.ludeme.LudState template = m.game.dealTemplateState();
    Family step = f.fam.step();
    java.util.Set<String> kept = new java.util.HashSet<>();
    for (String name : keep) {
      kept.add(f.fam.varWord(name)); // keep: a variable of the game holds its value, whatever its kind
    }
    for (Family fa : list(f.an.families())) {
      if (!fa.persistent || !fa.read || fa.fluent.equals(step.fluent) || fa.fluent.equals(total.fluent)
          || fa.fluent.equals(deal.fluent) || kept.contains(fa.fluent)) {
        continue;
      }
      reset(fa, fa.encode.apply(template));
    }
    if (f.out.once("dealseat")) {
      for (int d = 0; d <= deals; d++) {
        f.out.table("dealseat", "(dealseat " + d + " " + m.player[d % m.n] + ")",
            "(dealseat d p): after d deals of the match, p (the player after the dealer) moves first");
      }
    }
    List<String> body = new ArrayList<>();
    Val d = f.x.read(deal, List.of(), body);
    String p = f.out.var();
    body.add(Program.atom("dealseat", d.term(), p));
    f.set(f.fam.control(), List.of(), Val.of(p, Kind.PLAYER), body);
    curFromControl();
    for (int q = 0; q < m.n; q++) {
      f.sees(m.player[q], veil.ludeme.Names.gdl(NEW_DEAL), List.of());
    }
    for (Node item : syn.start()) {
      f.effect(item, Ctx.EMPTY);
    }
  }

  private static List<Family> list(Iterable<Family> families) {
    List<Family> out = new ArrayList<>();
    families.forEach(out::add);
    return out;
  }

  /** Family fa holds exactly these facts (full fluent terms) from here on. */
  private void reset(Family fa, List<String> facts) {
    List<String> kv = new ArrayList<>();
    for (int i = 0; i < fa.keys; i++) {
      kv.add(f.out.var());
    }
    String vv = fa.valued ? f.out.var() : null;
    List<Flow.W> ws = new ArrayList<>();
    ws.add(new Flow.W(kv, Flow.CLEAR, List.of(f.store.read(fa, kv, vv)), null));
    for (String fact : facts) {
      List<String> terms = topLevelTerms(fact);
      List<String> key = terms.subList(1 + fa.fixed.size(), 1 + fa.fixed.size() + fa.keys);
      String value = fa.valued ? terms.get(terms.size() - 1) : null;
      java.util.NavigableSet<Integer> nums = fa.valued && fa.valueKind == Kind.NUM
          ? new java.util.TreeSet<>(List.of(Integer.parseInt(value))) : null;
      ws.add(new Flow.W(new ArrayList<>(key), value, List.of(), nums));
    }
    f.write(fa, ws);
  }

  /** The terms of a fact, its relation first: "(at (card 2 c) deck)" gives at, (card 2 c), deck. */
  static List<String> topLevelTerms(String fact) {
    List<String> out = new ArrayList<>();
    String s = fact.trim();
    if (!s.startsWith("(")) {
      return List.of(s);
    }
    s = s.substring(1, s.length() - 1);
    int depth = 0;
    int startAt = -1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c) && depth == 0) {
        if (startAt >= 0) {
          out.add(s.substring(startAt, i));
          startAt = -1;
        }
        continue;
      }
      if (startAt < 0) {
        startAt = i;
      }
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      }
    }
    if (startAt >= 0) {
      out.add(s.substring(startAt));
    }
    return out;
  }

  // ---------------------------------------------------------------- the end

  /**
   * Ranks the players by their keys and ends the game: each player's goal is its winning score ×100 rounded, where
   * ties share the average of their ranks (as {@link CompiledGame#goal}).
   */
  private void finish(Node outcome) throws ExportException {
    Bound b = f.x.em.bind(outcome, Type.OUTCOME);
    OutcomeGdl.Keys keys = f.x.em.emitter(b, Type.OUTCOME, GdlEmitter.Outcome.class).emit(b, f);
    int n = m.n;
    List<Flow.W> scores = new ArrayList<>();
    if (keys.payoff() != null) {
      // A payoff: the goal is the amount's affine image, read from a table of the declared range only (an amount
      // outside it has no goal; the engine reports it as a rule failure).
      veil.model.PayoffRange r = keys.payoff();
      if (f.out.once("payoffgoal")) {
        for (int a = r.lo(); a <= r.hi(); a++) {
          f.out.table("payoffgoal", "(payoffgoal " + a + " " + r.goal(a) + ")",
              "(payoffgoal a g): a player paid the amount a has the goal g, the affine image of the declared range "
                  + r.lo() + ".." + r.hi());
        }
      }
      for (int p = 0; p < n; p++) {
        String a = f.out.var();
        String goal = f.out.var();
        scores.add(new Flow.W(List.of(m.player[p]), goal,
            List.of(keys.rel().call(m.player[p], a), Program.atom("payoffgoal", a, goal)), null));
      }
      f.write(f.fam.score(), scores);
      f.write(f.fam.terminated(), List.of(new Flow.W(List.of(), null, List.of(), null)));
      return;
    }
    KeyOrder order = keys.order() != null ? keys.order() : KeyOrder.of(f.x, keys.rel(), keys.nums());
    for (int p = 0; p < n; p++) {
      // (rank_k B E): among the first k players, B have a higher key than p and E an equal one (p included).
      String prev = null;
      for (int q = 0; q < n; q++) {
        String rel = f.out.rel("rank");
        String bb = f.out.var();
        String e = f.out.var();
        String b2 = f.out.var();
        String e2 = f.out.var();
        List<String> start = prev == null ? List.of() : List.of(Program.atom(prev, bb, e));
        String b0 = prev == null ? "0" : bb;
        String e0 = prev == null ? "0" : e;
        if (q == p) {
          List<String> body = new ArrayList<>(start);
          body.add(Program.atom("plus", e0, "1", e2));
          f.out.rule(Program.atom(rel, b0, e2), body);
        } else {
          List<String> up = new ArrayList<>(start);
          String higher = Program.atom(order.higher, m.player[p], m.player[q]);
          String tied = Program.atom(order.tied, m.player[p], m.player[q]);
          up.addAll(List.of(higher, Program.atom("plus", b0, "1", b2)));
          f.out.rule(Program.atom(rel, b2, e0), up);
          List<String> equal = new ArrayList<>(start);
          equal.addAll(List.of(tied, Program.atom("plus", e0, "1", e2)));
          f.out.rule(Program.atom(rel, b0, e2), equal);
          List<String> lower = new ArrayList<>(start);
          lower.addAll(List.of(Program.not(higher), Program.not(tied)));
          f.out.rule(Program.atom(rel, b0, e0), lower);
        }
        prev = rel;
      }
      for (int k = 0; k <= n; k++) {
        m.plus(k, 1);
      }
      String bb = f.out.var();
      String e = f.out.var();
      String goal = f.out.var();
      scores.add(new Flow.W(List.of(m.player[p]), goal,
          List.of(Program.atom(prev, bb, e), Program.atom(goalOf(), bb, e, goal)), null));
    }
    f.write(f.fam.score(), scores);
    f.write(f.fam.terminated(), List.of(new Flow.W(List.of(), null, List.of(), null)));
  }

  /** (goalof B E G): the goal of a player B others beat and E tie with (itself included). */
  private String goalOf() {
    if (f.out.once("goalof")) {
      int n = m.n;
      for (int better = 0; better < n; better++) {
        for (int equal = 1; better + equal <= n; equal++) {
          int score = 2 * n - 2 * better - (equal + 1);
          int goal = (int) Math.round(100.0 * score / (2.0 * (n - 1)));
          f.out.table("goalof", "(goalof " + better + " " + equal + " " + goal + ")",
              "(goalof b e g): beaten by b players and tied with e (itself included), a player's goal is g: its "
                  + "winning score, ties sharing the average rank");
        }
      }
    }
    return "goalof";
  }
}
