package veil.ludeme;

/** A compiled reference to one place instance (a shared place, or a per-player place of a given owner). */
@FunctionalInterface
public interface PlaceExpr {
  int instance(LudState s);
}
