package veil.gdl.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import veil.dsl.Node;
import veil.dsl.Pos;
import veil.gdl.check.Report;
import veil.gdl.term.Literal;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;
import veil.gdl.term.Term;

/**
 * Turns the syntax tree of a KIF (or infix) text into rules: {@code (<= head body…)} and facts. Reports malformed
 * sentences as errors and the lenient-mode deviations ({@code and} in bodies, keywords used as function terms) as
 * deviations.
 */
public final class RuleTranslator {
  /** Deeper terms are refused: GDL terms are shallow, and the checks and the grounder recurse over them. */
  public static final int MAX_TERM_DEPTH = 100;

  private final Symbols symbols;
  private final Report report;
  private Map<String, Integer> vars;
  private List<String> varNames;
  private Pos rulePos;

  public RuleTranslator(Symbols symbols, Report report) {
    this.symbols = symbols;
    this.report = report;
  }

  /** Translates every sentence; malformed ones are reported and skipped. */
  public List<Rule> translate(List<Node> sentences) {
    List<Rule> rules = new ArrayList<>();
    for (Node n : sentences) {
      Rule r = sentence(n);
      if (r != null) {
        rules.add(r);
      }
    }
    return rules;
  }

  private static final class Malformed extends Exception {
    Malformed() {
      super(null, null, false, false);
    }
  }

  private Rule sentence(Node n) {
    vars = new HashMap<>();
    varNames = new ArrayList<>();
    rulePos = n.pos();
    Term.Fn head = null;
    try {
      if (n instanceof Node.Call c && "<=".equals(c.headName())) {
        if (c.args().isEmpty()) {
          throw malformed(c.pos(), "a rule (<= …) needs a head", "(<= head literal…)");
        }
        head = atom(c.args().get(0), "rule head");
        checkHead(head);
        List<Literal> body = new ArrayList<>();
        for (Node b : c.args().subList(1, c.args().size())) {
          literal(b, body, false);
        }
        return new Rule(head, body, c.pos(), varNames, commentAbove(c.pos()));
      }
      head = atom(n, "fact");
      checkHead(head);
      return new Rule(head, List.of(), n.pos(), varNames, commentAbove(n.pos()));
    } catch (Malformed e) {
      // The later checks must not blame the rules' absence (an undefined relation, a role without legal rule).
      report.dropped(head == null ? -1 : head.functor());
      return null;
    }
  }

  /**
   * The comment lines directly above a sentence (no blank line between), without their comment marks; "" when
   * there are none. Kept so that {@link veil.gdl.KifWriter} prints rules with their comments.
   */
  private static String commentAbove(Pos pos) {
    if (pos == null) {
      return "";
    }
    List<String> lines = new ArrayList<>();
    for (int n = pos.line() - 1; n >= 1 && lines.size() < 20; n--) {
      String l = pos.source().line(n).strip();
      if (l.startsWith(";") || l.startsWith("%") || l.startsWith("//")) {
        lines.add(0, l.replaceFirst("^(;+|%+|//+)\\s?", ""));
      } else {
        break;
      }
    }
    return String.join("\n", lines);
  }

  private void checkHead(Term.Fn head) throws Malformed {
    int f = head.functor();
    if (f == Symbols.DISTINCT || f == Symbols.NOT || f == Symbols.OR || f == Symbols.AND) {
      throw malformed(head.pos(), "'" + symbols.name(f) + "' cannot be the head of a rule", "an atom");
    }
    if (f == Symbols.TRUE || f == Symbols.DOES) {
      throw malformed(
          head.pos(),
          "'" + symbols.name(f) + "' cannot be defined by a rule: it is given by the state and the moves",
          "an atom other than true and does");
    }
  }

  /** Appends the literal(s) of {@code n} to {@code out}; {@code inOr} says we are inside an (or …). */
  private void literal(Node n, List<Literal> out, boolean inOr) throws Malformed {
    if (n instanceof Node.Call c) {
      String h = lower(c.headName());
      if ("not".equals(h)) {
        if (c.args().size() != 1) {
          throw malformed(c.pos(), "(not …) takes one atom, not " + c.args().size(), "(not atom)");
        }
        Node inner = c.args().get(0);
        if (inner instanceof Node.Call ic && isConnective(lower(ic.headName()))) {
          throw malformed(inner.pos(), "(not …) must hold an atom, not (" + lower(ic.headName()) + " …)", "(not atom)");
        }
        out.add(new Literal.Not(atom(inner, "negated atom"), c.pos()));
        return;
      }
      if ("distinct".equals(h)) {
        if (c.args().size() != 2) {
          throw malformed(c.pos(), "(distinct …) takes two terms, not " + c.args().size(), "(distinct a b)");
        }
        out.add(new Literal.Distinct(term(c.args().get(0), 1), term(c.args().get(1), 1), c.pos()));
        return;
      }
      if ("or".equals(h)) {
        if (c.args().isEmpty()) {
          throw malformed(c.pos(), "(or) needs at least one literal", "(or literal…)");
        }
        List<List<Literal>> branches = new ArrayList<>();
        for (Node a : c.args()) {
          List<Literal> branch = new ArrayList<>();
          literal(a, branch, true);
          branches.add(branch);
        }
        out.add(new Literal.Or(branches, c.pos()));
        return;
      }
      if ("and".equals(h)) {
        String where = inOr ? "(and …) inside (or …)" : "(and …) in a rule body";
        // In strict mode an error; the reading goes on (the meaning is clear) so that every error shows at once.
        report.deviation("and", rulePos, c.pos(), where + " is not GDL; read as a conjunction");
        for (Node a : c.args()) {
          literal(a, out, inOr);
        }
        return;
      }
    }
    Term.Fn a = atom(n, "literal");
    out.add(new Literal.Atom(a, n.pos()));
  }

  private static boolean isConnective(String h) {
    return "not".equals(h) || "or".equals(h) || "and".equals(h) || "distinct".equals(h);
  }

  /** An atom: a relation applied to terms (a bare name is a relation of arity 0). */
  private Term.Fn atom(Node n, String what) throws Malformed {
    if (n instanceof Node.Sym s && s.name().startsWith("?")) {
      throw malformed(n.pos(), "a variable cannot stand as a " + what, "an atom such as (cell ?x ?y)");
    }
    if (n instanceof Node.Int) {
      throw malformed(n.pos(), "a number cannot stand as a " + what, "an atom such as (cell ?x ?y)");
    }
    Term t = term(n, 0);
    Term.Fn f = (Term.Fn) t;
    int arity = Symbols.keywordArity(f.functor());
    if (arity >= 0 && arity != f.arity()) {
      throw malformed(
          n.pos(),
          "'" + symbols.name(f.functor()) + "' takes " + arity + " argument" + (arity == 1 ? "" : "s") + ", not "
              + f.arity(),
          keywordShape(f.functor()));
    }
    return f;
  }

  private static String keywordShape(int k) {
    switch (k) {
      case Symbols.ROLE: return "(role name)";
      case Symbols.INIT: return "(init fact)";
      case Symbols.TRUE: return "(true fact)";
      case Symbols.DOES: return "(does role move)";
      case Symbols.NEXT: return "(next fact)";
      case Symbols.LEGAL: return "(legal role move)";
      case Symbols.GOAL: return "(goal role value)";
      case Symbols.TERMINAL: return "terminal";
      case Symbols.SEES: return "(sees role percept)";
      case Symbols.BASE: return "(base fact)";
      case Symbols.INPUT: return "(input role move)";
      case Symbols.PERCEPT: return "(percept role percept)";
      case Symbols.DISTINCT: return "(distinct a b)";
      case Symbols.NOT: return "(not atom)";
      default: return "";
    }
  }

  /**
   * A term; {@code level} is 0 for an atom, 1 for its arguments, more inside. Keywords used as function symbols
   * inside arguments (as in {@code (sees ?r (does ?p ?m))}) are a lenient-mode deviation.
   */
  private Term term(Node n, int level) throws Malformed {
    if (level > MAX_TERM_DEPTH) {
      throw malformed(n.pos(), "term nested deeper than " + MAX_TERM_DEPTH, "");
    }
    if (n instanceof Node.Sym s) {
      String name = s.name();
      if (name.startsWith("?")) {
        if (level == 0) {
          throw malformed(n.pos(), "a variable cannot stand as an atom", "an atom");
        }
        // KIF is case-insensitive: ?Player and ?player are one variable, shown as first written.
        String v = name.substring(1);
        String key = v.toLowerCase(java.util.Locale.ROOT);
        Integer idx = vars.get(key);
        if (idx == null) {
          idx = varNames.size();
          vars.put(key, idx);
          varNames.add(v);
        }
        return new Term.Var(idx, varNames.get(idx), n.pos());
      }
      if (name.isEmpty() || "<=".equals(name)) {
        throw malformed(n.pos(), "'" + name + "' cannot be used as a term", "a name, a number or a variable");
      }
      return keywordCheck(Term.Fn.constant(symbols.intern(name), n.pos()), level);
    }
    if (n instanceof Node.Int i) {
      return Term.Fn.constant(symbols.intern(Long.toString(i.value())), n.pos());
    }
    if (n instanceof Node.Call c) {
      if (c.items().isEmpty()) {
        throw malformed(c.pos(), "empty parentheses", "(name argument…)");
      }
      Node head = c.items().get(0);
      if (!(head instanceof Node.Sym hs) || hs.name().startsWith("?") || "<=".equals(hs.name())) {
        throw malformed(
            head.pos(), head.kind() + " cannot be a function or relation name", "a name at the start of (…)");
      }
      List<Term> args = new ArrayList<>();
      for (Node a : c.args()) {
        args.add(term(a, level + 1));
      }
      return keywordCheck(new Term.Fn(symbols.intern(hs.name()), args, c.pos()), level);
    }
    throw malformed(n.pos(), n.kind() + " is not part of GDL", "a name, a number, a variable or (name argument…)");
  }

  private Term keywordCheck(Term.Fn f, int level) throws Malformed {
    if (level > 0 && Symbols.isKeyword(f.functor())) {
      String msg = "keyword '" + symbols.name(f.functor()) + "' used as a function term inside an argument; read as"
          + " an ordinary function symbol";
      report.deviation("keyword-term", rulePos, f.pos(), msg); // strict: an error, and the reading goes on
    }
    return f;
  }

  private Malformed malformed(Pos pos, String message, String expected) {
    report.error(pos, message, expected, List.of());
    return new Malformed();
  }

  private static String lower(String s) {
    return s == null ? null : s.toLowerCase(java.util.Locale.ROOT);
  }
}
