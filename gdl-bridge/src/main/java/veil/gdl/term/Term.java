package veil.gdl.term;

import java.util.List;
import veil.dsl.Pos;

/**
 * A GDL term inside a rule: a variable, or a function symbol applied to terms (a constant is a function of arity
 * 0; {@code (f)} and {@code f} are the same term). Atoms (relation instances) are terms too: {@code (legal white
 * noop)} is the function {@code legal} of arity 2. Positions are kept for error messages and may be null for rules
 * built in code.
 */
public abstract sealed class Term permits Term.Var, Term.Fn {
  private final Pos pos;

  private Term(Pos pos) {
    this.pos = pos;
  }

  public Pos pos() {
    return pos;
  }

  /** A variable; {@code index} numbers the variables of one rule from 0, {@code name} is without the '?'. */
  public static final class Var extends Term {
    private final int index;
    private final String name;

    public Var(int index, String name, Pos pos) {
      super(pos);
      this.index = index;
      this.name = name;
    }

    public int index() {
      return index;
    }

    public String name() {
      return name;
    }
  }

  /** A function symbol (interned in {@link Symbols}) applied to arguments. */
  public static final class Fn extends Term {
    private static final Term[] NONE = new Term[0];
    private final int functor;
    private final Term[] args;

    public Fn(int functor, List<? extends Term> args, Pos pos) {
      super(pos);
      this.functor = functor;
      this.args = args.isEmpty() ? NONE : args.toArray(NONE);
    }

    public static Fn constant(int functor, Pos pos) {
      return new Fn(functor, List.of(), pos);
    }

    public int functor() {
      return functor;
    }

    public int arity() {
      return args.length;
    }

    public Term arg(int i) {
      return args[i];
    }

    public List<Term> args() {
      return List.of(args);
    }
  }

  /** True when the term has no variables. */
  public boolean isGround() {
    if (this instanceof Fn f) {
      for (Term a : f.args) {
        if (!a.isGround()) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /** Adds the indices of this term's variables to {@code out} (a set as a boolean array indexed by var index). */
  public void collectVars(boolean[] out) {
    if (this instanceof Var v) {
      out[v.index] = true;
    } else {
      for (Term a : ((Fn) this).args) {
        a.collectVars(out);
      }
    }
  }

  /** Nesting depth: 1 for a constant or variable. */
  public int depth() {
    if (this instanceof Fn f && f.args.length > 0) {
      int d = 0;
      for (Term a : f.args) {
        d = Math.max(d, a.depth());
      }
      return d + 1;
    }
    return 1;
  }

  /** The term as KIF: {@code ?x}, {@code noop}, {@code (mark 1 2)}. */
  public String toKif(Symbols symbols) {
    StringBuilder sb = new StringBuilder();
    appendKif(symbols, sb);
    return sb.toString();
  }

  public void appendKif(Symbols symbols, StringBuilder sb) {
    if (this instanceof Var v) {
      sb.append('?').append(v.name);
      return;
    }
    Fn f = (Fn) this;
    if (f.args.length == 0) {
      sb.append(symbols.name(f.functor));
      return;
    }
    sb.append('(').append(symbols.name(f.functor));
    for (Term a : f.args) {
      sb.append(' ');
      a.appendKif(symbols, sb);
    }
    sb.append(')');
  }
}
