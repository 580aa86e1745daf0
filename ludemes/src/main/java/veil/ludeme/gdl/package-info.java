/**
 * The framework that exports a compiled ludeme game to GDL-II; each ludeme's own translation lives with the ludeme
 * ({@link veil.ludeme.compile.Ludeme#gdl()}), as its compilation does.
 *
 * <h2>Why here</h2>
 *
 * The export mirrors the compiler: it walks the structure the compiler recorded ({@link
 * veil.ludeme.compile.GameSyntax}) and binds each call's arguments exactly as the compiler did ({@link
 * veil.ludeme.compile.Binding}). It does not depend on the reasoner; {@code veil verify-gdl} and conformance
 * check (l) load its output with {@code gdl-bridge} and compare the two games with {@code veil.gdl.Lockstep}.
 *
 * <h2>How</h2>
 *
 * <ul>
 *   <li>Compiled ludemes are closures and cannot be printed, so the rules are translated from the game's syntax
 *       after defines and options are expanded, as the compiler recorded it ({@link
 *       veil.ludeme.compile.GameSyntax}), each call by its ludeme's {@link GdlEmitter}, found through the game's
 *       language ({@link Emitters}). The compiled game gives the tables: cards, suits, ranks, places and who sees them, maps,
 *       variables, phases, the board, and its initial state, which is written as {@code init} facts.
 *   <li>One GDL transition is one engine step ({@link veil.ludeme.CompiledGame#apply}): a pending chance deal, or
 *       the players' moves with their effects, then settling (finished deals dropped, end rules, phase entry and
 *       exit), unrolled as many rounds as the phases allow ({@link Step}). Effects run one after the
 *       other, so each write makes a new version of what it writes, a relation defined from the previous version
 *       ({@link Store}, {@link Flow}); branches are guards (0-ary relations).
 *   <li>The state: {@code (at CARD PLACE)}, {@code (control P)}, {@code (phase NAME)}, {@code entering}, {@code
 *       (pending I (todeal SOURCE DEST ROTATE LEFT))}, the trick registers ({@code played led leader winner
 *       trickcard tricks}), variables {@code (var_NAME [P] N)}, the board ({@code cell}, {@code tried}), and at
 *       the end {@code terminated} and {@code (goalvalue P GOAL)}. Only what some rule reads is kept.
 *   <li>Players, cards and suits are their GDL terms ({@code none} for the engine's -1); numbers are numerals
 *       with finite tables ({@code plus lt eq …}) over the values they can take. Those values come from {@link
 *       Analysis}: the step is translated again until no new value appears, counters are widened at
 *       once to what they reach within the step bound. Comparing many-valued keys (rankings, trick winners) goes
 *       through two digits ({@link KeyOrder}) so that grounding stays linear.
 *   <li>Percepts are the engine's: {@code (moved CARD FROM TO)} for a player who sees either place, {@code (moved
 *       hidden FROM TO)} for the others, told words, {@code (revealed CARD PLACE)}.
 *   <li>A ludeme without a translation, or a construct the exporter does not handle (a number used as a suit that
 *       may be no suit's position, a number with too many values), fails the export with its position ({@link
 *       ExportException}); rules are never written half right. Phases may cycle: settling is unrolled as far as the
 *       engine lets one step change phase (as many times as there are phases).
 * </ul>
 *
 */
package veil.ludeme.gdl;
