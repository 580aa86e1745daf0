package veil.ludeme;

/** A compiled set of cards, as a bitmask over the game's cards (games have at most 64 cards). */
@FunctionalInterface
public interface CardsExpr {
  long eval(LudState s);
}
