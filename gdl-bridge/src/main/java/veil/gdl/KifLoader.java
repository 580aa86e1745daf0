package veil.gdl;

import java.util.List;
import java.util.Map;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Source;
import veil.gdl.check.Mode;
import veil.gdl.check.Report;
import veil.gdl.check.RuleChecker;
import veil.gdl.ground.GroundProgram;
import veil.gdl.ground.Grounder;
import veil.gdl.ground.SizeEstimate;
import veil.gdl.read.RuleTranslator;
import veil.gdl.read.Syntax;
import veil.gdl.reason.Compiler;
import veil.gdl.reason.KifGame;
import veil.gdl.reason.TopDownGame;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;
import veil.model.GameLoadException;
import veil.model.GameLoader;

/**
 * Loads GDL-II rules (KIF or the infix form, detected) as a {@link veil.model.Game}.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code mode=strict|lenient} (default lenient): see {@link Mode};
 *   <li>{@code stepBound=N} (default {@value #DEFAULT_STEP_BOUND}): GDL has no step bound of its own, so the
 *       bound a playout may run to is this number;
 *   <li>{@code maxGroundRules=N} (default 2,000,000): a game whose grounding is larger is played top-down (or
 *       refused with {@code reasoner=grounded});
 *   <li>{@code reasoner=auto|grounded|topdown} (default auto): auto grounds the rules and plays the ground program,
 *       unless grounding would exceed a size limit, when it plays by top-down resolution with tabling instead
 *       ({@link TopDownGame}); grounded refuses a game too large to ground; topdown never grounds;
 *   <li>{@code syntax=kif|infix|auto} (default auto);
 *   <li>{@code name=…}: the game's name (default: the file name without its extension).
 * </ul>
 *
 * <p>The description is the text's first comment line. Errors are reported as {@code file:line:col: message}.
 */
public final class KifLoader implements GameLoader {
  public static final int DEFAULT_STEP_BOUND = 1000;

  /** The options a GDL-II game takes (--option NAME=VALUE); any other name is an error, not ignored. */
  public static final List<String> OPTIONS = List.of("mode", "syntax", "stepBound", "maxGroundRules", "name",
      "reasoner");

  /** The values of the {@code reasoner} option. */
  public static final List<String> REASONERS = List.of("auto", "grounded", "topdown");

  @Override
  public List<String> extensions() {
    return List.of("kif", "gdl");
  }

  @Override
  public KifGame load(String sourceName, String text, Map<String, String> options) throws GameLoadException {
    Mode mode;
    Syntax syntax;
    int stepBound;
    int maxGroundRules;
    String reasoner;
    for (String key : options.keySet()) {
      if (!OPTIONS.contains(key)) {
        throw new GameLoadException(sourceName + ": unknown option \"" + key + "\"; a GDL-II game takes "
            + String.join(", ", OPTIONS), true);
      }
    }
    try {
      mode = Mode.parse(options.get("mode"));
      syntax = Syntax.parse(options.get("syntax"), text);
      stepBound = positive(options, "stepBound", DEFAULT_STEP_BOUND);
      maxGroundRules = positive(options, "maxGroundRules", Grounder.Limits.DEFAULT.maxGroundRules());
      reasoner = options.getOrDefault("reasoner", "auto").trim().toLowerCase(java.util.Locale.ROOT);
      if (!REASONERS.contains(reasoner)) {
        throw new IllegalArgumentException("reasoner must be one of " + String.join(", ", REASONERS) + ", not '"
            + options.get("reasoner") + "'");
      }
    } catch (IllegalArgumentException e) {
      throw new GameLoadException(sourceName + ": " + e.getMessage());
    }
    Source source = Source.of(sourceName, text);
    List<Node> nodes;
    try {
      nodes = syntax.read(source);
    } catch (DslException e) {
      throw new GameLoadException(e.getMessage());
    }
    Report report = new Report(mode);
    Symbols symbols = new Symbols();
    List<Rule> rules = new RuleTranslator(symbols, report).translate(nodes);
    // No stop here: the checks run on the sentences that could be read, so that every error shows in one report.
    RuleChecker.Result checked = RuleChecker.check(rules, symbols, report);
    failOnErrors(report);
    List<Rule> playRules = withMovePercepts(checked.rules(), checked.roles(), symbols);
    Grounder.Limits limits = maxGroundRules == Grounder.Limits.DEFAULT.maxGroundRules()
        ? Grounder.Limits.DEFAULT
        : Grounder.Limits.forRules(maxGroundRules);
    String name = options.getOrDefault("name", baseName(sourceName));
    String description = Syntax.leadingComment(text);
    Compiler.Settings settings = new Compiler.Settings(
        name, description.isEmpty() ? "GDL-II game " + name : description, stepBound, mode == Mode.STRICT,
        checked.randomHasNoGoal(), report.warnings(), rules);
    if (reasoner.equals("topdown")) {
      return TopDownGame.of(playRules, symbols, checked.roles(), settings, "chosen with --option reasoner=topdown");
    }
    GroundProgram gp;
    if (reasoner.equals("grounded")) {
      gp = Grounder.ground(playRules, symbols, limits, report);
    } else {
      String farOver = farOverTheLimit(playRules, symbols, limits);
      if (farOver != null) {
        return TopDownGame.of(playRules, symbols, checked.roles(), settings, farOver);
      }
      Grounder.Attempt attempt = Grounder.tryGround(playRules, symbols, limits, report);
      if (attempt.tooLarge() != null && !report.hasErrors()) {
        return TopDownGame.of(playRules, symbols, checked.roles(), settings,
            "grounding would exceed its limit: " + attempt.tooLarge());
      }
      gp = attempt.program();
    }
    failOnErrors(report);
    KifGame game = Compiler.compile(gp, checked.roles(), settings, report);
    failOnErrors(report);
    return game;
  }

  /**
   * How far over the atom limit the estimated grounding must be for {@code auto} to play top-down without trying to
   * ground. The estimate is an upper bound (see {@link SizeEstimate}): of the games measured, ggp-base's Othello
   * grounds at a fifth of the limit (Checkers, Hex, Kalaha and Breakthrough far less) and the export of Spades to 500
   * at 8 times it, while ggp-base's Chess, which does not ground, is estimated at 82 times. A game between is tried;
   * the grounder stops such an attempt as soon as its count of rules passes the limit, so a failed try is cheap.
   */
  static final double FAR_OVER = 10;

  /**
   * Why {@code auto} need not try to ground: the estimated grounding is more than {@link #FAR_OVER} times the atom
   * limit; null when it is not (or there is no estimate), and grounding is tried.
   */
  static String farOverTheLimit(List<Rule> rules, Symbols symbols, Grounder.Limits limits) {
    SizeEstimate.Result e = SizeEstimate.of(rules, symbols);
    if (e == null || e.dynamicAtoms() <= FAR_OVER * limits.maxAtoms()) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "the estimated grounding is far over its limit: up to %.3g atoms of "
        + "relations that depend on the state or the moves (%s alone up to %.3g), more than %.0f times the limit of "
        + "%d atoms, so no grounding was tried; --option reasoner=grounded tries anyway", e.dynamicAtoms(),
        e.largestRelation(), e.largestAtoms(), FAR_OVER, limits.maxAtoms());
  }

  /** Loads with default options. */
  public KifGame load(String sourceName, String text) throws GameLoadException {
    return load(sourceName, text, Map.of());
  }

  /**
   * A plain GDL game (GDL-I: neither a {@code random} role nor a sees rule) is played under GDL-II by letting every
   * role see every joint move, as the GGP book's chapter 17.2 says: {@code (<= (sees ?p (move ?q ?m)) (role ?p)
   * (does ?q ?m))}. The rule is added after the checks (it passes them by construction). A game with a {@code
   * random} role is GDL-II, where a role without sees rules perceives nothing; it gets no such rule.
   */
  static List<Rule> withMovePercepts(List<Rule> rules, int[] roles, Symbols symbols) {
    if (isGdl2(rules, roles)) {
      return rules;
    }
    Term.Var p = new Term.Var(0, "p", null);
    Term.Var q = new Term.Var(1, "q", null);
    Term.Var m = new Term.Var(2, "m", null);
    Term.Fn head = new Term.Fn(Symbols.SEES, List.of(p, new Term.Fn(symbols.intern("move"), List.of(q, m), null)),
        null);
    Rule sees = new Rule(
        head,
        List.of(
            new Literal.Atom(new Term.Fn(Symbols.ROLE, List.of(p), null), null),
            new Literal.Atom(new Term.Fn(Symbols.DOES, List.of(q, m), null), null)),
        null, List.of("p", "q", "m"), "plain GDL: every role sees every move");
    List<Rule> out = new java.util.ArrayList<>(rules);
    out.add(sees);
    return out;
  }

  /** GDL-II rather than GDL-I: the game has a {@code random} role or a sees rule. */
  public static boolean isGdl2(List<Rule> rules, int[] roles) {
    for (int r : roles) {
      if (r == Symbols.RANDOM) {
        return true;
      }
    }
    return rules.stream().anyMatch(r -> r.relation() == Symbols.SEES);
  }

  private static void failOnErrors(Report report) throws GameLoadException {
    if (report.hasErrors()) {
      throw new GameLoadException(report.formatErrors());
    }
  }

  private static int positive(Map<String, String> options, String key, int dflt) {
    String v = options.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(key + " must be a positive integer, not '" + v + "'");
  }

  static String baseName(String sourceName) {
    String s = sourceName.replace('\\', '/');
    s = s.substring(s.lastIndexOf('/') + 1);
    int dot = s.lastIndexOf('.');
    return dot > 0 ? s.substring(0, dot) : s;
  }
}
