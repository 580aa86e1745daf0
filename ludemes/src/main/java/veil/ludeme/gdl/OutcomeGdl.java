package veil.ludeme.gdl;

import java.util.NavigableSet;

/**
 * Outcomes: (result Who Win|Loss|Draw), (byScore expr [misere:True]), (ranking by:expr). Each gives a key per
 * player, (R PLAYER KEY), higher is better; the end of the game ranks by them.
 */
public final class OutcomeGdl {
  private OutcomeGdl() {}

  /** The key relation and the values a key may take. */
  public record Keys(Rel rel, NavigableSet<Integer> nums) {}


}
