package veil.model;

/**
 * The mutable state of one game in progress. Implementations hold primitive arrays only, so that {@link #copyFrom}
 * is an arraycopy and a copy never shares mutable parts with its original.
 */
public interface State {
  /** An independent copy. */
  State copy();

  /** Overwrites this state with {@code other} (of the same game) without allocating. */
  void copyFrom(State other);

  /** Equality of content (two states of one game reached by different histories may be equal). */
  boolean sameAs(State other);

  /** A hash of the content consistent with {@link #sameAs}. */
  long contentHash();
}
