/**
 * The card sampler: information-set sampling for ludeme card games by dealing the unseen cards straight into the
 * hidden places ({@link veil.cards.sample.CardSampler}).
 *
 * <p>Pipeline, per observation (analysed once, then extended as the observation grows):
 * <ol>
 *   <li>{@link veil.cards.sample.Skeleton}: the observation as card moves — each step's moves in order, with the
 *       repeats that sorted percept sets lose, taken from a witness history found step by step;
 *   <li>{@link veil.cards.sample.RuleProbe}: at each face-up play by another player from a hidden place, the rules
 *       are asked which cards that place could not have held (voids);
 * </ol>
 * and per sample:
 * <ol>
 *   <li>{@link veil.cards.sample.TokenWalk}: every card followed as an anonymous token, pinned when seen or named
 *       by the observer's own move (which names its card even when the observer's hand is hidden from it), its
 *       allowed cards narrowed by voids;
 *   <li>{@link veil.cards.sample.UniformAssignment}: an exact uniform draw of the unknown cards onto the unpinned
 *       tokens;
 *   <li>{@link veil.cards.sample.HistoryBuilder}: the complete history rebuilt and replayed; any step that is
 *       illegal or gives the observer other percepts rejects the draw.
 * </ol>
 *
 * <p>The draw is uniform over every consistent history, which is the posterior of the {@link
 * veil.model.Determinizer} contract: all consistent histories have equal chance probability, and other players'
 * moves carry no opponent model. It rests on three properties, each checked rather than assumed where it can be:
 * the skeleton's raw order and repeats are the same in every consistent history (checked on every replay; a
 * mismatch is counted and rejected); probed voids are necessary conditions (true for "play from the first
 * non-empty tier" rules such as following suit; a void a witness contradicts is dropped); and no hidden move could
 * have taken tokens that are not interchangeable (otherwise the sampler declines).
 */
package veil.cards.sample;
