package veil.ai;

import veil.model.Game;

/**
 * Anything that can take a seat in a match: an honest {@link Agent} or a {@link ClairvoyantAgent}. The two have
 * different {@code choose} methods on purpose, so that the type says whether an agent is handed the true state.
 */
public interface Player {
  /** The agent's spec, e.g. {@code so-ismcts} or {@code pimc:worlds=20}. */
  String name();

  /** Called once before a match: the game, the role this agent plays, and its seed. */
  void start(Game game, int role, long seed);

  /** What the last {@code choose} cost. */
  default SearchStats lastStats() {
    return SearchStats.NONE;
  }
}
