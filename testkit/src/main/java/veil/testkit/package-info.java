/**
 * The conformance suite: does a game keep the GDL-II model contract ({@code veil.model}), and do Veil's agents and
 * samplers work on it? Checks (a)-(l) ({@link veil.testkit.Check}), each a named unit with a one-line description
 * whose {@link veil.testkit.CheckResult} says passed, or what failed and the command that replays it.
 *
 * <ul>
 *   <li>{@link veil.testkit.Target}: a game to check (how to load it, how the command line names it, where its
 *       GDL-II rules come from); {@link veil.testkit.Subject}: that game loaded and its random playouts recorded
 *       once for all checks; {@link veil.testkit.Settings}: seed and number of playouts.
 *   <li>{@link veil.testkit.GdlRules.Source}: check (l) needs the game's GDL-II rules as KIF text. Only the module
 *       that knows how the game was written can give them (games: a ludeme game's export, a GDL-II game written
 *       back out), so it is injected; the check reads the text with gdl-bridge's reader and plays both in
 *       lockstep.
 *   <li>{@link veil.testkit.junit.ConformanceTests}: the suite as JUnit 5 dynamic tests, for any module's tests.
 *       {@code veil conform GAME} (module games) runs the same checks through {@link veil.testkit.Conformance}.
 * </ul>
 *
 * <p>Where it sits: testkit depends on model, ai (the agents of checks h and j, the samplers of i) and gdl-bridge
 * (the reasoner of l), never on ludemes, cards or games. So ai's own tests cannot use it (ai → testkit → ai would
 * be a cycle); instead ai publishes its hand-written test games as a test-jar (test scope here, so no cycle) and
 * testkit's own tests run the suite on them ({@code AiTestGamesConformanceTest}) and prove that each check fails on
 * one of them broken on purpose ({@code BrokenGameChecksTest}). The games module runs it on every bundled game
 * through the same target {@code veil conform} builds, and proves the checks fail on its {@code .fake} test games
 * as the command line loads them ({@code ConformanceChecksTest}).
 *
 * <p>Playouts are {@code veil simulate}'s: playout i plays {@link veil.model.RandomJointMoves} from {@link
 * veil.model.RandomJointMoves#gameSeed}(seed, i), so {@code veil simulate GAME --seed S --first-game i --games 1}
 * replays it.
 */
package veil.testkit;
