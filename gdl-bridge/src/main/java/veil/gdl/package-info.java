/**
 * GDL-II for Veil: reading rules (KIF or the infix form), checking them, and playing them as a {@link
 * veil.model.Game}.
 *
 * <h2>Pipeline</h2>
 *
 * <ol>
 *   <li>{@link veil.gdl.read.Syntax} picks KIF ({@code veil.dsl.Reader}) or the infix form ({@link
 *       veil.gdl.read.InfixParser}, which emits the same KIF-shaped syntax tree);
 *   <li>{@link veil.gdl.read.RuleTranslator} turns sentences into {@link veil.gdl.term.Rule}s over interned
 *       {@link veil.gdl.term.Symbols} (names lower-cased: KIF is case-insensitive);
 *   <li>{@link veil.gdl.check.RuleChecker} expands {@code or} and checks the GDL-II restrictions (safety,
 *       stratification, where {@code true}/{@code does} may be used, the recursion restriction, roles, goal values,
 *       required rules);
 *   <li>{@link veil.gdl.ground.Grounder} instantiates the rules over the reachable domain (a semi-naive fixpoint
 *       with {@code true}/{@code does} over-approximated), with bounds on size and work; candidates come from an
 *       index per argument position, and each join step takes the literal with the fewest candidates next;
 *   <li>{@link veil.gdl.reason.Compiler} folds the static part away and compiles the rest into a stratified,
 *       slot-based evaluator: a {@link veil.gdl.reason.KifGame}. Legal moves, terminal and next state form a
 *       propositional network that each state updates by what changed (forward propagation over counts); goals
 *       and percepts are evaluated when asked. States are bitsets of base propositions, moves and percepts are
 *       indices of ground terms per role.
 *   <li>When grounding would exceed a size limit (or with {@code reasoner=topdown}), steps 4 and 5 give way to
 *       {@code veil.gdl.reason.TopDownProgram} and {@code veil.gdl.reason.Prover}: top-down resolution over the
 *       checked rules with a table per call (per game, state or joint move, by what the relation reads), linear
 *       tabling for recursion and negation as failure: a {@link veil.gdl.reason.TopDownGame}, whose moves and
 *       percepts are ids of ground terms shared by all threads. Both games extend {@link
 *       veil.gdl.reason.KifGame}.
 * </ol>
 *
 * <h2>Decisions</h2>
 *
 * <ul>
 *   <li>Modes ({@link veil.gdl.check.Mode}): strict rejects every deviation from textbook GDL-II; lenient (the
 *       loader's default) accepts keywords as function terms, {@code next} in bodies (read as the next state),
 *       unsafe role variables in {@code sees}/{@code legal}/{@code goal}/{@code input}/{@code percept} heads (they
 *       range over the roles), {@code and} in bodies and inside {@code or}, no goal for {@code random} (goal 0), one
 *       name with several arities (different symbols), names in role positions that are not roles, and undefined
 *       relations (always false), each with one warning per rule and kind.
 *   <li>Undefined relations used in bodies are an error in strict mode (with did-you-mean) and a warning in lenient
 *       mode.
 *   <li>Strict mode asks for a goal rule for every role, {@code random} included.
 *   <li>Several goal values for a role in a state: strict throws {@link veil.gdl.reason.GdlPlayException} at play
 *       time; lenient takes the largest, records a play warning naming the value taken (once per role) and counts
 *       such states ({@link veil.gdl.reason.KifGame#severalGoalStates()}). No goal in a terminal state is always a
 *       play-time error that shows the state.
 *   <li>A plain GDL game (GDL-I: no {@code random} role and no {@code sees} rule) gets {@code (<= (sees ?p (move ?q
 *       ?m)) (role ?p) (does ?q ?m))}: every role sees every move, as the GGP book describes for running GDL under
 *       GDL-II. A game with a {@code random} role is GDL-II: a role without sees rules perceives nothing.
 *   <li>Strict mode reports every error of reading and checking in one report: a deviation is an error but the
 *       reading goes on; a sentence dropped as malformed does not also count as a missing rule.
 *   <li>GDL has no step bound: {@link veil.gdl.KifLoader#DEFAULT_STEP_BOUND} unless the {@code stepBound} option
 *       says otherwise.
 *   <li>{@code base}, {@code input} and {@code percept} are checked (no dependence on {@code true}/{@code does}) but
 *       not used: moves are the ground {@code legal} atoms, fluents those of {@code init}/{@code next}, percepts
 *       those of {@code sees}.
 * </ul>
 */
package veil.gdl;
