package veil.ludeme;

/** A compiled integer ludeme (also used for players, cards, suits and ranks, which are ints). */
@FunctionalInterface
public interface IntExpr {
  int eval(LudState s);
}
