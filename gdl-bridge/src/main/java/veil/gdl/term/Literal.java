package veil.gdl.term;

import java.util.List;
import veil.dsl.Pos;

/** One literal of a rule body. */
public sealed interface Literal permits Literal.Atom, Literal.Not, Literal.Distinct, Literal.Or {
  Pos pos();

  /** A positive literal: the atom must hold. */
  record Atom(Term.Fn atom, Pos pos) implements Literal {}

  /** {@code (not atom)}: negation as failure. */
  record Not(Term.Fn atom, Pos pos) implements Literal {}

  /** {@code (distinct a b)}: the two terms differ (syntactically, once ground). */
  record Distinct(Term a, Term b, Pos pos) implements Literal {}

  /**
   * {@code (or …)}: one of the branches holds. Each branch is a conjunction; in textbook GDL each has exactly one
   * literal (a longer branch comes from {@code (and …)} inside {@code or}, which only lenient mode accepts).
   */
  record Or(List<List<Literal>> branches, Pos pos) implements Literal {
    public Or {
      branches = branches.stream().map(List::copyOf).toList();
    }
  }

  /** The literal as KIF. */
  default String toKif(Symbols symbols) {
    StringBuilder sb = new StringBuilder();
    appendKif(this, symbols, sb);
    return sb.toString();
  }

  static void appendKif(Literal l, Symbols symbols, StringBuilder sb) {
    if (l instanceof Atom a) {
      a.atom().appendKif(symbols, sb);
    } else if (l instanceof Not n) {
      sb.append("(not ");
      n.atom().appendKif(symbols, sb);
      sb.append(')');
    } else if (l instanceof Distinct d) {
      sb.append("(distinct ");
      d.a().appendKif(symbols, sb);
      sb.append(' ');
      d.b().appendKif(symbols, sb);
      sb.append(')');
    } else if (l instanceof Or o) {
      sb.append("(or");
      for (List<Literal> branch : o.branches()) {
        sb.append(' ');
        if (branch.size() == 1) {
          appendKif(branch.get(0), symbols, sb);
        } else {
          sb.append("(and");
          for (Literal b : branch) {
            sb.append(' ');
            appendKif(b, symbols, sb);
          }
          sb.append(')');
        }
      }
      sb.append(')');
    }
  }
}
