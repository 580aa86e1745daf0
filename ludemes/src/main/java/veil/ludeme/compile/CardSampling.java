package veil.ludeme.compile;

/**
 * What a ludeme is to the card sampler ({@code veil.cards.sample}), which deals unseen cards straight into hidden
 * places instead of searching histories. Each ludeme declares one ({@link Ludeme#cardSampling()}); the card sampler
 * is used for a game only when every ludeme the game uses declares one it models, so a new ludeme it does not know
 * sends the game to the general sampler (and {@code veil check} says which ludeme did) instead of being sampled
 * wrongly.
 */
public enum CardSampling {
  /**
   * Deterministic and silent but for card moves: the sampler replays it (conditions, numbers, variables, places,
   * moving a whole place, a payload-free move such as {@code pass}, revealing a card face).
   */
  REPLAYED,
  /**
   * A player's move whose payload is the card it moves, chosen among a place's cards by a rule of the priority form
   * ("play from the first tier that has cards"): what a hidden hand could not have held is learned by probing the
   * rule's legality with one card added (voids).
   */
  CARD_MOVE,
  /** Chance that deals one card a step from a place: the only chance the card sampler models. */
  DEAL,
  /**
   * Something the card sampler does not model — a percept that is not a card move (a told word), chance that is not a
   * deal, a board: a game using it is sampled by the general sampler.
   */
  OUTSIDE
}
