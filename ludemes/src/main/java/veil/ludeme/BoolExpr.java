package veil.ludeme;

/** A compiled condition. */
@FunctionalInterface
public interface BoolExpr {
  boolean eval(LudState s);
}
