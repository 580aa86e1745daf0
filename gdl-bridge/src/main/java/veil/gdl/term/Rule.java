package veil.gdl.term;

import java.util.List;
import veil.dsl.Pos;

/**
 * A GDL rule {@code (<= head body…)}; a fact has an empty body. Variables are numbered 0..varNames.size()-1 within
 * the rule. {@code comment} (may be empty) is printed above the rule by {@link veil.gdl.KifWriter}.
 */
public record Rule(Term.Fn head, List<Literal> body, Pos pos, List<String> varNames, String comment) {
  public Rule {
    body = List.copyOf(body);
    varNames = List.copyOf(varNames);
    comment = comment == null ? "" : comment;
  }

  public boolean isFact() {
    return body.isEmpty();
  }

  public int varCount() {
    return varNames.size();
  }

  /** The relation symbol of the head. */
  public int relation() {
    return head.functor();
  }

  /** The rule as one line of KIF. */
  public String toKif(Symbols symbols) {
    if (body.isEmpty()) {
      return head.toKif(symbols);
    }
    StringBuilder sb = new StringBuilder("(<= ");
    head.appendKif(symbols, sb);
    for (Literal l : body) {
      sb.append(' ');
      Literal.appendKif(l, symbols, sb);
    }
    return sb.append(')').toString();
  }
}
