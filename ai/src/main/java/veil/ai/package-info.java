/**
 * General agents for games in the GDL-II model ({@code veil.model}), and the tools that measure them.
 *
 * <ul>
 *   <li>{@link veil.ai.Agent} (honest: observation and own legal moves only) and {@link veil.ai.ClairvoyantAgent}
 *       (handed the true state, on purpose), both {@link veil.ai.Player}s; {@link veil.ai.Agents#create} builds
 *       {@code random}, {@code uct-cheat}, {@code pimc}, {@code so-ismcts}, {@code mo-ismcts}, {@code hp-ismcts},
 *       {@code smooth-ismcts} from a spec;
 *       {@link veil.ai.Budget} (iterations or ms per move, threads) and {@link veil.ai.SearchStats}.
 *   <li>{@code veil.ai.search}: the decoupled-UCB tree search shared by the search agents.
 *   <li>{@code veil.ai.sample}: the exact general information-set sampler ({@link
 *       veil.ai.sample.GeneralDeterminizer}, {@link veil.ai.sample.Belief}), {@link veil.ai.sample.SamplerCheck}
 *       and {@link veil.ai.sample.PosteriorCheck} for conformance tests.
 *   <li>{@code veil.ai.match}: {@link veil.ai.match.MatchRunner} (the only holder of the true state) and {@link
 *       veil.ai.match.Replay}.
 *   <li>{@code veil.ai.arena}: {@link veil.ai.arena.Arena#run} tournaments with seat rotation, statistics and
 *       resumable JSON Lines output.
 *   <li>{@link veil.ai.HonestyCheck}: the same move under two true states of one information set.
 * </ul>
 */
package veil.ai;
