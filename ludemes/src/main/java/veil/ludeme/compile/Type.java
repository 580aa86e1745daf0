package veil.ludeme.compile;

/** What a ludeme compiles to; the compiler picks among ludemes of one name by the type the context expects. */
public enum Type {
  INT("an integer expression"),
  BOOL("a condition"),
  CARDS("a set of cards"),
  PLACE("a place"),
  EFFECT("an effect"),
  MOVE("a move"),
  OUTCOME("an outcome (result, byScore, ranking, payoff)"),
  EQUIPMENT("an item of equipment"),
  VAR("a variable declaration"),
  PHASE("a phase"),
  TRANSITION("a phase transition (nextPhase …)");

  public final String description;

  Type(String description) {
    this.description = description;
  }
}
