package veil.gdl.read;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.dsl.Pos;
import veil.dsl.Source;

/**
 * Reads the Prolog-like infix form of GDL used in the GGP book and the seed papers and turns it into the same
 * syntax tree the KIF reader gives, so that one translator serves both:
 *
 * <pre>
 * role(white)                                  → (role white)
 * legal(W,mark(X,Y)) :- true(cell(X,Y,b)) &amp; ~q → (&lt;= (legal ?W (mark ?X ?Y)) (true (cell ?X ?Y b)) (not q))
 * p :- a | b                                   → (&lt;= p (or a b))
 * p :- a &amp; (b | c &amp; d)                          → (&lt;= p a (or b (and c d)))
 * </pre>
 *
 * <p>Variables start with an upper-case letter or '_' ('_' alone is a fresh variable each time); '~' and
 * {@code not(…)} negate; '&amp;' joins literals; '|' separates alternatives; a sentence may end with '.'; comments
 * run from ';' or '%' to the end of the line. Sentences need no terminator: a sentence ends where no ':-', '&amp;' or
 * '|' continues it.
 */
public final class InfixParser {
  private enum Kind { NAME, VAR, LPAREN, RPAREN, COMMA, AMP, IMPLIES, TILDE, BAR, DOT, EOF }

  private record Token(Kind kind, String text, Pos pos) {}

  private static final int MAX_DEPTH = 200;

  private final Source source;
  private final String text;
  private int at;
  private int line = 1;
  private int lineStart;
  private Token token;
  private int anonymous;
  private int depth;

  private InfixParser(Source source) {
    this.source = source;
    this.text = source.text();
  }

  /** Parses every sentence of {@code source}. */
  public static List<Node> read(Source source) throws DslException {
    InfixParser p = new InfixParser(source);
    p.advance();
    List<Node> out = new ArrayList<>();
    while (p.token.kind != Kind.EOF) {
      out.add(p.sentence());
    }
    return out;
  }

  private Node sentence() throws DslException {
    Node head = term();
    if (head instanceof Node.Sym s && s.name().startsWith("?")) {
      throw error(head.pos(), "a sentence cannot be a variable", "an atom such as role(white) or a rule h :- b");
    }
    Node result = head;
    if (token.kind == Kind.IMPLIES) {
      advance();
      List<Node> items = new ArrayList<>();
      items.add(new Node.Sym(head.pos(), "<="));
      items.add(head);
      Node body = disjunction();
      if (body instanceof Node.Call c && "and".equals(c.headName()) && c.pos() == null) {
        items.addAll(c.args());
      } else {
        items.add(body);
      }
      result = new Node.Call(head.pos(), items);
    }
    if (token.kind == Kind.DOT) {
      advance();
    }
    if (token.kind != Kind.EOF && token.kind != Kind.NAME && token.kind != Kind.VAR) {
      throw error(token.pos, "unexpected '" + token.text + "' after a sentence", "':-', '&', '|' or a new sentence");
    }
    return result;
  }

  /**
   * conj ('|' conj)*. A single conjunction comes back as an (and …) call with a null position, which the caller
   * splices into the rule body; alternatives come back as (or …).
   */
  private Node disjunction() throws DslException {
    Pos start = token.pos;
    List<List<Node>> branches = new ArrayList<>();
    branches.add(conjunction());
    while (token.kind == Kind.BAR) {
      advance();
      branches.add(conjunction());
    }
    if (branches.size() == 1) {
      List<Node> items = new ArrayList<>();
      items.add(new Node.Sym(start, "and"));
      items.addAll(branches.get(0));
      return new Node.Call(null, items);
    }
    List<Node> items = new ArrayList<>();
    items.add(new Node.Sym(start, "or"));
    for (List<Node> b : branches) {
      if (b.size() == 1) {
        items.add(b.get(0));
      } else {
        List<Node> and = new ArrayList<>();
        and.add(new Node.Sym(b.get(0).pos(), "and"));
        and.addAll(b);
        items.add(new Node.Call(b.get(0).pos(), and));
      }
    }
    return new Node.Call(start, items);
  }

  private List<Node> conjunction() throws DslException {
    List<Node> lits = new ArrayList<>();
    lits.add(literal());
    while (token.kind == Kind.AMP) {
      advance();
      lits.add(literal());
    }
    return lits;
  }

  private Node literal() throws DslException {
    enter();
    try {
      if (token.kind == Kind.TILDE) {
        Pos p = token.pos;
        advance();
        Node inner = literal();
        return new Node.Call(p, List.of(new Node.Sym(p, "not"), inner));
      }
      if (token.kind == Kind.LPAREN) {
        Pos p = token.pos;
        advance();
        Node d = disjunction();
        expect(Kind.RPAREN, "')'");
        if (d instanceof Node.Call c && d.pos() == null) {
          // A parenthesised conjunction: one literal stands for itself, several become (and …).
          return c.args().size() == 1 ? c.args().get(0) : new Node.Call(p, c.items());
        }
        return d;
      }
      return term();
    } finally {
      depth--;
    }
  }

  private Node term() throws DslException {
    enter();
    try {
      Token t = token;
      if (t.kind == Kind.VAR) {
        advance();
        String name = t.text.equals("_") ? "_" + (++anonymous) : t.text;
        return new Node.Sym(t.pos, "?" + name);
      }
      if (t.kind != Kind.NAME) {
        throw error(t.pos, describe(t) + " where a term was expected", "a name, a number or a variable");
      }
      advance();
      if (token.kind != Kind.LPAREN) {
        return atom(t);
      }
      advance();
      List<Node> items = new ArrayList<>();
      items.add(new Node.Sym(t.pos, t.text));
      if (token.kind != Kind.RPAREN) {
        items.add(argument());
        while (token.kind == Kind.COMMA) {
          advance();
          items.add(argument());
        }
      }
      expect(Kind.RPAREN, "',' or ')'");
      return new Node.Call(t.pos, items);
    } finally {
      depth--;
    }
  }

  /** An argument: a term, or (inside or/not/and) a negated literal. */
  private Node argument() throws DslException {
    if (token.kind == Kind.TILDE) {
      return literal();
    }
    return term();
  }

  private static Node atom(Token t) {
    String s = t.text;
    boolean digits = !s.isEmpty() && s.length() <= 18;
    for (int i = 0; i < s.length() && digits; i++) {
      digits = Character.isDigit(s.charAt(i));
    }
    return digits ? new Node.Int(t.pos, Long.parseLong(s)) : new Node.Sym(t.pos, s);
  }

  private void enter() throws DslException {
    if (++depth > MAX_DEPTH) {
      depth = 0;
      throw error(token.pos, "nesting deeper than " + MAX_DEPTH, "");
    }
  }

  private void expect(Kind kind, String what) throws DslException {
    if (token.kind != kind) {
      throw error(token.pos, describe(token) + " where " + what + " was expected", what);
    }
    advance();
  }

  private static String describe(Token t) {
    return t.kind == Kind.EOF ? "end of text" : "'" + t.text + "'";
  }

  private DslException error(Pos pos, String message, String expected) {
    return new DslException(Diagnostic.at(pos, message, expected));
  }

  private void advance() throws DslException {
    skipSpaceAndComments();
    Pos pos = new Pos(source, line, at - lineStart + 1, at);
    if (at >= text.length()) {
      token = new Token(Kind.EOF, "", pos);
      return;
    }
    char c = text.charAt(at);
    switch (c) {
      case '(':
        token = single(Kind.LPAREN, pos);
        return;
      case ')':
        token = single(Kind.RPAREN, pos);
        return;
      case ',':
        token = single(Kind.COMMA, pos);
        return;
      case '&':
        token = single(Kind.AMP, pos);
        return;
      case '~':
        token = single(Kind.TILDE, pos);
        return;
      case '|':
        token = single(Kind.BAR, pos);
        return;
      case '.':
        token = single(Kind.DOT, pos);
        return;
      case ':':
        if (at + 1 < text.length() && text.charAt(at + 1) == '-') {
          at += 2;
          token = new Token(Kind.IMPLIES, ":-", pos);
          return;
        }
        break;
      default:
        if (isNameChar(c) && c != '-') {
          int start = at;
          while (at < text.length() && isNameChar(text.charAt(at))) {
            at++;
          }
          String name = text.substring(start, at);
          boolean var = Character.isUpperCase(c) || c == '_';
          token = new Token(var ? Kind.VAR : Kind.NAME, name, pos);
          return;
        }
    }
    throw error(pos, "unexpected character '" + c + "'", "a name, '(', ')', ',', '&', '|', '~', ':-' or '.'");
  }

  private Token single(Kind k, Pos pos) {
    return new Token(k, String.valueOf(text.charAt(at++)), pos);
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-';
  }

  private void skipSpaceAndComments() {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c == '\n') {
        at++;
        line++;
        lineStart = at;
      } else if (Character.isWhitespace(c)) {
        at++;
      } else if (c == ';' || c == '%') {
        while (at < text.length() && text.charAt(at) != '\n') {
          at++;
        }
      } else {
        return;
      }
    }
  }
}
