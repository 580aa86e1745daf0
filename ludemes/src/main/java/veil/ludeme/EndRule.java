package veil.ludeme;

/** {@code (if cond outcome before:effect)} in {@code (end …)}: when cond holds (checked once chance has settled). */
public record EndRule(BoolExpr when, Effect before, Outcome outcome) {}
