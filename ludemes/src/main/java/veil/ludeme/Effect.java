package veil.ludeme;

/** A compiled effect: changes the state (and may send percepts through {@link LudState#sink}). */
@FunctionalInterface
public interface Effect {
  void run(LudState s);

  Effect NONE = s -> {};
}
